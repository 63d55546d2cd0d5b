"""The special ability cards: who holds each, and what holding one entitles a player to.

A card goes to whoever stands furthest up its branch. ``claims[b]`` remembers who last went
strictly ahead in branch ``b``: under the default reading (option ``ability_tie=first``) the
card stays with the player who reached the shared tier first; under ``vacant`` a tie leaves
the card with nobody.
"""

from __future__ import annotations

from typing import Final

from carthago.games.total_war_cards.components import ARS_MILITARIS, BRANCHES
from carthago.games.total_war_cards.tech_tree import branch_tier

NOBODY: Final = -1


def update_claim(claims: list[int], techs: list[int], player: int, branch: int) -> None:
    """After ``player`` developed a technology of ``branch``: does he now lead it?"""
    if branch_tier(techs[player], branch) > branch_tier(techs[1 - player], branch):
        claims[branch] = player


def holders_after_redistribution(claims: list[int], techs: list[int], tie: str) -> list[int]:
    """Who holds each special ability card once the cards are handed out."""
    holders: list[int] = []
    for branch in BRANCHES:
        tiers = (branch_tier(techs[0], branch.index), branch_tier(techs[1], branch.index))
        if tiers[0] != tiers[1]:
            holders.append(0 if tiers[0] > tiers[1] else 1)
        else:
            holders.append(claims[branch.index] if tie == "first" else NOBODY)
    return holders


def hidden_card_allowance(holders: list[int], techs: list[int], player: int) -> int:
    """Face-down army cards ``player`` may play this turn: Ars Militaris from tier 2 and 4."""
    if holders[ARS_MILITARIS] != player:
        return 0
    tier = branch_tier(techs[player], ARS_MILITARIS)
    return 2 if tier >= 4 else 1 if tier >= 2 else 0
