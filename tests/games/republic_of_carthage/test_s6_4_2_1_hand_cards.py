"""Event and Intrigue cards played from hand (rules §6.4.2.1: secret, played at any time unless
the card says otherwise): every card of card_play.py, its window, and illegal plays."""

from __future__ import annotations

import json

import pytest

from carthago.core.errors import IllegalActionError
from carthago.games.republic_of_carthage import card_play as P
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DECK,
    DISCARD,
    HAND,
    UNIT_INDEX,
    UNITS,
    RepublicOfCarthageState,
    family_of,
)
from tests.games.republic_of_carthage.support import at_stage, first_turn, jump, new, run_until
from tests.games.republic_of_carthage.test_s6_4_forum import _persuasion_ready

S = RepublicOfCarthageState


def _copy(ident: str, state: S) -> int:
    """A copy of hand card ``ident`` that is in the deck (or anywhere, if none is)."""
    copies = [i for i, c in enumerate(CARDS) if c.id == ident]
    return next((c for c in copies if state.card_loc[c] == DECK), copies[0])


def _give(state: S, faction: int, ident: str) -> int:
    card = _copy(ident, state)
    state.card_loc[card] = HAND + faction
    state._legal = None
    return card


def _at_forum_decision() -> S:
    """Faction 0 choosing whom to persuade in the Forum Phase."""
    state, _, _ = _persuasion_ready()
    assert state.current_player() == 0
    return state


def test_s6_4_2_1_rumour_at_own_decision_costs_three_popularity() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "RUMOUR")
    victim = next(p for p in state.faction_persons(1) if state.ploc[p] == CARTHAGE)
    state.pop[victim] = 5
    assert P.PLAY + card in state.legal_actions()
    state.apply_action(P.PLAY + card)
    assert state.card_loc[card] == DISCARD and state.stage == "cards_target"
    assert P.PERSON + victim in state.legal_actions()
    state.apply_action(P.PERSON + victim)
    assert state.pop[victim] == 2
    assert state.stage == "forum_persuade" and state.current_player() == 0
    assert any("plays Rumour in the Agora" in str(line) for line in state.observation(1)["log"])


def test_s6_4_2_1_rumour_never_takes_popularity_below_zero() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "RUMOUR")
    victim = next(p for p in state.faction_persons(1) if state.ploc[p] == CARTHAGE)
    for p in range(len(state.pop)):
        state.pop[p] = 0
    state.pop[victim] = 1
    state.apply_action(P.PLAY + card)
    assert state.legal_actions() == [P.PERSON + victim]
    state.apply_action(P.PERSON + victim)
    assert state.pop[victim] == 0


def test_s6_4_2_1_temple_of_eshmun_gives_two_popularity_to_own_senator() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "TEMPLE-OF-ESHMUN")
    state.apply_action(P.PLAY + card)
    own = {p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE}
    assert {a - P.PERSON for a in state.legal_actions()} == own
    person = min(own)
    before = state.pop[person]
    state.apply_action(P.PERSON + person)
    assert state.pop[person] == before + 2


def test_s6_4_2_1_influence_peddling_takes_a_random_card_shown_to_all() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "INFLUENCE-PEDDLING")
    state.apply_action(P.PLAY + card)
    assert P.FACTION + 1 in state.legal_actions() and P.FACTION + 0 not in state.legal_actions()
    state.apply_action(P.FACTION + 1)
    hand = sorted(c for c, loc in enumerate(state.card_loc) if loc == HAND + 1)
    outcomes = state.chance_outcomes()
    assert sorted(c for c, _ in outcomes) == hand
    assert all(abs(p - 1 / len(hand)) < 1e-12 for _, p in outcomes)
    taken = hand[0]
    state.apply_action(taken)
    assert state.card_loc[taken] == HAND + 0 and state.card_origin[taken] == -1
    assert state.stage == "forum_persuade"
    assert P.card_name(taken) in json.dumps(state.observation(2)["log"])


def test_s6_4_2_1_intrigues_wait_for_the_forum_phase() -> None:
    state = first_turn()
    card = _give(state, 0, "INFLUENCE-PEDDLING")
    state = run_until(state, lambda s: s.current_player() == 0, passive=True)
    assert state.stage.startswith(P.TRADE_PREFIXES)
    assert P.PLAY + card not in state.legal_actions()


