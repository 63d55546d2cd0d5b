"""benchmarks/dbp_outcomes.py: De Bello Punico battles played, classified, summed."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.benchmarks.scripts import load_script


@pytest.fixture(scope="module")
def outcomes() -> ModuleType:
    return load_script("dbp_outcomes")


def test_two_random_battles_add_up(outcomes: ModuleType) -> None:
    endings = [outcomes.play("po", "random", seed) for seed in (3, 4)]
    for ending in endings:
        assert ending.ending in outcomes.ENDINGS and ending.winner in outcomes.WINNERS
        assert 1 <= ending.turns <= 15 and ending.seconds > 0
        # A battle that ran to the Po's limit without a rout has no winner (§17.3.3).
        if ending.ending == "turn limit":
            assert ending.winner == "draw" and ending.turns == 15
        else:
            assert ending.winner != "draw" or ending.ending == "both routed"
    lines = outcomes.table(endings).splitlines()
    assert len(lines) == 3 and lines[2].startswith("| po | random | 2 | ")
    shares = [int(cell.strip().rstrip("%")) for cell in lines[2].split("|")[4:11]]
    assert sum(shares[:4]) == 100 and sum(shares[4:]) == 100


def test_a_battle_replays_identically_from_its_seed(outcomes: ModuleType) -> None:
    first, again = (outcomes.play("zama", "random", 7) for _ in range(2))
    assert (first.ending, first.winner, first.turns, first.rout) == (
        again.ending,
        again.winner,
        again.turns,
        again.rout,
    )
