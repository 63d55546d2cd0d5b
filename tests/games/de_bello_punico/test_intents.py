"""The aims a planner leans its movement plans towards: whom to strike, from where, and keeping
the shaken out of reach (games/de_bello_punico/intents.py)."""

from __future__ import annotations

import pytest

from carthago.games.de_bello_punico import heuristics
from carthago.games.de_bello_punico.hexgrid import DIRECTIONS
from carthago.games.de_bello_punico.intents import Hold, Strike, aims, targets
from carthago.games.de_bello_punico.state import DbpState

from .position import CARTHAGE, ROME, blank, find, put


def _lean(state: DbpState, aim: Strike | Hold, player: int) -> float:
    """What the aim adds to the heuristic's value of ``state`` for ``player``."""
    return aim(state, player) - heuristics.evaluate(state, player)


def _next_to(state: DbpState, unit: int, direction: str) -> tuple[int, int]:
    """Column and row of the hex beside ``unit`` in ``direction``."""
    hex_ = state.grid.neighbours[state.pos[unit]][DIRECTIONS.index(direction)]
    return state.grid.column_row(hex_)


def test_s10_5_a_strike_leans_twice_as_hard_for_a_unit_in_the_targets_rear_as_in_its_front() -> (
    None
):
    leans = {}
    for side_of_target, facing in (("S", "N"), ("N", "S")):
        state = blank("zama")
        # The Celts face south: their rear is to the north.
        target = put(state, find(state, CARTHAGE, "Ce"), 8, 8, "S")
        column, row = _next_to(state, target, side_of_target)
        put(state, find(state, ROME, "Ha"), column, row, facing)
        leans[side_of_target] = _lean(state, Strike(ROME, target), ROME)
    assert leans["S"] > 0
    assert leans["N"] == pytest.approx(2 * leans["S"])


def test_s8_a_strike_draws_in_a_unit_that_can_reach_the_target_and_not_one_that_cannot() -> None:
    leans = {}
    for gap in (3, 8):
        state = blank("zama")
        target = put(state, find(state, CARTHAGE, "Ce"), 8, 4, "S")
        put(state, find(state, ROME, "Ha"), 8, 4 + gap, "N")  # Hastati: 4 Movement Points
        leans[gap] = _lean(state, Strike(ROME, target), ROME)
    assert leans[3] > 0
    assert leans[8] == 0
    # The opponent reads the same lean against itself.
    state = blank("zama")
    target = put(state, find(state, CARTHAGE, "Ce"), 8, 4, "S")
    put(state, find(state, ROME, "Ha"), 8, 7, "N")
    assert _lean(state, Strike(ROME, target), CARTHAGE) < 0


def test_s16_holding_back_counts_a_shaken_unit_near_the_enemy_and_not_a_fresh_one() -> None:
    def lean(disorder: int, row: int) -> float:
        state = blank("zama")
        put(state, find(state, CARTHAGE, "Ce"), 8, 4, "S")
        put(state, find(state, ROME, "Ha"), 8, row, "N", disorder=disorder)  # morale 5
        return _lean(state, Hold(ROME), ROME)

    assert lean(disorder=3, row=6) < 0
    assert lean(disorder=3, row=9) == 0  # out of the enemy's way
    assert lean(disorder=1, row=6) == 0  # not shaken


def test_s16_the_targets_are_the_enemy_units_most_worth_routing_that_several_friends_reach() -> (
    None
):
    state = blank("zama")
    celts = put(state, find(state, CARTHAGE, "Ce"), 6, 4, "S")  # Rout value 1
    veterans = put(state, find(state, CARTHAGE, "Vt"), 9, 4, "S")  # Rout value 2
    alone = put(state, find(state, CARTHAGE, "Vt", 2), 16, 4, "S")
    put(state, find(state, ROME, "Ha"), 7, 7, "N")
    put(state, find(state, ROME, "Ha", 2), 8, 7, "N")
    put(state, find(state, ROME, "Ve"), 16, 14, "N")
    assert targets(state, ROME) == [veterans, celts]
    assert alone not in targets(state, ROME)
    # Shaken Celts outweigh fresh veterans of the same reach.
    state.dis[celts] = 2
    assert targets(state, ROME)[0] == celts
    assert aims(state, ROME) == [Strike(ROME, celts), Strike(ROME, veterans)]
    state.dis[find(state, ROME, "Ha")] = 3
    assert aims(state, ROME)[-1] == Hold(ROME)
