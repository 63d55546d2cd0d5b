"""The Neutral factions' policies for the Exploration and Combat and Revolution Phases (§9),
read from ``data/neutral_combat.toml`` and validated at import.

>>> POLICIES["Conservatives"].revolt_min_strength
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage.components import role_entries
from carthago.games.republic_of_carthage.state import NEUTRAL_ROLES

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


@dataclass(frozen=True, slots=True)
class CombatPolicy:
    name: str
    raiders_max_shortfall: int
    pay_ransom: bool
    revolt_min_strength: int
    add_talents: int
    join_revolt: bool
    lend_veterans: bool
    bribe: int
    source: str


def _load() -> dict[str, CombatPolicy]:
    data = load_toml("carthago.games.republic_of_carthage", "neutral_combat.toml")
    policies: dict[str, CombatPolicy] = {}
    for name, (entry, where) in role_entries(data, "neutral_combat.toml").items():
        numbers = {
            key: field(entry, key, int, where)
            for key in ("raiders_max_shortfall", "revolt_min_strength", "add_talents", "bribe")
        }
        if min(numbers.values()) < 0:
            raise ComponentDataError(f"{where}: numbers must not be negative")
        policies[name] = CombatPolicy(
            name,
            numbers["raiders_max_shortfall"],
            field(entry, "pay_ransom", bool, where),
            numbers["revolt_min_strength"],
            numbers["add_talents"],
            field(entry, "join_revolt", bool, where),
            field(entry, "lend_veterans", bool, where),
            numbers["bribe"],
            source(entry, where),
        )
    return policies


POLICIES: Final = _load()


def policy(state: S, faction: int) -> CombatPolicy:
    """The policy of a Neutral faction (by the role dealt at set-up)."""
    return POLICIES[NEUTRAL_ROLES[state.neutral_role[faction]]]
