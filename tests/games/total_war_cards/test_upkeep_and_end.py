"""Upkeep Phase (the resting cycle, the new deal) and Ending The Game."""

from __future__ import annotations

import random

import carthago
from carthago.core.chance import sample_chance_outcome
from carthago.games.total_war_cards.components import DECKS
from carthago.games.total_war_cards.state import DEAL_PHASE, REST, TotalWarCardsState

from .helpers import CARTHAGE, ROME, first, new_state, play_out_hands, setup


def _after_turn_one() -> TotalWarCardsState:
    state = setup()
    first(state, ROME)
    play_out_hands(state)
    assert state.phase == REST
    return state


def test_upkeep_step1_spent_cards_gathered_and_three_set_aside_at_random() -> None:
    state = _after_turn_one()
    assert state.pool == [(1, 2, 2, 3, 3, 3, 4, 4), (1, 1, 2, 2, 3, 3, 4, 4)]
    # The resting cards are drawn from the spent pile only, in proportion to the copies.
    assert dict(state.chance_outcomes()) == {1: 1 / 8, 2: 2 / 8, 3: 3 / 8, 4: 2 / 8}
    state.apply_action(1)
    assert dict(state.chance_outcomes()) == {2: 2 / 7, 3: 3 / 7, 4: 2 / 7}


def test_upkeep_step1_previous_resting_cards_return_to_hand() -> None:
    state = _after_turn_one()
    for value in (1, 2, 3):
        state.apply_action(value)
    # Rome's hand: the five spent cards not set aside and last turn's resting 4, 5, 5.
    assert state.hands[ROME] == (2, 3, 3, 4, 4, 4, 5, 5)
    assert state.resting[ROME] == (1, 2, 3)
    assert state.returned[ROME] == (4, 5, 5)
    for value in (4, 4, 3):
        state.apply_action(value)
    assert state.hands[CARTHAGE] == (1, 1, 2, 2, 3, 5, 5, 6)
    assert state.phase == DEAL_PHASE


def test_upkeep_new_resting_values_are_public_to_nobody() -> None:
    state = _after_turn_one()
    for value in (1, 2, 3):
        state.apply_action(value)
    for viewer in (None, ROME, CARTHAGE):
        observation = state.observation(viewer)
        assert observation["resting_counts"] == [3, 3]
        assert observation["log"][-3:] == ["Rome sets a resting card aside face down"] * 3


def _random_game(seed: int, **options: object) -> TotalWarCardsState:
    rng = random.Random(seed)
    state = new_state(**options)
    while not state.is_terminal():
        assert state.turn <= 6
        if state.current_player() == carthago.CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_end_after_the_sixth_turn_is_resolved() -> None:
    state = _random_game(11)
    assert state.turn == 6 and state.is_terminal()
    # Every card was dealt: 30 over six turns, the 2 discards never.
    assert state.deck == ()
    assert len(state.won[0]) + len(state.won[1]) + len(state.in_play) == 30
    assert state.current_player() == carthago.TERMINAL


def test_end_higher_final_score_wins() -> None:
    for seed in range(6):
        state = _random_game(seed)
        first_score, second_score = (sum(s) for s in state.scores())
        expected = (
            [0.0, 0.0] if first_score == second_score
            else [1.0, -1.0] if first_score > second_score else [-1.0, 1.0]
        )  # fmt: skip
        assert state.returns() == expected
        assert f"Game over: Rome {first_score}, Carthage {second_score}" in state.log(None)


def test_end_decks_keep_eleven_cards() -> None:
    state = _random_game(3)
    for player in (0, 1):
        cards = state.hands[player] + state.resting[player] + state.pool[player]
        assert tuple(sorted(cards)) == DECKS[player]
