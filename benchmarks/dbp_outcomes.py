"""How De Bello Punico battles end between two computer generals of the same kind.

For each scenario, ``--games`` battles of ``heuristic`` against ``heuristic`` and of ``random``
against ``random``: how each ended (Rome routed, Carthage routed, both on the same turn, or the
turn limit reached without a rout, §16 and §17), who won (a draw at the turn limit goes to the
scenario's side where §17.1.4 and §17.2.3 say so), and how many turns were played. It measures
the orders of battle and rout levels (``data/<scenario>.toml``): a battle either side can win,
usually decided by a rout before the last turn.

Every agent decides on ``resample_from_infostate`` of its seat, as in the arena (so neither sees
the other's Vacuus nor the Trebbia ambush column). Game ``i`` rolls its dice from seed
``--seed + i`` and seats agents seeded ``10 * (--seed + i) + seat``, so a run replays identically.

Run: ``.venv/bin/python benchmarks/dbp_outcomes.py [--scenario zama] [--agents heuristic]
[--games 20] [--seed 0]``; prints a Markdown table, progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from carthago.agents import make_agent
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import load
from carthago.core.state import CHANCE
from carthago.games.de_bello_punico.rout import routed
from carthago.games.de_bello_punico.scenarios import SCENARIOS
from carthago.games.de_bello_punico.state import DRAW, DbpState

AGENTS = ("heuristic", "random")
ENDINGS = ("Rome routed", "Carthage routed", "both routed", "turn limit")
WINNERS = ("Rome", "Carthage", "draw")


@dataclass(frozen=True)
class Ending:
    """How one battle ended."""

    scenario: str
    agents: str
    seed: int
    ending: str
    """One of ENDINGS."""
    winner: str
    """One of WINNERS."""
    turns: int
    rout: tuple[int, int]
    """Rout Points suffered at the end, Rome's then Carthage's."""
    seconds: float


def ending_of(state: DbpState) -> str:
    """Which of ENDINGS a finished battle is."""
    rome, carthage = routed(state)
    if rome and carthage:
        return "both routed"
    if rome:
        return "Rome routed"
    if carthage:
        return "Carthage routed"
    return "turn limit"


def play(scenario: str, agents: str, seed: int) -> Ending:
    """One battle with ``agents`` in both seats, each deciding on its own view."""
    start = time.perf_counter()
    state = load("de_bello_punico", scenario=scenario).new_initial_state()
    assert isinstance(state, DbpState)
    dice = random.Random(seed)
    views = random.Random(seed + 1)
    seats = [make_agent(agents, seed=10 * seed + seat) for seat in range(2)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, dice))
        else:
            view = state.resample_from_infostate(player, views)
            state.apply_action(seats[player].step(view))
    winner = "draw" if state.winner == DRAW else WINNERS[state.winner]
    return Ending(
        scenario,
        agents,
        seed,
        ending_of(state),
        winner,
        state.turn,
        (state.rout[0], state.rout[1]),
        time.perf_counter() - start,
    )


HEADER = (
    "| scenario | agents | games | Rome routed | Carthage routed | both routed | turn limit | "
    "Rome wins | Carthage wins | drawn | turns mean / median / max | seconds per game |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def table(endings: Sequence[Ending]) -> str:
    """The Markdown table: one row per (scenario, agents), in order of first appearance."""
    groups: dict[tuple[str, str], list[Ending]] = {}
    for ending in endings:
        groups.setdefault((ending.scenario, ending.agents), []).append(ending)
    rows = [HEADER]
    for (scenario, agents), group in groups.items():
        count = len(group)
        ends = Counter(e.ending for e in group)
        wins = Counter(e.winner for e in group)
        turns = [e.turns for e in group]
        shares = [ends[end] / count for end in ENDINGS] + [wins[w] / count for w in WINNERS]
        rows.append(
            f"| {scenario} | {agents} | {count} | "
            + " | ".join(f"{share:.0%}" for share in shares)
            + f" | {statistics.mean(turns):.1f} / {statistics.median(turns):g} / {max(turns)}"
            f" | {statistics.mean(e.seconds for e in group):.1f} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--scenario", action="append", choices=SCENARIOS, help="repeatable; default: all four"
    )
    parser.add_argument(
        "--agents", action="append", choices=AGENTS, help="repeatable; default: both"
    )
    parser.add_argument("--games", type=int, default=20, help="battles per scenario and agents")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    machine = (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print(f"machine: {machine}; seed {args.seed}")
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print()
    endings: list[Ending] = []
    for scenario in args.scenario or SCENARIOS:
        for agents in args.agents or AGENTS:
            for seed in range(args.seed, args.seed + args.games):
                endings.append(play(scenario, agents, seed))
                e = endings[-1]
                print(
                    f"{scenario} {agents} seed {seed}: {e.ending}, {e.winner}, turn {e.turns}, "
                    f"rout {e.rout[0]}/{e.rout[1]}, {e.seconds:.1f} s",
                    file=sys.stderr,
                    flush=True,
                )
    print(table(endings))


if __name__ == "__main__":
    main()
