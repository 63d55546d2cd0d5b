"""§6-§8: facing, front and rear hexes, movement, stacking, crossing, zones of control; §9.2."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.de_bello_punico import movement
from carthago.games.de_bello_punico.hexgrid import Grid, front_directions, rear_directions
from carthago.games.de_bello_punico.movement import LEFT_ZOC
from carthago.games.de_bello_punico.state import DbpState

from .position import CARTHAGE, ROME, blank, find, put, settle_on


def test_s8_front_and_rear_are_the_three_hexes_each_side() -> None:
    assert front_directions(0) == (5, 0, 1)
    assert rear_directions(0) == (2, 3, 4)
    grid = Grid(6, 6)
    here = grid.hex_of(2, 2)
    front = set(grid.front(here, 3))
    rear = set(grid.rear(here, 3))
    assert not front & rear and len(front | rear) == 6
    assert grid.hex_of(2, 3) in front and grid.hex_of(2, 1) in rear


def test_s9_2_line_of_sight_blocked_by_any_unit_between() -> None:
    state = blank()
    g = state.grid
    shooter, target = g.hex_of(4, 4), g.hex_of(4, 6)
    assert g.sees(shooter, target, state.occ)
    put(state, find(state, ROME, "Ha"), 4, 5, "N")  # a friend blocks as much as a foe
    assert not g.sees(shooter, target, state.occ)


def test_s9_2_line_along_a_hexside_needs_both_sides_blocked() -> None:
    state = blank()
    g = state.grid
    a, b = g.hex_of(4, 4), g.hex_of(6, 4)  # the line runs between (5,3)-(5,4)? check both
    left, right = g.between(a, b)
    assert left != right
    put(state, find(state, ROME, "Ha"), *g.column_row(left[0]), "N")
    assert g.sees(a, b, state.occ)
    put(state, find(state, ROME, "Ha", 2), *g.column_row(right[0]), "N")
    assert not g.sees(a, b, state.occ)


def _start_move(state: DbpState, unit: int) -> None:
    side = state.sides[unit] if unit < state.n_units else unit - state.n_units
    settle_on(state, ("move", side))
    state.apply_action(unit)


def test_s6_a_unit_steps_only_into_its_front_hexes_and_keeps_facing() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    _start_move(state, unit)
    lay = state.layout
    steps = [a - lay.dir for a in state.legal_actions() if lay.dir <= a < lay.face]
    assert sorted(steps) == [0, 1, 5]
    state.apply_action(lay.dir + 0)
    assert state.grid.column_row(state.pos[unit]) == (6, 7)
    assert state.face[unit] == 0


def test_s8_1_turning_costs_one_mp_whatever_the_sides() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Tr"), 6, 8, "N")  # 3 MP
    _start_move(state, unit)
    state.apply_action(state.layout.face + 3)
    assert state.mv is not None and state.mv[movement.M_MP] == 2
    assert state.face[unit] == 3


def test_s7_no_stop_on_a_friend_and_crossing_disorders_both() -> None:
    state = blank()
    mover = put(state, find(state, CARTHAGE, "In"), 6, 8, "N")
    friend = put(state, find(state, CARTHAGE, "Me"), 6, 7, "N")
    _start_move(state, mover)
    state.apply_action(state.layout.dir + 0)
    assert state.layout.no not in state.legal_actions()  # may not stop on the friend
    assert state.dis[mover] == 1 and state.dis[friend] == 1


@pytest.mark.parametrize(
    ("mover", "crossed"), [("Ha", "Pr"), ("Pr", "Ha"), ("Ve", "Ha"), ("Ha", "Ve")]
)
def test_s7_1_exceptions_cross_without_disorder(mover: str, crossed: str) -> None:
    state = blank()
    a = put(state, find(state, ROME, mover), 6, 8, "N")
    b = put(state, find(state, ROME, crossed), 6, 7, "N")
    _start_move(state, a)
    state.apply_action(state.layout.dir + 0)
    assert state.dis[a] == 0 and state.dis[b] == 0


@pytest.mark.parametrize("code", ["Ha", "Pr"])
def test_s7_1_hastati_over_hastati_and_principes_over_principes_take_disorder(code: str) -> None:
    state = blank()
    a = put(state, find(state, ROME, code), 6, 8, "N")
    b = put(state, find(state, ROME, code, 2), 6, 7, "N")
    _start_move(state, a)
    state.apply_action(state.layout.dir + 0)
    assert state.dis[a] == 1 and state.dis[b] == 1


def test_s8_2_entering_an_enemy_zone_of_control_stops_the_move() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Eq"), 6, 10, "N")  # 7 MP
    put(state, find(state, CARTHAGE, "In"), 6, 7, "S")  # its front covers (6,8)
    _start_move(state, unit)
    state.apply_action(state.layout.dir + 0)  # to (6,9): not in the zone
    assert state.tasks[-1][0] == "step"
    state.apply_action(state.layout.dir + 0)  # to (6,8): in the zone, the move ends
    assert state.mv is None and state.grid.column_row(state.pos[unit]) == (6, 8)


def test_s8_2_leaving_an_enemy_zone_bars_the_next_attack() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    put(state, find(state, CARTHAGE, "In"), 6, 7, "S")
    _start_move(state, unit)
    state.apply_action(state.layout.dir + 1)  # step NE, still next to enemies? leaves the hex
    assert state.flags[unit] & LEFT_ZOC


def test_s8_2_1_turning_in_place_in_a_zone_keeps_the_attack() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    put(state, find(state, CARTHAGE, "In"), 7, 8, "NW")  # its front covers (6,8)
    _start_move(state, unit)
    state.apply_action(state.layout.face + 1)
    if state.tasks[-1][0] == "step":
        state.apply_action(state.layout.no)
    assert not state.flags[unit] & LEFT_ZOC


def test_s13_leader_moves_six_in_any_direction() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    state.leader_hex[ROME] = state.pos[unit]
    leader = state.n_units + ROME
    _start_move(state, leader)
    steps = [a - state.layout.dir for a in state.legal_actions() if a < state.layout.face]
    assert sorted(steps) == [0, 1, 2, 3, 4, 5]


def test_illegal_step_raises_and_leaves_state_unchanged() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    _start_move(state, unit)
    before = state.to_dict()
    with pytest.raises(carthago.IllegalActionError):
        state.apply_action(state.layout.dir + 3)  # straight back: a rear hex
    assert state.to_dict() == before
