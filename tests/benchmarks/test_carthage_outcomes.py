"""benchmarks/carthage_outcomes.py: games of The Republic of Carthage played, classified, summed."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from carthago.core.records import GameRecord
from carthago.games.republic_of_carthage.state import RepublicOfCarthageState
from tests.benchmarks.scripts import ROOT, load_script


@pytest.fixture(scope="module")
def outcomes() -> ModuleType:
    return load_script("carthage_outcomes")


def test_every_end_of_game_the_engine_writes_is_classified(outcomes: ModuleType) -> None:
    package = ROOT / "src" / "carthago" / "games" / "republic_of_carthage"
    source = "\n".join(path.read_text() for path in package.glob("*.py"))
    reasons = re.findall(r'end_game\(\s*state,\s*f?"([^"{]*)', source)
    assert len(reasons) == 7
    kinds = {outcomes.classify(reason) for reason in reasons}
    assert kinds == {
        ("fell", "bankruptcy"),
        ("fell", "four active wars"),
        ("fell", "four lost wars"),
        ("revolt", ""),
        ("Suffete for Life", ""),
        ("deck exhausted", ""),
        ("turn limit", ""),
    }
    with pytest.raises(ValueError, match="unknown end of game"):
        outcomes.classify("Rome wins")


def test_two_short_games_add_up(outcomes: ModuleType) -> None:
    heard: list[object] = []
    endings = outcomes.play_endings(
        "random", "random", 3, 2, seed=5, options={"turn_limit": 1}, on_ending=heard.append
    )
    assert [e.index for e in endings] == [0, 1] and sorted(heard, key=lambda e: e.index) == endings
    for ending in endings:
        assert (ending.level, ending.players) == ("random", 3)
        assert ending.turns == 1 and ending.actions > 100 and ending.seconds > 0
        assert outcomes.classify(ending.reason) == (ending.ending, ending.fall)
        # A fallen Republic has no winner; any other end has one at least.
        assert (ending.ending == "fell") == (not ending.winners)
    row = outcomes.summary(endings)
    assert row["games"] == 2
    assert row["fell"] == pytest.approx(sum(row["falls"].values()))
    assert row["fell"] + sum(row["endings"].values()) == pytest.approx(1.0)
    assert row["turns"] == [1, 1] and row["actions"] == [e.actions for e in endings]
    lines = outcomes.table(endings).splitlines()
    assert len(lines) == 3 and lines[2].startswith("| random | 3 | 2 | ")


def test_a_run_goes_on_from_a_later_game_with_the_same_seeds(outcomes: ModuleType) -> None:
    whole = outcomes.play_endings("random", "random", 3, 3, seed=5, options={"turn_limit": 1})
    rest = outcomes.play_endings(
        "random", "random", 3, 3, seed=5, options={"turn_limit": 1}, first=2
    )
    assert [(e.index, e.seed, e.reason, e.actions) for e in rest] == [
        (e.index, e.seed, e.reason, e.actions) for e in whole[2:]
    ]


def test_kept_records_replay_to_the_ending_measured(outcomes: ModuleType, tmp_path: Path) -> None:
    endings = outcomes.play_endings(
        "random", "random", 3, 2, seed=5, options={"turn_limit": 1}, records=tmp_path
    )
    kept = sorted((tmp_path / "random-3p").iterdir())
    assert [path.name for path in kept] == ["game-00000.json", "game-00001.json"]
    for ending, path in zip(endings, kept, strict=True):
        state = GameRecord.load(path).replay()
        assert isinstance(state, RepublicOfCarthageState)
        assert state.is_terminal() and state.ended == ending.reason


def test_the_json_file_gives_back_the_games(outcomes: ModuleType, tmp_path: Path) -> None:
    ending = outcomes.Ending(
        "easy", 6, 0, 1, "four lost wars", "fell", "four lost wars", [], 9, 2500, 80.0
    )
    path = tmp_path / "endings.json"
    outcomes.write_json(path, {"seed": 1}, [ending])
    assert outcomes.read_json(path) == [ending]
    assert "| easy | 6 | 1 | 100% (21-100) | 0% (0-79) | 0% (0-79) | 100% (21-100) |" in (
        outcomes.table([ending])
    )


def test_a_solitaire_game_won_by_a_neutral_is_counted_as_lost_by_the_seat(
    outcomes: ModuleType,
) -> None:
    # §9: the Neutrals win by the usual conditions; the seat's own wins are what is left.
    won, lost = (
        outcomes.Ending("easy", 1, i, i, "a successful revolt", "revolt", "", [name], 8, 900, 1.0)
        for i, name in enumerate(["Player 1", "Neutral B"])
    )
    assert outcomes.summary([won, lost])["neutral_won"] == 0.5
    # revolt, Suffete for Life, deck exhausted, turn limit, then the Neutrals' share
    assert "| 100% (34-100) | 0% (0-66) | 0% (0-66) | 0% (0-66) | 50% (9-91) |" in (
        outcomes.table([won, lost])
    )


def test_one_seat_against_a_field_is_rotated_and_scored(outcomes: ModuleType) -> None:
    endings = outcomes.play_endings(
        "heuristic",
        "heuristic",
        3,
        3,
        seed=5,
        options={"turn_limit": 1},
        against=("random", "random"),
    )
    # The arena's rotations: the one heuristic seat moves on every game.
    assert [e.measured for e in endings] == ["Player 1", "Player 2", "Player 3"]
    assert all(e.against == "random" for e in endings)
    won = sum(1 for e in endings if e.measured in e.winners)
    strength = outcomes.strength_table(endings).splitlines()
    assert strength[2].startswith(f"| heuristic | random x2 | 3 | 3 | {won / 3:.1%} | ")
    assert strength[2].endswith("| 33% |")
    assert outcomes.table(endings).splitlines()[2].startswith("| heuristic vs random x2 | 3 | 3 |")
    assert outcomes.strength_table([]) == ""
    # The cost of a level against a field is its own seat's thinking, not the field's.
    assert [e.seat for e in endings] == [0, 1, 2]
    assert all(len(e.thinking_cpu) == 3 and len(e.longest_wait_cpu) == 3 for e in endings)
    cost = outcomes.cost_table(endings).splitlines()
    assert cost[2].startswith("| heuristic vs random x2 | 3 | 3 | 3 | ")


def test_the_cost_table_reads_cpu_seconds_of_the_timed_factions(outcomes: ModuleType) -> None:
    def ending(index: int, against: str, seat: int) -> object:
        return outcomes.Ending(
            "normal", 3, index, index, "a successful revolt", "revolt", "", ["Player 1"], 8,
            900, 50.0, [90.0, 1.0, 2.0], [4.0, 0.1, 0.2], against, "", [60.0, 0.5, 0.7],
            [3.0, 0.2, 0.4], seat,
        )  # fmt: skip

    alone = [ending(0, "", -1), ending(1, "", -1)]
    # Every faction of the level is timed: six of them in two games.
    assert outcomes.cost_table(alone).splitlines()[2] == (
        "| normal | 3 | 2 | 6 | 20.4 / 0.7 / 60.0 | 3.0 / 3.0 |"
    )
    # Against a field, only the level's own seat: 0.5 CPU s in game 0, 0.7 in game 1.
    fielded = [ending(0, "easy", 1), ending(1, "easy", 2)]
    assert outcomes.cost_table(fielded).splitlines()[2] == (
        "| normal vs easy x2 | 3 | 2 | 2 | 0.6 / 0.6 / 0.7 | 0.3 / 0.4 |"
    )
    # Files from before CPU seconds were timed have no cost table.
    old = outcomes.Ending("easy", 3, 0, 0, "a successful revolt", "revolt", "", [], 8, 900, 1.0)
    assert outcomes.cost_table([old]) == ""
