"""The statistics of a tournament: scores with 95% confidence intervals, and Elo ratings.

Scores count a win as 1 and a draw as 1/2. Intervals are Wilson score intervals (which stay
inside [0, 1] and behave at 0% and 100%, unlike the normal approximation). Elo ratings are the
maximum-likelihood Bradley-Terry strengths of all games together, on the Elo scale (a 400-point
gap means 10:1 odds), centred on 0; ``prior_draws`` virtual drawn games per pairing keep a
perfect score finite. Their spread comes from a seeded bootstrap over the games of each pairing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
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


def elo_with_spread(
    scores: Sequence[PairingScore], samples: int = 200, seed: int = 0, prior_draws: float = 1.0
) -> dict[str, Rating]:
    """Elo ratings with a bootstrap over the games of each pairing (``samples`` replicates)."""
    centre = elo_ratings(scores, prior_draws)
    rng = random.Random(seed)
    replicates: dict[str, list[float]] = {p: [] for p in centre}
    for _ in range(samples):
        resampled = []
        for s in scores:
            outcomes = [1] * s.wins + [0] * s.draws + [-1] * s.losses
            drawn = [rng.choice(outcomes) for _ in outcomes]
            resampled.append(
                PairingScore(s.first, s.second, drawn.count(1), drawn.count(0), drawn.count(-1))
            )
        for player, value in elo_ratings(resampled, prior_draws, iterations=2000).items():
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
