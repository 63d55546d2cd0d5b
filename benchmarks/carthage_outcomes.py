"""How games of The Republic of Carthage end when computer factions hold every seat.

For each level and number of players, ``--games`` games with every seat played by that level's
agent (agents only ever see ``resample_from_infostate`` of their seat, as in the arena): how
often the Republic falls and why (bankruptcy, four active wars, four lost wars: rules §7
Failure), how the other games end (a successful revolt, Suffete for Life, on Influence when the
Late Republic deck runs out, on Influence at the engine's turn limit) and, with one or two
players, how often a Neutral faction (§9) won them, how many turns and
actions a game takes, how many seconds it takes to play, and how long each faction thinks over a
game (in total, and its longest single wait: the time a person at the table waits for it), in
wall seconds and, in a table of their own, in CPU seconds: what a free core would take, whatever
shared the machine during the run.

Games run through the arena's scheduler (``--jobs`` processes, one seed per game derived from
``--seed``, so the easy level replays identically; the normal and hard levels stop searching
after a time budget, so their moves may vary with the machine's load). The arena saves every
game's record; each is replayed as it comes in to read how the game ended (the state's public
``ended`` reason and its turn).

Run: ``.venv/bin/python benchmarks/carthage_outcomes.py [--level easy] [--players 3 6]
[--games 200] [--jobs 2] [--seed 0] [--json PATH]``; prints a Markdown table, progress goes to
stderr. ``--json`` is rewritten after every game, so an interrupted run keeps its games;
``--report PATH [PATH ...]`` prints the table of such files, and ``--first N`` goes on with a
stopped run from its game N (the same seeds), in another file to be merged by ``--report``.
``--records DIR`` keeps every game's record (``DIR/LEVEL-Np/game-NNNNN.json``): ``carthago
replay`` steps through one, and its log tells what emptied a treasury or brought a war.

``--against LEVEL`` seats one faction of each ``--level`` against that level in every other seat,
the seat moving on every game, and adds a table of how often it was among the winners (95%
Wilson interval; a level no stronger than its field wins in about one game per seat). ``--cpu``
makes a level that budgets a whole game's thinking (``weighed``) read CPU time, so that other
processes sharing the machine do not cut its search short.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import carthago
from carthago.agents import LEVELS, level_spec
from carthago.arena.stats import wilson_interval
from carthago.arena.tournament import GameOutcome, record_path, run_tasks, schedule
from carthago.cli.options import parse_options
from carthago.core.records import GameRecord
from carthago.games.republic_of_carthage.state import RepublicOfCarthageState

GAME = "republic_of_carthage"
FALLS = {
    "bankruptcy": "bankruptcy",
    "four active wars": "four active wars",
    "four lost wars": "four lost wars",
}
"""The engine's ``ended`` reasons of a fallen Republic (every player loses), by column."""
WINS = {
    "a successful revolt": "revolt",
    "Suffete for Life": "Suffete for Life",
    "the deck is exhausted": "deck exhausted",
}
TURN_LIMIT = "turn limit"
"""The engine's reason at its turn limit reads "turn limit N"."""
ENDINGS = (*WINS.values(), TURN_LIMIT)
NEUTRAL = "Neutral"
"""How the engine names the Neutral factions of a one- or two-player game (§9): "Neutral A"..."""


@dataclass(frozen=True)
class Ending:
    """How one game ended."""

    level: str
    players: int
    index: int
    seed: int
    reason: str
    """The state's ``ended`` text, as the engine wrote it."""
    ending: str
    """One of ENDINGS, or "fell" (see ``fall``)."""
    fall: str
    """Why the Republic fell (a FALLS column), or "" when it did not."""
    winners: list[str]
    turns: int
    actions: int
    """Every action in the record: the seats' decisions and the chance outcomes (Neutral
    factions decide inside the engine)."""
    seconds: float
    thinking: list[float] = field(default_factory=list)
    """Each faction's wall seconds of answering (files written before this column: empty)."""
    longest_wait: list[float] = field(default_factory=list)
    """Each faction's longest single answer, in wall seconds."""
    against: str = ""
    """The level of every other seat when one seat of ``level`` plays against a field of it
    (``--against``); "" when every seat plays ``level``."""
    measured: str = ""
    """With ``against``, the faction the one seat of ``level`` held."""
    thinking_cpu: list[float] = field(default_factory=list)
    """Each faction's CPU seconds of answering: what a free core of this machine would wait,
    whatever shared it while this ran (files written before this column: empty)."""
    longest_wait_cpu: list[float] = field(default_factory=list)
    """Each faction's longest single answer, in CPU seconds."""
    seat: int = -1
    """With ``against``, the seat of the one faction of ``level``."""


