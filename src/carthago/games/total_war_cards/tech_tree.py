"""The tech tree: which technologies a player may develop, and how far up each branch he is.

A player's technologies are a bit set (bit ``t`` for ``TECHNOLOGIES[t]``), so checks are cheap.
"""

from __future__ import annotations

from typing import Final

from carthago.games.total_war_cards.components import BRANCHES, TECHNOLOGIES, TIERS, Technology

_TIER_FIVE_BITS: Final = sum(t.bit for t in TECHNOLOGIES if t.tier == TIERS)
_REQUIRED_BITS: Final = tuple(sum(1 << r for r in t.requires) for t in TECHNOLOGIES)
_BRANCH_TECHS: Final = tuple(
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


# (technology, its bit, the bits it requires, whether it is tier five), cheapest first: the
# search below runs for every legal-action list, so it avoids attribute lookups.
_SEARCH: Final = tuple(
    (t, 1 << t.index, _REQUIRED_BITS[t.index], t.tier == TIERS)
    for t in sorted(TECHNOLOGIES, key=lambda t: (t.cost, t.index))
)


def developable(owned: int, opponent: int, budget: int) -> list[Technology]:
    """Every technology the player may develop with ``budget`` points, cheapest first.

    Each needs all its prerequisites; tier five is one per player, and a tier-five
    technology the opponent holds is closed.
    """
    found: list[Technology] = []
    five_closed = bool(owned & _TIER_FIVE_BITS)
    for tech, bit, required, five in _SEARCH:
        if tech.cost > budget:
            break
        if owned & bit or owned & required != required:
            continue
        if five and (five_closed or opponent & bit):
            continue
        found.append(tech)
    return found


def tier_five(owned: int) -> Technology | None:
    """The player's tier-five technology, if he has one."""
    bits = owned & _TIER_FIVE_BITS
    if not bits:
        return None
    return TECHNOLOGIES[bits.bit_length() - 1]
