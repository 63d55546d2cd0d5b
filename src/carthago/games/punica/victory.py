"""Victory (punica-en.txt "Winning the game").

A side wins at once when it controls the opposing Capital, or 3 of the opposing side's five
areas of influence (Sicily counts for both sides), or when no opposing army is left on the
board. If neither side has an army left the game is drawn. An area is controlled by a side when
only that side's units are in it.
"""

from __future__ import annotations

from typing import Final

from carthago.games.punica.components import CARTHAGE, NUM_REGIONS, Board
from carthago.games.punica.movement import Units, present

INFLUENCE_TO_WIN: Final = 3
DRAW: Final = -1


def controls(units: Units, hannibal: int, side: int, area: int) -> bool:
    """Whether only ``side``'s units are in ``area``."""
    return present(units, hannibal, side, area) and not present(units, hannibal, 1 - side, area)


def has_armies(units: Units, hannibal: int, side: int) -> bool:
    """Whether ``side`` has an army (Hannibal included) anywhere on the board."""
    if side == CARTHAGE and hannibal >= 0:
        return True
    return any(units[side][r] for r in range(NUM_REGIONS))


def influence_held(board: Board, units: Units, hannibal: int, side: int) -> int:
    """How many of the opponent's areas of influence ``side`` controls."""
    return sum(controls(units, hannibal, side, a) for a in board.influence[1 - side])


def winner(board: Board, units: Units, hannibal: int) -> tuple[int, str] | None:
    """``(side, reason)`` if the game is decided (side DRAW for a draw), else None."""
    armies = [has_armies(units, hannibal, side) for side in (0, 1)]
    if not any(armies):
        return DRAW, "neither side has an army left"
    won = []
    for side in (0, 1):
        if controls(units, hannibal, side, board.capital[1 - side]):
            won.append((side, "controls the opposing Capital"))
        elif influence_held(board, units, hannibal, side) >= INFLUENCE_TO_WIN:
            won.append((side, "controls 3 opposing areas of influence"))
        elif not armies[1 - side]:
            won.append((side, "has removed every opposing army"))
    if len(won) == 2:
        return DRAW, "both sides met a victory condition at once"
    return won[0] if won else None