def classify(reason: str) -> tuple[str, str]:
    """(ending, fall) of an ``ended`` reason; ValueError for a reason this script does not know.

    >>> classify("four lost wars")
    ('fell', 'four lost wars')
    >>> classify("turn limit 30")
    ('turn limit', '')
    """
    if reason in FALLS:
        return "fell", FALLS[reason]
    if reason in WINS:
        return WINS[reason], ""
    if reason.startswith(TURN_LIMIT):
        return TURN_LIMIT, ""
    raise ValueError(f"unknown end of game {reason!r}: teach benchmarks/carthage_outcomes.py")


def ending_of(
    level: str,
    players: int,
    outcome: GameOutcome,
    record: GameRecord,
    against: tuple[str, str] | None = None,
) -> Ending:
    """How the game of ``outcome`` ended; with ``against`` (level, spec) of the field, which
    faction the one seat of another spec held."""
    state = record.replay()
    assert isinstance(state, RepublicOfCarthageState)
    ending, fall = classify(state.ended)
    names = state.rg.faction_names
    seat = -1 if against is None else measured_seat(outcome.seats, against[1])
    return Ending(
        level,
        players,
        outcome.index,
        outcome.seed,
        state.ended,
        ending,
        fall,
        [names[faction] for faction in state.winners],
        state.turn,
        outcome.moves,
        outcome.seconds,
        list(outcome.thinking),
        list(outcome.longest_wait),
        "" if against is None else against[0],
        "" if against is None else names[seat],
        list(outcome.thinking_cpu),
        list(outcome.longest_wait_cpu),
        seat,
    )


def measured_seat(seats: Sequence[str], field: str) -> int:
    """The one seat of a game against a field that does not play the field's spec.

    >>> measured_seat(("random", "heuristic", "random"), "random")
    1
    """
    return next(seat for seat, spec in enumerate(seats) if spec != field)


def play_endings(
    level: str,
    spec: str,
    players: int,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    on_ending: Callable[[Ending], None] | None = None,
    first: int = 0,
    against: tuple[str, str] | None = None,
    records: Path | None = None,
) -> list[Ending]:
    """``games`` games with ``spec`` in every one of ``players`` seats, in order of index; with
    ``first``, only those from game ``first`` on (the others' seeds are not changed by it).
    With ``against`` (level, spec), one seat plays ``spec`` against that spec in every other
    seat, the seat moving on every game (the arena's rotations). With ``records``, every game's
    record is kept in its folder ``LEVEL-Np`` there (the arena's names), to replay a game."""
    game = carthago.load(GAME, players=players, **(options or {}))
    table = (spec,) * players if against is None else (spec,) + (against[1],) * (players - 1)
    endings: list[Ending] = []
    with contextlib.ExitStack() as stack:
        if records is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
        else:
            folder = str(records / f"{level}-{players}p")
            Path(folder).mkdir(parents=True, exist_ok=True)

        def collect(outcome: GameOutcome) -> None:
            record = GameRecord.load(record_path(folder, outcome.index))
            endings.append(ending_of(level, players, outcome, record, against))
            if on_ending is not None:
                on_ending(endings[-1])

        tasks = schedule(game, [table], games, seed, records=folder)
        run_tasks(tasks[first:], jobs, on_outcome=collect)
    return sorted(endings, key=lambda ending: ending.index)


def spread(values: Sequence[float], digits: int | None = None) -> str:
    """Mean / median / max; medians and maxima as they are, or to ``digits`` decimals."""
    if not values:
        return "-"
    middle, top = statistics.median(values), max(values)
    if digits is None:
        return f"{statistics.mean(values):.1f} / {middle:g} / {top:g}"
    return f"{statistics.mean(values):.{digits}f} / {middle:.{digits}f} / {top:.{digits}f}"


def neutral_won(ending: Ending) -> bool:
    """Whether a Neutral faction (§9) is among the winners: the seats lost the game to it.

    >>> neutral_won(Ending("easy", 1, 0, 0, "a successful revolt", "revolt", "", ["Neutral A"],
    ...                    5, 900, 1.0))
    True
    """
    return any(name.startswith(NEUTRAL) for name in ending.winners)