@pytest.mark.parametrize(
    ("ident", "name", "factor"),
    [("SILVER-STRIKE", "Silver", 2.0), ("GRAIN-FAMINE", "Grain", 2.0), ("DYE-GLUT", "Dye", 0.5)],
)
def test_s6_4_2_1_trade_phase_values_for_this_turn(ident: str, name: str, factor: float) -> None:
    state = run_until(
        first_turn(), lambda s: s.stage.startswith("trade") and s.current_player() >= 0
    )
    faction = state.current_player()
    commodity = C.commodity(name).index
    value = C.commodities[commodity].value
    assert P.card_value(state, commodity) == value
    card = _give(state, faction, ident)
    state.apply_action(P.PLAY + card)
    expected = value * 2 if factor == 2.0 else -(-value // 2)
    assert any(name in text for text in state.observation(0)["cards_in_force"])
    assert P.card_value(state, commodity) == expected
    assert P.PLAY + _give(state, faction, ident) not in state.legal_actions()  # already in force
    state.turn += 1
    assert P.card_value(state, commodity) == value  # the next turn's Trade Phase is normal


def test_s6_4_2_1_olive_harvest_halves_oil_rounded_up() -> None:
    state = first_turn()
    oil = C.commodity("Oil").index
    state.trade_mod[oil] = 4 * state.turn + P.HALF
    assert P.card_value(state, oil) == -(-C.commodities[oil].value // 2)


def test_s6_4_2_1_trade_value_cards_are_not_played_after_the_trade_phase() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "SILVER-STRIKE")
    assert P.PLAY + card not in state.legal_actions()


def _force(state: S, commander: int, unit: str) -> Force:
    units = [0] * len(UNITS)
    units[UNIT_INDEX[unit]] = 2
    return Force(0, -1, (commander,), tuple(units), (0,) * len(UNITS), state.turn)


def test_s6_4_2_1_fair_winds_adds_two_to_one_exploration_roll() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "FAIR-WINDS")
    state.apply_action(P.PLAY + card)
    assert state.roll_bonus[0] == 1 and state.stage == "forum_persuade"
    theirs = _force(state, state.faction_leader[1], "libyan")
    mine = _force(state, state.faction_leader[0], "libyan")
    assert P.take_roll_bonus(state, theirs, war=False) == 0
    assert P.take_roll_bonus(state, mine, war=True) == 0
    assert "Fair Winds for Player 1" in state.observation(1)["cards_in_force"]
    assert "Fair Winds" in state.game.render_observation(state.observation(1))
    assert P.take_roll_bonus(state, mine, war=False) == 2
    assert P.take_roll_bonus(state, mine, war=False) == 0  # used up


def test_s6_4_2_1_sacred_band_needs_a_legion_in_the_force() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "SACRED-BAND")
    state.apply_action(P.PLAY + card)
    leader = state.faction_leader[0]
    assert P.take_roll_bonus(state, _force(state, leader, "libyan"), war=True) == 0
    assert P.take_roll_bonus(state, _force(state, leader, "legion"), war=True) == 2
    assert state.roll_bonus[1] == 0


def _failed_persuasion(blackmailer_holds: bool) -> tuple[S, int, int, int]:
    state, target, persuader = _persuasion_ready()
    card = _give(state, 1, "BLACKMAIL" if blackmailer_holds else "RUMOUR")
    state.forum_held[1] = 1
    state.apply_action(F.TARGET + target)
    state.apply_action(F.PERSUADER + persuader)
    state.apply_action(F.PASS)
    while state.stage == "forum_interfere":
        state.apply_action(F.PASS)
    state.apply_action(F.RESOLVE)
    state.apply_action(12)  # always fails
    return state, target, persuader, card


def test_s6_4_2_1_blackmail_after_a_failed_persuasion() -> None:
    state, target, persuader, card = _failed_persuasion(True)
    assert state.stage == "cards_blackmail" and state.current_player() == 1
    assert state.legal_actions() == [P.PLAY + card, P.PASS]
    state.inf[target], state.pop[target] = 10, 4
    state.inf[persuader], state.pop[persuader] = 3, 9
    state.apply_action(P.PLAY + card)
    assert state.card_loc[card] == DISCARD
    state.apply_action(5)
    state.apply_action(6)
    assert (state.inf[persuader], state.pop[persuader]) == (0, 4)
    assert (state.inf[target], state.pop[target]) == (4, 0)
    assert state.stage == "forum_trader" or not state.stage.startswith("cards_")


