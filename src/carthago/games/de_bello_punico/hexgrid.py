"""The hex grid: coordinates, the six facings, front and rear hexes, distance, line of sight.

Hexes are flat-topped so that a battle line faces a hexside straight ahead (north or south).
Columns are offset: odd columns sit half a hex lower ("odd-q"). A hex is an integer
``row * width + column``; off the map is -1. Directions and facings are numbered clockwise
from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (§8: a unit faces one side of its hex).

>>> grid = Grid(5, 4)
>>> grid.hex_of(2, 1), grid.column_row(7)
(7, (2, 1))
>>> [grid.label(h) for h in grid.front(grid.hex_of(2, 1), 0)]
['1,0', '2,0', '3,0']
>>> grid.distance(grid.hex_of(0, 0), grid.hex_of(4, 3))
5
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

# Typed as a tuple of any length: compiled, a fixed-length one is kept unboxed and looked up
# by a variable index it is rebuilt as a new tuple every time.
DIRECTIONS: Final[tuple[str, ...]] = ("N", "NE", "SE", "S", "SW", "NW")
# Axial (q, r) steps for flat-topped hexes, in the order of DIRECTIONS.
_AXIAL_STEPS: Final = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_NUDGE: Final = 1e-6


def front_directions(facing: int) -> tuple[int, int, int]:
    """The three directions of a unit's front (§8): its facing and the two beside it."""
    return ((facing - 1) % 6, facing, (facing + 1) % 6)


def rear_directions(facing: int) -> tuple[int, int, int]:
    """The three directions of a unit's rear (§8)."""
    return ((facing + 2) % 6, (facing + 3) % 6, (facing + 4) % 6)


class Grid:
    """A rectangular map of ``width`` columns and ``height`` rows with precomputed tables."""

    __slots__ = ("axial", "height", "neighbours", "size", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self.axial: tuple[tuple[int, int], ...] = tuple(
            (h % width, h // width - (h % width - (h % width & 1)) // 2) for h in range(self.size)
        )
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._step(h, d) for d in range(6)) for h in range(self.size)
        )

    def _step(self, hex_: int, direction: int) -> int:
        q, r = self.axial[hex_]
        dq, dr = _AXIAL_STEPS[direction]
        return self._from_axial(q + dq, r + dr)

    def _from_axial(self, q: int, r: int) -> int:
        column = q
        row = r + (q - (q & 1)) // 2
        if 0 <= column < self.width and 0 <= row < self.height:
            return row * self.width + column
        return -1

    def hex_of(self, column: int, row: int) -> int:
        """The hex at ``column``, ``row``; ValueError off the map."""
        if not (0 <= column < self.width and 0 <= row < self.height):
            raise ValueError(f"hex {column},{row} is off a {self.width}x{self.height} map")
        return row * self.width + column

    def column_row(self, hex_: int) -> tuple[int, int]:
        return hex_ % self.width, hex_ // self.width

    def label(self, hex_: int) -> str:
        """``column,row`` as the notation writes a hex."""
        column, row = self.column_row(hex_)
        return f"{column},{row}"

    def front(self, hex_: int, facing: int) -> tuple[int, int, int]:
        """The three front hexes (-1 where off the map)."""
        n = self.neighbours[hex_]
        return (n[(facing - 1) % 6], n[facing], n[(facing + 1) % 6])

    def rear(self, hex_: int, facing: int) -> tuple[int, int, int]:
        n = self.neighbours[hex_]
        return (n[(facing + 2) % 6], n[(facing + 3) % 6], n[(facing + 4) % 6])

    def direction(self, from_hex: int, to_hex: int) -> int:
        """The direction from a hex to an adjacent one; -1 if they are not adjacent."""
        try:
            return self.neighbours[from_hex].index(to_hex)
        except ValueError:
            return -1

    def distance(self, a: int, b: int) -> int:
        # Two unpackings, not one of a pair of pairs (which compiled builds as a new tuple).
        q1, r1 = self.axial[a]
        q2, r2 = self.axial[b]
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def between(self, a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The hexes a straight line between two hex centres crosses, excluding both ends.

        Two versions, the line nudged to either side: where it runs exactly along a hexside
        the versions differ, and a ruler laid there slips past unless both sides are blocked.
        """
        return _between(self.width, self.height, a, b)

    def sees(self, a: int, b: int, occupied: list[int]) -> bool:
        """Line of sight (§9.2): no unit, friend or foe, on the line between the centres."""
        left, right = self.between(a, b)
        return not (any(occupied[h] >= 0 for h in left) and any(occupied[h] >= 0 for h in right))


@cache
def grid(width: int, height: int) -> Grid:
    """The shared grid of a map size (grids are immutable, so one per size is enough)."""
    return Grid(width, height)


@lru_cache(maxsize=65536)
def _between(width: int, height: int, a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    g = grid(width, height)
    (q1, r1), (q2, r2) = g.axial[a], g.axial[b]
    steps = g.distance(a, b)
    lines: list[tuple[int, ...]] = []
    for nudge in (_NUDGE, -_NUDGE):
        crossed: list[int] = []
        for i in range(1, steps):
            t = i / steps
            q = q1 + (q2 - q1) * t + nudge
            r = r1 + (r2 - r1) * t + nudge
            hex_ = g._from_axial(*_round_axial(q, r))
            if hex_ >= 0 and hex_ not in crossed:
                crossed.append(hex_)
        lines.append(tuple(crossed))
    return lines[0], lines[1]


def _round_axial(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


TOP: Final = "top"
BOTTOM: Final = "bottom"
SIDE: Final = "side"
"""The map edges: row 0's (Carthage's in every scenario), the last row's (Rome's), and the
first and last columns' (no side's: the flanks of the field)."""


def edge_crossed(g: Grid, hex_: int, direction: int) -> str:
    """The edge a step leaves the map by: TOP, BOTTOM or SIDE; "" if it stays on the map.

    A step off a corner that crosses a side edge counts as leaving by the side.

    >>> g = Grid(4, 4)
    >>> edge_crossed(g, 1, 0), edge_crossed(g, 13, 3), edge_crossed(g, 4, 5), edge_crossed(g, 5, 0)
    ('top', 'bottom', 'side', '')
    """
    q, r = g.axial[hex_]
    dq, dr = _AXIAL_STEPS[direction]
    q, r = q + dq, r + dr
    if not 0 <= q < g.width:
        return SIDE
    row = r + (q - (q & 1)) // 2
    if row < 0:
        return TOP
    return BOTTOM if row >= g.height else ""
