"""Total War Cards at the terminal, driven as a person would: the computer's moves in a log,
``explain NAME``, and a whole game to the end."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from carthago.cli.app import app

runner = CliRunner()


def test_a_person_plays_total_war_cards_at_the_terminal_with_explain_and_a_log(
    tmp_path: Path,
) -> None:
    answers = ["explain Gades", "explain catapulta", "explain", "explain Elephantus"]
    answers += ["1"] * 200  # always the first move listed, to the end of the game
    result = runner.invoke(
        app,
        ["play", "total_war_cards", "--seat", "Rome=human", "--seat", "Carthage=random",
         "--seed", "5", "--record", str(tmp_path / "game.json")],
        input="\n".join(answers) + "\n",
    )  # fmt: skip
    out = result.output
    assert result.exit_code == 0, out
    assert "Iberia Gades (7 ships): worth 7 points." in out
    assert "Catapulta (the catapult): INSTRUMENTA BELLA tier 4, costs 4 points" in out
    assert "explain what?" in out
    assert "has nothing called 'Elephantus' to explain" in out
    # What the computer did, between the person's moves.
    assert "Since you last looked:" in out
    assert "  Carthage places" in out or "  Carthage marks" in out
    assert "Result:" in out
    assert "hidden cards left 0" in out
