"""Resampling The Republic of Carthage at every decision: failures, fallback share, time.

For each number of players, ``--games`` games played by random and heuristic seats (alternating
game by game); before every decision every player's view is resampled
(``resample_from_infostate``) and the copy checked: it must not raise, must show that player the
same observation and, for the player to move, the same legal actions. Reports per player count
the games, the resamples, the failures (must be 0), the share taken by the fallback
(``hidden_fallback.COUNTS``) and the mean and largest time of one resample.

Run: ``.venv/bin/python benchmarks/carthage_resampling.py [--players 1 2 3 6] [--games 200]
[--turns 3] [--seed 0] [--json PATH]``; progress goes to stderr. ``--json`` is rewritten after
every game and a run given the same file goes on after the games it holds.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path

import carthago
from carthago.agents import make_agent
from carthago.core.chance import sample_chance_outcome
from carthago.games.republic_of_carthage.hidden_fallback import COUNTS

AGENTS = ("random", "heuristic")


@dataclass
class GameResult:
    """One game's resamples."""

    players: int
    seed: int
    agent: str
    resamples: int = 0
    fallbacks: int = 0
    seconds: float = 0.0
    """Time spent resampling, all resamples together."""
    slowest: float = 0.0
    failures: list[str] = field(default_factory=list)
    """What went wrong, one line each (an exception, or a copy the player could tell)."""


def play_and_resample(players: int, seed: int, agent: str, turns: int) -> GameResult:
    """Play one game of ``turns`` turns with every seat ``agent``, resampling every player's
    view before every decision."""
    state = carthago.load("republic_of_carthage", players=players, turn_limit=turns)
    state = state.new_initial_state()
    rng = random.Random(seed)
    seats = [make_agent(agent, seed=seed * 10 + seat) for seat in range(players)]
    result = GameResult(players, seed, agent)
    COUNTS.reset()
    while not state.is_terminal():
        mover = state.current_player()
        if mover == carthago.CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        copies = {}
        for viewer in range(players):
            start = time.perf_counter()
            try:
                copies[viewer] = state.resample_from_infostate(viewer, rng)
            except Exception as error:
                line = traceback.format_exception_only(error)[-1].strip()
                result.failures.append(f"viewer {viewer}, action {len(state.history())}: {line}")
                continue
            spent = time.perf_counter() - start
            result.seconds += spent
            result.slowest = max(result.slowest, spent)
            result.resamples += 1
            copy = copies[viewer]
            if copy.observation(viewer) != state.observation(viewer):
                result.failures.append(f"viewer {viewer}: another observation")
            if viewer == mover and copy.legal_actions() != state.legal_actions():
                result.failures.append(f"viewer {viewer}: other legal actions")
        # The seat decides on its own resample, as agents do in the arena.
        view = copies.get(mover, state)
        state.apply_action(seats[mover].step(view))
    result.fallbacks = COUNTS.fallback
    return result


def _table(results: list[GameResult]) -> str:
    lines = [
        "| players | games | resamples | failures | fallback share | mean ms | slowest ms |",
        "|---|---|---|---|---|---|---|",
    ]
    for players in sorted({r.players for r in results}):
        mine = [r for r in results if r.players == players]
        resamples = sum(r.resamples for r in mine)
        fallbacks = sum(r.fallbacks for r in mine)
        failures = sum(len(r.failures) for r in mine)
        seconds = sum(r.seconds for r in mine)
        mean = 1000 * seconds / resamples if resamples else 0.0
        share = f"{fallbacks / resamples:.2%}" if resamples else "-"
        slowest = 1000 * max(r.slowest for r in mine)
        lines.append(
            f"| {players} | {len(mine)} | {resamples} | {failures} | {share} | {mean:.1f} "
            f"| {slowest:.0f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 6])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    results: list[GameResult] = []
    if args.json and args.json.exists():
        results = [GameResult(**entry) for entry in json.loads(args.json.read_text())["games"]]
    done = {(r.players, r.seed) for r in results}
    started = time.time()
    for players in args.players:
        for index in range(args.games):
            seed = args.seed + index
            if (players, seed) in done:
                continue
            agent = AGENTS[index % len(AGENTS)]
            result = play_and_resample(players, seed, agent, args.turns)
            results.append(result)
            print(
                f"players {players} game {index} ({agent}): {result.resamples} resamples, "
                f"{result.fallbacks} fallbacks, {len(result.failures)} failures, "
                f"{time.time() - started:.0f}s",
                file=sys.stderr,
            )
            for line in result.failures:
                print(f"  {line}", file=sys.stderr)
            if args.json:
                header = {"turns": args.turns, "machine": platform.platform()}
                entries = [asdict(r) for r in results]
                args.json.write_text(json.dumps({**header, "games": entries}, indent=1))
    print(_table(results))


if __name__ == "__main__":
    main()
