"""How good a battle looks for one side, from -1 to 1, for the heuristic and MCTS agents.

It reads only the public parts of the state (what a resampled state holds equally). Rout Points
against each side's rout level weigh most; then the Disorder carried by units still fighting;
then, to give a one-ply search a reason to fight, the odds of a combat announced but not yet
rolled and how close the side's army stands to the enemy's.
"""

from __future__ import annotations

import math

from carthago.core.state import State
from carthago.games.de_bello_punico import combat
from carthago.games.de_bello_punico.morale import ON_MAP

ROUT_WEIGHT = 3.0
STRAIN_WEIGHT = 0.15
ODDS_WEIGHT = 0.03
CLOSING_WEIGHT = 0.05


def evaluate(state: State, player: int) -> float:
    from carthago.games.de_bello_punico.state import DbpState

    assert isinstance(state, DbpState)
    if state.is_terminal():
        return state.returns()[player]
    other = 1 - player
    limits = state.scenario.rout
    rout = [state.rout[side] / limits[side] for side in (0, 1)]
    strain = [0.0, 0.0]
    on_map: list[list[int]] = [[], []]
    for unit in range(state.n_units):
        if state.where[unit] == ON_MAP and not state.panic[unit]:
            side = state.sides[unit]
            strain[side] += state.dis[unit] / state.utype[unit].morale
            on_map[side].append(state.pos[unit])
    score = ROUT_WEIGHT * (rout[other] - rout[player])
    score += STRAIN_WEIGHT * (strain[other] - strain[player])
    cb = state.cb
    if cb is not None and not cb[combat.C_GONE] and state.where[cb[combat.C_DEF]] == ON_MAP:
        attacker, defender = cb[combat.C_ATT], cb[combat.C_DEF]
        edge = sum(v for _, v in combat.modifiers(state, attacker, True)) - sum(
            v for _, v in combat.modifiers(state, defender, False)
        )
        score += ODDS_WEIGHT * (edge if state.sides[attacker] == player else -edge)
    if on_map[player] and on_map[other]:
        # Closing in: the distance between the two armies' centres of mass (cheap enough for
        # playouts that evaluate every successor).
        axial = state.grid.axial
        centres = []
        for hexes in (on_map[player], on_map[other]):
            centres.append(
                (
                    sum(axial[h][0] for h in hexes) / len(hexes),
                    sum(axial[h][1] for h in hexes) / len(hexes),
                )
            )
        (q1, r1), (q2, r2) = centres
        gap = (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) / 2
        score -= CLOSING_WEIGHT * gap / (state.grid.width + state.grid.height)
    return math.tanh(score)
