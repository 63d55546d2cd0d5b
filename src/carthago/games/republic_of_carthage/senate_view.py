"""The Senate's business in words for observations (views.py) and the terminal (render.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import voting

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


def proposal_text(state: S) -> str | None:
    return P.text(state, state.proposal) if state.proposal else None


def proposal_kind(state: S) -> str | None:
    """The kind of the proposal under way (for learners: its text names it only in words)."""
    return P.KIND_NAMES[state.proposal[0]] if state.proposal else None


def ballots(state: S) -> list[dict[str, Any]]:
    if not state.ballots:
        return []
    factions = state.rg.num_factions
    found = []
    for faction in range(factions):
        choice = state.ballots[faction]
        if choice >= 0:
            found.append(
                {
                    "faction": state.rg.faction_names[faction],
                    "vote": SA.VOTE_NAMES[choice],
                    "votes": voting.weight(state, faction),
                    "bought": state.ballots[factions + faction],
                    "bribery": faction in state.bribed,
                }
            )
    return found


def failed(state: S) -> list[str]:
    """The proposals rejected this turn (only while the Senate sits)."""
    if state.pm < 0:
        return []
    entries, i = [], 0
    while i < len(state.failed):
        size = state.failed[i]
        entries.append(P.text(state, state.failed[i + 1 : i + 1 + size]))
        i += 1 + size
    return entries
