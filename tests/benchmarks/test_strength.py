"""benchmarks/strength.py: the time an agent takes per stretch of play (issue 28)."""

from __future__ import annotations

from types import ModuleType

import pytest

import carthago
from tests.benchmarks.scripts import load_script


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    return load_script("strength")


def test_a_game_without_segments_is_timed_per_decision(strength: ModuleType) -> None:
    # Nim from 9 stones takes 3 to 9 moves: the first mover makes 2 to 5 of them, the second 1
    # to 4, and the agent is first in one game and second in the other.
    times = strength.impulse_seconds(carthago.load("nim", pile=9), "random", "random", 2, 0)
    assert 3 <= len(times) <= 9
    assert all(t >= 0 for t in times)


def test_de_bello_punico_is_timed_per_impulse(strength: ModuleType) -> None:
    game = carthago.load("de_bello_punico", scenario="beneventum")
    times = strength.impulse_seconds(game, "random", "random", 1, 0)
    state = game.new_initial_state()
    # Far fewer stretches than the hundreds of decisions of a battle: at most one per stage of
    # each turn (strategic phase, initiative and the eight impulses).
    assert 0 < len(times) <= 10 * state.scenario.turns  # type: ignore[attr-defined]
    row = strength.timing_row(game, "random", "random", 1, times)
    assert row.startswith("| de_bello_punico | scenario=beneventum, ")
    assert "| random | random | 1 |" in row
