"""Fits the De Bello Punico evaluation's weights to how battles end, and checks the fit.

Plays ``--games`` battles of ``heuristic`` against ``heuristic`` (each deciding on its own
view, as in ``dbp_outcomes.py``) and logs, at the first decision of every impulse (what the
impulse planner's playouts stop at), the evaluation's unweighted terms for both seats
(``heuristics.terms``) with the share of the battle's turns gone and the seat's final return.
Battles ``--seed`` .. are split by game: the first ``--train`` share fits, the rest judges.

Models compared on the held-out positions (mean squared error of the predicted return, and the
ordinal log loss of win / draw / loss):

- ``constant``: draws at the training share, no position read;
- ``current``: the one-ply heuristic's weighted sum (``heuristics.WEIGHTS``), scaled by the fit;
- ``fitted``: every term weighed by the fit, with the Rout, Pressure and Strength terms also
  times the share of turns gone, and the Roman seat's edge.

Each is the ordinal model ``prospects.judge`` uses: a score ``z``, cut points ``c0 + c1 *
share of turns gone``; P(win) = sigmoid(z - c), P(loss) = sigmoid(-z - c), the value
P(win) - P(loss).

Run: ``.venv/bin/python benchmarks/dbp_evaluation_fit.py [--games 160] [--seed 0]
[--log FILE.npz]`` (``--load FILE.npz`` refits a log without playing); prints the table and
the fitted weights. Needs NumPy and SciPy (the ``rl`` extra brings both).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

from carthago.agents import make_agent
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import load
from carthago.core.state import CHANCE
from carthago.games.de_bello_punico.heuristics import TERMS, WEIGHTS, segment, terms
from carthago.games.de_bello_punico.prospects import TIMED
from carthago.games.de_bello_punico.state import DbpState

FEATURES: tuple[str, ...] = (*TERMS, *(f"{name}*late" for name in TIMED), "rome")
PROSPECTS = (
    Path(__file__).parents[1] / "src" / "carthago" / "games" / "de_bello_punico" / "data"
) / "prospects.toml"


def play(scenario: str, seed: int) -> list[list[float]]:
    """One battle's log rows: game, seat, share of turns gone, the terms, the seat's return."""
    state = load("de_bello_punico", scenario=scenario).new_initial_state()
    assert isinstance(state, DbpState)
    dice = random.Random(seed)
    views = random.Random(seed + 1)
    seats = [make_agent("heuristic", seed=10 * seed + seat) for seat in range(2)]
    logged: list[list[float]] = []
    last = None
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, dice))
            continue
        here = segment(state)
        if here != last:
            last = here
            late = (state.turn - 1) / state.scenario.turns
            for seat in (0, 1):
                logged.append([seed, seat, late, *terms(state, seat)])
        view = state.resample_from_infostate(player, views)
        state.apply_action(seats[player].step(view))
    returns = state.returns()
    return [[*row, returns[int(row[1])]] for row in logged]


def design(log: NDArray[np.float64]) -> NDArray[np.float64]:
    """The ``fitted`` model's features of each logged row."""
    late = log[:, 2:3]
    base = log[:, 3 : 3 + len(TERMS)]
    timed = base[:, [TERMS.index(name) for name in TIMED]] * late
    rome = np.where(log[:, 1:2] == 0, 1.0, -1.0)
    return np.hstack([base, timed, rome])


