"""How long De Bello Punico's walks to distant hexes (``State.shortcuts()``) take to find.

The server computes them for the view of the seat to move at every step prompt of a move, so
their time is added to that view's answer. Random battles are played; at every step prompt the
shortcuts are timed, and each walk found is replayed to check it is legal.

    .venv/bin/python benchmarks/dbp_shortcuts.py --scenario zama --games 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import carthago


def measure(scenario: str, games: int, seed: int) -> list[float]:
    game = carthago.load("de_bello_punico", scenario=scenario)
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() < 0:
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if state.observation(None)["moving"] is not None:
                start = time.perf_counter()
                walks = state.shortcuts()
                times.append(time.perf_counter() - start)
                for walk in walks[:2]:
                    walker = state.clone()
                    for notation in walk["path"]:
                        walker.apply_action(walker.string_to_action(notation))
            state.apply_action(rng.choice(state.legal_actions()))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="zama")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = sorted(measure(args.scenario, args.games, args.seed))
    ms = [t * 1000 for t in times]
    print(
        f"{args.scenario}: {len(ms)} step prompts, mean {statistics.mean(ms):.1f} ms, "
        f"median {statistics.median(ms):.1f} ms, 95th percentile {ms[int(0.95 * len(ms))]:.1f} ms, "
        f"max {ms[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
