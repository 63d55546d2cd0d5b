"""The statistics of a tournament: scores with 95% confidence intervals, and Elo ratings.

Scores count a win as 1 and a draw as 1/2. Intervals are Wilson score intervals (which stay
inside [0, 1] and behave at 0% and 100%, unlike the normal approximation). Elo ratings are the
maximum-likelihood Bradley-Terry strengths of all games together, on the Elo scale (a 400-point
gap means 10:1 odds), centred on 0; ``prior_draws`` virtual drawn games per pairing keep a
perfect score finite. Their spread comes from a seeded bootstrap over the games of each table.

Games of more than two players are read two ways (see :func:`placings` and :func:`pairwise`):
per agent, a win is being among the winners (the seats with the highest return), a draw is a
game where every return is equal, anything else a loss; for Elo, every game is decomposed into
one two-player result per pair of seats held by different agents (the higher return wins, equal
returns draw), and those results are rated like two-player games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


def wilson_interval(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion ``successes / trials``.

    >>> interval = wilson_interval(5, 10)
    >>> round(interval.low, 4), round(interval.high, 4)
    (0.2366, 0.7634)
    >>> wilson_interval(0, 0)
    Interval(low=0.0, high=1.0)
    """
    if trials <= 0:
        return Interval(0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class PairingScore:
    """What ``first`` scored against ``second`` over ``games`` games."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Points per game of ``first``: a win 1, a draw 1/2."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def win_interval(self) -> Interval:
        return wilson_interval(self.wins, self.games)

    def score_interval(self) -> Interval:
        return wilson_interval(self.wins + self.draws / 2, self.games)


def elo_ratings(
    scores: Sequence[PairingScore], prior_draws: float = 1.0, iterations: int = 10_000
) -> dict[str, float]:
    """Elo ratings (mean 0) that best explain ``scores``, by Hunter's MM iteration.

    >>> ratings = elo_ratings([PairingScore("a", "b", 3, 0, 1)], prior_draws=0)
    >>> round(ratings["a"], 2), round(ratings["b"], 2)
    (95.42, -95.42)
    """
    players = sorted({s.first for s in scores} | {s.second for s in scores})
    points = dict.fromkeys(players, 0.0)
    games: dict[tuple[str, str], float] = {}
    for s in scores:
        if s.first == s.second:
            continue
        points[s.first] += s.wins + s.draws / 2 + prior_draws / 2
        points[s.second] += s.losses + s.draws / 2 + prior_draws / 2
        for key in ((s.first, s.second), (s.second, s.first)):
            games[key] = games.get(key, 0.0) + s.games + prior_draws
    strength = dict.fromkeys(players, 1.0)
    for _ in range(iterations):
        updated = {}
        for player in players:
            denominator = sum(
                count / (strength[player] + strength[other])
                for (one, other), count in games.items()
                if one == player
            )
            # A player who never scored would go to strength 0 (minus infinity in Elo);
            # a tiny floor keeps the numbers finite when prior_draws is 0.
            updated[player] = max(points[player], 1e-9) / denominator if denominator else 1.0
        norm = math.exp(sum(math.log(v) for v in updated.values()) / len(players))
        updated = {p: v / norm for p, v in updated.items()}
        change = max(abs(updated[p] - strength[p]) for p in players)
        strength = updated
        if change < 1e-12:
            break
    return {p: 400 * math.log10(strength[p]) for p in players}


@dataclass(frozen=True)
class Rating:
    """An Elo rating with the spread of its bootstrap replicates."""

    elo: float
    spread: float
    """Standard deviation of the bootstrap ratings."""
    low: float
    high: float
    """The 2.5% and 97.5% percentiles of the bootstrap ratings."""


PairResult = tuple[str, str, int]
"""One two-player result: the two agents and +1 if the first outscored the second, 0 if they
drew, -1 if the second outscored the first."""

GameResults = tuple[PairResult, ...]
"""The two-player results one game decomposes into (one for a two-player game)."""


def placings(returns: Sequence[float]) -> list[int]:
    """Per seat: +1 among the winners, 0 when every return is equal (a draw), else -1.

    The winners are the seats with the highest return, so several seats can win together.

    >>> placings([1.0, -1.0, -1.0]), placings([1.0, 1.0, -1.0]), placings([-1.0, -1.0, -1.0])
    ([1, -1, -1], [1, 1, -1], [0, 0, 0])
    >>> placings([0.5, -0.5])
    [1, -1]
    """
    top = max(returns)
    if all(value == top for value in returns):
        return [0] * len(returns)
    return [1 if value == top else -1 for value in returns]


def agent_placing(seats: Sequence[str], returns: Sequence[float], agent: str) -> int:
    """The result of ``agent`` (which may hold several seats): +1 if any of its seats is among
    the winners, 0 if every return is equal, else -1.

    >>> agent_placing(("a", "b", "b"), [-1.0, 1.0, -1.0], "b")
    1
    >>> agent_placing(("a", "b", "b"), [-1.0, 1.0, -1.0], "a")
    -1
    """
    return max(p for spec, p in zip(seats, placings(returns), strict=True) if spec == agent)


def pairwise(seats: Sequence[str], returns: Sequence[float]) -> GameResults:
    """One two-player result per pair of seats held by different agents, in seat order.

    >>> pairwise(("a", "b", "b"), [1.0, -1.0, -1.0])
    (('a', 'b', 1), ('a', 'b', 1))
    >>> pairwise(("b", "a", "c"), [-1.0, 1.0, -1.0])
    (('b', 'a', -1), ('b', 'c', 0), ('a', 'c', 1))
    """
    results = []
    for i, first in enumerate(seats):
        for j in range(i + 1, len(seats)):
            second = seats[j]
            if first != second:
                mine, theirs = returns[i], returns[j]
                results.append((first, second, (mine > theirs) - (mine < theirs)))
    return tuple(results)


def pair_scores(
    games: Iterable[Sequence[PairResult]], pairs: Sequence[tuple[str, str]]
) -> list[PairingScore]:
    """The results of ``games`` tallied per pair of ``pairs`` (each pair in its given order;
    every pair met in ``games`` must be listed, in one order or the other).

    >>> pair_scores([(("b", "a", 1),), (("a", "b", 0),)], [("a", "b")])
    [PairingScore(first='a', second='b', wins=0, draws=1, losses=1)]
    """
    tally = {pair: [0, 0, 0] for pair in pairs}
    for game in games:
        for first, second, result in game:
            if (first, second) in tally:
                tally[first, second][1 - result] += 1
            else:
                tally[second, first][1 + result] += 1
    return [PairingScore(a, b, *tally[a, b]) for a, b in pairs]


def elo_with_spread(
    scores: Sequence[PairingScore], samples: int = 200, seed: int = 0, prior_draws: float = 1.0
) -> dict[str, Rating]:
    """Elo ratings with a bootstrap over the games of each pairing (``samples`` replicates)."""
    tables = [
        [((s.first, s.second, 1),)] * s.wins
        + [((s.first, s.second, 0),)] * s.draws
        + [((s.first, s.second, -1),)] * s.losses
        for s in scores
    ]
    return elo_of_games(tables, [(s.first, s.second) for s in scores], samples, seed, prior_draws)


def elo_of_games(
    tables: Sequence[Sequence[GameResults]],
    pairs: Sequence[tuple[str, str]],
    samples: int = 200,
    seed: int = 0,
    prior_draws: float = 1.0,
) -> dict[str, Rating]:
    """Elo ratings of the pairwise results of every game of ``tables``, tallied per ``pairs``,
    with a bootstrap that resamples whole games within each table (``samples`` replicates).

    Resampling whole games keeps the pairwise results of one game together, so the spread
    accounts for their being correlated (in a game of three, one winner beats both others).
    """
    centre = elo_ratings(pair_scores((g for games in tables for g in games), pairs), prior_draws)
    rng = random.Random(seed)
    replicates: dict[str, list[float]] = {p: [] for p in centre}
    for _ in range(samples):
        drawn = [rng.choice(games) for games in tables for _ in games]
        for player, value in elo_ratings(
            pair_scores(drawn, pairs), prior_draws, iterations=2000
        ).items():
            replicates[player].append(value)
    ratings = {}
    for player, elo in centre.items():
        values = sorted(replicates[player])
        if not values:
            ratings[player] = Rating(elo, 0.0, elo, elo)
            continue
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
        low = values[int(0.025 * (len(values) - 1))]
        high = values[math.ceil(0.975 * (len(values) - 1))]
        ratings[player] = Rating(elo, spread, low, high)
    return ratings