def summary(endings: Sequence[Ending]) -> dict[str, Any]:
    """Shares of each fall and ending, turns, actions and seconds of one (level, players)."""
    count = len(endings) or 1
    falls = Counter(e.fall for e in endings)
    ends = Counter(e.ending for e in endings)
    return {
        "games": len(endings),
        "fell": ends["fell"] / count,
        "falls": {fall: falls[fall] / count for fall in FALLS.values()},
        "endings": {end: ends[end] / count for end in ENDINGS},
        "neutral_won": sum(1 for e in endings if neutral_won(e)) / count,
        "turns": [e.turns for e in endings],
        "actions": [e.actions for e in endings],
        "seconds_mean": statistics.mean(e.seconds for e in endings) if endings else 0.0,
        "thinking": [seconds for e in endings for seconds in e.thinking],
        "longest_wait": max((w for e in endings for w in e.longest_wait), default=None),
    }


HEADER = (
    "| agents | players | games | Republic fell | bankruptcy | four active wars | "
    "four lost wars | revolt | Suffete for Life | deck exhausted | turn limit | Neutral won | "
    "turns mean / median / max | actions mean / median / max | seconds per game | "
    "thinking per faction and game, s, mean / median / max | longest wait, s |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def share(value: float, games: int) -> str:
    """A share with its 95% Wilson interval, in percent.

    >>> share(0.25, 100)
    '25% (18-34)'
    """
    interval = wilson_interval(round(value * games), games)
    return f"{value:.0%} ({interval.low:.0%}-{interval.high:.0%})".replace("%-", "-").replace(
        "%)", ")"
    )


def label(ending: Ending) -> str:
    """The agents of a row: the level, and with a field "LEVEL vs FIELD xn"."""
    if not ending.against:
        return ending.level
    return f"{ending.level} vs {ending.against} x{ending.players - 1}"


def table(endings: Sequence[Ending]) -> str:
    """The Markdown table: one row per (agents, players), in order of first appearance; every
    share with its 95% interval."""
    groups: dict[tuple[str, int], list[Ending]] = {}
    for ending in endings:
        groups.setdefault((label(ending), ending.players), []).append(ending)
    rows = [HEADER]
    for (agents, players), group in groups.items():
        row = summary(group)
        shares = [
            row["fell"],
            *row["falls"].values(),
            *row["endings"].values(),
            row["neutral_won"],
        ]
        rows.append(
            f"| {agents} | {players} | {row['games']} | "
            + " | ".join(share(value, row["games"]) for value in shares)
            + f" | {spread(row['turns'])} | {spread(row['actions'])} | "
            f"{row['seconds_mean']:.1f} | {spread(row['thinking'], 1)} | "
            + ("-" if row["longest_wait"] is None else f"{row['longest_wait']:.1f}")
            + " |"
        )
    return "\n".join(rows)


STRENGTH_HEADER = (
    "| level | field | players | games | among the winners | 95% interval | seat share |\n"
    "|---|---|---:|---:|---:|---|---:|"
)


def strength_table(endings: Sequence[Ending]) -> str:
    """Per (level, field, players) of the games with ``--against``: how often the one seat of
    the level was among the winners, with its 95% interval, and its share of the seats (the
    rate if every seat won alike). Empty when no such game."""
    groups: dict[tuple[str, str, int], list[Ending]] = {}
    for ending in endings:
        if ending.against:
            groups.setdefault((ending.level, ending.against, ending.players), []).append(ending)
    if not groups:
        return ""
    rows = [STRENGTH_HEADER]
    for (level, against, players), group in groups.items():
        won = sum(1 for e in group if e.measured in e.winners)
        interval = wilson_interval(won, len(group))
        rows.append(
            f"| {level} | {against} x{players - 1} | {players} | {len(group)} | "
            f"{won / len(group):.1%} | {interval.low:.1%}-{interval.high:.1%} | "
            f"{1 / players:.0%} |"
        )
    return "\n".join(rows)


COST_HEADER = (
    "| agents | players | games | factions timed | thinking per faction and game, CPU s, "
    "mean / median / max | longest wait, CPU s, median of the games / max |\n"
    "|---|---:|---:|---:|---:|---:|"
)


def timed_seats(ending: Ending) -> list[int]:
    """The factions whose thinking a row's cost is about: the one seat of the level against a
    field, or every faction when the level holds every seat."""
    if not ending.thinking_cpu:
        return []
    return [ending.seat] if ending.against else list(range(len(ending.thinking_cpu)))


def cost_table(endings: Sequence[Ending]) -> str:
    """Per (agents, players): the level's thinking over a game and its longest single wait, in
    CPU seconds (what a person at the table waits on a free core). Empty when no game in the
    files timed CPU seconds."""
    groups: dict[tuple[str, int], list[Ending]] = {}
    for ending in endings:
        if ending.thinking_cpu:
            groups.setdefault((label(ending), ending.players), []).append(ending)
    if not groups:
        return ""
    rows = [COST_HEADER]
    for (agents, players), group in groups.items():
        totals = [e.thinking_cpu[seat] for e in group for seat in timed_seats(e)]
        waits = [max(e.longest_wait_cpu[seat] for seat in timed_seats(e)) for e in group]
        rows.append(
            f"| {agents} | {players} | {len(group)} | {len(totals)} | {spread(totals, 1)} | "
            f"{statistics.median(waits):.1f} / {max(waits):.1f} |"
        )
    return "\n".join(rows)


def report(endings: Sequence[Ending]) -> str:
    """The endings table, then the strength table when some games had a field, then the
    level's cost in CPU seconds."""
    ordered = sorted_endings(endings)
    parts = (table(ordered), strength_table(ordered), cost_table(ordered))
    return "\n\n".join(part for part in parts if part)


def write_json(path: Path, header: dict[str, Any], endings: Sequence[Ending]) -> None:
    path.write_text(json.dumps({**header, "games": [asdict(e) for e in endings]}, indent=1))


def read_json(path: Path) -> list[Ending]:
    return [Ending(**entry) for entry in json.loads(path.read_text())["games"]]


def sorted_endings(endings: Sequence[Ending]) -> list[Ending]:
    """By level (in LEVELS' order, other specs last), players, then game."""
    order = {level: rank for rank, level in enumerate(LEVELS)}
    return sorted(endings, key=lambda e: (order.get(e.level, len(order)), e.players, e.index))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--level", action="append", choices=list(LEVELS), help="repeatable; default: every level"
    )
    parser.add_argument("--players", type=int, nargs="+", default=[3, 6])
    parser.add_argument("--games", type=int, default=200, help="games per level and players")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="start at this game (to go on with a stopped run: --report merges the two files)",
    )
    parser.add_argument("--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--json", type=Path, help="write every game's ending here")
    parser.add_argument(
        "--records", type=Path, help="keep every game's record in this folder (to replay one)"
    )
    parser.add_argument(
        "--report", type=Path, nargs="+", help="only print the table of these --json files"
    )
    parser.add_argument(
        "--against",
        choices=list(LEVELS),
        help="one seat of each --level against this level in every other seat, rotated",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="a level that budgets a game's thinking (weighed) reads CPU time, not wall time",
    )
    args = parser.parse_args()
    if args.report is not None:
        print(report([e for path in args.report for e in read_json(path)]))
        return
    options = parse_options(args.option)
    header = {
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "seed": args.seed,
        "options": options,
    }
    print(f"machine: {header['machine']}; seed {args.seed}, --jobs {args.jobs}")
    print(f"command: {header['command']}")
    print()
    endings: list[Ending] = []

    def record(ending: Ending) -> None:
        endings.append(ending)
        done = args.first + sum(
            1 for e in endings if (label(e), e.players) == (label(ending), ending.players)
        )
        print(
            f"{label(ending)} {ending.players}p: {done}/{args.games} games "
            f"({ending.reason}, turn {ending.turns}, {ending.seconds:.0f} s)",
            file=sys.stderr,
            flush=True,
        )
        if args.json is not None:
            write_json(args.json, header, endings)

    def spec(level: str) -> str:
        found = level_spec(level, GAME)
        return f"{found},cpu=1" if args.cpu and found.startswith("weighed:") else found

    opponents = None if args.against is None else (args.against, spec(args.against))
    for level in args.level or list(LEVELS):
        for players in args.players:
            play_endings(
                level,
                spec(level),
                players,
                args.games,
                args.seed,
                args.jobs,
                options,
                record,
                args.first,
                opponents,
                args.records,
            )
    print(report(endings))


if __name__ == "__main__":
    main()
