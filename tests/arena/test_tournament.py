"""Tournaments end to end: scheduling, seats, parallel processes, records, JSON, the command."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import carthago
from carthago.arena.ray_backend import BackendUnavailableError, import_ray
from carthago.arena.tournament import (
    GameOutcome,
    pairings_for,
    run_tournament,
    schedule,
    summarize,
)
from carthago.cli.app import app
from carthago.core.records import GameRecord


def test_schedule_swaps_seats_and_seeds_every_game_apart() -> None:
    game = carthago.load("nim")
    tasks = schedule(game, [("random", "heuristic")], games=4, seed=1)
    assert [task.seats for task in tasks] == [("random", "heuristic"), ("heuristic", "random")] * 2
    assert len({task.seed for task in tasks}) == 4
    assert tasks == schedule(game, [("random", "heuristic")], games=4, seed=1)
    assert tasks[0].seed != schedule(game, [("random", "heuristic")], games=4, seed=2)[0].seed


def test_pairing_modes() -> None:
    specs = ["mcts", "random", "heuristic"]
    assert pairings_for("gauntlet", specs) == [("mcts", "random"), ("mcts", "heuristic")]
    assert len(pairings_for("round-robin", specs)) == 3
    with pytest.raises(ValueError, match="two different"):
        pairings_for("round-robin", ["mcts", "mcts"])


def test_summary_counts_results_from_the_first_specs_side_whatever_its_seat() -> None:
    game = carthago.load("nim")
    pairings = [("a", "b")]
    outcomes = [
        GameOutcome(0, 0, ("a", "b"), [1.0, -1.0], 5, 0.1, 1),  # a wins from seat 0
        GameOutcome(1, 0, ("b", "a"), [1.0, -1.0], 5, 0.1, 2),  # a loses from seat 1
        GameOutcome(2, 0, ("b", "a"), [-1.0, 1.0], 5, 0.1, 3),  # a wins from seat 1
        GameOutcome(3, 0, ("a", "b"), [0.0, 0.0], 5, 0.1, 4),  # a draw
    ]
    result = summarize(game, pairings, outcomes, games=4, seed=0)
    (score,) = result.scores
    assert (score.wins, score.draws, score.losses) == (2, 1, 1)
    assert result.ratings["a"].elo > 0 > result.ratings["b"].elo


def test_tournament_in_two_processes_matches_one_process_and_saves_replayable_records(
    tmp_path: Path,
) -> None:
    game = carthago.load("guessing", rounds=2)
    pairings = [("random", "mcts:iterations=20"), ("random", "heuristic")]
    parallel = run_tournament(game, pairings, games=6, seed=5, jobs=2, records=tmp_path)
    serial = run_tournament(game, pairings, games=6, seed=5, jobs=1)
    assert [o.returns for o in parallel.outcomes] == [o.returns for o in serial.outcomes]
    assert parallel.scores == serial.scores
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 12
    for path, outcome in zip(files, parallel.outcomes, strict=True):
        record = GameRecord.load(path)
        assert record.agents == list(outcome.seats)
        assert record.replay().returns() == outcome.returns
    data = json.loads(json.dumps(parallel.to_json()))
    assert [p["games"] for p in data["pairings"]] == [6, 6]
    assert set(data["ratings"]) == {"random", "mcts:iterations=20", "heuristic"}


def test_arena_refuses_a_game_for_other_than_two_players(monkeypatch: pytest.MonkeyPatch) -> None:
    game = carthago.load("nim")
    monkeypatch.setattr(type(game), "num_players", property(lambda self: 3))
    with pytest.raises(ValueError, match="two agents"):
        schedule(game, [("random", "heuristic")], games=2)


def test_ray_backend_says_how_to_install_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_ray(name: str, package: str | None = None) -> object:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_ray)
    with pytest.raises(BackendUnavailableError, match=r"pip install 'carthago\[ray\]'"):
        import_ray()


@pytest.mark.slow
def test_ray_backend_plays_the_same_games_as_processes() -> None:
    ray = pytest.importorskip("ray")
    game = carthago.load("nim", pile=9)
    pairings = [("random", "mcts:iterations=20")]
    try:
        on_ray = run_tournament(game, pairings, games=4, seed=2, backend="ray")
    finally:
        ray.shutdown()
    local = run_tournament(game, pairings, games=4, seed=2)
    assert [o.returns for o in on_ray.outcomes] == [o.returns for o in local.outcomes]


runner = CliRunner()


def test_arena_command_prints_tables_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = runner.invoke(
        app,
        [
            "arena",
            "nim",
            "--agents",
            "random,mcts:iterations=30,c=1.2",
            "--games",
            "4",
            "--jobs",
            "2",
            "--json",
            str(out),
            "--records",
            str(tmp_path / "records"),
            "--option",
            "pile=9",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Elo" in result.output
    assert "mcts:iterations=30,c=1.2" in result.output
    data = json.loads(out.read_text())
    assert data["options"] == {"pile": 9}
    (pairing,) = data["pairings"]
    assert (pairing["first"], pairing["second"]) == ("random", "mcts:iterations=30,c=1.2")
    assert pairing["wins"] + pairing["draws"] + pairing["losses"] == 4
    assert len(list((tmp_path / "records").glob("*.json"))) == 4


def test_arena_command_reports_a_bad_agent_spec() -> None:
    result = runner.invoke(app, ["arena", "nim", "--agents", "random,mcst", "--games", "2"])
    assert result.exit_code == 2
    assert "no agent 'mcst'" in result.output
