"""The designer's Solitaire Player Aide (rules §9): what each Neutral role does outside trading.

One card per role (``data/neutral_aide.toml``): whom it names Faction Leader, how it shares its
revenue, when it takes Personal Income (the corruption roll of a Committee member, a Governor's
income), how long its first Governors serve, what it pays toward a Trader, its Initiative and
whether it matches the players' contributions. Where the aide is silent the reconstructed
policies of the other Neutral modules decide (docs, "§9 The Neutral aide").
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.components import NeutralRole
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    NEUTRAL_ROLES,
    describe_person,
    family_of,
    stat,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

ALWAYS: Final = 1
NEVER: Final = 7
"""``personal_income_at`` of a role that takes it without a roll, and of one that never does."""


def aide(state: S, faction: int) -> NeutralRole:
    """The aide card of Neutral ``faction``."""
    return C.neutral_roles[NEUTRAL_ROLES[state.neutral_role[faction]]]


def neutral_leader(state: S, faction: int) -> int:
    """The Senator the Neutral's card names Faction Leader; ties go to the lowest number."""
    rating = aide(state, faction).leader

    def value(person: int) -> int:
        if rating == "military":
            return stat(person, "mil")
        popularity = state.pop[person] if rating == "influence+popularity" else 0
        return state.inf[person] + popularity

    return min(state.faction_persons(faction), key=lambda p: (-value(p), family_of(p)))


def income_roll_needed(state: S, person: int) -> int:
    """The least die roll on which ``person``'s faction takes Personal Income for him: ALWAYS
    for a player's Senator (the player chose to), NEVER when his Neutral card refuses it."""
    faction = state.owner[person]
    return ALWAYS if state.human(faction) else aide(state, faction).personal_income_at


def share_revenue(state: S, faction: int, roll: int) -> None:
    """Share the talents of the Neutral's Senators in Carthage as its card says (§6.2 step 10);
    ``roll`` is the die of a card that sends one die of talents to the Faction Treasury."""
    present = [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]
    if not present:
        return
    pool = sum(state.talents[p] for p in present)
    leader = state.faction_leader[faction]
    # A Faction Leader away from Carthage cannot take his share: it goes to the Treasury.
    head = leader if leader in present else -1
    shares = dict.fromkeys(present, 0)
    rule = aide(state, faction).revenue
    if rule == "die":
        treasury = min(roll, pool)
        if head >= 0:
            shares[head] = pool - treasury
        else:
            treasury = pool
    elif rule == "equal":
        each = pool // len(present)
        shares = dict.fromkeys(present, each)
        treasury = pool - each * len(present)
    elif rule == "half":
        if head >= 0:
            shares[head] = math.ceil(pool / 2)
        treasury = pool - shares.get(head, 0)
    else:  # "one_each": 1T a Senator, then 1T the Treasury, the rest to the Leader
        left = pool
        for person in sorted(present, key=lambda p: (p != head, family_of(p))):
            shares[person] = min(1, left)
            left -= shares[person]
        treasury = min(1, left)
        left -= treasury
        if head >= 0:
            shares[head] += left
        else:
            treasury += left
    for person, share in shares.items():
        state.talents[person] = share
    state.faction_treasury[faction] += treasury
    parts = ", ".join(f"{describe_person(p)} {t}T" for p, t in shares.items())
    state.note(
        f"{state.rg.faction_names[faction]} shares {pool}T by its aide card: {parts}, "
        f"{treasury}T to its Faction Treasury"
    )


def matching_contributor(state: S, faction: int, most: int) -> tuple[int, int]:
    """(Senator, talents) of the Neutral's contribution matching the most generous player's
    ``most`` talents: its richest Senator in Carthage gives what he can of it; (-1, 0) if its
    card does not match or it has nothing to give."""
    if most <= 0 or aide(state, faction).contributions != "match":
        return -1, 0
    present = [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]
    if not present:
        return -1, 0
    richest = max(present, key=lambda p: (state.talents[p], -family_of(p)))
    return richest, min(most, state.talents[richest])
