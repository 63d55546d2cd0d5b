"""The carthago command, driven as a person would, on the tiny test game."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from carthago.cli.app import app
from carthago.core.records import GameRecord

runner = CliRunner()
BOTS = ["--seat", "Guesser=random", "--seat", "Keeper=random"]


def test_games_lists_every_registered_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "guessing" in result.output


def test_play_without_humans_prints_moves_and_result(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "guessing", *BOTS, "--seed", "7", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output
    assert "stake" in result.output
    record = GameRecord.load(path)
    assert record.replay().is_terminal()
    assert record.result == record.replay().returns()


def test_play_is_deterministic_by_seed() -> None:
    outputs = [runner.invoke(app, ["play", "guessing", *BOTS, "--seed", "11"]).output for _ in "ab"]
    assert outputs[0] == outputs[1]


def test_human_bad_input_is_asked_again_with_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    answers = "\n".join(["zzz", "99", "help", "guess 1", "1", "3", *["1"] * 4]) + "\n"
    result = runner.invoke(
        app,
        [
            "play",
            "guessing",
            "--seat",
            "Guesser=human",
            "--seed",
            "1",
            "--option",
            "rounds=3",
            "--record",
            str(path),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "'zzz' names no legal action here" in result.output
    assert "There is no move 99" in result.output
    assert "undo" in result.output  # the help text
    record = GameRecord.load(path)
    guesses = [n for n in record.notation if n.startswith("guess")]
    assert guesses == ["guess 1", "guess 0", "guess 2"]


def test_human_sees_only_their_observation() -> None:
    result = runner.invoke(
        app, ["play", "guessing", "--seat", "Guesser=human", "--seed", "2"], input="quit\n\n"
    )
    assert result.exit_code == 0
    assert "your card ?" in result.output
    assert "Keeper is dealt card" not in result.output


def test_undo_takes_back_the_last_decision_without_rerolling(tmp_path: Path) -> None:
    # Keeper knows its own card, so nothing hidden from Keeper is shown by the guess that
    # follows its stake, and undo may take the stake back.
    path = tmp_path / "game.json"
    keeper = ["play", "guessing", "--seat", "Keeper=human", "--seat", "Guesser=random"]
    answers = "1\nundo\n2\n1\n1\n"
    result = runner.invoke(app, [*keeper, "--seed", "4", "--record", str(path)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Your last decision is taken back." in result.output
    record = GameRecord.load(path)
    assert next(n for n in record.notation if n.startswith("stake")) == "stake 2"
    # The deal that followed the undone stake is dealt again, not re-rolled: the same as in a
    # game where that stake was never taken back.
    plain = runner.invoke(
        app,
        [*keeper, "--seed", "4", "--record", str(tmp_path / "plain.json")],
        input="2\n1\n1\n",
    )
    assert plain.exit_code == 0
    plain_actions = GameRecord.load(tmp_path / "plain.json").actions
    assert plain_actions[:2] == record.actions[:2]
    assert plain_actions[3] == record.actions[3]  # the second round's deal


def test_undo_is_refused_when_nothing_to_undo() -> None:
    result = runner.invoke(
        app, ["play", "guessing", "--seat", "Guesser=human", "--seed", "4"], input="undo\nquit\n\n"
    )
    assert "nothing of yours to undo" in result.output


def test_quit_offers_to_save_the_record(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    result = runner.invoke(
        app,
        ["play", "guessing", "--seat", "Guesser=human", "--seed", "5"],
        input=f"1\nquit\n{path}\n",
    )
    assert result.exit_code == 0
    record = GameRecord.load(path)
    assert record.result is None
    assert len(record.actions) >= 3


def test_end_of_input_quits_cleanly() -> None:
    result = runner.invoke(app, ["play", "guessing", "--seat", "Guesser=human"], input="")
    assert result.exit_code == 0
    assert "Game stopped." in result.output


def test_bad_command_line_gets_a_clear_error() -> None:
    unknown = runner.invoke(app, ["play", "nonesuch"])
    assert unknown.exit_code == 2
    assert "no game 'nonesuch'" in unknown.output
    option = runner.invoke(app, ["play", "guessing", "--option", "rounds=many"])
    assert option.exit_code == 2
    assert "whole number" in option.output
    seat = runner.invoke(app, ["play", "guessing", "--seat", "Caesar=random"])
    assert seat.exit_code != 0
    assert "no seat 'Caesar'" in seat.output
    agent = runner.invoke(app, ["play", "guessing", "--seat", "Keeper=genius"])
    assert agent.exit_code == 2
    assert "no agent 'genius'" in agent.output


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "guessing", *BOTS, "--seed", "3", "--record", str(path)])
    listing = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert listing.exit_code == 0, listing.output
    assert "Result:" in listing.output
    stepping = runner.invoke(
        app, ["replay", str(path), "--step", "--as", "Keeper"], input="\nb\nq\n"
    )
    assert stepping.exit_code == 0
    assert "move 1 of" in stepping.output


def test_replay_refuses_a_record_with_an_illegal_action(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "guessing", *BOTS, "--seed", "3", "--record", str(path)])
    data = json.loads(path.read_text())
    data["actions"][1] = 2  # Keeper has only two stakes
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path), "--no-step"])
    assert result.exit_code == 2
    assert "action 2" in result.output and "illegal" in result.output


def test_bench_prints_throughput() -> None:
    result = runner.invoke(app, ["bench", "guessing", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    for measure in ("actions", "games", "clones"):
        assert measure in result.output


def test_level_chooses_the_computer_opponent(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        [
            "play",
            "guessing",
            "--seat",
            "Guesser=random",
            "--level",
            "easy",
            "--seed",
            "1",
            "--record",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert GameRecord.load(path).agents == ["random", "heuristic"]
    bad = runner.invoke(app, ["play", "guessing", "--level", "expert"])
    assert bad.exit_code == 2
    assert "no level 'expert'" in bad.output
