"""Tournaments between agent specs: who sits at which table, in parallel, and what came of it.

A tournament is a list of tables, each a tuple of as many agent specs as the game has players
(a spec may fill several seats). Round-robin: every table of the specs that holds at least two
different ones (for two players: every spec against every other); gauntlet: the first spec
against a field of each other spec (for two players: the first against each of the others);
table: the specs as given, one table. Each table plays ``games`` games, the seats changing
every game: game ``r`` uses the ``r``-th seating, cyclically, of either the table's rotations
(the agents move one seat on each game; for two players: seats swapped every game) or, when
asked, all its distinct permutations. Every game gets its own seed, derived from the
tournament's base seed and the game's place in the schedule, so a tournament replays
identically however many processes run it and in whatever order the games finish.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from carthago.agents.spec import make_agent
from carthago.arena.match import Thinking, play_match
from carthago.arena.stats import (
    GameResults,
    Interval,
    PairingScore,
    Rating,
    agent_placing,
    elo_of_games,
    pair_scores,
    pairwise,
    wilson_interval,
)
from carthago.core.game import Game
from carthago.core.registry import load

MODES = ("round-robin", "gauntlet", "table")
SEATINGS = ("rotations", "permutations")

Table = tuple[str, ...]
"""The agent spec of every seat, in seat order (or the lineup a seating rearranges)."""
BACKENDS = ("local", "ray")

OnOutcome = Callable[["GameOutcome"], None]


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts``, the same on every machine and in every process.

    >>> derive_seed(7, 0, 3) == derive_seed(7, 0, 3) != derive_seed(7, 0, 4)
    True
    """
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def round_robin(specs: Sequence[str], players: int = 2) -> list[Table]:
    """Every table of ``players`` seats filled from ``specs`` with at least two different ones.

    >>> round_robin(["random", "heuristic", "mcts"])
    [('random', 'heuristic'), ('random', 'mcts'), ('heuristic', 'mcts')]
    >>> round_robin(["random", "mcts"], players=3)
    [('random', 'random', 'mcts'), ('random', 'mcts', 'mcts')]
    """
    unique = list(dict.fromkeys(specs))
    return [
        table
        for table in itertools.combinations_with_replacement(unique, players)
        if len(set(table)) > 1
    ]


def gauntlet(specs: Sequence[str], players: int = 2) -> list[Table]:
    """The first spec in one seat, each other spec in all the other seats in turn.

    >>> gauntlet(["mcts", "random", "heuristic"])
    [('mcts', 'random'), ('mcts', 'heuristic')]
    >>> gauntlet(["mcts", "random"], players=3)
    [('mcts', 'random', 'random')]
    """
    unique = list(dict.fromkeys(specs))
    return [(unique[0],) + (other,) * (players - 1) for other in unique[1:]]


