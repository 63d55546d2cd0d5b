"""Combat and Development Phase (placement) and Resolution Phase."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards.components import VALUE_INDEX
from carthago.games.total_war_cards.state import CHOOSE, ORDER, PLACE, REST, TotalWarCardsState

from .helpers import (
    CARD,
    CARTHAGE,
    ROME,
    buy,
    edited,
    first,
    new_state,
    place,
    setup,
    tech_card,
)

A, B, C, D, E = range(5)


def _two_draws(state: TotalWarCardsState) -> None:
    """Turn 1: Rome takes A, B and C are drawn 4-4 and 3-3, Carthage takes D, E untouched."""
    first(state, ROME)
    for rome, carthage in [((4, A), (1, A)), ((4, B), (4, B)), ((3, C), (3, C)),
                           ((1, D), (4, D)), ((2, A), (1, A)), ((2, A), (2, D)),
                           ((3, A), (2, D)), ((3, A), (3, D))]:  # fmt: skip
        place(state, *rome)
        place(state, *carthage)


def _one_draw(state: TotalWarCardsState) -> None:
    """Turn 1: Carthage climbs to Instrumenta Bella tier 2; B is the only drawn combat."""
    first(state, ROME)
    place(state, 4, A)
    tech_card(state, 3, "Gladius")
    buy(state, "Pilum")
    place(state, 4, B)
    place(state, 4, B)
    place(state, 3, C)
    place(state, 4, C)
    for rome, carthage in [(3, 3), (3, 2), (2, 2), (2, 1), (1, 1)]:
        place(state, rome, A)
        place(state, carthage, C)


def test_combat_players_alternate_single_cards_and_stacks_grow() -> None:
    state = setup()
    first(state, CARTHAGE)
    assert state.current_player() == CARTHAGE
    place(state, 2, A)
    assert state.current_player() == ROME
    place(state, 3, A)
    place(state, 2, A)
    rows = state.observation(None)["territories"]
    assert rows[A]["armies"] == [[3], [2, 2]]
    assert state.hands == [(1, 2, 2, 3, 3, 4, 4), (1, 1, 3, 3, 4, 4)]


def test_combat_placing_a_card_not_in_hand_is_illegal() -> None:
    state = setup()
    first(state, ROME)
    before = state.to_dict()
    with pytest.raises(carthago.IllegalActionError, match="not legal for Rome"):
        place(state, 5, A)  # Rome's fives rest this turn
    with pytest.raises(carthago.IllegalActionError):
        place(state, 1, A, face_down=True)  # no Ars Militaris entitlement
    assert state.to_dict() == before


def test_combat_humanitas_holder_chooses_turn_order() -> None:
    state = setup()
    assert state.phase == ORDER and state.current_player() == ROME
    assert state.legal_actions() == [act.FIRST, act.FIRST + 1]
    assert state.action_to_string(act.FIRST + 1) == "Carthage first"
    first(state, CARTHAGE)
    assert state.phase == PLACE and state.current_player() == CARTHAGE


def test_resolution_highest_total_takes_each_territory() -> None:
    state = setup()
    _two_draws(state)
    assert CARD["Arverni"] in state.won[ROME]
    assert CARD["Merchant of Carthago"] in state.won[CARTHAGE]


def test_resolution_instrumenta_bella_chooses_one_of_several_draws() -> None:
    state = setup()
    _two_draws(state)
    assert state.phase == CHOOSE and state.current_player() == ROME
    assert state.legal_actions() == [act.CHOOSE + B, act.CHOOSE + C]
    state.apply_action(act.CHOOSE + B)
    assert state.won[ROME] == (CARD["Arverni"], CARD["Emporion"])
    # The other draw and the untouched face-down card stay in play, now face up.
    assert state.in_play == (CARD["Roma"], CARD["Trade Route of Carthago"])
    assert state.hidden_territory == -1
    assert state.phase == REST


def test_resolution_instrumenta_bella_single_draw_is_won_automatically() -> None:
    state = setup()
    _one_draw(state)
    assert state.phase == REST
    assert state.won == [(CARD["Arverni"], CARD["Emporion"]), (CARD["Roma"],)]


def test_resolution_option_handover_at_resolution_gives_the_new_leader_the_draw() -> None:
    state = setup(new_state(ability_handover="resolution", setup_picks=2))
    _one_draw(state)
    assert state.won == [(CARD["Arverni"],), (CARD["Emporion"], CARD["Roma"])]


def test_resolution_without_instrumenta_bella_holder_draws_all_stay() -> None:
    state = setup(new_state(setup_picks=1), picks=("Agricultura", "Navigia"))
    assert state.holders[2] == -1
    _two_draws(state)
    assert state.phase == REST
    assert state.in_play == (CARD["Emporion"], CARD["Roma"], CARD["Trade Route of Carthago"])


def test_end_territories_still_in_play_after_the_sixth_turn_belong_to_nobody() -> None:
    # Ending The Game & Scoring: the game ends when the sixth turn is resolved, with no Upkeep
    # after it. The drawn territories (no Instrumenta Bella holder) and the one nobody fought
    # for are left on the table and score for nobody.
    state = setup(new_state(setup_picks=1), picks=("Agricultura", "Navigia"))
    state = edited(state, turn=6)
    _two_draws(state)
    assert state.is_terminal()
    assert state.in_play == (CARD["Emporion"], CARD["Roma"], CARD["Trade Route of Carthago"])
    assert state.won == [(CARD["Arverni"],), (CARD["Merchant of Carthago"],)]
    assert state.scores() == [[1, 0, 0, 0], [0, 0, 0, 0]]
    assert state.returns() == [1.0, -1.0]


def test_resolution_draws_stay_and_a_full_five_are_dealt_next_turn() -> None:
    state = setup()
    _two_draws(state)
    state.apply_action(act.CHOOSE + B)
    for value in (1, 2, 3, 1, 2, 3):
        state.apply_action(value)
    new_cards = (CARD["Aedui"], CARD["Tarraco"], CARD["Aricia"], CARD["Merchant of Utica"],
                 CARD["Trade Route of Utica"])  # fmt: skip
    for card in new_cards:
        state.apply_action(card)
    assert state.turn == 2
    assert state.in_play == (CARD["Roma"], CARD["Trade Route of Carthago"], *new_cards)
    assert state.hidden_territory == CARD["Trade Route of Utica"]
    assert len(state.deck) == 32 - 2 - 10


def test_resolution_face_down_territory_is_contested_and_revealed() -> None:
    state = setup()
    first(state, ROME)
    place(state, 1, E)
    assert state.action_to_string(act.place_action(VALUE_INDEX[1], E, False)) == (
        "1 to E: Africa Trade Route of Carthago"  # Carthage holds Classiarius: it sees
    )
    for _ in range(15):
        player = state.current_player()
        place(state, state.hands[player][-1], A)
    assert CARD["Trade Route of Carthago"] in state.won[ROME]
    assert "Revealed: Africa Trade Route of Carthago" in state.log(ROME)


def test_combat_without_humanitas_holder_the_first_placer_alternates() -> None:
    state = setup(new_state(setup_picks=1), coin=CARTHAGE, picks=("Navigia", "Disciplina"))
    assert state.holders[0] == -1
    assert state.starter == CARTHAGE and state.current_player() == CARTHAGE
    while state.phase == PLACE:
        place(state, state.hands[state.current_player()][0], A)
    for value in (1, 2, 2, 1, 1, 2):
        state.apply_action(value)
    for card in (CARD["Aedui"], CARD["Tarraco"], CARD["Aricia"], CARD["Merchant of Utica"],
                 CARD["Trade Route of Utica"]):  # fmt: skip
        state.apply_action(card)
    assert state.turn == 2 and state.phase == PLACE
    assert state.starter == ROME and state.current_player() == ROME
