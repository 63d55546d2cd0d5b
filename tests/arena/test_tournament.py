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
    tables_for,
)
from carthago.cli.app import app
from carthago.core.records import GameRecord
from tests.agents.registration import registered
from tests.arena.race_game import RaceGame


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


def test_arena_refuses_a_table_that_does_not_seat_every_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = carthago.load("nim")
    monkeypatch.setattr(type(game), "num_players", property(lambda self: 3))
    with pytest.raises(ValueError, match="nim is played by 3, but the table random, heuristic"):
        schedule(game, [("random", "heuristic")], games=2)


def test_tables_of_a_three_player_tournament() -> None:
    specs = ["mcts", "random", "heuristic"]
    assert tables_for("gauntlet", specs, 3) == [
        ("mcts", "random", "random"),
        ("mcts", "heuristic", "heuristic"),
    ]
    assert tables_for("round-robin", ["mcts", "random"], 3) == [
        ("mcts", "mcts", "random"),
        ("mcts", "random", "random"),
    ]
    # Three specs, three seats: every mix of at least two of them (10 multisets minus 3).
    robin = tables_for("round-robin", specs, 3)
    assert len(robin) == 7 and ("mcts", "random", "heuristic") in robin
    assert tables_for("table", ["random", "mcts", "random"], 3) == [("random", "mcts", "random")]
    with pytest.raises(ValueError, match="one spec per seat"):
        tables_for("table", ["random", "mcts"], 3)
    with pytest.raises(ValueError, match="two different"):
        tables_for("table", ["mcts", "mcts", "mcts"], 3)


def test_rotations_and_permutations_of_three_seats() -> None:
    with registered(RaceGame):
        game = carthago.load("race", players=3)
        rotated = schedule(game, [("mcts", "random", "random")], games=6, seed=1)
        permuted = schedule(
            game, [("mcts", "random", "heuristic")], games=6, seed=1, seating="permutations"
        )
    assert [task.seats.index("mcts") for task in rotated] == [0, 1, 2, 0, 1, 2]
    assert len({task.seed for task in rotated}) == 6
    assert len(set(task.seats for task in permuted)) == 6
    # Same table index and round: the same seed whatever the seating.
    assert [t.seed for t in rotated] == [t.seed for t in permuted]


def test_three_player_summary_counts_shared_wins_and_draws() -> None:
    game = carthago.load("nim")
    tables = [("a", "b", "b")]
    outcomes = [
        GameOutcome(0, 0, ("a", "b", "b"), [1.0, -1.0, -1.0], 5, 0.1, 1),  # a wins
        GameOutcome(1, 0, ("b", "a", "b"), [1.0, -1.0, -1.0], 5, 0.1, 2),  # a b wins
        GameOutcome(2, 0, ("b", "b", "a"), [-1.0, 1.0, 1.0], 5, 0.1, 3),  # a shares the win
        GameOutcome(3, 0, ("a", "b", "b"), [-1.0, -1.0, -1.0], 5, 0.1, 4),  # nobody: a draw
    ]
    result = summarize(game, tables, outcomes, games=4, seed=0)
    a, b = result.agents
    assert (a.agent, a.seats, a.wins, a.draws, a.losses) == ("a", 1, 2, 1, 1)
    assert (b.agent, b.seats, b.wins, b.draws, b.losses) == ("b", 2, 2, 1, 1)
    assert a.seat_share == pytest.approx(1 / 3)
    # Pairwise: a beats both b's, loses to one b and draws the other, beats one b and draws
    # the winner, draws both.
    (score,) = result.scores
    assert (score.first, score.second) == ("a", "b")
    assert (score.wins, score.draws, score.losses) == (3, 4, 1)
    assert result.ratings["a"].elo > 0 > result.ratings["b"].elo
    data = json.loads(json.dumps(result.to_json()))
    assert data["players"] == 3
    assert [(t["agent"], t["wins"], t["draws"], t["losses"]) for t in data["tables"]] == [
        ("a", 2, 1, 1),
        ("b", 2, 1, 1),
    ]


def test_four_player_tournament_in_two_processes_matches_one_process(tmp_path: Path) -> None:
    with registered(RaceGame):
        game = carthago.load("race", players=4)
        tables = tables_for("gauntlet", ["mcts:iterations=30", "random"], 4)
        parallel = run_tournament(game, tables, games=8, seed=3, jobs=2, records=tmp_path)
        serial = run_tournament(game, tables, games=8, seed=3, jobs=1)
        records = [GameRecord.load(path) for path in sorted(tmp_path.glob("game-*.json"))]
        replayed = [record.replay().returns() for record in records]
    assert [o.returns for o in parallel.outcomes] == [o.returns for o in serial.outcomes]
    assert parallel.agents == serial.agents
    assert [o.returns for o in parallel.outcomes] == replayed
    assert [record.agents for record in records] == [list(o.seats) for o in parallel.outcomes]
    mcts, field = parallel.agents
    assert mcts.games == field.games == 8
    assert (mcts.seats, field.seats) == (1, 3)
    # Every game's result is a win, a draw or a loss for each agent, and they cannot both lose.
    assert mcts.losses <= field.wins + field.draws


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


def test_arena_command_on_a_three_player_game(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    with registered(RaceGame):
        result = runner.invoke(
            app,
            [
                "arena",
                "race",
                "--option",
                "players=3",
                "--agents",
                "heuristic,random",
                "--games",
                "3",
                "--seating",
                "permutations",
                "--json",
                str(out),
            ],
        )
    assert result.exit_code == 0, result.output
    assert "3 players" in result.output and "seat share" in result.output
    data = json.loads(out.read_text())
    assert data["seating"] == "permutations"
    # Every distinct order of two heuristics and a random (three of them) played once.
    assert len({tuple(game["seats"]) for game in data["games"][:3]}) == 3
    # Round-robin with two specs at three seats: one heuristic with two random, and the other
    # way round; each agent of each table played every game.
    assert [t["table"] for t in data["tables"][::2]] == [
        ["heuristic", "heuristic", "random"],
        ["heuristic", "random", "random"],
    ]
    assert all(t["games"] == 3 for t in data["tables"])
    assert len(data["games"]) == 6
