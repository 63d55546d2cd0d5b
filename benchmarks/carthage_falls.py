"""Which wars bring down the Republic of Carthage when `heuristic` factions hold every seat.

A quick study of the computer factions' Senate, not the arena's conditions: the agents decide on
the true state (no ``resample_from_infostate``), so a game takes about a second instead of ten,
and a change to the Senate aide can be tried on hundreds of games in minutes. Game ``i`` rolls its
chance from seed ``--seed + i`` and seats agents seeded ``10 * (--seed + i) + seat``, so a run
replays identically. ``benchmarks/carthage_outcomes.py`` measures the levels as the arena plays
them.

With ``--boards`` it prints the board as every game's Senate Phase begins, averaged by turn over
the games still going: the Active wars (the rebellion not counted), the Lost wars, the armies in
the Force Pool, at home and away with a force, and the State Treasury; run at 3 and at 6 players,
it shows where the two part.

With ``--decisions`` it also counts the seats' decisions: with one choice, advised by the game
(``heuristics.advise``, which every level plays), and the rest, by stage: those on which the
``normal`` and ``hard`` searches spend their time budget.

For every fall (rules §7 Failure) the script reads the war cards at the end: how many were Lost
and how many Active (unprosecuted ones included), and by family which were Lost, Active or
defeated. Run: ``.venv/bin/python benchmarks/carthage_falls.py [--players 3] [--games 100]
[--seed 0] [--boards] [--decisions]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from carthago.agents.heuristic import HeuristicAgent
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import load
from carthago.core.state import CHANCE
from carthago.games.republic_of_carthage.heuristics import advise
from carthago.games.republic_of_carthage.proposals import ARMIES
from carthago.games.republic_of_carthage.senate_policy import active_wars, lost_wars
from carthago.games.republic_of_carthage.state import (
    WAR_ACTIVE,
    WAR_DEFEATED,
    WAR_LOST,
    WAR_UNPROSECUTED,
    WARS,
    RepublicOfCarthageState,
)

WAR_STATES = {
    WAR_LOST: "lost",
    WAR_ACTIVE: "active",
    WAR_UNPROSECUTED: "active",
    WAR_DEFEATED: "defeated",
}
"""How each war card that counts in a fall is read (an unprosecuted war is still Active)."""
BOARD_COLUMNS = ("active wars", "lost wars", "armies in pool", "at home", "away", "treasury")


def board(state: RepublicOfCarthageState) -> tuple[int, ...]:
    """What ``--boards`` reads as a Senate Phase begins (``BOARD_COLUMNS``); the armies on the
    board count those with a force too, so the ones away are taken from them."""
    away = sum(force.units[i] for force in state.forces if force.war >= 0 for i in ARMIES)
    return (
        len(active_wars(state)),
        lost_wars(state),
        sum(state.unit_pool[i] for i in ARMIES),
        sum(state.unit_active[i] for i in ARMIES) - away,
        away,
        state.treasury,
    )


@dataclass
class Boards:
    """The boards read at each turn's first Senate step, summed by turn over the games."""

    sums: dict[int, list[int]] = field(default_factory=dict)
    games: Counter[int] = field(default_factory=Counter)

    def add(self, turn: int, seen: tuple[int, ...]) -> None:
        total = self.sums.setdefault(turn, [0] * len(seen))
        for i, value in enumerate(seen):
            total[i] += value
        self.games[turn] += 1

    def report(self) -> str:
        lines = ["| turn | games | " + " | ".join(BOARD_COLUMNS) + " |"]
        lines.append("|---:|---:|" + "---:|" * len(BOARD_COLUMNS))
        for turn in sorted(self.sums):
            n = self.games[turn]
            means = " | ".join(f"{value / n:.1f}" for value in self.sums[turn])
            lines.append(f"| {turn} | {n} | {means} |")
        return "\n".join(lines)


