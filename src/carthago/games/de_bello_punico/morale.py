"""Disorder, morale, Panic and flight (§10.7, §11, §11.1, §11.1.1, §11.1.2, §11.2).

A unit's Disorder points lower its morale one each; reaching its Moral Value it panics: its
side takes the Rout Points (§16), elephants and skirmishers leave play at once (§11.1.1),
cavalry rides off its own map edge by the fastest route (§11.2) and may be pursued (§14),
infantry runs its full movement allowance toward its own edge (§11) and keeps running in its
later movement impulses until it leaves the map (§11.1).

The route of a flight is one hex at a time toward the own map edge: straight ahead if it can,
else by the side step that does; an empty hex is preferred to a friend's, a friend's to a
Veteran's front or an enemy (which eliminate the runner, §11.1.2). That is our reading of
"the shortest route", written up in docs/de_bello_punico.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico import leaders
from carthago.games.de_bello_punico.hexgrid import edge_crossed
from carthago.games.de_bello_punico.rout import add_rout
from carthago.games.de_bello_punico.terrain import IMPASSABLE
from carthago.games.de_bello_punico.units import crossing_disorders

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

ON_MAP: Final = 0
ELIMINATED: Final = 1
PURSUING: Final = 2
RESERVE: Final = 3
EXITED: Final = 4
"""Where a unit is (``DbpState.where``)."""


def add_disorder(s: DbpState, unit: int, points: int, cause: int, why: str) -> None:
    """Give Disorder points; queue the leader's roll (§13) and the Panic check (§10.7).

    ``cause`` is the enemy unit that inflicted them (-1 if none), for pursuit (§14).
    """
    if points <= 0 or s.where[unit] != ON_MAP:
        return
    s.dis[unit] += points
    s._add_log(f"{s.unit_name(unit)} takes {points} Disorder ({why}); now {s.dis[unit]}")
    s.push(("panic", unit, cause))
    side = leaders.stacked_leader(s, unit)
    if side >= 0:
        s.push(("die", side, "leader", side))


def check_panic(s: DbpState, unit: int, cause: int) -> None:
    if s.where[unit] != ON_MAP or s.panic[unit]:
        return
    if s.dis[unit] >= s.utype[unit].morale:
        panic(s, unit, cause)


def panic(s: DbpState, unit: int, cause: int) -> None:
    side = s.sides[unit]
    s.panic[unit] = True
    if s.mv is not None and s.mv[0] == unit:
        s.mv = None  # a unit panicking in mid-move (crossing a friend) moves no further
    s._add_log(f"{s.unit_name(unit)} panics (In fugam)")
    s.fled[side] = True
    add_rout(s, side, s.utype[unit].rout, f"{s.unit_name(unit)} panics")
    if leaders.stacked_leader(s, unit) >= 0:
        leaders.withdraw(s, side)
    kind = s.utype[unit]
    if kind.kind == "elephant" or kind.code == "Sk":
        remove(s, unit, ELIMINATED, "leaves play")
        return
    if kind.kind == "cavalry":
        start = s.pos[unit]
        route, exited = flee(s, unit, 10**6)
        if cause >= 0 and s.utype[cause].kind == "cavalry" and s.sides[cause] != side:
            full = (start, *route)
            s.push(("pursue", s.sides[cause], cause, full, full[-1] if exited else -1))
        return
    flee(s, unit, kind.move)


def remove(s: DbpState, unit: int, where: int, how: str) -> None:
    here = s.pos[unit]
    if here >= 0 and s.occ[here] == unit:
        s.occ[here] = -1
    side = s.sides[unit]
    if here >= 0 and s.leader_hex[side] == here:
        leaders.withdraw(s, side)
    s.pos[unit] = -1
    s.where[unit] = where
    s._add_log(f"{s.unit_name(unit)} {how}")


def flight_step(s: DbpState, unit: int, here: int) -> tuple[int, int]:
    """The next step of a flight: (category, hex). Categories: 0 leaves the map by the own
    edge, 1 empty, 2 a friend, 3 a Veteran's front or 4 an enemy (eliminated), 5 no way."""
    side = s.sides[unit]
    home = s.scenario.home_edges[side]
    straight = 0 if s.scenario.home_rows[side] == 0 else 3
    best = (5, -1)
    g = s.grid
    for direction in (straight, (straight - 1) % 6, (straight + 1) % 6):
        target = g.neighbours[here][direction]
        if target < 0:
            # Only the own edge lets a runner off the map; a side edge is no way out (§11).
            category = 0 if edge_crossed(g, here, direction) == home else 5
        elif s.scenario.costs[target] >= IMPASSABLE:
            category = 5
        else:
            other = s.occ[target]
            if other < 0:
                category = 1
            elif s.sides[other] != side:
                category = 4
            elif (
                s.utype[other].code == "Vt"
                and not s.panic[other]
                and ((direction + 3 - s.face[other]) % 6 in (0, 1, 5))
            ):
                category = 3
            else:
                category = 2
        if category < best[0]:
            best = (category, target)
    return best


def flee(s: DbpState, unit: int, points: int) -> tuple[list[int], bool]:
    """Run toward the own edge with ``points`` MP, then on until an empty hex (§11, §11.2).

    Returns the hexes entered, in order (the route a pursuer follows, §14), and whether the
    unit left the map by its own edge.
    """
    side = s.sides[unit]
    here = s.pos[unit]
    if s.occ[here] == unit:
        s.occ[here] = -1
    s.face[unit] = 0 if s.scenario.home_rows[side] == 0 else 3
    route: list[int] = []
    while True:
        stacked = s.occ[here] >= 0
        category, target = flight_step(s, unit, here)
        cost = 1 if category == 0 else (s.scenario.costs[target] if target >= 0 else 0)
        if category == 5 or (not stacked and cost > points):
            break
        points -= cost
        if category == 0:
            s.pos[unit] = here
            remove(s, unit, ELIMINATED, "flees off the map")
            return route, True
        if category in (3, 4):
            s.pos[unit] = here
            why = "runs into an enemy" if category == 4 else "is cut down by the Veterans"
            remove(s, unit, ELIMINATED, f"{why} and is eliminated")
            return route, False
        route.append(target)
        here = target
        other = s.leader_hex[1 - side]
        if other == here:
            leaders.withdraw(s, 1 - side)
        friend = s.occ[here]
        if friend >= 0 and crossing_disorders(s.utype[unit].code, s.utype[friend].code):
            add_disorder(s, friend, 1, -1, f"crossed by the fleeing {s.unit_name(unit)}")
    s.pos[unit] = here
    if s.occ[here] < 0:
        s.occ[here] = unit
    else:  # hemmed in on a friend's hex with nowhere to go: it cannot stay, so it is lost
        remove(s, unit, ELIMINATED, "is trapped and eliminated")
    return route, False
