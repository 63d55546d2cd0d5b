"""How good a position looks for a player, from what the (possibly resampled) state holds."""

from __future__ import annotations

from carthago.core.state import State
from carthago.games.republic_of_carthage.state import RepublicOfCarthageState

TALENTS_PER_INFLUENCE = 10
"""Talents buy persuasion, traders and votes; ten of them weigh about one Influence."""


def evaluate(state: State, player: int) -> float:
    """Influence victory (§7) drives the score: the player's share of the strength of all
    factions, Influence plus wealth, minus the fair share; -1 when Carthage has fallen."""
    assert isinstance(state, RepublicOfCarthageState)
    if state.is_terminal():
        return state.returns()[player]
    strengths = []
    for faction in range(state.rg.num_factions):
        persons = state.faction_persons(faction)
        influence = sum(state.inf[p] for p in persons)
        wealth = sum(state.talents[p] for p in persons) + state.trade_income[faction]
        if faction == player:
            # Other Faction Treasuries are face down: only the player's own counts.
            wealth += state.faction_treasury[faction]
        strengths.append(influence + wealth / TALENTS_PER_INFLUENCE + 1)
    share = strengths[player] / sum(strengths)
    fair = 1 / len(strengths)
    return max(-1.0, min(1.0, (share - fair) / fair))
