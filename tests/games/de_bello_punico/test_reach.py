"""Where a moving counter can get to (reach.py): every listed walk is legal step by step and
ends where it says; nothing listed lies beyond the counter's points (§6) or past an enemy's
Zone of Control (§7)."""

from __future__ import annotations

from carthago.games.de_bello_punico import reach
from carthago.games.de_bello_punico.morale import ON_MAP
from carthago.games.de_bello_punico.state import DbpState
from tests.games.de_bello_punico.position import CARTHAGE, ROME, blank, find, put, settle_on


def moving(column: int, row: int) -> tuple[DbpState, int]:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), column, row, "N")
    settle_on(state, ("move", ROME))
    state.apply_action(state.string_to_action(f"move {state.unit_name(unit)}"))
    return state, unit


def test_s6_every_walk_is_legal_step_by_step_and_ends_on_its_hex() -> None:
    state, unit = moving(6, 10)
    allowance = state.mv[1]
    found = reach.paths(state)
    assert found
    for hex_, path in found.items():
        walker = state.clone()
        for notation in path:
            walker.apply_action(walker.string_to_action(notation))
        assert walker.where[unit] == ON_MAP and walker.pos[unit] == hex_
        # On open ground a hex costs 1: no walk reaches farther than the points allow.
        assert state.grid.distance(state.pos[unit], hex_) <= allowance
    # Straight ahead as far as the points go, and the one-step targets are all there.
    ahead = state.grid.hex_of(6, 10 - allowance)
    assert found[ahead] == ["step N"] * allowance
    for direction in (5, 0, 1):
        assert state.grid.neighbours[state.pos[unit]][direction] in found


def test_s7_a_walk_stops_in_an_enemy_zone_of_control() -> None:
    state, unit = moving(6, 10)
    put(state, find(state, CARTHAGE, "In"), 6, 6, "S")
    state._legal = None
    found = reach.paths(state)
    zoc_hex = state.grid.hex_of(6, 7)
    assert found[zoc_hex] == ["step N"] * 3
    assert state.grid.hex_of(6, 6) not in found
    # Entering the enemy's Zone of Control ends a walk: none passes on through such a hex.
    for path in found.values():
        walker = state.clone()
        for number, notation in enumerate(path):
            walker.apply_action(walker.string_to_action(notation))
            if walker.pos[unit] == zoc_hex:
                assert number == len(path) - 1


def test_shortcuts_are_offered_only_while_a_counter_moves() -> None:
    state, _ = moving(6, 10)
    assert state.shortcuts() and all(s["path"] for s in state.shortcuts())
    settle_on(state, ("volley", ROME))
    assert state.shortcuts() == []
