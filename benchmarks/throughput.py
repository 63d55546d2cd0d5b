"""Engine throughput: carthago's games compiled and interpreted beside OpenSpiel's (issue 29).

Run: ``.venv/bin/python benchmarks/throughput.py [--seconds 3] [--iterations 100]
[--rounds 1]``; prints Markdown tables. Every engine is driven the same way: random playouts,
each step chosen in Python from ``legal_actions()`` (chance outcomes drawn by their
probabilities), so both sides pay the same driver cost. The interpreted rows come from a
subprocess run with CARTHAGO_PURE_PYTHON=1 at the same time budget; the compiled rows from this
process, which reports which build it runs. Then ``mcts`` against OpenSpiel's MCTSBot at the
same iterations on the same Punica positions (``vs_openspiel.py`` part 1), compiled and
interpreted.

With ``--rounds N`` every figure is measured N times, the rounds one after another (OpenSpiel's
games and this build's in each), and the table gives each figure's median: on this shared
machine the same build's speed drifts by up to a half from one minute to the next (the host's
steal time), so a single pass can put one row in a slow minute and the next in a fast one.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from statistics import median
from typing import Any

import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
import pyspiel

import carthago
from carthago.arena.throughput import measure_throughput
from carthago.compiled import PURE_PYTHON_VARIABLE, running_compiled
from carthago.core.registry import game_class

OPENSPIEL_GAMES = ("tic_tac_toe", "chess", "backgammon", "python_tic_tac_toe")


def openspiel_steps_per_second(name: str, seconds: float, seed: int = 0) -> float:
    """Random playouts of an OpenSpiel game: steps (actions and chance outcomes) per second."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while steps == 0 or time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def carthago_rows(seconds: float, iterations: int) -> dict[str, Any]:
    """This process's build: steps/s and clones/s of every game variant, mcts iterations/s."""
    rows = []
    for game_id in carthago.games():
        for options in game_class(game_id).VARIANTS:
            result = measure_throughput(carthago.load(game_id, **options), seconds=seconds)
            shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "default"
            rows.append(
                {
                    "engine": f"carthago {game_id} ({shown})",
                    "steps": result.actions_per_second,
                    "clones": result.clones_per_second,
                }
            )
    ours, theirs = mcts_speed(iterations)
    return {"compiled": running_compiled(), "rows": rows, "mcts": ours, "mctsbot": theirs}


def median_build(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One build's figures as their medians over rounds of ``carthago_rows``."""
    rows = [
        {
            "engine": row["engine"],
            "steps": median(run["rows"][i]["steps"] for run in runs),
            "clones": median(run["rows"][i]["clones"] for run in runs),
        }
        for i, row in enumerate(runs[0]["rows"])
    ]
    return {
        "compiled": runs[0]["compiled"],
        "rows": rows,
        "mcts": median(run["mcts"] for run in runs),
        "mctsbot": median(run["mctsbot"] for run in runs),
    }


def mcts_speed(iterations: int) -> tuple[float, float]:
    sys.path.insert(0, str(Path(__file__).parent))
    import vs_openspiel

    positions = vs_openspiel.sample_positions(carthago.load("punica"), 10, seed=1)
    ours, theirs = vs_openspiel.speed("punica", iterations, positions, seed=1)
    return ours, theirs


def interpreted_rows(seconds: float, iterations: int, rounds: int) -> dict[str, Any]:
    env = {**os.environ, PURE_PYTHON_VARIABLE: "1"}
    command = [sys.executable, __file__, "--json", f"--seconds={seconds}", f"--rounds={rounds}"]
    completed = subprocess.run(
        [*command, f"--iterations={iterations}"], env=env, capture_output=True, text=True
    )
    if completed.returncode != 0:
        raise SystemExit(f"the interpreted run failed:\n{completed.stderr}")
    result: dict[str, Any] = json.loads(completed.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine")
    parser.add_argument("--iterations", type=int, default=100, help="mcts, per position")
    parser.add_argument("--rounds", type=int, default=1, help="medians over this many rounds")
    parser.add_argument("--json", action="store_true", help="this build's rows only, as JSON")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, not {args.rounds}")
    if args.json:
        runs = [carthago_rows(args.seconds, args.iterations) for _ in range(args.rounds)]
        print(json.dumps(median_build(runs)))
        return
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, open_spiel {pyspiel.__version__}"
    )
    spiel_runs, compiled_runs = [], []
    for _ in range(args.rounds):
        spiel_runs.append(
            {name: openspiel_steps_per_second(name, args.seconds) for name in OPENSPIEL_GAMES}
        )
        compiled_runs.append(carthago_rows(args.seconds, args.iterations))
    spiel = {name: median(run[name] for run in spiel_runs) for name in OPENSPIEL_GAMES}
    compiled = median_build(compiled_runs)
    interpreted = interpreted_rows(args.seconds, args.iterations, args.rounds)
    built = "compiled" if compiled["compiled"] else "NOT compiled (pure Python install)"
    rounds = f"; medians of {args.rounds} rounds" if args.rounds > 1 else ""
    print(f"\nthis process: {built}; the other: CARTHAGO_PURE_PYTHON=1{rounds}\n")
    print("| engine | steps/s | interpreted | speed-up | clones/s | interpreted | speed-up |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, steps in spiel.items():
        language = "Python" if name.startswith("python_") else "C++"
        print(f"| OpenSpiel {language} {name.removeprefix('python_')} | {steps:,.0f} | | | | | |")
    for mine, theirs in zip(compiled["rows"], interpreted["rows"], strict=True):
        print(
            f"| {mine['engine']} | {mine['steps']:,.0f} | {theirs['steps']:,.0f} | "
            f"{mine['steps'] / theirs['steps']:.1f} | {mine['clones']:,.0f} | "
            f"{theirs['clones']:,.0f} | {mine['clones'] / theirs['clones']:.1f} |"
        )
    print(f"\npunica, {args.iterations} iterations a move on 10 positions, random playouts:\n")
    print("| search | iterations/s | vs MCTSBot in the same process |")
    print("|---|---:|---:|")
    for label, run in (("compiled", compiled), ("interpreted", interpreted)):
        print(
            f"| carthago mcts, {label} | {run['mcts']:,.0f} | {run['mcts'] / run['mctsbot']:.2f} |"
        )
        print(f"| OpenSpiel MCTSBot, adapter {label} | {run['mctsbot']:,.0f} | 1.00 |")
    chess = spiel["chess"]
    for row in compiled["rows"]:
        if row["engine"].startswith("carthago punica"):
            print(f"{row['engine']} / OpenSpiel C++ chess: {row['steps'] / chess:.2f}")


if __name__ == "__main__":
    main()
