"""Pursuit (§14) and the return of pursuing cavalry (§14.1).

Cavalry that panicked enemy cavalry follows the runner's route, hex by hex, unless its owner
spends a Cavalry Command Point (§4.5); it stops on entering an enemy zone of control, and stops
short of any occupied hex (our reading: a route never leads through other units). Reaching the
enemy edge it leaves the map with a Hostem insequi marker, remembering the hex it left by, and
may come back in a later own movement impulse for a Cavalry Command Point, at that hex or next
to it (§14.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.de_bello_punico import leaders
from carthago.games.de_bello_punico.morale import ON_MAP, PURSUING
from carthago.games.de_bello_punico.zoc import in_enemy_zoc

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState


def can_pursue(s: DbpState, unit: int) -> bool:
    return s.where[unit] == ON_MAP and not s.panic[unit]


def pursue(s: DbpState, unit: int, route: tuple[int, ...], exit_hex: int) -> None:
    """Follow ``route`` (the runner's start hex first); leave the map after it if the runner
    left by ``exit_hex`` (-1 if it did not)."""
    side = s.sides[unit]
    here = s.pos[unit]
    s.occ[here] = -1
    if s.leader_hex[side] == here:
        leaders.withdraw(s, side)
    start = here
    stopped = False
    for target in route:
        if s.occ[target] >= 0:
            stopped = True
            break
        direction = s.grid.direction(here, target)
        if direction >= 0:
            s.face[unit] = direction
        here = target
        if s.leader_hex[1 - side] == here:
            leaders.withdraw(s, 1 - side)
        if in_enemy_zoc(s, here, side):
            stopped = True
            break
    s.pos[unit] = here
    if not stopped and exit_hex >= 0:
        s.pos[unit] = -1
        s.where[unit] = PURSUING
        s.exit_hex[unit] = exit_hex
        s._add_log(f"{s.unit_name(unit)} pursues off the map (Hostem insequi)")
        return
    s.occ[here] = unit
    if here != start:
        s._add_log(f"{s.unit_name(unit)} pursues to {s.grid.label(here)}")


def reentry_hexes(s: DbpState, unit: int) -> list[int]:
    """The free hexes it may come back at: the hex it left by and those next to it."""
    exit_hex = s.exit_hex[unit]
    side = s.sides[unit]
    out = []
    for hex_ in (exit_hex, *s.grid.neighbours[exit_hex]):
        if hex_ >= 0 and s.occ[hex_] < 0 and s.leader_hex[1 - side] != hex_:
            out.append(hex_)
    return out


def reenter(s: DbpState, unit: int, hex_: int) -> None:
    s.where[unit] = ON_MAP
    s.pos[unit] = hex_
    s.occ[hex_] = unit
    s.exit_hex[unit] = -1
    s._add_log(f"{s.unit_name(unit)} returns from the pursuit at {s.grid.label(hex_)}")
