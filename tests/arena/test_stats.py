"""Arena statistics on fixed results, against numbers worked out by hand."""

from __future__ import annotations

import math

import pytest

from carthago.arena.stats import PairingScore, elo_ratings, elo_with_spread, wilson_interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Wilson intervals, z = 1.96: the textbook values.
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (90, 100, 0.8256, 0.9448),
        (0, 0, 0.0, 1.0),
    ],
)
def test_wilson_interval(successes: int, trials: int, low: float, high: float) -> None:
    interval = wilson_interval(successes, trials)
    assert interval.low == pytest.approx(low, abs=1e-4)
    assert interval.high == pytest.approx(high, abs=1e-4)


def test_pairing_counts_a_draw_as_half() -> None:
    score = PairingScore("a", "b", wins=6, draws=4, losses=10)
    assert score.games == 20
    assert score.score == pytest.approx(0.4)
    assert score.score_interval() == wilson_interval(8, 20)
    assert score.win_interval() == wilson_interval(6, 20)


def test_elo_of_three_to_one() -> None:
    # 3:1 odds are a gap of 400 log10(3) = 190.85 Elo, split around 0.
    ratings = elo_ratings([PairingScore("a", "b", 30, 0, 10)], prior_draws=0)
    assert ratings["a"] == pytest.approx(200 * math.log10(3), abs=1e-6)
    assert ratings["b"] == pytest.approx(-200 * math.log10(3), abs=1e-6)


def test_elo_of_a_consistent_three_player_round_robin() -> None:
    # Strengths 4 : 2 : 1 explain these scores exactly (2:1, 2:1 and 4:1 odds), so the maximum
    # likelihood Elo ratings are 400 log10 of them, centred: +120.41, 0, -120.41.
    scores = [
        PairingScore("a", "b", 20, 0, 10),
        PairingScore("b", "c", 20, 0, 10),
        PairingScore("a", "c", 24, 0, 6),
    ]
    ratings = elo_ratings(scores, prior_draws=0)
    step = 400 * math.log10(2)
    assert ratings["a"] == pytest.approx(step, abs=1e-6)
    assert ratings["b"] == pytest.approx(0, abs=1e-6)
    assert ratings["c"] == pytest.approx(-step, abs=1e-6)


def test_even_score_with_draws_is_equal_elo() -> None:
    ratings = elo_ratings([PairingScore("a", "b", 3, 4, 3)], prior_draws=0)
    assert ratings["a"] == pytest.approx(0, abs=1e-9)
    assert ratings["b"] == pytest.approx(0, abs=1e-9)


def test_prior_draws_keep_a_perfect_score_finite() -> None:
    # 200 wins plus one virtual draw: odds 200.5 : 0.5, a gap of 400 log10(401).
    ratings = elo_ratings([PairingScore("a", "b", 200, 0, 0)], prior_draws=1)
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(401), abs=1e-6)


def test_bootstrap_spread_is_seeded_and_brackets_the_rating() -> None:
    scores = [PairingScore("a", "b", 60, 10, 30), PairingScore("b", "c", 55, 0, 45)]
    ratings = elo_with_spread(scores, samples=100, seed=3)
    assert ratings == elo_with_spread(scores, samples=100, seed=3)
    assert ratings["a"].elo > ratings["b"].elo > ratings["c"].elo
    for rating in ratings.values():
        assert rating.spread > 0
        assert rating.low < rating.elo < rating.high
    # More games, same proportions: a smaller spread.
    bigger = [PairingScore("a", "b", 600, 100, 300), PairingScore("b", "c", 550, 0, 450)]
    assert elo_with_spread(bigger, samples=100, seed=3)["a"].spread < ratings["a"].spread
