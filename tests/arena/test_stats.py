"""Arena statistics on fixed results, against numbers worked out by hand."""

from __future__ import annotations

import math

import pytest

from carthago.arena.stats import (
    PairingScore,
    agent_placing,
    elo_of_games,
    elo_ratings,
    elo_with_spread,
    pair_scores,
    pairwise,
    placings,
    wilson_interval,
)


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


@pytest.mark.parametrize(
    ("returns", "expected"),
    [
        ([1.0, -1.0, -1.0], [1, -1, -1]),  # one winner
        ([1.0, 1.0, -1.0], [1, 1, -1]),  # two winners share the win
        ([-1.0, -1.0, -1.0], [0, 0, 0]),  # all equal: a draw (nobody won)
        ([0.0, 0.0], [0, 0]),
        ([0.3, -0.2, 0.1, 0.3], [1, -1, -1, 1]),  # only the highest return wins
    ],
)
def test_placings_of_a_game(returns: list[float], expected: list[int]) -> None:
    assert placings(returns) == expected


def test_an_agent_in_several_seats_wins_when_any_of_them_wins() -> None:
    seats = ("a", "b", "b")
    assert agent_placing(seats, [-1.0, -1.0, 1.0], "b") == 1
    assert agent_placing(seats, [-1.0, -1.0, 1.0], "a") == -1
    assert agent_placing(seats, [0.0, 0.0, 0.0], "a") == 0
    assert agent_placing(seats, [1.0, 1.0, -1.0], "a") == 1


def test_pairwise_decomposition_of_a_four_player_game() -> None:
    # Seats a, b, c, b with returns 1, -1, 0, -1: a beats b twice and c; c beats b twice;
    # b against b is no comparison between agents.
    results = pairwise(("a", "b", "c", "b"), [1.0, -1.0, 0.0, -1.0])
    assert sorted(results) == sorted(
        [("a", "b", 1), ("a", "c", 1), ("a", "b", 1), ("b", "c", -1), ("c", "b", 1)]
    )
    scores = pair_scores([results], [("a", "b"), ("a", "c"), ("b", "c")])
    assert [(s.wins, s.draws, s.losses) for s in scores] == [(2, 0, 0), (1, 0, 0), (0, 0, 2)]


def test_elo_of_three_player_games_against_a_field() -> None:
    # Ten games of a against two b's: a wins six (beating both b's: 12 pairwise wins); a b wins
    # four (that b beats a, the other b ties a at -1: 4 losses and 4 draws for a). Pairwise a
    # scores (12 + 4/2) / 20 = 70%, odds 7:3, a gap of 400 log10(7/3) = 147.2 Elo.
    seats = ("a", "b", "b")
    games = [pairwise(seats, [1.0, -1.0, -1.0])] * 6 + [pairwise(seats, [-1.0, 1.0, -1.0])] * 4
    (score,) = pair_scores(games, [("a", "b")])
    assert (score.wins, score.draws, score.losses) == (12, 4, 4)
    ratings = elo_of_games([games], [("a", "b")], samples=50, seed=1, prior_draws=0)
    assert ratings["a"].elo - ratings["b"].elo == pytest.approx(400 * math.log10(7 / 3), abs=1e-6)
    assert ratings["a"].low < ratings["a"].elo < ratings["a"].high
    assert ratings == elo_of_games([games], [("a", "b")], samples=50, seed=1, prior_draws=0)


def test_two_player_elo_is_the_elo_of_its_games() -> None:
    scores = [PairingScore("a", "b", 6, 2, 3), PairingScore("b", "c", 4, 0, 5)]
    tables = [
        [(("a", "b", 1),)] * 6 + [(("a", "b", 0),)] * 2 + [(("a", "b", -1),)] * 3,
        [(("b", "c", 1),)] * 4 + [(("b", "c", -1),)] * 5,
    ]
    pairs = [("a", "b"), ("b", "c")]
    assert elo_with_spread(scores, samples=30, seed=2) == elo_of_games(
        tables, pairs, samples=30, seed=2
    )
