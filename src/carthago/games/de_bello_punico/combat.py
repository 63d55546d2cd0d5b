"""Combat (§10): who may attack whom, withdrawal, support, the modifiers and the results.

Every attack is one unit against one enemy unit in one of its three front hexes (§10), each
announced and finished before the next. The rolls are modified by §10.3: a) Combat Points,
b) +1 Command Point, c) +2 charging Mercenaries, d) +1 elephants after four hexes straight,
e) +1 leader stacked, f) +1 per supporting unit, g) -1 per Disorder point, h) +2/+1 for an
attack through a rear hex (attacker only). Terrain has no effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico import leaders
from carthago.games.de_bello_punico.morale import ON_MAP
from carthago.games.de_bello_punico.movement import (
    ATTACKED,
    CHARGED,
    FINIS,
    LEFT_ZOC,
    NO_FIGHT,
    SUPPORTED,
)
from carthago.games.de_bello_punico.terrain import IMPASSABLE
from carthago.games.de_bello_punico.zoc import in_enemy_zoc

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

# The combat in progress (DbpState.cb).
C_ATT: Final = 0
C_DEF: Final = 1
C_HEX: Final = 2
C_AROLL: Final = 3
C_DROLL: Final = 4
C_ACP: Final = 5
C_DCP: Final = 6
C_CHARGE: Final = 7
C_ASUP: Final = 8
C_DSUP: Final = 9
C_GONE: Final = 10
NOT_FIGHTING: Final = ATTACKED | LEFT_ZOC | FINIS | NO_FIGHT


def front_enemies(s: DbpState, unit: int) -> list[int]:
    side = s.sides[unit]
    found = []
    for hex_ in s.grid.front(s.pos[unit], s.face[unit]):
        if hex_ >= 0:
            other = s.occ[hex_]
            if other >= 0 and s.sides[other] != side:
                found.append(other)
    return found


def may_attack(s: DbpState, unit: int) -> bool:
    """Not in Panic (§11), not yet attacking (§10), not barred by §8.2 or an elephant marker."""
    return (
        s.where[unit] == ON_MAP
        and not s.panic[unit]
        and not s.flags[unit] & NOT_FIGHTING
        and bool(front_enemies(s, unit))
    )


def withdrawal_directions(s: DbpState, attacker: int, defender: int) -> list[int]:
    """A faster defender may step back into an empty rear hex, once per impulse (§10.1)."""
    side = s.sides[defender]
    if s.withdrawn or s.panic[defender]:
        return []
    if s.utype[defender].move <= s.utype[attacker].move:
        return []
    out = []
    here, facing = s.pos[defender], s.face[defender]
    for d in ((facing + 2) % 6, (facing + 3) % 6, (facing + 4) % 6):
        target = s.grid.neighbours[here][d]
        if (
            target >= 0
            and s.occ[target] < 0
            and s.scenario.costs[target] < IMPASSABLE
            and s.leader_hex[1 - side] != target
        ):
            out.append(d)
    return out


def is_rear_attack(s: DbpState, attacker: int, defender: int) -> bool:
    """The attacker stands in one of the defender's rear hexes (§10.5)."""
    return s.pos[attacker] in s.grid.rear(s.pos[defender], s.face[defender])


def supporters(s: DbpState, unit: int, taken: tuple[int, ...]) -> list[int]:
    """Friends in the unit's three rear hexes, same type, same facing, not in an enemy zone of
    control, not in Panic and not yet supporting this impulse (§10.4, §10.4.1)."""
    side, group, facing = s.sides[unit], s.utype[unit].support, s.face[unit]
    out = []
    for hex_ in s.grid.rear(s.pos[unit], facing):
        if hex_ < 0:
            continue
        friend = s.occ[hex_]
        if (
            friend >= 0
            and friend not in taken
            and s.sides[friend] == side
            and s.utype[friend].support == group
            and s.face[friend] == facing
            and not s.panic[friend]
            and not s.flags[friend] & (SUPPORTED | FINIS | NO_FIGHT)
            and not in_enemy_zoc(s, hex_, side)
        ):
            out.append(friend)
    return out


def modifiers(s: DbpState, unit: int, attacking: bool) -> list[tuple[str, int]]:
    """The named modifiers of §10.3 that apply to one side of the combat in progress."""
    cb = s.cb
    assert cb is not None
    other = cb[C_DEF] if attacking else cb[C_ATT]
    out = [("combat points", s.utype[unit].combat)]
    if cb[C_ACP if attacking else C_DCP]:
        out.append(("command point", 1))
    if attacking and cb[C_CHARGE]:
        out.append(("mercenary charge", 2))
    if attacking and s.flags[unit] & CHARGED:
        out.append(("elephant charge", 1))
    if leaders.stacked_leader(s, unit) >= 0:
        out.append(("leader", 1))
    support = len(cb[C_ASUP if attacking else C_DSUP])
    if support:
        out.append(("support", support))
    if s.dis[unit]:
        out.append(("disorder", -s.dis[unit]))
    if attacking and is_rear_attack(s, unit, other):
        out.append(("rear attack", s.utype[unit].rear))
    return out


def results(attack: int, defence: int) -> tuple[int, int]:
    """Disorder points (attacker, defender) from the two modified rolls (§10.6).

    >>> results(5, 5), results(7, 5), results(10, 5), results(4, 7)
    ((1, 1), (0, 1), (0, 2), (1, 0))
    """
    if attack == defence:
        return 1, 1
    high, low = max(attack, defence), min(attack, defence)
    loss = 2 if high >= 2 * low else 1
    return (0, loss) if attack > defence else (loss, 0)


def mark_attacked(s: DbpState, unit: int) -> None:
    s.flags[unit] |= ATTACKED
