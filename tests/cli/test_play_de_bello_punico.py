"""Playing De Bello Punico against the impulse planner in the terminal (issue 28)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from carthago.agents import PlannerAgent
from carthago.cli.app import app
from carthago.core.state import State

runner = CliRunner()
MARK = "<Rome decides>"


def test_the_computers_moves_are_shown_as_they_happen(monkeypatch: pytest.MonkeyPatch) -> None:
    real_step = PlannerAgent.step

    def step(self: PlannerAgent, state: State) -> int:
        print(MARK)
        return real_step(self, state)

    monkeypatch.setattr(PlannerAgent, "step", step)
    # Carthage (the person) places its counters, then lets Rome go first: Rome's movement
    # impulse is a long run of the computer's decisions with no question to Carthage between.
    answers = "1\n" * 5 + "2\n" + "1\n" * 10 + "quit\n\n"
    result = runner.invoke(
        app,
        [
            "play",
            "de_bello_punico",
            "--seat",
            "Carthage=human",
            "--seat",
            "Rome=planner:playouts=8,seconds=0",
            "--option",
            "scenario=beneventum",
            "--seed",
            "1",
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    lines = [line.removeprefix("Carthage> ") for line in result.output.splitlines()]
    decisions = [n for n, line in enumerate(lines) if line == MARK]
    moves = [n for n, line in enumerate(lines) if " moves from " in line]
    assert moves, "Rome moved nothing"
    # Each move is printed as soon as it is made: right after one of Rome's decisions, with only
    # other log lines between, not saved up for Carthage's next look at the board.
    prompt_free = [
        n
        for n in moves
        if any(a < n and all(line.startswith("  ") for line in lines[a + 1 : n]) for a in decisions)
    ]
    assert len(prompt_free) >= 2
    assert all(lines[n].startswith("  R.") for n in moves[:2])
    # What Rome may hide stays hidden: which counter (real or Vacuus) it placed where.
    assert "Rome places the Vacuus" not in result.output


def test_the_terminal_map_has_a_key_and_names_units_as_the_moves_do() -> None:
    """A person at the terminal finds every unit a move names on the map, and the map's key."""
    result = runner.invoke(
        app,
        [
            "play",
            "de_bello_punico",
            "--seat",
            "Rome=human",
            "--seat",
            "Carthage=random",
            "--option",
            "scenario=zama",
            "--seed",
            "2",
        ],
        input="quit\n\n",
    )
    assert result.exit_code == 0, result.output
    assert "Key: units by the ids the moves use" in result.output
    assert "Ha Hastati" in result.output and "Row 0 is Carthage's map edge" in result.output
    # Rome's set-up choice names units: each of them stands on the map drawn above it.
    named = [
        line.split("leader joins ")[1].split()[0]
        for line in result.output.splitlines()
        if "leader joins R." in line
    ]
    assert named
    board = result.output.split("Key: units")[0]
    assert all(f"{name}↑" in board for name in named)
