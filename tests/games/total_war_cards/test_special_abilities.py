"""Special Ability Cards: hand-over to the leader of each branch, ties, and what each card does
("Tech Tree and Special Ability Cards"; "Upkeep Phase" step 4)."""

from __future__ import annotations

import json

import pytest

from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards.components import VALUE_INDEX
from carthago.games.total_war_cards.special_abilities import hidden_card_allowance
from carthago.games.total_war_cards.state import TotalWarCardsState

from .helpers import (
    CARTHAGE,
    DEAL,
    DISCARDS,
    RESTS,
    ROME,
    bits,
    chance,
    edited,
    first,
    new_state,
    pick,
    place,
    play_out_hands,
    setup,
    tech_card,
)

HUMANITAS, CLASSIARIUS, INSTRUMENTA_BELLA, ARS_MILITARIS = range(4)


def _carthage_ties_then_passes_humanitas(tie: str, overtake: bool) -> TotalWarCardsState:
    """Rome holds Humanitas at tier 1; Carthage reaches tier 1 (a tie), maybe tier 2."""
    state = setup(new_state(ability_tie=tie, setup_picks=2))
    first(state, ROME)
    place(state, 1, 0)
    if overtake:
        tech_card(state, 3, "Agricultura")
        state.apply_action(act.TECH + 1)  # Scriptura, with the 2 left
    else:
        tech_card(state, 1, "Agricultura")
    # Mid-turn the card has not moved: it changes hands in the Upkeep.
    assert state.holders[HUMANITAS] == ROME
    play_out_hands(state)
    return state


def test_abilities_tie_keeps_card_with_who_reached_the_tier_first() -> None:
    state = _carthage_ties_then_passes_humanitas("first", overtake=False)
    assert state.holders[HUMANITAS] == ROME


def test_abilities_going_higher_takes_the_card_in_the_upkeep() -> None:
    state = _carthage_ties_then_passes_humanitas("first", overtake=True)
    assert state.holders[HUMANITAS] == CARTHAGE
    assert "The HUMANITAS card goes to Carthage" in state.log(None)


def test_abilities_option_vacant_tie_leaves_the_card_with_nobody() -> None:
    state = _carthage_ties_then_passes_humanitas("vacant", overtake=False)
    assert state.holders[HUMANITAS] == -1


def test_abilities_classiarius_holder_sees_the_face_down_territory() -> None:
    state = setup()
    assert state.holders[CLASSIARIUS] == CARTHAGE
    label = "Africa Trade Route of Carthago"
    assert state.observation(CARTHAGE)["territories"][4]["label"] == label
    assert state.observation(ROME)["territories"][4]["label"] == "face-down territory"
    assert label not in json.dumps(state.observation(ROME))
    assert label not in json.dumps(state.observation(None))


def _ars_militaris_state(extra: int) -> TotalWarCardsState:
    """Carthage leads Ars Militaris with ``extra`` bits granted before the last pick."""
    state = new_state(setup_picks=2)
    chance(state, *RESTS[0], *RESTS[1], *DISCARDS, *DEAL, ROME)
    pick(state, "Navigia")
    pick(state, "Disciplina")
    pick(state, "Agricultura")
    state = edited(state, techs=[state.techs[0], state.techs[1] | extra])
    pick(state, "Gladius")
    return state


@pytest.mark.parametrize(
    ("extra", "allowed"),
    [(0, 0), (bits("Castra"), 1), (bits("Castra", "Manipulus"), 1),
     (bits("Castra", "Manipulus", "Triplex Acies"), 2)],
)  # fmt: skip
def test_abilities_ars_militaris_hidden_cards_from_tier_two_and_four(
    extra: int, allowed: int
) -> None:
    state = _ars_militaris_state(extra)
    assert state.holders[ARS_MILITARIS] == CARTHAGE
    assert state.hidden_left == [0, allowed]
    assert hidden_card_allowance(state.holders, state.techs, ROME) == 0


def test_abilities_ars_militaris_face_down_cards_hidden_then_revealed() -> None:
    state = _ars_militaris_state(bits("Castra", "Manipulus", "Triplex Acies"))
    first(state, ROME)
    place(state, 1, 0)
    face_down = act.place_action(VALUE_INDEX[4], 0, True)
    assert face_down in state.legal_actions()
    state.apply_action(face_down)
    place(state, 2, 1)
    place(state, 3, 1, face_down=True)
    assert state.hidden_left == [0, 0]
    # A third face-down card is beyond tier four's two.
    place(state, 2, 2)
    assert act.place_action(VALUE_INDEX[1], 0, True) not in state.legal_actions()
    assert state.observation(ROME)["territories"][0]["armies"] == [[1], [None]]
    assert state.observation(None)["territories"][1]["armies"] == [[2], [None]]
    assert state.observation(CARTHAGE)["territories"][0]["armies"] == [[1], [4]]
    assert "Carthage places a card face down against slot A" in state.log(ROME)
    assert "Carthage places 4 face down against slot A" in state.log(CARTHAGE)
    play_out_hands(state, slot=3)
    # Revealed at resolution: Carthage's hidden 4 beats Rome's 1 at A, hidden 3 beats 2 at B.
    log = state.log(ROME)
    assert "Carthage reveals 4 against slot A" in log
    assert "Carthage reveals 3 against slot B" in log
    assert {0, 8} <= set(state.won[CARTHAGE])
