"""Tournaments between agent specs: who plays whom, in parallel, and what came of it.

A tournament is a list of pairings (round-robin: every spec against every other; gauntlet: the
first spec against each of the others). Each pairing plays ``games`` games with the seats
swapped every game. Every game gets its own seed, derived from the tournament's base seed and
the game's place in the schedule, so a tournament replays identically however many processes
run it and in whatever order the games finish.
"""

from __future__ import annotations

import hashlib
import importlib
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from carthago.agents.spec import make_agent
from carthago.arena.match import play_match
from carthago.arena.stats import PairingScore, Rating, elo_with_spread
from carthago.core.game import Game
from carthago.core.registry import load

MODES = ("round-robin", "gauntlet")
BACKENDS = ("local", "ray")

OnOutcome = Callable[["GameOutcome"], None]


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts``, the same on every machine and in every process.

    >>> derive_seed(7, 0, 3) == derive_seed(7, 0, 3) != derive_seed(7, 0, 4)
    True
    """
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def round_robin(specs: Sequence[str]) -> list[tuple[str, str]]:
    """Every spec against every later one.

    >>> round_robin(["random", "heuristic", "mcts"])
    [('random', 'heuristic'), ('random', 'mcts'), ('heuristic', 'mcts')]
    """
    unique = list(dict.fromkeys(specs))
    return [(a, b) for i, a in enumerate(unique) for b in unique[i + 1 :]]


def gauntlet(specs: Sequence[str]) -> list[tuple[str, str]]:
    """The first spec against each of the others.

    >>> gauntlet(["mcts", "random", "heuristic"])
    [('mcts', 'random'), ('mcts', 'heuristic')]
    """
    unique = list(dict.fromkeys(specs))
    return [(unique[0], other) for other in unique[1:]]


def pairings_for(mode: str, specs: Sequence[str]) -> list[tuple[str, str]]:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    pairings = round_robin(specs) if mode == "round-robin" else gauntlet(specs)
    if not pairings:
        raise ValueError("a tournament needs at least two different agent specs")
    return pairings


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker process (or a Ray task) needs, and picklable."""

    index: int
    pairing: int
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
    seats: tuple[str, ...]
    returns: list[float]
    moves: int
    seconds: float
    seed: int


def play_task(task: GameTask) -> GameOutcome:
    """Play one scheduled game (in whatever process runs it) and save its record if asked."""
    importlib.import_module(task.module)
    game = load(task.game, **task.options)
    agents = [
        make_agent(spec, seed=derive_seed(task.seed, "seat", seat))
        for seat, spec in enumerate(task.seats)
    ]
    start = time.perf_counter()
    record = play_match(game, agents, seed=task.seed)
    seconds = time.perf_counter() - start
    if task.records is not None:
        record.save(Path(task.records) / f"game-{task.index:05d}.json")
    assert record.result is not None
    return GameOutcome(
        task.index, task.pairing, task.seats, record.result, len(record.actions), seconds, task.seed
    )


def schedule(
    game: Game,
    pairings: Sequence[tuple[str, str]],
    games: int,
    seed: int = 0,
    records: str | Path | None = None,
) -> list[GameTask]:
    """The games of a tournament: per pairing, ``games`` games with seats swapped each game."""
    if game.num_players != 2:
        raise ValueError(
            f"the arena pits two agents against each other; {game.name} is played by "
            f"{game.num_players} (choose a two-player option set)"
        )
    if games < 1:
        raise ValueError("a pairing needs at least one game")
    for spec in {spec for pairing in pairings for spec in pairing}:
        make_agent(spec)  # refuse a bad spec before any process starts
    folder = None
    if records is not None:
        Path(records).mkdir(parents=True, exist_ok=True)
        folder = str(records)
    tasks: list[GameTask] = []
    for number, (first, second) in enumerate(pairings):
        for round_ in range(games):
            seats = (first, second) if round_ % 2 == 0 else (second, first)
            tasks.append(
                GameTask(
                    index=len(tasks),
                    pairing=number,
                    game=game.name,
                    options=dict(game.options),
                    module=type(game).__module__,
                    seats=seats,
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


@dataclass
class TournamentResult:
    """Scores per pairing and Elo ratings, ready for a table or for JSON."""

    game: str
    options: dict[str, Any]
    games_per_pairing: int
    seed: int
    scores: list[PairingScore]
    ratings: dict[str, Rating]
    outcomes: list[GameOutcome] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "games_per_pairing": self.games_per_pairing,
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
            "ratings": {spec: asdict(rating) for spec, rating in self.ratings.items()},
            "games": [asdict(outcome) for outcome in self.outcomes],
        }


def summarize(
    game: Game,
    pairings: Sequence[tuple[str, str]],
    outcomes: Sequence[GameOutcome],
    games: int,
    seed: int,
) -> TournamentResult:
    """Wins, draws and losses of each pairing's first spec, and everyone's Elo."""
    tally = [[0, 0, 0] for _ in pairings]
    for outcome in outcomes:
        seat = outcome.seats.index(pairings[outcome.pairing][0])
        mine, theirs = outcome.returns[seat], outcome.returns[1 - seat]
        tally[outcome.pairing][0 if mine > theirs else 1 if mine == theirs else 2] += 1
    scores = [
        PairingScore(first, second, wins, draws, losses)
        for (first, second), (wins, draws, losses) in zip(pairings, tally, strict=True)
    ]
    return TournamentResult(
        game.name,
        dict(game.options),
        games,
        seed,
        scores,
        elo_with_spread(scores, seed=seed),
        list(outcomes),
    )


def run_tournament(
    game: Game,
    pairings: Sequence[tuple[str, str]],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    records: str | Path | None = None,
    backend: str = "local",
    address: str | None = None,
    on_outcome: OnOutcome | None = None,
) -> TournamentResult:
    """Schedule, play and summarize a tournament."""
    tasks = schedule(game, pairings, games, seed, records)
    outcomes = run_tasks(tasks, jobs, backend, address, on_outcome)
    return summarize(game, pairings, outcomes, games, seed)
