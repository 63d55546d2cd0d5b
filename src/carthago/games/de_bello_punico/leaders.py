"""Leaders (§13): command range, the +1 in combat, the roll of a 1, and withdrawing.

A leader is a counter of its own (ids after the units), stacks with a friendly unit, moves six
MP in any direction (it has only a front, §8) and has no zone of control nor combat value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.de_bello_punico import command
from carthago.games.de_bello_punico.rout import LEADER_ROUT, add_rout

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState


def command_range(s: DbpState, side: int) -> int:
    """Twice the leader's Command Point value (§13: Scipio's 4 gives 8 hexes)."""
    return 2 * s.scenario.leader_values[side]


def in_command(s: DbpState, unit: int) -> bool:
    """Whether a unit may receive a Command Point: within its leader's range (§4.3, §4.4)."""
    side = s.sides[unit]
    leader = s.leader_hex[side]
    if leader < 0 or s.pos[unit] < 0:
        return False
    return s.grid.distance(leader, s.pos[unit]) <= command_range(s, side)


def stacked_leader(s: DbpState, unit: int) -> int:
    """The side of the leader stacked with ``unit``, or -1."""
    side = s.sides[unit]
    return side if s.pos[unit] >= 0 and s.leader_hex[side] == s.pos[unit] else -1


def kill(s: DbpState, side: int) -> None:
    """A leader rolled a 1 (§13): gone, 5 Rout Points, and no more Command Points."""
    s._add_log(f"{s.scenario.leader_names[side]} falls")
    s.leader_hex[side] = -1
    add_rout(s, side, LEADER_ROUT, "leader eliminated")
    command.reveal_all(s, side, "its leader fell")


def withdraw(s: DbpState, side: int) -> None:
    """Move a leader whose unit panicked, fell or was displaced to the nearest friendly unit.

    §13 says only that the leader must withdraw; we move it to the nearest unit of its side not
    in Panic (lowest id on a tie), or leave it where it is if there is none.
    """
    here = s.leader_hex[side]
    if here < 0:
        return
    best, best_distance = -1, 10**6
    for unit in s.units_of[side]:
        where = s.pos[unit]
        if where < 0 or s.panic[unit] or where == here:
            continue
        distance = s.grid.distance(here, where)
        if distance < best_distance:
            best, best_distance = where, distance
    if best >= 0:
        s.leader_hex[side] = best
        s._add_log(f"{s.scenario.leader_names[side]} withdraws to {s.grid.label(best)}")
