"""Screens De Bello Punico's one-ply evaluation with some terms reweighed, against an opponent.

One seat moves one-ply greedy by the heuristic's terms (``heuristics.terms``) with each weight
of ``heuristics.WEIGHTS`` times the factor given (``--times facing=0``), the other seat is
``--opponent`` (an agent spec, default ``heuristic``); seats alternate game by game, battle
``--seed`` + i is rolled with the same dice whatever the variant, so two variants meet the
same luck. One-ply battles take about a CPU second each, so a hundred of them screen a change
to how the planner moves its own units (``heuristics.evaluate_own``) in minutes, where the
planner's own games take over a minute each.

Run: ``.venv/bin/python benchmarks/dbp_weight_variants.py [--times facing=0] [--games 100]
[--seed 6000] [--scenario zama] [--opponent heuristic]``; prints one line: won, drawn, lost,
score and its Wilson 95% interval, and the same by side.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from carthago.agents import make_agent
from carthago.agents.rollout import greedy_action
from carthago.arena.stats import wilson_interval
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import Evaluator, load
from carthago.core.state import CHANCE, State
from carthago.games.de_bello_punico.heuristics import TERMS, WEIGHTS, terms


def reweighed(times: dict[str, float]) -> Evaluator:
    """The heuristic's evaluation with each named term's weight times its factor."""
    weights = [weight * times.get(name, 1.0) for name, weight in zip(TERMS, WEIGHTS, strict=True)]

    def evaluate(state: State, player: int) -> float:
        if state.is_terminal():
            return state.returns()[player]
        values = terms(state, player)
        return math.tanh(sum(w * v for w, v in zip(weights, values, strict=True)))

    return evaluate


def battle(scenario: str, seed: int, seat: int, evaluate: Evaluator, opponent: str) -> float:
    """One battle: ``seat`` greedy by ``evaluate``, the other ``opponent``; ``seat``'s return."""
    state = load("de_bello_punico", scenario=scenario).new_initial_state()
    dice, views = random.Random(seed), random.Random(seed + 1)
    other = make_agent(opponent, seed=10 * seed + 1 - seat)
    mine = random.Random(10 * seed + seat)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, dice))
            continue
        view = state.resample_from_infostate(player, views)
        if player == seat:
            state.apply_action(greedy_action(view, player, evaluate, mine))
        else:
            state.apply_action(other.step(view))
    return state.returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--times", action="append", default=[], help="TERM=FACTOR, repeatable")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--scenario", default="zama")
    parser.add_argument("--opponent", default="heuristic")
    args = parser.parse_args()
    times: dict[str, float] = {}
    for item in args.times:
        name, _, factor = item.partition("=")
        if name not in TERMS:
            parser.error(f"--times {item}: no term {name!r} (terms: {', '.join(TERMS)})")
        times[name] = float(factor)
    evaluate = reweighed(times)
    tally = [[0, 0, 0], [0, 0, 0]]  # per seat: won, drawn, lost
    start = time.process_time()
    for index in range(args.games):
        seat = index % 2
        result = battle(args.scenario, args.seed + index, seat, evaluate, args.opponent)
        tally[seat][0 if result > 0 else 1 if result == 0 else 2] += 1
    won, drawn, lost = (tally[0][k] + tally[1][k] for k in range(3))
    score = (won + drawn / 2) / args.games
    interval = wilson_interval(won + drawn / 2, args.games)
    print(
        f"{args.scenario} times {times or 'none'} vs {args.opponent}: {args.games} games "
        f"W{won} D{drawn} L{lost} score {score:.1%} "
        f"(95% CI {interval.low:.1%}-{interval.high:.1%}); "
        f"seat 0 W/D/L {tally[0]}, seat 1 {tally[1]}; {time.process_time() - start:.0f} CPU s"
    )


if __name__ == "__main__":
    main()
