"""How good a position looks for a player, from what the (possibly resampled) state holds."""

from __future__ import annotations

from carthago.core.state import State
from carthago.games.republic_of_carthage import phases  # noqa: F401 (registers every stage)
from carthago.games.republic_of_carthage.stages import STAGES
from carthago.games.republic_of_carthage.state import NEUTRAL_ROLES, RepublicOfCarthageState

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


ADVISED_STAGES = frozenset({"senate_propose", "senate_consent", "senate_floor", "senate_ballot"})
"""The Senate's proposals, a commander's consent, the floor (vetoes) and the ballots: a proposal is
built over several steps and changes nothing ``evaluate`` scores until it passes, so a one-ply look
would propose, veto and vote at random and leave the wars unprosecuted until the Republic falls."""
AIDE_ROLE = NEUTRAL_ROLES.index("Imperials")
"""Whose Senate aide (§9, reconstructed in ``data/senate_policy.toml``) a computer faction follows
there: the Imperials prosecute the wars they can win (by the Combat table's odds), recruit toward
them, raise taxes when the treasury runs low and sue for peace rather than face four active wars."""


def advise(state: State, player: int) -> int | None:
    """In the Senate steps of ``ADVISED_STAGES``, what the Imperials' aide would do in the
    player's place; elsewhere no advice (the one-ply look at ``evaluate`` decides)."""
    assert isinstance(state, RepublicOfCarthageState)
    if state.stage not in ADVISED_STAGES:
        return None
    aide = state.clone()
    aide.neutral_role[player] = AIDE_ROLE
    return STAGES[state.stage].neutral(aide)
