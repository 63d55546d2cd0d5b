"""The tech tree: which technologies a player may develop, and how far up each branch he is.

A player's technologies are a bit set (bit ``t`` for ``TECHNOLOGIES[t]``), so checks are cheap.
"""

from __future__ import annotations

from carthago.games.total_war_cards.components import BRANCHES, TECHNOLOGIES, TIERS, Technology

_TIER_FIVE_BITS = sum(t.bit for t in TECHNOLOGIES if t.tier == TIERS)
_REQUIRED_BITS = tuple(sum(1 << r for r in t.requires) for t in TECHNOLOGIES)
_BRANCH_TECHS = tuple(
    tuple(sorted((t for t in TECHNOLOGIES if t.branch == b.index), key=lambda t: t.tier))
    for b in BRANCHES
)


def branch_tier(owned: int, branch: int) -> int:
    """The highest tier ``owned`` reaches in ``branch`` (0 if none).

    Own-branch prerequisites make a branch's technologies a chain, so this is a count.
    """
    tier = 0
    for tech in _BRANCH_TECHS[branch]:
        if not owned & tech.bit:
            break
        tier = tech.tier
    return tier


def can_develop(tech: Technology, owned: int, opponent: int) -> bool:
    """Whether a player owning ``owned`` may develop ``tech`` now (cost aside).

    Tier five: one per player, and a tier-five technology the opponent holds is closed.
    """
    if owned & tech.bit:
        return False
    if owned & _REQUIRED_BITS[tech.index] != _REQUIRED_BITS[tech.index]:
        return False
    return tech.tier != TIERS or not (owned & _TIER_FIVE_BITS or opponent & tech.bit)


def developable(owned: int, opponent: int, budget: int) -> list[Technology]:
    """Every technology the player may develop with ``budget`` points."""
    return [
        tech for tech in TECHNOLOGIES if tech.cost <= budget and can_develop(tech, owned, opponent)
    ]


def tier_five(owned: int) -> Technology | None:
    """The player's tier-five technology, if he has one."""
    bits = owned & _TIER_FIVE_BITS
    if not bits:
        return None
    return TECHNOLOGIES[bits.bit_length() - 1]
