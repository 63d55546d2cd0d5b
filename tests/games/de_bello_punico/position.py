"""Building test positions: a scenario's state with the map cleared and chosen units placed."""

from __future__ import annotations

import carthago
from carthago.games.de_bello_punico.hexgrid import DIRECTIONS
from carthago.games.de_bello_punico.morale import ELIMINATED, ON_MAP
from carthago.games.de_bello_punico.scenarios import CARTHAGE, ROME
from carthago.games.de_bello_punico.state import DbpState

__all__ = ["CARTHAGE", "ROME", "blank", "find", "put", "settle_on"]


def blank(scenario: str = "zama", **options: str) -> DbpState:
    """A state past set-up with every unit and leader off the map and no task pending."""
    game = carthago.load("de_bello_punico", scenario=scenario, **options)
    state = game.new_initial_state()
    assert isinstance(state, DbpState)
    for unit in range(state.n_units):
        state.where[unit] = ELIMINATED
        state.pos[unit] = -1
    state.occ = [-1] * state.grid.size
    # Leaders alive but out of the way, in the far corners of their own edges.
    state.leader_hex = [
        state.grid.hex_of(0, state.grid.height - 1),
        state.grid.hex_of(state.grid.width - 1, 0),
    ]
    state.tasks = []
    state.stage = 3
    return state


def find(state: DbpState, side: int, code: str, number: int = 1) -> int:
    """The ``number``-th unit of a type on a side."""
    found = [u for u in state.units_of[side] if state.utype[u].code == code]
    return found[number - 1]


def put(state: DbpState, unit: int, column: int, row: int, facing: str, disorder: int = 0) -> int:
    hex_ = state.grid.hex_of(column, row)
    state.where[unit] = ON_MAP
    state.pos[unit] = hex_
    state.occ[hex_] = unit
    state.face[unit] = DIRECTIONS.index(facing)
    state.dis[unit] = disorder
    state.panic[unit] = False
    return unit


def settle_on(state: DbpState, *tasks: tuple[object, ...]) -> None:
    """Make ``tasks`` the pending ones (first given on top) and run up to a decision.

    A question that is always asked sits below them, so the turn never runs on past them.
    """
    state.tasks = []
    state.push(*tasks, ("order", ROME))
    state._legal = None
    state._settle()