def test_s6_4_2_1_blackmail_window_does_not_tell_who_holds_it() -> None:
    holding, *_ = _failed_persuasion(True)
    other, *_ = _failed_persuasion(False)
    assert holding.current_player() == other.current_player() == 1
    assert holding.observation(0) == other.observation(0)
    assert other.legal_actions() == [P.PASS]


def test_s6_4_2_1_blackmail_is_illegal_outside_its_window() -> None:
    state = _at_forum_decision()
    card = _give(state, 0, "BLACKMAIL")
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply_action(P.PLAY + card)
    assert state.to_dict() == before


def test_s6_4_2_1_playing_a_card_not_in_hand_is_illegal() -> None:
    state = _at_forum_decision()
    card = _give(state, 1, "RUMOUR")
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply_action(P.PLAY + card)
    assert state.to_dict() == before and state.card_loc[card] == HAND + 1


def _chit_for_non_leader(held: bool) -> tuple[S, int, int]:
    state = first_turn()
    victim = next(
        p
        for p in state.faction_persons(0)
        if state.faction_leader[0] != p and state.ploc[p] == CARTHAGE
    )
    card = _give(state, 0, "TOPHET" if held else "TEMPLE-OF-ESHMUN")
    state.forum_held[0] = 1
    state.apply_action(family_of(victim) - 1)
    return state, victim, card


def test_s6_4_2_1_offering_at_the_tophet_cancels_a_mortality_death() -> None:
    state, victim, card = _chit_for_non_leader(True)
    assert state.stage == "cards_tophet" and state.current_player() == 0
    state.apply_action(P.PLAY + card)
    assert state.owner[victim] == 0 and state.ploc[victim] == CARTHAGE
    assert state.card_loc[card] == DISCARD and state.forum_held[0] == 0
    assert sum(state.cup) == 31 and state.stage != "cards_tophet"


def test_s6_4_2_1_passing_the_tophet_window_lets_the_senator_die() -> None:
    state, victim, card = _chit_for_non_leader(True)
    state.apply_action(P.PASS)
    assert state.owner[victim] == -1 and state.card_loc[card] == HAND + 0


def test_s6_4_2_1_tophet_window_does_not_tell_who_holds_it() -> None:
    holding, _, _ = _chit_for_non_leader(True)
    other, _, _ = _chit_for_non_leader(False)
    assert holding.stage == other.stage == "cards_tophet"
    assert holding.observation(1) == other.observation(1)


def test_s6_4_2_1_no_window_without_a_forum_draw() -> None:
    state = first_turn()
    victim = next(p for p in state.faction_persons(0) if state.faction_leader[0] != p)
    state.apply_action(family_of(victim) - 1)
    assert state.owner[victim] == -1 and not state.stage.startswith("cards_")


def test_s9_neutral_plays_its_open_hand_by_the_policy_order() -> None:
    state = run_until(new(2), at_stage("forum_roll"))
    neutral = 2
    assert not state.human(neutral)
    temple = _give(state, neutral, "TEMPLE-OF-ESHMUN")
    peddling = _give(state, neutral, "INFLUENCE-PEDDLING")
    assert P.neutral_play(state, neutral) == P.PLAY + temple  # popularity before peddling
    state.initiative = neutral
    jump(state, "forum_persuade")
    assert state.card_loc[temple] == DISCARD
    assert state.card_loc[peddling] == DISCARD or state.card_loc[peddling] == HAND + neutral


def test_s9_neutral_trade_values_follow_its_trade_hand() -> None:
    state = run_until(new(2), at_stage("forum_roll"))
    neutral = 2
    state.stage = "trade_sell"
    silver = C.commodity("Silver").index
    card = _give(state, neutral, "SILVER-STRIKE")
    state.trade_hands[neutral] = ()
    assert P.neutral_play(state, neutral) == -1  # a Silver Strike helps only a Silver holder
    state.trade_hands[neutral] = ((silver, -1, -1),)
    assert P.neutral_play(state, neutral) == P.PLAY + card


def test_card_data_is_complete() -> None:
    assert set(P.DATA.trade_value) == {"DYE-GLUT", "SILVER-STRIKE", "GRAIN-FAMINE", "OIL-GLUT"}
    assert all(P.effect(c) in P.EFFECTS for c in P.MINE)
