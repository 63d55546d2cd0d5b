"""Rout Points (§16, §16.1) and the end of the battle.

A side takes its unit's Rout value when the unit panics (§16: Rout Points come with Panic;
§16.1.1: a unit already in Panic gives none when it is later eliminated), and 5 for its leader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

LEADER_ROUT: Final = 5


def add_rout(s: DbpState, side: int, points: int, why: str) -> None:
    if points:
        s.rout[side] += points
        s._add_log(
            f"{s.side_name(side)} suffers {points} Rout Point(s) ({why}); total {s.rout[side]}"
        )


def recover_rout(s: DbpState, side: int, points: int, why: str) -> None:
    """Trebbia: Roman units leaving by the Carthaginian edge give back their value (§17.1.4)."""
    if points:
        s.rout[side] = max(0, s.rout[side] - points)
        s._add_log(
            f"{s.side_name(side)} recovers {points} Rout Point(s) ({why}); total {s.rout[side]}"
        )


def routed(s: DbpState) -> tuple[bool, bool]:
    """Which sides have reached their scenario's rout level."""
    limits = s.scenario.rout
    return (s.rout[0] >= limits[0], s.rout[1] >= limits[1])
