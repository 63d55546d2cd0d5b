"""What a person at the terminal table needs (issue 26): opponents named by level, a record
offered at the end, `carthago games` in 80 columns, undo that reveals nothing, hints, and a
computer's thinking shown."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.text import Text, TextType
from typer.testing import CliRunner

import carthago
from carthago.agents import make_agent
from carthago.cli.app import app
from carthago.cli.session import PlaySession
from carthago.core.records import GameRecord
from carthago.core.registry import games

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_games_fits_an_80_column_terminal_with_every_id_whole() -> None:
    env = {**os.environ, "COLUMNS": "80", "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-c", "from carthago.cli.app import main; main()", "games"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, result.stdout
    words = result.stdout.split()
    for game_id in games():
        if game_id in ("guessing", "nim"):  # the test games are registered in this process only
            continue
        assert game_id in words, game_id
    assert "edition=en|pl" in result.stdout


def test_computer_opponents_are_named_by_level() -> None:
    result = runner.invoke(
        app,
        ["play", "guessing", "--seat", "Guesser=human", "--level", "hard", "--seed", "3"],
        input="quit\n\n",
    )
    assert result.exit_code == 0, result.output
    assert "Guesser: a person; Keeper: computer hard" in result.output
    assert "ismcts" not in result.output
    custom = runner.invoke(
        app,
        ["play", "guessing", "--seat", "Guesser=human", "--seat", "Keeper=random", "--seed", "3"],
        input="quit\n\n",
    )
    assert "Keeper: computer random" in custom.output


def test_a_finished_game_offers_to_save_its_record(tmp_path: Path) -> None:
    path = tmp_path / "finished.json"
    result = runner.invoke(
        app,
        ["play", "guessing", "--seat", "Guesser=human", "--option", "rounds=1", "--seed", "2"],
        input=f"1\n{path}\n",
    )
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output
    assert "Save the record?" in result.output
    record = GameRecord.load(path)
    assert record.result is not None
    assert record.replay().is_terminal()


def test_a_finished_game_saved_with_no_name_saves_nothing(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "guessing", "--seat", "Guesser=human", "--option", "rounds=1", "--seed", "2"],
        input="1\n\n",
    )
    assert result.exit_code == 0, result.output
    assert "Record saved" not in result.output


def test_s26_undo_after_the_computers_battle_card_is_revealed_is_refused(tmp_path: Path) -> None:
    # Seed 1: Carthage (the computer) attacks in Gallia Cisalpina and puts its card face down;
    # Rome's fourth decision is its own battle card, and both cards are then turned up.
    path = tmp_path / "battle.json"
    seats = ["--seat", "Rome=human", "--seat", "Carthage=random", "--seed", "1"]
    result = runner.invoke(
        app, ["play", "punica", *seats], input="1\n" * 4 + f"undo\nquit\n{path}\n"
    )
    assert result.exit_code == 0, result.output
    assert "Cards revealed: Carthage Elephanti, Rome Legiones" in result.output
    assert "Undo cannot take back your last decision" in result.output
    assert "hidden when you made it (at move 9)" in " ".join(result.output.split())
    assert "Your last decision is taken back." not in result.output
    record = GameRecord.load(path)
    assert "commit Legiones" in record.notation  # the decision stands


def test_undo_before_anything_is_revealed_takes_the_decision_back() -> None:
    # The same game, one decision earlier: Rome's move before the battle showed it nothing
    # hidden, so undo takes it back.
    seats = ["--seat", "Rome=human", "--seat", "Carthage=random", "--seed", "1"]
    result = runner.invoke(app, ["play", "punica", *seats], input="1\n" * 3 + "undo\nquit\n\n")
    assert result.exit_code == 0, result.output
    assert "Your last decision is taken back." in result.output


def test_hint_shows_the_three_best_moves_with_values_and_their_numbers() -> None:
    result = runner.invoke(
        app,
        ["play", "punica", "--seat", "Rome=human", "--seat", "Carthage=random", "--seed", "1"],
        input="hint\nquit\n\n",
    )
    assert result.exit_code == 0, result.output
    text = result.output.split("What the computer would do in your place", 1)[1]
    lines = [line for line in text.splitlines() if " value " in line]
    assert len(lines) == 3, text
    for line in lines:
        number, _, rest = line.strip().partition("  ")
        assert number.isdigit()
        assert "playouts)" in rest
        value = float(rest.split(" value ")[1].split()[0])
        assert -1.0 <= value <= 1.0


def test_hints_are_off_when_the_game_is_started_without_them() -> None:
    result = runner.invoke(
        app,
        ["play", "punica", "--seat", "Rome=human", "--no-hints", "--level", "easy"],
        input="hint\nquit\n\n",
    )
    assert result.exit_code == 0, result.output
    assert "Hints are off in this game" in result.output
    assert "What the computer would do" not in result.output


class ScriptedConsole(Console):
    """A terminal (colours, live displays) whose person types ``answers`` in turn."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__(file=io.StringIO(), force_terminal=True, width=80, highlight=False)
        self.answers = answers

    def input(self, prompt: TextType = "", **_: object) -> str:  # type: ignore[override]
        self.print(prompt, end="")
        return self.answers.pop(0) if self.answers else "quit"


def test_a_long_search_shows_seconds_and_a_bar_then_what_it_did() -> None:
    game = carthago.load("guessing", rounds=1)
    console = ScriptedConsole(["2", ""])
    specs = ["human", "mcts:iterations=100000000,seconds=2.2"]
    session = PlaySession(game, [None, make_agent(specs[1], seed=1)], specs, console, seed=3)
    session.run()
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Keeper (computer) is thinking… " in screen
    assert "━" in screen  # the bar towards the search's 2.2 s budget
    plain = Text.from_ansi(screen).plain
    assert "Keeper thought for 2." in plain
    # What it did stands out: its log lines are drawn bold yellow as it plays them.
    stake = next(line for line in screen.splitlines() if "Keeper stakes" in line)
    assert "\x1b[1;33m" in stake


def test_a_quick_computer_shows_no_bar() -> None:
    game = carthago.load("guessing", rounds=1)
    console = ScriptedConsole(["2", ""])
    specs = ["human", "heuristic"]
    session = PlaySession(game, [None, make_agent("heuristic", seed=1)], specs, console, seed=3)
    session.run()
    assert "━" not in console.file.getvalue()  # type: ignore[attr-defined]
