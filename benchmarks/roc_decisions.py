"""How many decisions a person is asked in a whole game of The Republic of Carthage.

Plays ``--games`` whole games (``--players`` seats, the game's default options) with every seat
played by the easy level; seat 0 stands in for the person. Each decision put to seat 0 is
counted three ways: every decision (a client that plays nothing for the person), those left
once the server plays the decisions with one possible choice (``Game.automatic_action``), and
those left when the person also passes until something needs them. The easy level answers
the decisions the server would otherwise play, so the count is an estimate for a person who
plays like the easy level. The agents look at the true state (``agent.step``), not at a
resampled one as in the arena: they play no better for it, and only the count matters here.

Run: ``.venv/bin/python benchmarks/roc_decisions.py [--games 20] [--players 3] [--seed 0]``;
prints a Markdown table with the mean per game, and per turn, and their 95% intervals.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from dataclasses import dataclass

import carthago
from carthago.agents import level_spec, make_agent
from carthago.core.chance import sample_chance_outcome

PERSON = 0


@dataclass
class Count:
    asked: int = 0
    without_one_choice: int = 0
    passing_too: int = 0
    turns: int = 0


def play(players: int, seed: int) -> Count:
    game = carthago.load("republic_of_carthage", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    agents = [make_agent(level_spec("easy"), seed=seed * 10 + seat) for seat in range(players)]
    count = Count()
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        if player == PERSON:
            count.asked += 1
            if game.automatic_action(state, following=False) is None:
                count.without_one_choice += 1
            if game.automatic_action(state, following=True) is None:
                count.passing_too += 1
        state.apply_action(agents[player].step(state))
    count.turns = state.observation(None)["turn"]
    return count


def interval(values: list[int] | list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{mean:.1f} ± {half:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.monotonic()
    counts = [play(args.players, args.seed + i) for i in range(args.games)]
    seconds = time.monotonic() - started
    print(
        f"{args.games} games of {args.players} players, seed {args.seed}, "
        f"{platform.machine()} {platform.python_version()}, {seconds:.0f} s"
    )
    print()
    print("| decisions put to the person | per game | per turn |")
    print("|---|---|---|")
    rows = (
        ("every decision", [c.asked for c in counts]),
        ("one-choice decisions played by the server", [c.without_one_choice for c in counts]),
        ("... and passing until something needs the person", [c.passing_too for c in counts]),
    )
    for name, values in rows:
        per_turn = [v / c.turns for v, c in zip(values, counts, strict=True)]
        print(f"| {name} | {interval(values)} | {interval(per_turn)} |")
    print(f"| (turns played per game) | {interval([c.turns for c in counts])} | |")


if __name__ == "__main__":
    main()
