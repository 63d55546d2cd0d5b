"""Neutral factions in the Trade Phase (rules §9 with §6.3 step 2): the reconstructed aide.

Each test puts a solitaire game at the offer step with chosen Trade cards and lets the engine
run the Neutrals' choices, which are made without any move of the player.
"""

from __future__ import annotations

import pytest

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.neutral_trade import loose_cards
from carthago.games.republic_of_carthage.offices import clockwise
from carthago.games.republic_of_carthage.state import (
    CHIT_NONE,
    NEUTRAL_ROLES,
    RepublicOfCarthageState,
)
from carthago.games.republic_of_carthage.trade import offer_sides
from tests.games.republic_of_carthage.support import first_turn, jump, run_until

PLAYER = 0
OCHRE, HIDES, IRON, SALT, GRAIN, CLOTH, SILVER, DYE, GOLD = (
    COMPONENTS.commodity(name).index
    for name in ("Ochre", "Hides", "Iron", "Salt", "Grain", "Cloth", "Silver", "Dye", "Gold")
)


def _at_offers(seed: int = 0) -> RepublicOfCarthageState:
    """A solitaire game in its first Trade Phase, past the draws (with one trader apiece
    nobody can offer, so the offer step passes by itself: the tests start it again)."""
    state = first_turn(1, seed)
    state.apply_action(CHIT_NONE)
    return run_until(state, lambda s: s.stage == "trade_sell", passive=True, seed=seed)


def _role(state: RepublicOfCarthageState, role: str) -> int:
    return state.neutral_role.index(NEUTRAL_ROLES.index(role))


def _give(state: RepublicOfCarthageState, faction: int, commodities: list[int]) -> None:
    state.trade_hands[faction] = tuple(sorted((c, -1, -1) for c in commodities))


def _deal(state: RepublicOfCarthageState, hands: dict[int, list[int]]) -> None:
    """Every faction's Trade cards (none unless given)."""
    for faction in range(state.rg.num_factions):
        _give(state, faction, hands.get(faction, []))


def _offers_from(state: RepublicOfCarthageState, first: int) -> None:
    """Start the offer step with ``first`` to offer (the engine runs the Neutrals)."""
    state.order = clockwise(state, first)
    state.pos = 0
    state.offer_round = 0
    state.offer = ()
    jump(state, "trade_offer")


def _hand(state: RepublicOfCarthageState, faction: int) -> list[int]:
    return sorted(c for c, _, _ in state.trade_hands[faction])


def test_s9_neutral_trade_loose_cards_are_single_cards_lowest_value_first() -> None:
    state = _at_offers()
    _give(state, 1, [DYE, DYE, GOLD, OCHRE, SALT, SALT, IRON])
    assert loose_cards(state, 1) == [OCHRE, IRON, GOLD]


def test_s9_neutral_trade_offer_three_loose_cards_naming_the_most_valuable() -> None:
    state = _at_offers()
    plutocrats = _role(state, "Plutocrats")
    _deal(state, {PLAYER: [GRAIN, GRAIN, CLOTH], plutocrats: [DYE, DYE, SALT, OCHRE, IRON, GOLD]})
    _offers_from(state, plutocrats)
    assert state.stage == "trade_offer_reply" and state.current_player() == PLAYER
    assert state.offer[:2] == (plutocrats, PLAYER)
    assert sorted(offer_sides(state.offer)[0]) == sorted([OCHRE, IRON, SALT])
    assert state.offer[2] == SALT
    assert state.offer[4] == -1  # nothing said beyond the claim
    # Its cards are open: the player sees the contents, and so does the public log.
    seen = state.observation(PLAYER)["offer"]["offer"]
    assert seen["contents"] == ["Ochre", "Iron", "Salt"]
    assert state.observation(PLAYER)["factions"][plutocrats]["trade_cards"] is not None
    assert any("Ochre, Iron, Salt" in (e.public or "") for e in state._log_entries()[-3:])


def test_s9_neutral_trade_no_offer_with_fewer_than_three_loose_cards() -> None:
    state = _at_offers()
    plutocrats = _role(state, "Plutocrats")
    _deal(state, {PLAYER: [GRAIN, GRAIN, CLOTH], plutocrats: [DYE, DYE, SALT, SALT, OCHRE]})
    _offers_from(state, plutocrats)
    assert state.offer == () or state.offer[0] != plutocrats


def test_s9_neutral_trade_conservatives_make_no_offers() -> None:
    state = _at_offers()
    conservatives = _role(state, "Conservatives")
    _deal(state, {PLAYER: [GRAIN, GRAIN, CLOTH], conservatives: [OCHRE, IRON, SALT, DYE]})
    _offers_from(state, conservatives)
    assert state.offer == () or state.offer[0] != conservatives