def tables_for(mode: str, specs: Sequence[str], players: int = 2) -> list[Table]:
    """The tables of a tournament in ``mode`` for a game of ``players`` players."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "table":
        if len(specs) != players:
            raise ValueError(f"a table needs one spec per seat: {players} specs, not {len(specs)}")
        tables = [tuple(specs)] if len(set(specs)) > 1 else []
    elif mode == "round-robin":
        tables = round_robin(specs, players)
    else:
        tables = gauntlet(specs, players)
    if not tables:
        raise ValueError("a tournament needs at least two different agent specs")
    return tables


def pairings_for(mode: str, specs: Sequence[str]) -> list[Table]:
    """The tables of a two-player tournament (see :func:`tables_for`)."""
    return tables_for(mode, specs, 2)


def seatings(table: Table, seating: str = "rotations") -> list[Table]:
    """The distinct seat orders a table plays in turn.

    Rotations move every agent one seat on (the table's first agent sits in seat ``r`` in the
    ``r``-th); permutations are every distinct order, in lexicographic order of seat indices.

    >>> seatings(("a", "b"))
    [('a', 'b'), ('b', 'a')]
    >>> seatings(("a", "b", "b"))
    [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
    >>> seatings(("a", "b", "a", "b"))
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    >>> len(seatings(("a", "b", "c"), "permutations"))
    6
    """
    if seating not in SEATINGS:
        raise ValueError(f"seating must be one of {', '.join(SEATINGS)}, not {seating!r}")
    n = len(table)
    if seating == "rotations":
        orders = [tuple(table[(seat - r) % n] for seat in range(n)) for r in range(n)]
    else:
        orders = list(itertools.permutations(table))
    return list(dict.fromkeys(orders))


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker process (or a Ray task) needs, and picklable."""

    index: int
    pairing: int
    """The index of the game's table (its pairing, for two players)."""
    game: str
    options: dict[str, Any]
    module: str
    """The module that registers the game, imported by workers that do not know it yet."""
    seats: tuple[str, ...]
    seed: int
    records: str | None


@dataclass(frozen=True)
class GameOutcome:
    """What one game produced."""

    index: int
    pairing: int
    """The index of the game's table."""
    seats: tuple[str, ...]
    returns: list[float]
    moves: int
    seconds: float
    seed: int
    thinking: tuple[float, ...] = ()
    """Each seat's wall seconds of answering in the game (:class:`Thinking`)."""
    longest_wait: tuple[float, ...] = ()
    """Each seat's longest single answer, in wall seconds."""
    thinking_cpu: tuple[float, ...] = ()
    """Each seat's CPU seconds of answering in the game."""
    longest_wait_cpu: tuple[float, ...] = ()
    """Each seat's longest single answer, in CPU seconds."""


def record_path(folder: str | Path, index: int) -> Path:
    """Where the record of the tournament's game ``index`` is saved."""
    return Path(folder) / f"game-{index:05d}.json"


def play_task(task: GameTask) -> GameOutcome:
    """Play one scheduled game (in whatever process runs it) and save its record if asked."""
    importlib.import_module(task.module)
    game = load(task.game, **task.options)
    agents = [
        make_agent(spec, seed=derive_seed(task.seed, "seat", seat))
        for seat, spec in enumerate(task.seats)
    ]
    start = time.perf_counter()
    thinking = Thinking()
    record = play_match(game, agents, seed=task.seed, thinking=thinking)
    seconds = time.perf_counter() - start
    if task.records is not None:
        record.save(record_path(task.records, task.index))
    assert record.result is not None
    return GameOutcome(
        task.index,
        task.pairing,
        task.seats,
        record.result,
        len(record.actions),
        seconds,
        task.seed,
        tuple(thinking.total),
        tuple(thinking.longest),
        tuple(thinking.cpu_total),
        tuple(thinking.cpu_longest),
    )


def schedule(
    game: Game,
    tables: Sequence[Table],
    games: int,
    seed: int = 0,
    records: str | Path | None = None,
    seating: str = "rotations",
) -> list[GameTask]:
    """The games of a tournament: per table, ``games`` games going through its seatings."""
    players = game.num_players
    for table in tables:
        if len(table) != players:
            raise ValueError(
                f"{game.name} is played by {players}, but the table {', '.join(table)} seats "
                f"{len(table)} agents"
            )
    if games < 1:
        raise ValueError("a table needs at least one game")
    for spec in {spec for table in tables for spec in table}:
        make_agent(spec)  # refuse a bad spec before any process starts
    folder = None
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
        folder = str(records)
    tasks: list[GameTask] = []
    for number, table in enumerate(tables):
        orders = seatings(table, seating)
        for round_ in range(games):
            tasks.append(
                GameTask(
                    index=len(tasks),
                    pairing=number,
                    game=game.name,
                    options=dict(game.options),
                    module=type(game).__module__,
                    seats=orders[round_ % len(orders)],
                    seed=derive_seed(seed, number, round_),
                    records=folder,
                )
            )
    return tasks


def run_tasks(
    tasks: Sequence[GameTask],
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_outcome: OnOutcome | None = None,
) -> list[GameOutcome]:
    """Play every task; ``on_outcome`` hears of each game as it ends. Sorted by task index."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    outcomes: list[GameOutcome] = []

    def collect(outcome: GameOutcome) -> None:
        outcomes.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)

    if backend == "ray":
        from carthago.arena.ray_backend import run_on_ray

        run_on_ray(tasks, address, collect)
    elif jobs <= 1:
        for task in tasks:
            collect(play_task(task))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_task, task) for task in tasks]
            for future in as_completed(futures):
                collect(future.result())
    return sorted(outcomes, key=lambda outcome: outcome.index)


@dataclass(frozen=True)
class AgentScore:
    """What ``agent``, holding ``seats`` seats of ``table``, won over that table's games.

    A win is holding one of the winning seats (the highest return), a draw a game where every
    return is equal, a loss anything else (see :func:`carthago.arena.stats.placings`).
    """

    table: Table
    agent: str
    seats: int
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def seat_share(self) -> float:
        """The share of the seats the agent holds: its win rate if all seats won alike."""
        return self.seats / len(self.table)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def win_interval(self) -> Interval:
        return wilson_interval(self.wins, self.games)


@dataclass
class TournamentResult:
    """Per-agent results per table, pairwise scores and Elo ratings, ready for tables or JSON.

    ``scores`` are the pairwise results (for two players: each pairing from its first spec's
    side); ``agents`` the per-agent results of every table.
    """

    game: str
    options: dict[str, Any]
    games_per_pairing: int
    seed: int
    scores: list[PairingScore]
    ratings: dict[str, Rating]
    outcomes: list[GameOutcome] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    agents: list[AgentScore] = field(default_factory=list)
    seating: str = "rotations"

    @property
    def players(self) -> int:
        return len(self.tables[0]) if self.tables else 2

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "games_per_pairing": self.games_per_pairing,
            "seating": self.seating,
            "seed": self.seed,
            "pairings": [
                {
                    **asdict(score),
                    "games": score.games,
                    "score": score.score,
                    "score_ci95": list(asdict(score.score_interval()).values()),
                    "win_rate": score.wins / score.games if score.games else 0.0,
                    "win_ci95": list(asdict(score.win_interval()).values()),
                }
                for score in self.scores
            ],
            "tables": [
                {
                    "table": list(score.table),
                    "agent": score.agent,
                    "seats": score.seats,
                    "seat_share": score.seat_share,
                    "wins": score.wins,
                    "draws": score.draws,
                    "losses": score.losses,
                    "games": score.games,
                    "win_rate": score.win_rate,
                    "win_ci95": list(asdict(score.win_interval()).values()),
                }
                for score in self.agents
            ],
            "ratings": {spec: asdict(rating) for spec, rating in self.ratings.items()},
            "games": [asdict(outcome) for outcome in self.outcomes],
        }


def table_pairs(tables: Sequence[Table]) -> list[tuple[str, str]]:
    """Every two different specs that share a table, each pair once, in order of appearance.

    >>> table_pairs([("a", "b", "b"), ("c", "b", "a")])
    [('a', 'b'), ('c', 'b'), ('c', 'a')]
    """
    pairs: dict[tuple[str, str], None] = {}
    for table in tables:
        unique = list(dict.fromkeys(table))
        for i, first in enumerate(unique):
            for second in unique[i + 1 :]:
                if (second, first) not in pairs:
                    pairs[first, second] = None
    return list(pairs)


def summarize(
    game: Game,
    tables: Sequence[Table],
    outcomes: Sequence[GameOutcome],
    games: int,
    seed: int,
    seating: str = "rotations",
) -> TournamentResult:
    """Every agent's wins, draws and losses per table, the pairwise scores, everyone's Elo."""
    tally = [{spec: [0, 0, 0] for spec in dict.fromkeys(table)} for table in tables]
    per_table: list[list[GameResults]] = [[] for _ in tables]
    for outcome in outcomes:
        for spec, counts in tally[outcome.pairing].items():
            counts[1 - agent_placing(outcome.seats, outcome.returns, spec)] += 1
        per_table[outcome.pairing].append(pairwise(outcome.seats, outcome.returns))
    agents = [
        AgentScore(table, spec, table.count(spec), *counts)
        for table, counts_of in zip(tables, tally, strict=True)
        for spec, counts in counts_of.items()
    ]
    pairs = table_pairs(tables)
    # Each table's games ordered by result (wins first), so the bootstrap does not depend on
    # the order the games were scheduled in.
    ordered = [sorted(results, key=lambda g: [-r for _, _, r in g]) for results in per_table]
    return TournamentResult(
        game.name,
        dict(game.options),
        games,
        seed,
        pair_scores((g for results in per_table for g in results), pairs),
        elo_of_games(ordered, pairs, seed=seed),
        list(outcomes),
        list(tables),
        agents,
        seating,
    )


def run_tournament(
    game: Game,
    tables: Sequence[Table],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    records: str | Path | None = None,
    backend: str = "local",
    address: str | None = None,
    on_outcome: OnOutcome | None = None,
    seating: str = "rotations",
) -> TournamentResult:
    """Schedule, play and summarize a tournament."""
    tasks = schedule(game, tables, games, seed, records, seating)
    outcomes = run_tasks(tasks, jobs, backend, address, on_outcome)
    return summarize(game, tables, outcomes, games, seed, seating)
