"""Hints (issue 26, point 8): the best moves by a search from the seat's resampled view only."""

from __future__ import annotations

import random

import pytest

import carthago
from carthago.agents.hints import best_moves
from carthago.agents.ismcts import ISMCTSAgent, RankedAction
from carthago.core.state import State


def position_with_a_secret(game_name: str, seed: int) -> tuple[State, State, int]:
    """Two true positions of a random game that the player to move cannot tell apart, though
    their hidden parts differ (in Punica: the attacker's face-down battle card)."""
    game = carthago.load(game_name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat >= 0:
            for attempt in range(8):
                other = state.resample_from_infostate(seat, random.Random(attempt))
                if other.to_dict()["state"] != state.to_dict()["state"]:
                    return state, game.replay(other.history()), seat
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
    raise AssertionError("the game hid nothing from the player to move")


def test_hints_are_the_three_best_moves_with_values() -> None:
    state = carthago.load("punica").new_initial_state()
    hints = best_moves(state, state.current_player(), seed=1, iterations=200, seconds=0)
    assert len(hints) == 3
    assert [h.playouts for h in hints] == sorted((h.playouts for h in hints), reverse=True)
    assert all(-1.0 <= h.value <= 1.0 for h in hints)
    assert {h.action for h in hints} <= set(state.legal_actions())
    assert hints[0].notation == state.action_to_string(hints[0].action)


def test_hints_cannot_tell_two_truths_the_seat_cannot_tell_apart() -> None:
    truth, other_truth, seat = position_with_a_secret("punica", seed=3)
    assert truth.observation(seat) == other_truth.observation(seat)
    assert truth.to_dict()["state"] != other_truth.to_dict()["state"]
    first = best_moves(truth, seat, seed=5, iterations=300, seconds=0)
    second = best_moves(other_truth, seat, seed=5, iterations=300, seconds=0)
    assert first == second


def test_the_search_of_a_hint_is_given_a_redrawn_state_never_the_truth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    truth, _, seat = position_with_a_secret("punica", seed=3)
    given: list[State] = []
    original = ISMCTSAgent.ranked

    def spy(agent: ISMCTSAgent, state: State) -> list[RankedAction]:
        given.append(state)
        return original(agent, state)

    monkeypatch.setattr(ISMCTSAgent, "ranked", spy)
    secrets = set()
    for seed in range(12):
        best_moves(truth, seat, seed=seed, iterations=20, seconds=0)
        assert given[-1] is not truth
        assert given[-1].observation(seat) == truth.observation(seat)
        secrets.add(repr(given[-1].to_dict()["state"]))
    # The hidden part is redrawn: across seeds the searched states disagree about it.
    assert len(secrets) > 1


def test_a_hint_is_only_for_the_player_to_move() -> None:
    state = carthago.load("punica").new_initial_state()
    with pytest.raises(ValueError, match="is for the player to move"):
        best_moves(state, 1 - state.current_player(), seed=1)