@dataclass
class Tally:
    """What the fallen games looked like at their end."""

    endings: Counter[str] = field(default_factory=Counter)
    fell: int = 0
    """Games the Republic fell in (§7 Failure: the only endings without a winner)."""
    shapes: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(Lost wars, Active wars) at each fall."""
    families: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(war state, family): how many of the family's cards ended so, over the falls."""

    def add(self, state: RepublicOfCarthageState) -> None:
        self.endings[state.ended] += 1
        if state.winners:
            return
        self.fell += 1
        ended = [WAR_STATES.get(status, "") for status in state.war_status]
        self.shapes[(ended.count("lost"), ended.count("active"))] += 1
        for war, how in enumerate(ended):
            if how:
                self.families[(how, WARS[war].family)] += 1

    def report(self, games: int, seconds: float) -> str:
        lines = [
            f"{games} games, {seconds / games:.2f} s a game; the Republic fell in {self.fell}",
            "endings: " + ", ".join(f"{r} {n}" for r, n in self.endings.most_common()),
            "falls by (Lost, Active) wars: "
            + ", ".join(f"{lost}/{active}: {n}" for (lost, active), n in self.shapes.most_common()),
        ]
        for how in ("lost", "active", "defeated"):
            found = sorted(
                ((f, n) for (h, f), n in self.families.items() if h == how), key=lambda e: -e[1]
            )
            lines.append(f"{how} in the falls: " + ", ".join(f"{f} {n}" for f, n in found))
        return "\n".join(lines)


def play(
    players: int,
    seed: int,
    decisions: Counter[str] | None = None,
    boards: Boards | None = None,
) -> RepublicOfCarthageState:
    """One game of ``heuristic`` factions deciding on the true state; ``decisions`` counts the
    seats' decisions: "one choice", "advised" (the game's advice, which the searches play too)
    and, by stage, those the ``normal`` and ``hard`` searches would spend their budget on;
    ``boards`` gathers the board as each turn's Senate Phase begins."""
    state = load("republic_of_carthage", players=players).new_initial_state()
    assert isinstance(state, RepublicOfCarthageState)
    rng = random.Random(seed)
    agents = [HeuristicAgent(seed=10 * seed + seat) for seat in range(players)]
    read = -1
    while not state.is_terminal():
        if boards is not None and state.turn != read and state.stage.startswith("senate"):
            read = state.turn
            boards.add(state.turn, board(state))
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        if decisions is not None:
            if len(state.legal_actions()) == 1:
                decisions["one choice"] += 1
            elif advise(state, player) is not None:
                decisions["advised"] += 1
            else:
                decisions[f"searched: {state.stage}"] += 1
        state.apply_action(agents[player].step(state))
    return state


def decision_report(decisions: Counter[str], games: int) -> str:
    searched = sum(n for what, n in decisions.items() if what.startswith("searched"))
    lines = [
        f"decisions a game: {searched / games:.0f} searched, "
        f"{decisions['advised'] / games:.0f} advised, {decisions['one choice'] / games:.0f} "
        "with one choice; searched the most:"
    ]
    for what, n in decisions.most_common():
        if what.startswith("searched") and len(lines) <= 10:
            lines.append(f"  {what.removeprefix('searched: ')}: {n / games:.0f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--boards", action="store_true", help="the mean board at each turn's Senate Phase"
    )
    parser.add_argument(
        "--decisions", action="store_true", help="count the decisions a search would spend on"
    )
    args = parser.parse_args()
    tally = Tally()
    decisions: Counter[str] | None = Counter() if args.decisions else None
    boards = Boards() if args.boards else None
    start = time.perf_counter()
    for game in range(args.seed, args.seed + args.games):
        tally.add(play(args.players, game, decisions, boards))
    print(tally.report(args.games, time.perf_counter() - start))
    if boards is not None:
        print(boards.report())
    if decisions is not None:
        print(decision_report(decisions, args.games))


if __name__ == "__main__":
    main()
