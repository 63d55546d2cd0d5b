"""The Initiative phase (§4.2, §5): a die each plus the real Command Points in the Initiative
box; the higher total chooses to be First or Second player, a tie rolls again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.de_bello_punico import command
from carthago.games.de_bello_punico.scenarios import CARTHAGE, ROME

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState


def roll_tasks() -> tuple[tuple[object, ...], ...]:
    """Carthage rolls, then Rome, then the totals are compared."""
    return (
        ("die", CARTHAGE, "initiative", CARTHAGE),
        ("die", ROME, "initiative", ROME),
        ("initiative",),
    )


def compare(s: DbpState) -> int:
    """The winner, or -1 on a tie (both roll again)."""
    totals = []
    for side in (ROME, CARTHAGE):
        bonus = command.reveal_initiative(s, side)
        totals.append(s.init_roll[side] + bonus)
        s._add_log(f"{s.side_name(side)} initiative: {s.init_roll[side]} + {bonus} = {totals[-1]}")
    if totals[0] == totals[1]:
        s._add_log("Initiative tied: both roll again")
        return -1
    return ROME if totals[0] > totals[1] else CARTHAGE
