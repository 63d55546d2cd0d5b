"""How good a battle looks for one side, from -1 to 1, for the heuristic and MCTS agents.

It reads only the public parts of the state (what a resampled state holds equally): Rout Points
against each side's rout level weigh most, then the Disorder carried by units still fighting.
"""

from __future__ import annotations

import math

from carthago.core.state import State
from carthago.games.de_bello_punico.morale import ON_MAP


def evaluate(state: State, player: int) -> float:
    from carthago.games.de_bello_punico.state import DbpState

    assert isinstance(state, DbpState)
    if state.is_terminal():
        return state.returns()[player]
    limits = state.scenario.rout
    rout = [state.rout[side] / limits[side] for side in (0, 1)]
    strain = [0.0, 0.0]
    for unit in range(state.n_units):
        if state.where[unit] == ON_MAP and not state.panic[unit]:
            side = state.sides[unit]
            strain[side] += state.dis[unit] / state.utype[unit].morale
    other = 1 - player
    score = 3.0 * (rout[other] - rout[player]) + 0.15 * (strain[other] - strain[player])
    return math.tanh(score)
