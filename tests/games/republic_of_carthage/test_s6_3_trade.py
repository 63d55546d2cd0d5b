"""The Trade Phase (rules §6.3) and its worked examples."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.offices import OVERSEER
from carthago.games.republic_of_carthage.state import (
    CAPTURED,
    CHIT_NONE,
    DISCARD,
    EXILE,
    GOVERNOR,
    PROV_GOVERNED,
    REBEL,
    RepublicOfCarthageState,
)
from carthago.games.republic_of_carthage.trade import draw_stacks, set_value, tax_due, traders_of
from tests.games.republic_of_carthage.support import jump, run_until
from tests.games.republic_of_carthage.test_s6_2_revenue import _quiet
from tests.games.republic_of_carthage.test_s6_5_senate import senate

DYE = COMPONENTS.commodity("Dye").index
PAPYRUS = COMPONENTS.commodity("Papyrus").index
SALT = COMPONENTS.commodity("Salt").index
TIMBER = COMPONENTS.commodity("Timber").index
OCHRE = COMPONENTS.commodity("Ochre").index


def _to(stage: str, seed: int = 0, traders: int = 1) -> RepublicOfCarthageState:
    state = _quiet(seed)
    for faction in range(3):
        state.traders[state.faction_leader[faction]] = traders
    state.apply_action(CHIT_NONE)
    return run_until(state, lambda s: s.stage == stage and s.current_player() >= 0, passive=True)


def _give(state: RepublicOfCarthageState, faction: int, commodities: list[int]) -> None:
    state.trade_hands[faction] = tuple(sorted((c, -1, -1) for c in commodities))
    state._legal = None


def test_s6_3_1_stack_three_empty_example() -> None:
    """Four traders draw from stacks 1, 2 and 4 when stack 3 is empty."""
    assert draw_stacks(4, [5, 5, 0, 5, 5, 5, 5, 5, 5]) == [1, 2, 4]
    assert draw_stacks(11, [1] * 9) == list(range(1, 10))
    assert draw_stacks(11, [2] * 9) == [*range(1, 10), 1, 2]
    state = _quiet()
    for faction in range(3):
        for person in state.faction_persons(faction):
            state.traders[person] = 0
    state.traders[state.faction_leader[0]] = 4
    state.stack[SALT] = state.stack[TIMBER] = 0
    state.apply_action(CHIT_NONE)
    state = run_until(state, lambda s: s.stage == "trade_draw", passive=True)
    stacks = []
    while state.stage == "trade_draw":
        outcomes = [c for c, _ in state.chance_outcomes()]
        stacks.append({COMPONENTS.commodities[c].stack for c in outcomes}.pop())
        state.apply_action(outcomes[0])
    assert stacks == [1, 2, 4]
    assert len(state.trade_hands[0]) == 3


def test_s6_3_2_dye_set_values() -> None:
    """A Dye is worth 8; two 32; three 72."""
    assert [set_value(DYE, n) for n in (1, 2, 3)] == [8, 32, 72]
    assert set_value(SALT, 9) == 243


def test_s6_3_3_three_dye_sell_for_72() -> None:
    state = _to("trade_sell")
    faction = state.current_player()
    _give(state, faction, [DYE, DYE, DYE])
    assert A.sell(DYE, 3) in state.legal_actions()
    state.apply_action(A.sell(DYE, 3))
    assert state.trade_income[faction] == 72
    assert state.to_return[DYE] == 3 and state.trade_hands[faction] == ()


def test_s6_3_3_tax_of_eight_on_74_talents() -> None:
    """3 Dye and 1 Papyrus earn 74T; 10% is 7.4, rounded up to 8."""
    assert tax_due(74, 10) == 8 and tax_due(70, 10) == 7 and tax_due(1, 10) == 1
    state = _to("trade_sell")
    faction = state.current_player()
    _give(state, faction, [DYE, DYE, DYE, PAPYRUS])
    state.tax = 10
    treasury = state.treasury
    state.apply_action(A.sell(DYE, 3))
    state.apply_action(A.sell(PAPYRUS, 1))
    assert A.sell(DYE, 1) not in state.legal_actions()
    state.apply_action(A.DONE)
    assert state.treasury == treasury + 8
    assert state.trade_income[faction] == 66


def test_s6_3_4_overseer_income_untaxed() -> None:
    state = _quiet()
    overseer = state.faction_leader[1]
    state.office_holder[OVERSEER] = overseer
    state.office_term[OVERSEER] = 2
    state.apply_action(CHIT_NONE)
    state = run_until(
        state, lambda s: s.stage == "trade_sell" and s.current_player() >= 0, passive=True
    )
    faction = state.current_player()
    _give(state, faction, [OCHRE] * 8)
    state.apply_action(A.sell(OCHRE, 8))
    before = state.talents[overseer]
    run_until(state, lambda s: s.stage not in ("trade_sell",), passive=True)
    sold = sum(state.sold_cards)
    assert sold >= 8
    assert state.talents[overseer] - before == sold // 4


def test_s6_3_5_warehouse_limit_is_the_number_of_traders() -> None:
    state = _to("trade_sell")
    faction = state.current_player()
    _give(state, faction, [OCHRE, OCHRE, SALT, DYE, PAPYRUS])
    state = run_until(
        state,
        lambda s: s.stage == "trade_warehouse" and s.current_player() == faction,
        passive=True,
    )
    traders = sum(state.traders[p] for p in state.faction_persons(faction))
    assert state.legal_actions() == sorted(A.DISCARD + c for c in {OCHRE, SALT, DYE, PAPYRUS})
    returned = sum(state.to_return)
    state.apply_action(A.DISCARD + OCHRE)
    assert sum(state.to_return) == returned + 1
    run_until(
        state, lambda s: s.stage != "trade_warehouse" or s.current_player() != faction, passive=True
    )
    assert len(state.trade_hands[faction]) <= traders


def test_s6_3_6_and_7_income_to_treasury_and_cards_back_to_the_stacks() -> None:
    state = _to("trade_sell")
    faction = state.current_player()
    _give(state, faction, [DYE, DYE])
    state.apply_action(A.sell(DYE, 2))
    assert state.to_return[DYE] == 2
    state.apply_action(A.DONE)
    state = run_until(
        state, lambda s: s.stage == "trade_allocate" and s.current_player() == faction, passive=True
    )
    leader = state.faction_leader[faction]
    talents, treasury = state.talents[leader], state.faction_treasury[faction]
    income = state.trade_income[faction]
    assert income == 32 - tax_due(32, state.tax)
    state.apply_action(A.allocate(leader, A.AMOUNTS.index(5)))
    state.apply_action(A.DONE)
    assert state.talents[leader] == talents + 5
    assert state.faction_treasury[faction] == treasury + income - 5
    run_until(
        state, lambda s: s.stage in ("turn_start", "mortality_draw") or s.turn > 1, passive=True
    )
    assert state.last_return > 0 and sum(state.to_return) == 0


def test_s6_3_2_trade_offer_claims_are_true_and_contents_secret() -> None:
    state = _to("trade_offer", traders=3)
    giver = state.current_player()
    taker = (giver + 1) % 3
    _give(state, giver, [DYE, DYE, SALT, OCHRE])
    _give(state, taker, [PAPYRUS, PAPYRUS, TIMBER])
    assert A.TARGET + taker in state.legal_actions()
    state.apply_action(A.TARGET + taker)
    assert state.legal_actions() == sorted(A.ADD + c for c in (OCHRE, SALT, DYE))
    state.apply_action(A.ADD + DYE)
    state.apply_action(A.ADD + DYE)
    assert not any(a >= A.NAME for a in state.legal_actions())  # fewer than three cards
    state.apply_action(A.ADD + SALT)
    assert sorted(a for a in state.legal_actions() if a >= A.NAME) == [A.NAME + SALT, A.NAME + DYE]
    state.apply_action(A.NAME + SALT)
    assert state.current_player() == giver and A.ADD + SALT not in state.legal_actions()
    assert A.ADD + COMPONENTS.commodity("Gold").index in state.legal_actions()
    state.apply_action(A.ADD + COMPONENTS.commodity("Gold").index)  # a false extra claim
    seen = state.observation(taker)["offer"]
    assert seen["offer"] == {
        "cards": 3,
        "claim": "3 cards worth 19 including Salt",
        "said_also": "Gold",
    }
    assert "contents" not in seen["offer"]
    assert "Dye" not in str(state.observation(taker)["factions"][giver]["trade_cards"])
    assert state.observation(giver)["offer"]["offer"]["contents"] == ["Dye", "Dye", "Salt"]
    assert state.current_player() == taker
    assert state.legal_actions() == [A.DONE, A.COUNTER]
    state.apply_action(A.COUNTER)
    for commodity in (PAPYRUS, PAPYRUS, TIMBER):
        state.apply_action(A.ADD + commodity)
    state.apply_action(A.NAME + TIMBER)
    assert state.current_player() == taker and state.legal_actions()[0] == A.DONE
    state.apply_action(A.DONE)
    assert state.current_player() == giver
    assert state.observation(giver)["offer"]["counter"]["claim"] == (
        "3 cards worth 7 including Timber"
    )
    state.apply_action(A.YES)
    assert sorted(c for c, _, _ in state.trade_hands[giver]) == sorted(
        [OCHRE, PAPYRUS, PAPYRUS, TIMBER]
    )
    assert sorted(c for c, _, _ in state.trade_hands[taker]) == sorted([DYE, DYE, SALT])
    assert state.offer == ()


def test_s6_3_2_offer_rounds_are_bounded() -> None:
    state = _to("trade_offer", traders=3)
    for faction in range(3):
        _give(state, faction, [OCHRE, OCHRE, OCHRE])
    offers = 0
    while state.stage.startswith(("trade_offer", "trade_counter")):
        offers += state.stage == "trade_offer"
        state.apply_action(max(state.legal_actions()))
    assert offers == 2 * 3
    assert state.current_player() in (carthago.CHANCE, *range(3))


def test_s6_3_1_drawing_starts_with_the_overseer_faction() -> None:
    state = _quiet()
    state.office_holder[OVERSEER] = state.faction_leader[2]
    state.office_term[OVERSEER] = 2
    state.apply_action(CHIT_NONE)
    state = run_until(state, lambda s: s.stage == "trade_draw", passive=True)
    assert list(dict.fromkeys(state.ctx[0::2])) == [2, 0, 1]


def test_s9_neutrals_sell_everything_and_bank_the_income() -> None:
    from tests.games.republic_of_carthage.support import new

    state = run_until(new(1), lambda s: s.stage == "trade_warehouse" or s.turn > 1, seed=3)
    for faction in range(1, 5):
        assert state.trade_hands[faction] == ()
    state = run_until(state, lambda s: s.stage == "turn_start" or s.turn > 1, seed=3)
    assert all(state.trade_income[f] == 0 for f in range(1, 5))


def test_s6_3_8_the_overseer_leaves_office_at_the_end_of_the_next_trade_phase() -> None:
    """The Senate (§6.5.1) moves the Overseer's Term marker off the track with the rest of the
    Committee, but his card goes to the Forum by §6.3.8: he holds the office through the next
    Trade Phase and leaves it at that phase's end, free to be named again in that turn's
    Senate (§6.5.4)."""
    state = senate()
    overseer = state.office_holder[OVERSEER]
    if overseer < 0:
        overseer = P.office_candidates(state)[-1]
        state.office_holder[OVERSEER] = overseer
    state.office_term[OVERSEER] = 1
    jump(state, "senate_start")
    assert state.office_holder[OVERSEER] == overseer and state.office_term[OVERSEER] == 0
    assert overseer not in state.leavers and overseer not in P.office_candidates(state)
    jump(state, "trade_start")
    state = run_until(state, lambda s: not s.stage.startswith("trade"), passive=True)
    assert state.office_holder[OVERSEER] == -1
    assert any("Overseer of the Agora's term is over" in e for e in state.log(None))
    jump(state, "senate_start")
    assert overseer in state.leavers and overseer in P.office_candidates(state)


@pytest.mark.parametrize("away", [CAPTURED, REBEL])
def test_s6_6_2_a_captives_or_rebels_traders_draw_no_trade_cards(away: int) -> None:
    """A captive is unavailable for every other purpose (§6.6.2), a rebel no longer collects
    income (§6.7.3): neither's Traders draw Trade cards nor count as warehouses."""
    state = _quiet()
    for faction in range(3):
        for person in state.faction_persons(faction):
            state.traders[person] = 0
    for card, holder in enumerate(state.card_holder):
        if holder >= 0:  # Trade Concessions played at set-up draw cards too
            state.card_holder[card] = -1
            state.card_loc[card] = DISCARD
    leader = state.faction_leader[0]
    other = next(p for p in state.faction_persons(0) if p != leader)
    state.traders[leader], state.traders[other] = 2, 3
    state.ploc[other] = away
    assert traders_of(state, 0) == 2
    state.apply_action(CHIT_NONE)
    state = run_until(state, lambda s: s.stage == "trade_draw", passive=True)
    draws = 0
    while state.stage == "trade_draw":
        state.apply_action(state.chance_outcomes()[0][0])
        draws += 1
    assert draws == 2 and len(state.trade_hands[0]) == 2


def test_s6_3_6_trade_income_may_go_to_a_senator_away_from_carthage() -> None:
    """Trade income goes "among their Senators and Faction Treasury": a Governor in his
    province may receive some; an exile, whose talents are frozen, may not."""
    state = _to("trade_sell")
    faction = state.current_player()
    _give(state, faction, [DYE, DYE])
    state.apply_action(A.sell(DYE, 2))
    state.apply_action(A.DONE)
    state = run_until(
        state, lambda s: s.stage == "trade_allocate" and s.current_player() == faction, passive=True
    )
    governor, exile = [p for p in state.faction_persons(faction)][:2]
    state.prov_gov[0], state.prov_loc[0], state.ploc[governor] = governor, PROV_GOVERNED, GOVERNOR
    state.ploc[exile] = EXILE
    state._legal = None
    legal = state.legal_actions()
    assert A.allocate(exile, A.AMOUNTS.index(5)) not in legal
    talents = state.talents[governor]
    state.apply_action(A.allocate(governor, A.AMOUNTS.index(5)))
    assert state.talents[governor] == talents + 5
