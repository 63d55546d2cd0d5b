"""Mercenary charges (§4.7, §15.2): two charges for each Command Point in the Furor box.

A charging Mercenary unit (adjacent to its target, as every attacker is) adds 2 to its roll;
if its own unmodified roll is 5 or 6 it takes one more Disorder point after the combat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico import command
from carthago.games.de_bello_punico.actions import SPECIAL
from carthago.games.de_bello_punico.scenarios import CARTHAGE

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

CHARGE_BONUS: Final = 2
CHARGES_PER_POINT: Final = 2


def may_be_asked(s: DbpState, attacker: int) -> bool:
    """Whether Carthage is asked about a charge (an unspent Furor counter or charge left)."""
    return (
        s.sides[attacker] == CARTHAGE
        and s.utype[attacker].code == "Me"
        and (s.charges > 0 or command.unspent(s, CARTHAGE, SPECIAL) > 0)
        and s.leader_hex[CARTHAGE] >= 0
    )


def can_charge(s: DbpState) -> bool:
    return s.charges > 0 or command.real_left(s, CARTHAGE, SPECIAL) > 0


def declare(s: DbpState) -> None:
    if s.charges == 0:
        command.spend(s, CARTHAGE, SPECIAL, "for two Mercenary charges")
        s.charges = CHARGES_PER_POINT
    s.charges -= 1


def backlash(unmodified_roll: int) -> bool:
    """A charging Mercenary rolling 5 or 6 takes a Disorder point as well (§15.2)."""
    return unmodified_roll >= 5
