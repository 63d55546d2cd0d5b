"""What Neutral factions (rules §9) decide in the Forum Phase: a reconstructed aide card per role.

The numbers are data (``data/forum.toml``, validated at import); the decisions are deterministic
given the state. A Neutral persuades when its best Persuasion Number (after its own talents)
reaches its threshold, defends its own Senators from its Faction Treasury, attracts a Trader with
its Faction Leader (else its richest Senator in Carthage), pays to reach 12 up to the talents its
aide card gives (``data/neutral_aide.toml``), bids for extra initiatives up to its aide card's
Initiative, and changes Faction Leader when another Senator fits its card's criterion better
(§9.1 says so).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage.components import PACKAGE
from carthago.games.republic_of_carthage.forum import (
    TRADER_TARGET,
    bid_value,
    bids,
    trader_candidates,
)
from carthago.games.republic_of_carthage.neutral_aide import aide, neutral_leader
from carthago.games.republic_of_carthage.persuasion import (
    BASE,
    MODIFIER,
    PERSUADER,
    ROUND,
    TARGET,
    TURN,
    interferers,
    persuaders,
    persuasion_number,
    targets,
)
from carthago.games.republic_of_carthage.state import NEUTRAL_ROLES, family_of

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

TARGET_SCOPES: Final = ("forum", "any")


@dataclass(frozen=True, slots=True)
class ForumPolicy:
    persuade_at: int
    targets: str
    bribe: int
    defend: int


def load_policies(data: dict[str, object]) -> dict[str, ForumPolicy]:
    """Every Neutral role's Forum policy from the parsed ``forum.toml``."""
    table = field(data, "neutral", dict, "forum.toml")
    policies = {}
    for role in NEUTRAL_ROLES:
        where = f"forum.toml [neutral.{role}]"
        entry = field(table, role, dict, "forum.toml [neutral]")
        source(entry, where)
        scope = field(entry, "targets", str, where)
        if scope not in TARGET_SCOPES:
            raise ComponentDataError(f"{where}: targets must be one of {TARGET_SCOPES}")
        numbers = [field(entry, key, int, where) for key in ("bribe", "defend")]
        if min(numbers) < 0:
            raise ComponentDataError(f"{where}: talents cannot be negative")
        policies[role] = ForumPolicy(field(entry, "persuade_at", int, where), scope, *numbers)
    return policies


POLICIES: Final = load_policies(load_toml(PACKAGE, "forum.toml"))


def policy_of(state: S, faction: int) -> ForumPolicy:
    return POLICIES[NEUTRAL_ROLES[state.neutral_role[faction]]]


def best_attempt(state: S, faction: int) -> tuple[int, int, int]:
    """(number with its own talents, target, persuader) of the Neutral's best attempt; ties go
    to the lowest-numbered target, then persuader. The Senate's Seduction uses it too."""
    rules = policy_of(state, faction)
    attempts = [
        (
            persuasion_number(state, persuader, target)
            + min(rules.bribe, state.talents[persuader]),
            -family_of(target),
            -family_of(persuader),
            target,
            persuader,
        )
        for target in targets(state, faction)
        if rules.targets == "any" or state.owner[target] < 0
        for persuader in persuaders(state, faction)
    ]
    if not attempts:
        return -99, -1, -1
    number, _, _, target, persuader = max(attempts)
    return number, target, persuader


def persuade_target(state: S) -> int:
    number, target, _ = best_attempt(state, state.initiative)
    if target < 0 or number < policy_of(state, state.initiative).persuade_at:
        return F.PASS
    return F.TARGET + target


def best_persuader(state: S, faction: int, target: int) -> int:
    """The faction's Senator with the best Persuasion Number against ``target`` once he adds
    the talents its aide allows."""
    rules = policy_of(state, faction)
    return max(
        persuaders(state, faction),
        key=lambda p: (
            persuasion_number(state, p, target) + min(rules.bribe, state.talents[p]),
            -p,
        ),
    )


def persuader(state: S) -> int:
    return F.PERSUADER + best_persuader(state, state.initiative, state.ctx[0])


def amount_index(limit: int, available: int) -> int:
    """The largest amount choice moving at most ``limit`` of ``available`` talents, or -1."""
    best, moved = -1, 0
    for index in A.amount_choices(available):
        amount = A.amount(index, available)
        if moved < amount <= limit:
            best, moved = index, amount
    return best


def bribe(state: S) -> int:
    if state.ctx[ROUND] > 0:
        return F.RESOLVE
    rules = policy_of(state, state.initiative)
    index = amount_index(rules.bribe, state.talents[state.ctx[PERSUADER]])
    return F.PASS if index < 0 else F.BRIBE + index


def interfere(state: S) -> int:
    """A Neutral lowers the number when its own Senator is the target, else stays out."""
    faction = interferers(state)[state.ctx[TURN]]
    target = state.ctx[TARGET]
    if state.owner[target] != faction or state.ctx[BASE] + state.ctx[MODIFIER] <= 1:
        return F.PASS
    index = amount_index(policy_of(state, faction).defend, state.faction_treasury[faction])
    return F.PASS if index < 0 else F.interfere(False, index)


def trader(state: S) -> int:
    faction = state.initiative
    candidates = trader_candidates(state, faction)
    leader = state.faction_leader[faction]
    if leader in candidates:
        return F.TRADER + leader
    return F.TRADER + max(candidates, key=lambda p: (state.talents[p], -family_of(p)))


def trader_buy(state: S) -> int:
    roll = state.ctx[1]
    cost = TRADER_TARGET - roll
    return F.BUY_TRADER if cost <= aide(state, state.initiative).trader_talents else F.PASS


def leader(state: S) -> int:
    faction = state.initiative
    best = neutral_leader(state, faction)
    return F.PASS if best == state.faction_leader[faction] else F.LEADER + best


def bid(state: S) -> int:
    """The lowest legal bid from its richest Senator, while within its aide card's Initiative
    (the most it bids; a negative one never bids)."""
    faction = state.order[state.pos]
    limit = aide(state, faction).initiative
    choices = [a for a in bids(state, faction) if F.decode_bid(a)[1] == 0]
    choices = [a for a in choices if bid_value(state, a) <= limit]
    if not choices:
        return F.PASS
    return max(choices, key=lambda a: (state.talents[F.decode_bid(a)[0]], -a))
