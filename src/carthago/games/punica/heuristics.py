"""How good a Punica position looks for one side, from -1 (lost) to 1 (won).

Three signs weighed together, each in [-1, 1]: material (army and fleet strength left on the
board), progress towards the influence victory (opposing areas of influence held, of the 3
needed), and the danger to each Capital (enemy armies that could step into it next turn against
the armies holding it). Only what the state holds is read, so a resampled state works as well.
"""

from __future__ import annotations

import math
from typing import Final

from carthago.core.state import State
from carthago.games.punica.components import CARTHAGE, NUM_REGIONS
from carthago.games.punica.movement import sea_reach, transport_seas
from carthago.games.punica.state import PunicaState
from carthago.games.punica.victory import INFLUENCE_TO_WIN, influence_held

FLEET_WEIGHT: Final = 0.5
"""A fleet fights like an army but takes no area; it is worth less than one."""
# Not Final: compiled, a Final tuple of floats read back as unset (NameError) in evaluate.
WEIGHTS = (0.4, 0.4, 0.2)


def _material(state: PunicaState, side: int) -> float:
    board = state.board
    armies = sum(state.units[side][r] for r in range(NUM_REGIONS))
    fleets = sum(state.units[side][s] for s in board.seas)
    leader = 2 if side == CARTHAGE and state.hannibal >= 0 else 0
    return armies + leader + FLEET_WEIGHT * fleets


def _threat(state: PunicaState, side: int) -> float:
    """Enemy army strength one movement away from ``side``'s Capital, less its defenders."""
    board = state.board
    enemy = 1 - side
    capital = board.capital[side]
    usable = transport_seas(board, state.units, enemy, False)
    attackers = 0
    for region in range(NUM_REGIONS):
        strength = state.units[enemy][region] + (
            2 if enemy == CARTHAGE and state.hannibal == region else 0
        )
        if not strength or region == capital:
            continue
        if capital in board.land_neighbours[region] or capital in sea_reach(board, usable, region):
            attackers += strength
    defenders = state.units[side][capital] + (
        2 if side == CARTHAGE and state.hannibal == capital else 0
    )
    return math.tanh((attackers - defenders) / 3) if attackers else 0.0


def evaluate(state: State, player: int) -> float:
    """The value of ``state`` for ``player`` (0 Rome, 1 Carthage) in [-1, 1]."""
    assert isinstance(state, PunicaState)
    if state.is_terminal():
        return state.returns()[player]
    enemy = 1 - player
    mine, theirs = _material(state, player), _material(state, enemy)
    material = (mine - theirs) / max(mine + theirs, 1.0)
    board = state.board
    influence = (
        influence_held(board, state.units, state.hannibal, player)
        - influence_held(board, state.units, state.hannibal, enemy)
    ) / INFLUENCE_TO_WIN
    danger = (_threat(state, enemy) - _threat(state, player)) / 2
    score = WEIGHTS[0] * material + WEIGHTS[1] * influence + WEIGHTS[2] * danger
    # Never as sure as a finished game.
    return max(-0.99, min(0.99, score))
