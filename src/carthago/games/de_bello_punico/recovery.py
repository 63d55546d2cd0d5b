"""The Recovery impulse (§4.4, §12): one Disorder point off per Recovery Command Point.

Each point goes to a different unit (§4.1.1), in its leader's command range, not in Panic;
units in an enemy zone of control may recover too (§4.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.de_bello_punico.leaders import in_command
from carthago.games.de_bello_punico.morale import ON_MAP
from carthago.games.de_bello_punico.movement import HAS_CP

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState


def candidates(s: DbpState, side: int) -> list[int]:
    return [
        u
        for u in s.units_of[side]
        if s.where[u] == ON_MAP
        and not s.panic[u]
        and s.dis[u] > 0
        and not s.flags[u] & HAS_CP
        and in_command(s, u)
    ]


def recover(s: DbpState, unit: int) -> None:
    s.dis[unit] -= 1
    s.flags[unit] |= HAS_CP
    s._add_log(f"{s.unit_name(unit)} recovers a Disorder point; now {s.dis[unit]}")
