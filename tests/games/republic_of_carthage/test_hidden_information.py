"""Leak tests and resampling: hands, Trade cards, Faction Treasuries, offer claims vs contents."""

from __future__ import annotations

import json
import random

import pytest

import carthago
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.forum_cards import HAND_KINDS
from carthago.games.republic_of_carthage.state import (
    CARDS,
    DECK,
    HAND,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import at_stage, first_turn, new, run_until, step
from tests.games.republic_of_carthage.test_s6_3_trade import DYE, SALT, _give, _to

GEMS = COMPONENTS.commodity("Gems").index


def _twin(state: RepublicOfCarthageState) -> tuple[dict, RepublicOfCarthageState]:  # type: ignore[type-arg]
    snapshot = json.loads(json.dumps(state.to_dict()))
    return snapshot, state


def _restore(state: RepublicOfCarthageState, snapshot: dict) -> RepublicOfCarthageState:  # type: ignore[type-arg]
    restored = state.game.state_from_dict(snapshot)
    assert isinstance(restored, RepublicOfCarthageState)
    return restored


def test_other_players_hands_are_hidden() -> None:
    state = first_turn(3, 1)
    snapshot = state.to_dict()
    hidden = next(c for c, loc in enumerate(state.card_loc) if loc == HAND + 1)
    spare = next(
        c
        for c, loc in enumerate(state.card_loc)
        if loc == DECK and CARDS[c].kind == "intrigue" and CARDS[c].id != CARDS[hidden].id
    )
    fields = snapshot["state"]
    fields["card_loc"][hidden], fields["card_loc"][spare] = DECK, HAND + 1
    other = _restore(state, snapshot)
    assert other.observation(0) == state.observation(0)
    assert other.observation(None) == state.observation(None)
    assert other.observation(1) != state.observation(1)
    name = COMPONENTS.hand_cards[CARDS[hidden].id].name
    mine = state.observation(0)["factions"][0]["hand"]
    if name not in mine:
        assert name not in json.dumps(state.observation(0))


def test_trade_cards_and_faction_treasuries_are_hidden() -> None:
    state = _to("trade_offer", traders=3)
    snapshot = state.to_dict()
    fields = snapshot["state"]
    hand = fields["trade_hands"][1]
    commodity = hand[0][0]
    partner = commodity ^ 1  # the other commodity of the same stack
    hand[0][0] = partner
    fields["faction_treasury"][1] += 17
    other = _restore(state, snapshot)
    assert other.observation(0) == state.observation(0)
    assert other.observation(2) == state.observation(2)
    assert other.observation(1) != state.observation(1)
    assert state.observation(1)["factions"][1]["treasury"] == state.faction_treasury[1]
    assert state.observation(0)["factions"][1]["treasury"] is None
    assert state.observation(0)["factions"][1]["trade_cards"] is None


def _secrets_changed(state: RepublicOfCarthageState, holder: int) -> RepublicOfCarthageState | None:
    """The state with ``holder``'s secrets changed: a hand card swapped for another card of the
    deck that could be in a hand (of any such kind: the others see how many cards a hand holds,
    not their kinds), a Trade card for the other commodity of its stack, 17 talents more in the
    Faction Treasury; None if the holder has no hand card to swap."""
    snapshot = state.to_dict()
    fields = snapshot["state"]
    held = [c for c, loc in enumerate(state.card_loc) if loc == HAND + holder]
    spares = [
        (card, spare)
        for card in held
        for spare, loc in enumerate(state.card_loc)
        if loc == DECK and CARDS[spare].kind in HAND_KINDS and CARDS[spare] != CARDS[card]
    ]
    if not spares:
        return None
    card, spare = spares[0]
    fields["card_loc"][card], fields["card_loc"][spare] = DECK, HAND + holder
    fields["card_origin"][spare], fields["card_origin"][card] = fields["card_origin"][card], -1
    if fields["trade_hands"][holder]:
        fields["trade_hands"][holder][0][0] ^= 1  # the other commodity of the same stack
    fields["faction_treasury"][holder] += 17
    return _restore(state, json.loads(json.dumps(snapshot)))


@pytest.mark.parametrize("players", range(1, 7))
def test_no_seat_sees_another_humans_secrets(players: int) -> None:
    """With 1 to 6 players, at the first sale of a random game: each human's hand card, Trade
    card and Faction Treasury changed leaves every other seat's and the spectator's view as it
    was and changes the holder's; a Neutral's hand lies open (§9.1): everyone sees a change."""
    state = run_until(new(players, 2), at_stage("trade_sell"), players)
    changed = 0
    for holder in range(state.rg.num_factions):
        other = _secrets_changed(state, holder)
        if other is None:
            continue
        changed += 1
        for viewer in [None, *range(players)]:
            if viewer == holder or not state.human(holder):
                assert other.observation(viewer) != state.observation(viewer)
            else:
                assert other.observation(viewer) == state.observation(viewer)
    assert changed >= min(players, 2)


def test_offer_contents_are_hidden_behind_a_true_claim() -> None:
    state = _to("trade_offer", traders=3)
    giver = state.current_player()
    taker = (giver + 1) % 3
    _give(state, giver, [DYE, DYE, GEMS, SALT])
    state.apply_action(A.TARGET + taker)
    for commodity in (DYE, DYE, SALT):
        state.apply_action(A.ADD + commodity)
    state.apply_action(A.NAME + SALT)
    state.apply_action(A.ADD + GEMS)  # a claim beyond the true one, here false
    snapshot = state.to_dict()
    offer = snapshot["state"]["offer"]
    offer[7:10] = [DYE, GEMS, SALT]  # same claim: 3 cards worth 19 including Salt
    other = _restore(state, snapshot)
    assert other.observation(taker) == state.observation(taker)
    assert other.observation(giver) != state.observation(giver)


def test_resample_redraws_hidden_cards_and_matches_its_history() -> None:
    changed_hands = changed_trade = 0
    for seed in range(6):
        # An unedited game (edits are not in the history, which replay needs).
        state = run_until(new(3), lambda s: s.stage == "trade_sell", seed)
        rng = random.Random(seed)
        for _ in range(4):
            resampled = state.resample_from_infostate(0, rng)
            assert resampled.observation(0) == state.observation(0)
            assert resampled.legal_actions() == state.legal_actions() or state.current_player() != 0
            replayed = state.game.replay(resampled.history())
            assert replayed.to_dict()["state"] == resampled.to_dict()["state"]
            changed_hands += resampled.card_loc != state.card_loc
            changed_trade += resampled.trade_hands[1:] != state.trade_hands[1:]
            # Player 0's own secrets never change.
            assert resampled.trade_hands[0] == state.trade_hands[0]
            assert resampled.faction_treasury[0] == state.faction_treasury[0]
    assert changed_hands and changed_trade


def test_random_play_resamples_stay_consistent() -> None:
    state = new(3, 2)
    rng = random.Random(9)
    count = 0
    while not state.is_terminal():
        step(state, rng)
        count += 1
        if count % 25 == 0:
            resampled = state.resample_from_infostate(count % 3, rng)
            replayed = state.game.replay(resampled.history())
            assert replayed.to_dict()["state"] == resampled.to_dict()["state"]
    assert state.current_player() == carthago.TERMINAL


def test_private_log_lines_name_draws_only_for_the_drawer() -> None:
    state = run_until(new(3), lambda s: s.stage == "trade_offer" or s.turn > 1)
    names = {c.name for c in COMPONENTS.commodities}
    public = " ".join(state.log(None))
    assert not any(f"draws {n} " in public for n in names)
    assert any("draws" in line and "from trade stack" in line for line in state.log(0))


def test_a_holder_tells_identical_copies_apart_and_nobody_else_does() -> None:
    """Actions name a hand card by its number (``Public Outcry (card n): veto``), so a player
    who holds one copy of a card must see which one; the others must not."""
    state = first_turn(3, 1)
    outcries = [c for c in range(len(CARDS)) if CARDS[c].id.startswith("PUBLIC-OUTCRY")]
    assert len({CARDS[c].id for c in outcries}) == 1 < len(outcries)
    held, spare = outcries[:2]
    snapshot = state.to_dict()
    snapshot["state"]["card_loc"][held] = HAND + 0
    snapshot["state"]["card_loc"][spare] = DECK
    one = _restore(state, snapshot)
    snapshot["state"]["card_loc"][held], snapshot["state"]["card_loc"][spare] = DECK, HAND + 0
    other = _restore(state, snapshot)
    assert held in one.observation(0)["factions"][0]["hand_cards"]
    assert spare in other.observation(0)["factions"][0]["hand_cards"]
    assert one.observation(0) != other.observation(0)
    assert one.observation(1) == other.observation(1)
    assert one.observation(None) == other.observation(None)