def _player_offers(state: RepublicOfCarthageState, to: int, cards: list[int], named: int) -> None:
    _offers_from(state, PLAYER)
    assert state.current_player() == PLAYER and state.stage == "trade_offer"
    state.apply_action(A.TARGET + to)
    for commodity in cards:
        state.apply_action(A.ADD + commodity)
    state.apply_action(A.NAME + named)
    state.apply_action(A.DONE)


@pytest.mark.parametrize(
    ("role", "named", "counters"),
    [
        ("Plutocrats", DYE, True),  # it holds Dye: the offer may grow its set
        ("Plutocrats", GRAIN, False),  # it holds no Grain
        ("Populists", GRAIN, True),  # Populists answer every offer they can
    ],
)
def test_s9_neutral_trade_counter_offer_when_the_named_commodity_is_held(
    role: str, named: int, counters: bool
) -> None:
    state = _at_offers()
    neutral = _role(state, role)
    _deal(state, {PLAYER: [DYE, GRAIN, CLOTH, CLOTH], neutral: [DYE, DYE, GOLD, OCHRE, IRON]})
    _player_offers(
        state, neutral, [DYE, GRAIN, CLOTH] if named != DYE else [DYE, CLOTH, CLOTH], named
    )
    if not counters:
        assert state.offer == () or state.offer[:2] != (PLAYER, neutral)
        assert _hand(state, neutral) == sorted([DYE, DYE, GOLD, OCHRE, IRON])
        return
    assert state.stage == "trade_offer_confirm" and state.current_player() == PLAYER
    # As many loose cards as the offer has, lowest values first; it names the most valuable.
    assert sorted(offer_sides(state.offer)[1]) == sorted([OCHRE, IRON, GOLD])
    assert state.offer[3] == GOLD
    state.apply_action(A.YES)
    assert _hand(state, neutral) == sorted(
        [DYE, DYE, *([DYE, CLOTH, CLOTH] if named == DYE else [DYE, GRAIN, CLOTH])]
    )


def test_s9_neutral_trade_no_counter_without_enough_loose_cards() -> None:
    state = _at_offers()
    populists = _role(state, "Populists")
    _deal(state, {PLAYER: [DYE, GRAIN, CLOTH], populists: [DYE, DYE, GOLD, GOLD, OCHRE]})
    _player_offers(state, populists, [DYE, GRAIN, CLOTH], DYE)
    assert state.offer == () or state.offer[:2] != (PLAYER, populists)
    assert _hand(state, PLAYER) == sorted([DYE, GRAIN, CLOTH])


@pytest.mark.parametrize(
    ("role", "counter", "accepted"),
    [
        ("Plutocrats", [HIDES, IRON, SALT], True),  # 6 for its 6 (Ochre, Iron, Salt)
        ("Plutocrats", [OCHRE, OCHRE, SALT], False),  # 5 for 6: a Plutocrat loses nothing
        ("Imperials", [OCHRE, OCHRE, IRON], True),  # 4 for 6: Imperials give up to 2
        ("Imperials", [OCHRE, OCHRE, OCHRE], False),  # 3 for 6
        ("Populists", [OCHRE, OCHRE, OCHRE], True),  # 3 for 6: Populists give up to 3
    ],
)
def test_s9_neutral_trade_accepts_a_counter_offer_within_its_deficit(
    role: str, counter: list[int], accepted: bool
) -> None:
    state = _at_offers()
    neutral = _role(state, role)
    _deal(state, {PLAYER: [*counter, GRAIN], neutral: [OCHRE, IRON, SALT, DYE, DYE]})
    _offers_from(state, neutral)
    assert state.offer[:2] == (neutral, PLAYER)
    state.apply_action(A.COUNTER)
    for commodity in counter:
        state.apply_action(A.ADD + commodity)
    state.apply_action(A.NAME + counter[-1])
    state.apply_action(A.DONE)
    if accepted:
        assert _hand(state, neutral) == sorted([*counter, DYE, DYE])
        assert _hand(state, PLAYER) == sorted([OCHRE, IRON, SALT, GRAIN])
    else:
        assert _hand(state, neutral) == sorted([OCHRE, IRON, SALT, DYE, DYE])
        assert _hand(state, PLAYER) == sorted([*counter, GRAIN])


def test_s9_neutral_trade_draws_are_public() -> None:
    state = first_turn(1, 0)
    state.apply_action(CHIT_NONE)
    state = run_until(state, lambda s: any(s.trade_hands[1:]), passive=True)
    neutral = next(f for f in range(1, 5) if state.trade_hands[f])
    name = state.rg.faction_names[neutral]
    drawn = COMPONENTS.commodities[state.trade_hands[neutral][0][0]].name
    assert any(e.public == f"{name} draws {drawn} from trade stack 1" for e in state._log_entries())
    assert state.observation(PLAYER)["factions"][neutral]["trade_cards"] == [drawn]
