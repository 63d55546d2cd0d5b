"""The Roman Elephants box (§4.8, §15.1): scaring the Carthaginian elephants.

At the start of each Carthaginian movement impulse, before units in Panic run, Rome may spend
Elephant Command Points, each naming two enemy elephant units, and roll for each on the table:
1-2 no effect; 3-4 Motionless (Finis: no move and no fight this turn); 5 Enraged (one Disorder
point, then a charge straight ahead at full speed; it may attack next combat impulse);
6 Furious (Rome moves it this impulse; if it comes with its front next to a Carthaginian unit
with MP left it halts, and it and that unit each take a Disorder point; it does not fight this
turn). The end of the Furious text is lost in the extraction; the last clause is our reading.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico import movement
from carthago.games.de_bello_punico.morale import ON_MAP, add_disorder
from carthago.games.de_bello_punico.movement import FINIS, MOVED, NO_FIGHT, TABLED
from carthago.games.de_bello_punico.scenarios import CARTHAGE, ROME

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

NO_EFFECT: Final = "no effect"
MOTIONLESS: Final = "motionless"
ENRAGED: Final = "enraged"
FURIOUS: Final = "furious"
PICKS_PER_POINT: Final = 2


def table(roll: int) -> str:
    """The Elephants table (§15.1).

    >>> [table(r) for r in range(1, 7)]
    ['no effect', 'no effect', 'motionless', 'motionless', 'enraged', 'furious']
    """
    return (NO_EFFECT, NO_EFFECT, MOTIONLESS, MOTIONLESS, ENRAGED, FURIOUS)[roll - 1]


def targets(s: DbpState) -> list[int]:
    return [
        u
        for u in s.units_of[CARTHAGE]
        if s.where[u] == ON_MAP
        and not s.panic[u]
        and s.utype[u].kind == "elephant"
        and not s.flags[u] & (TABLED | MOVED)
    ]


def apply(s: DbpState, elephant: int, roll: int) -> None:
    result = table(roll)
    s._add_log(f"Elephants table for {s.unit_name(elephant)}: {roll}, {result}")
    if s.where[elephant] != ON_MAP or s.panic[elephant]:
        return
    if result == MOTIONLESS:
        s.flags[elephant] |= FINIS
    elif result == ENRAGED:
        s.flags[elephant] |= MOVED
        s.push(("rampage", elephant))
        add_disorder(s, elephant, 1, -1, "enraged")
    elif result == FURIOUS:
        s.flags[elephant] |= NO_FIGHT
        movement.start(s, elephant)
        s.push(("step", ROME, elephant))


def rampage(s: DbpState, elephant: int) -> None:
    """An Enraged elephant charges straight ahead with all its MP (§15.1 result 5)."""
    if s.where[elephant] != ON_MAP or s.panic[elephant]:
        return
    movement.start(s, elephant)
    facing = s.face[elephant]
    g = s.grid
    while True:
        steps, _, _ = movement.options(s)
        if facing not in steps:
            break
        target = g.neighbours[s.pos[elephant]][facing]
        if s.occ[target] >= 0:
            beyond = g.neighbours[target][facing]
            mv = s.mv
            assert mv is not None
            left = mv[movement.M_MP] - s.scenario.costs[target]
            if beyond < 0 or s.occ[beyond] >= 0 or s.scenario.costs[beyond] > left:
                break  # it would end on a friend: it stops short instead
        movement.step(s, facing)
    movement.finish(s)


def furious_halt(s: DbpState, elephant: int) -> bool:
    """After each Roman-driven step: halt with the front on a Carthaginian unit and MP left."""
    mv = s.mv
    assert mv is not None
    if mv[movement.M_MP] <= 0 or s.occ[s.pos[elephant]] >= 0:
        return False
    for hex_ in s.grid.front(s.pos[elephant], s.face[elephant]):
        if hex_ >= 0:
            other = s.occ[hex_]
            if other >= 0 and s.sides[other] == CARTHAGE:
                mv[movement.M_STOP] = 1
                add_disorder(s, elephant, 1, -1, "furious, it blunders into its own side")
                add_disorder(s, other, 1, -1, f"struck by the furious {s.unit_name(elephant)}")
                return True
    return False