def probabilities(
    params: NDArray[np.float64], x: NDArray[np.float64], late: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """P(win) and P(loss) of the ordinal model: weights, then the two cut-point parameters."""
    z = x @ params[:-2]
    cut = params[-2] + params[-1] * late
    return 1 / (1 + np.exp(-(z - cut))), 1 / (1 + np.exp(z + cut))


def loss(
    params: NDArray[np.float64],
    x: NDArray[np.float64],
    late: NDArray[np.float64],
    outcome: NDArray[np.float64],
    ridge: float,
) -> float:
    win, lose = probabilities(params, x, late)
    draw = np.clip(1 - win - lose, 1e-9, 1)
    chosen = np.where(outcome > 0, win, np.where(outcome < 0, lose, draw))
    penalty = ridge * float(params[:-2] @ params[:-2])
    return float(-np.mean(np.log(np.clip(chosen, 1e-9, 1)))) + penalty


def fit(
    x: NDArray[np.float64], late: NDArray[np.float64], outcome: NDArray[np.float64]
) -> NDArray[np.float64]:
    scale = np.abs(x).max(axis=0) + 1e-9
    start = np.zeros(x.shape[1] + 2)
    start[-2] = 1.0
    found = minimize(loss, start, args=(x / scale, late, outcome, 1e-4), method="L-BFGS-B")
    params: NDArray[np.float64] = np.asarray(found.x, dtype=np.float64).copy()
    params[:-2] /= scale
    return params


def judged(
    params: NDArray[np.float64],
    x: NDArray[np.float64],
    late: NDArray[np.float64],
    outcome: NDArray[np.float64],
) -> tuple[float, float]:
    """Held-out mean squared error of the value, and log loss."""
    win, lose = probabilities(params, x, late)
    return float(np.mean((win - lose - outcome) ** 2)), loss(params, x, late, outcome, 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="zama")
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--train", type=float, default=0.75)
    parser.add_argument("--log", type=Path, help="write the positions logged here (.npz)")
    parser.add_argument("--load", type=Path, help="refit a log written before, playing nothing")
    parser.add_argument(
        "--write", action="store_true", help="write the fit on every battle to data/prospects.toml"
    )
    args = parser.parse_args()
    start = time.perf_counter()
    if args.load:
        log = np.load(args.load)["log"]
    else:
        rows: list[list[float]] = []
        for index in range(args.games):
            rows += play(args.scenario, args.seed + index)
            print(f"{index + 1}/{args.games} battles", file=sys.stderr, flush=True)
        log = np.array(rows)
        if args.log:
            np.savez_compressed(args.log, log=log)
    games = np.unique(log[:, 0])
    cut = games[int(len(games) * args.train)]
    train, test = log[log[:, 0] < cut], log[log[:, 0] >= cut]
    outcome = log[:, -1]
    draws = float(np.mean(train[:, -1] == 0))
    print(
        f"{len(games)} battles ({args.scenario}), {len(train)} positions to fit, "
        f"{len(test)} held out; {time.perf_counter() - start:.0f} s; {platform.node()}\n"
    )
    print("| model | held-out MSE of the return | held-out log loss |\n|---|---:|---:|")
    always = np.full(len(test), 0.0)
    constant_loss = -np.mean(np.log(np.where(test[:, -1] == 0, draws, (1 - draws) / 2).clip(1e-9)))
    print(f"| constant | {np.mean((always - test[:, -1]) ** 2):.4f} | {constant_loss:.4f} |")
    current = (log[:, 3 : 3 + len(TERMS)] @ np.array(WEIGHTS))[:, None]
    whole = design(log)
    for name, x in (("current", current), ("fitted", whole)):
        mask = log[:, 0] < cut
        params = fit(x[mask], log[mask, 2], outcome[mask])
        mse, held = judged(params, x[~mask], log[~mask, 2], outcome[~mask])
        print(f"| {name} | {mse:.4f} | {held:.4f} |")
    params = fit(whole, log[:, 2], outcome)
    print("\nFitted on every battle (weights of FEATURES, then the cut points):")
    for feature, weight in zip((*FEATURES, "cut", "cut*late"), params, strict=True):
        print(f"    {feature}: {weight:.6g}")
    if args.write:
        PROSPECTS.write_text(toml(params), encoding="utf-8")
        print(f"written to {PROSPECTS}")


def toml(params: NDArray[np.float64]) -> str:
    """``data/prospects.toml`` holding ``params`` (the ``fitted`` model's)."""
    values = dict(zip((*FEATURES, "cut", "cut_late"), (float(p) for p in params), strict=True))
    lines = [
        "# The search's judge of positions (prospects.py): weights fitted to how heuristic battles",
        "# ended, written by benchmarks/dbp_evaluation_fit.py --write.",
        f"rome = {values['rome']!r}",
        f"cut = {values['cut']!r}",
        f"cut_late = {values['cut_late']!r}",
        "",
        "[weights]",
        *(f"{name} = {values[name]!r}" for name in TERMS),
        "",
        "[late]",
        *(f"{name} = {values[name + '*late']!r}" for name in TIMED),
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
