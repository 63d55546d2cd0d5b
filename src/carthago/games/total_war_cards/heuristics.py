"""How good a position looks for a player, for the heuristic and MCTS agents.

Uses only what the state holds (agents get resampled states): points already won with the
tier-five double, territories in play where one side leads, and the special ability cards.
"""

from __future__ import annotations

import math
from typing import Final

from carthago.core.state import State
from carthago.games.total_war_cards.combat import totals
from carthago.games.total_war_cards.components import BRANCHES
from carthago.games.total_war_cards.state import TotalWarCardsState
from carthago.games.total_war_cards.tech_tree import branch_tier, tier_five

LEAD_WORTH: Final = 4.0
"""Roughly what one territory adds to a score (32 cards, about 130 points in all)."""
ABILITY_WORTH: Final = 2.0
TIER_FIVE_WORTH: Final = 8.0
SCALE: Final = 25.0


def evaluate(state: State, player: int) -> float:
    """A value in [-1, 1]: the game's result once over, else a squashed points margin."""
    if state.is_terminal():
        return state.returns()[player]
    if not isinstance(state, TotalWarCardsState):
        raise TypeError("total_war_cards.heuristics.evaluate needs a Total War Cards state")
    scores = state.scores()
    margin = float(sum(scores[player]) - sum(scores[1 - player]))
    for territory in state.in_play:
        mine_theirs = totals(state.placed, territory)
        lead = mine_theirs[player] - mine_theirs[1 - player]
        margin += LEAD_WORTH * (lead > 0) - LEAD_WORTH * (lead < 0)
    for branch in BRANCHES:
        if state.holders[branch.index] == player:
            margin += ABILITY_WORTH
        elif state.holders[branch.index] >= 0:
            margin -= ABILITY_WORTH
        margin += 0.3 * (
            branch_tier(state.techs[player], branch.index)
            - branch_tier(state.techs[1 - player], branch.index)
        )
    margin += TIER_FIVE_WORTH * (tier_five(state.techs[player]) is not None)
    margin -= TIER_FIVE_WORTH * (tier_five(state.techs[1 - player]) is not None)
    return math.tanh(margin / SCALE)
