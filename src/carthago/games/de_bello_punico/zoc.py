"""Zones of control (§8.2): the three front hexes of every unit not in Panic.

Leaders and units in Panic have none (§8, §11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState


def in_enemy_zoc(s: DbpState, hex_: int, side: int) -> bool:
    """Whether ``hex_`` lies in the front of a unit of the side opposed to ``side``."""
    sides, occ, facing, panic = s.sides, s.occ, s.face, s.panic
    for direction, neighbour in enumerate(s.grid.neighbours[hex_]):
        if neighbour < 0:
            continue
        unit = occ[neighbour]
        if unit < 0 or sides[unit] == side or panic[unit]:
            continue
        # The unit at ``neighbour`` sees ``hex_`` in the opposite direction.
        if (direction + 3 - facing[unit]) % 6 in (0, 1, 5):
            return True
    return False
