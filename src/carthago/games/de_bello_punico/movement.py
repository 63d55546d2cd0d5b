"""Movement (§6, §7, §8, §8.1, §8.2): one step or one turn at a time.

A unit steps into one of its three front hexes and keeps its facing, so the hex it left lies
in its rear (§6); it pays the hex's terrain cost; turning in place costs 1 MP whatever the
number of sides (§8.1). It may pass through friends (§7.1, Disorder to both unless Velites or
Skirmishers are involved or Hastati cross Principes) but never stop on one (§7), never enter an
enemy, and stops on entering an enemy zone of control (§8.2). A unit that starts in an enemy
zone and leaves its hex may not attack in the next combat impulse; turning in place keeps the
attack (§8.2.1). A leader moves six MP in any direction, ignoring zones of control (§13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico import leaders
from carthago.games.de_bello_punico.hexgrid import DIRECTIONS, edge_crossed, front_directions
from carthago.games.de_bello_punico.morale import EXITED, ON_MAP, add_disorder, remove
from carthago.games.de_bello_punico.rout import recover_rout
from carthago.games.de_bello_punico.scenarios import CARTHAGE, ROME
from carthago.games.de_bello_punico.units import LEADER_MOVE, crossing_disorders
from carthago.games.de_bello_punico.zoc import in_enemy_zoc

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

# Per-unit flags (DbpState.flags).
MOVED: Final = 1
LEFT_ZOC: Final = 2
ATTACKED: Final = 4
SUPPORTED: Final = 8
FINIS: Final = 16
NO_FIGHT: Final = 32
CHARGED: Final = 64
HAS_CP: Final = 128
BOOSTED: Final = 256
TABLED: Final = 512
FIRED: Final = 1024
IMPULSE_FLAGS: Final = MOVED | ATTACKED | SUPPORTED | HAS_CP | BOOSTED | TABLED | FIRED
TURN_FLAGS: Final = FINIS | NO_FIGHT

# The move in progress (DbpState.mv): unit, MP left, straight run, last direction, flags.
M_UNIT: Final = 0
M_MP: Final = 1
M_STRAIGHT: Final = 2
M_LAST: Final = 3
M_ZOC_START: Final = 4
M_START: Final = 5
M_STOP: Final = 6
TURNED: Final = -2
"""M_LAST after a turn in place."""


def movement_allowance(s: DbpState, unit: int) -> int:
    if unit >= s.n_units:
        return LEADER_MOVE
    return s.utype[unit].move + (1 if s.flags[unit] & BOOSTED else 0)


def start(s: DbpState, unit: int) -> None:
    """Lift a counter to move it; the move ends with :func:`finish`."""
    if unit < s.n_units:
        here = s.pos[unit]
        s.occ[here] = -1
        s.flags[unit] |= MOVED
        in_zoc = in_enemy_zoc(s, here, s.sides[unit])
        s.mv = [unit, movement_allowance(s, unit), 0, -1, 1 if in_zoc else 0, here, 0]
    else:
        s.moved_leaders[unit - s.n_units] = True
        side = unit - s.n_units
        s.mv = [unit, LEADER_MOVE, 0, -1, 0, s.leader_hex[side], 0]


def finish(s: DbpState) -> None:
    mv = s.mv
    assert mv is not None
    unit = mv[M_UNIT]
    s.mv = None
    if unit >= s.n_units or s.where[unit] != ON_MAP or s.panic[unit]:
        return
    s.occ[s.pos[unit]] = unit
    if s.pos[unit] != mv[M_START]:
        # Whoever watches sees the move as a whole, as a player across the table would.
        grid = s.grid
        s._add_log(
            f"{s.unit_name(unit)} moves from {grid.label(mv[M_START])} to "
            f"{grid.label(s.pos[unit])}, facing {DIRECTIONS[s.face[unit]]}"
        )
    if s.pos[unit] != mv[M_START] and mv[M_ZOC_START]:
        s.flags[unit] |= LEFT_ZOC
    if s.utype[unit].kind == "elephant" and mv[M_STRAIGHT] >= 4:
        s.flags[unit] |= CHARGED


_FRONT_ASCENDING: Final = tuple(tuple(sorted(front_directions(f))) for f in range(6))
"""Each facing's front directions in ascending order, so the step actions come in order."""


