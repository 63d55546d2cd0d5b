"""The compiled engines (mypyc, issue 29) and the interpreted ones play the same games."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import carthago
from carthago.compiled import PURE_PYTHON_VARIABLE, pure_python_wanted, running_compiled
from carthago.core.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_GAMES = [g for g in carthago.games() if game_class(g).__module__.startswith("carthago.")]
"""The games carthago ships (the test suite registers tiny ones of its own beside them)."""


def run_play(pure: bool, *game_ids: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop(PURE_PYTHON_VARIABLE, None)
    if pure:
        env[PURE_PYTHON_VARIABLE] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    completed = subprocess.run(
        [sys.executable, "-m", "tests.core.compiled_play", *game_ids],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    result: dict[str, Any] = json.loads(completed.stdout)
    return result


needs_compiled = pytest.mark.skipif(
    not running_compiled(),
    reason="carthago is installed as pure Python here (CARTHAGO_PURE_PYTHON=1 or no C compiler)",
)


@pytest.mark.skipif(
    not os.environ.get("CI") or shutil.which("cc") is None or pure_python_wanted(),
    reason="only a CI machine with a C compiler, not asking for pure Python, must compile",
)
def test_a_ci_install_with_a_compiler_runs_compiled() -> None:
    """A C build that fell back to pure Python would otherwise skip every compiled check."""
    assert running_compiled(), "make install should have compiled the engines here"


def test_pure_python_variable_takes_the_source_modules() -> None:
    pure = run_play(True, "punica")
    assert pure["compiled"] is False
    assert pure["games"]["punica"], "no game was played"


@needs_compiled
def test_the_installed_build_runs_the_compiled_modules() -> None:
    from carthago.core import state

    assert not str(state.__file__).endswith(".py")
    assert run_play(False, "punica")["compiled"] is True


@needs_compiled
@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_compiled_and_interpreted_play_the_same_games(game_id: str) -> None:
    compiled = run_play(False, game_id)
    interpreted = run_play(True, game_id)
    assert (compiled["compiled"], interpreted["compiled"]) == (True, False)
    games = compiled["games"][game_id]
    assert games and all(game["actions"] for game in games)
    for mine, theirs in zip(games, interpreted["games"][game_id], strict=True):
        assert mine == theirs, f"{game_id} {mine['options']} {mine['agents']} differ"
