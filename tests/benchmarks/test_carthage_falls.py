"""benchmarks/carthage_falls.py: the war cards read at each fall of the Republic."""

from __future__ import annotations

from types import ModuleType

import pytest

from carthago.core.registry import load
from carthago.games.republic_of_carthage.phases import end_game
from carthago.games.republic_of_carthage.state import (
    WAR_ACTIVE,
    WAR_DEFEATED,
    WAR_INDEX,
    WAR_LOST,
    WAR_UNPROSECUTED,
    RepublicOfCarthageState,
)
from tests.benchmarks.scripts import load_script


@pytest.fixture(scope="module")
def falls() -> ModuleType:
    return load_script("carthage_falls")


def _ended(reason: str, wars: dict[str, int], winners: list[int]) -> RepublicOfCarthageState:
    state = load("republic_of_carthage", players=3).new_initial_state()
    assert isinstance(state, RepublicOfCarthageState)
    state.war_status = [0] * len(state.war_status)
    for war, status in wars.items():
        state.war_status[WAR_INDEX[war]] = status
    end_game(state, reason, winners)
    return state


def test_a_fall_is_read_by_lost_and_active_wars_and_families(falls: ModuleType) -> None:
    tally = falls.Tally()
    tally.add(
        _ended(
            "four active wars",
            {
                "SICILIAN-1": WAR_LOST,
                "SICILIAN-2": WAR_LOST,
                "SICILIAN-3": WAR_UNPROSECUTED,
                "PYRRHIC": WAR_ACTIVE,
                "TUNISIA": WAR_DEFEATED,
            },
            [],
        )
    )
    tally.add(_ended("a successful revolt", {"SICILIAN-4": WAR_LOST}, [0]))
    assert tally.endings == {"four active wars": 1, "a successful revolt": 1}
    assert tally.shapes == {(2, 2): 1}
    assert tally.families == {
        ("lost", "Sicilian"): 2,
        ("active", "Sicilian"): 1,
        ("active", "Pyrrhic"): 1,
        ("defeated", "Tunisian"): 1,
    }
    report = tally.report(2, 1.0)
    assert "the Republic fell in 1" in report
    assert "lost in the falls: Sicilian 2" in report


def test_the_decisions_a_search_spends_its_budget_on_are_counted_by_stage(
    falls: ModuleType,
) -> None:
    decisions = falls.Counter()
    state = falls.play(3, 0, decisions)
    assert state.is_terminal()
    searched = sum(n for what, n in decisions.items() if what.startswith("searched"))
    assert searched > 0 and decisions["advised"] > 0 and decisions["one choice"] > 0
    assert decisions["searched: senate_propose"] == 0  # the Senate aide advises every proposal
    report = falls.decision_report(decisions, 1)
    assert report.startswith(f"decisions a game: {searched} searched")


def test_the_boards_are_read_at_each_senate_and_averaged_by_turn(falls: ModuleType) -> None:
    boards = falls.Boards()
    state = falls.play(6, 0, boards=boards)
    turns = sorted(boards.games)
    assert turns == list(range(1, len(turns) + 1)) and turns[-1] in (state.turn - 1, state.turn)
    assert set(boards.games.values()) == {1}
    # The first Senate: no war Lost yet, the two Legions at home, the State's opening treasury
    # less the turn's dues and more its income.
    active, lost, pool, home, away, treasury = boards.sums[1]
    assert lost == 0 and away == 0 and home == 2 and pool >= 9 - 2
    boards.add(1, (1, 0, 3, 2, 0, 100))
    assert boards.games[1] == 2
    report = boards.report().splitlines()
    assert report[0].startswith("| turn | games | active wars | lost wars |")
    assert report[2] == (
        f"| 1 | 2 | {(active + 1) / 2:.1f} | 0.0 | {(pool + 3) / 2:.1f} | 2.0 | 0.0 "
        f"| {(treasury + 100) / 2:.1f} |"
    )