def _enterable(s: DbpState, target: int, side: int, mp: int, facing: int, depth: int) -> bool:
    """Whether a unit with ``mp`` left may enter ``target`` and not be stuck on a friend."""
    if target < 0 or s.scenario.costs[target] > mp:
        return False
    other = s.occ[target]
    if other < 0:
        return True
    if s.sides[other] != side or depth > 6 or in_enemy_zoc(s, target, side):
        return False
    left = mp - s.scenario.costs[target]
    return any(
        _enterable(s, s.grid.neighbours[target][d], side, left, facing, depth + 1)
        for d in _FRONT_ASCENDING[facing]
    )


def _exits_by_enemy_edge(s: DbpState, unit: int, here: int, direction: int) -> bool:
    """Trebbia: a Roman unit may leave by the Carthaginian edge to win back Rout Points
    (§17.1.4); the side edges are the flanks of the field, no one's edge."""
    return (
        s.scenario.roman_exit_recovers
        and s.sides[unit] == ROME
        and edge_crossed(s.grid, here, direction) == s.scenario.home_edges[CARTHAGE]
    )


def options(s: DbpState) -> tuple[list[int], list[int], bool]:
    """(step directions, facings, may stop here) for the move in progress."""
    mv = s.mv
    assert mv is not None
    unit, mp = mv[M_UNIT], mv[M_MP]
    if mv[M_STOP]:
        return [], [], True
    g = s.grid
    if unit >= s.n_units:
        side = unit - s.n_units
        here = s.leader_hex[side]
        steps = []
        for d, target in enumerate(g.neighbours[here]):
            if target < 0 or s.scenario.costs[target] > mp or target == s.leader_hex[1 - side]:
                continue
            other = s.occ[target]
            if other >= 0 and s.sides[other] != side:
                continue
            steps.append(d)
        return steps, [], True
    side, here, facing = s.sides[unit], s.pos[unit], s.face[unit]
    steps = []
    for d in _FRONT_ASCENDING[facing]:
        target = g.neighbours[here][d]
        if target < 0:
            if mp >= 1 and _exits_by_enemy_edge(s, unit, here, d):
                steps.append(d)
        elif _enterable(s, target, side, mp, facing, 0):
            steps.append(d)
    # Turning twice in a row buys nothing a single turn would not (§8.1: any number of sides
    # for 1 MP), so a second turn waits for a step in between.
    # Nor does a unit turn while passing through a friend: it must step on out (§7).
    alone = s.occ[here] < 0
    may_turn = mp >= 1 and mv[M_LAST] != TURNED and alone
    turns = [d for d in range(6) if d != facing] if may_turn else []
    return steps, turns, alone


def step(s: DbpState, direction: int) -> None:
    mv = s.mv
    assert mv is not None
    unit = mv[M_UNIT]
    g = s.grid
    if unit >= s.n_units:
        side = unit - s.n_units
        target = g.neighbours[s.leader_hex[side]][direction]
        mv[M_MP] -= s.scenario.costs[target]
        s.leader_hex[side] = target
        return
    here, side = s.pos[unit], s.sides[unit]
    target = g.neighbours[here][direction]
    if target < 0:
        mv[M_STOP] = 1
        remove(s, unit, EXITED, "leaves the map by the Carthaginian edge")
        recover_rout(s, side, s.utype[unit].rout, f"{s.unit_name(unit)} left the field")
        return
    mv[M_MP] -= s.scenario.costs[target]
    mv[M_STRAIGHT] = mv[M_STRAIGHT] + 1 if direction == mv[M_LAST] else 1
    mv[M_LAST] = direction
    s.pos[unit] = target
    if s.leader_hex[1 - side] == target:
        leaders.withdraw(s, 1 - side)
    friend = s.occ[target]
    if friend >= 0 and crossing_disorders(s.utype[unit].code, s.utype[friend].code):
        add_disorder(s, friend, 1, -1, f"crossed by {s.unit_name(unit)}")
        add_disorder(s, unit, 1, -1, f"crossing {s.unit_name(friend)}")
    if friend < 0 and in_enemy_zoc(s, target, side):
        mv[M_STOP] = 1


def turn(s: DbpState, facing: int) -> None:
    mv = s.mv
    assert mv is not None
    mv[M_MP] -= 1
    mv[M_STRAIGHT] = 0
    mv[M_LAST] = TURNED
    s.face[mv[M_UNIT]] = facing
