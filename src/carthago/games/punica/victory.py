"""Victory (punica-en.txt "Winning the game").

A side wins at once when it controls the opposing Capital, or 3 of the opposing side's five
areas of influence (Sicily counts for both sides), or when no opposing army is left on the
board. If neither side has an army left the game is drawn. An area is controlled by a side when
only that side's units are in it. Areas are read as bit sets (``movement.presence``): victory
is checked after every movement.
"""

from __future__ import annotations

from typing import Final

from carthago.games.punica.components import CARTHAGE, REGION_BITS, ROME, Board
from carthago.games.punica.movement import Units, presence

INFLUENCE_TO_WIN: Final = 3
DRAW: Final = -1


def controlled(units: Units, hannibal: int, side: int) -> int:
    """The areas holding only ``side``'s units, as a bit set."""
    sides = presence(units, hannibal)
    return sides[side] & ~sides[1 - side]


def _influence_in(board: Board, held: int, side: int) -> int:
    """How many of the opponent's areas of influence the bit set ``held`` covers."""
    count = 0
    for area in board.influence[1 - side]:
        count += (held >> area) & 1
    return count


def influence_held(board: Board, units: Units, hannibal: int, side: int) -> int:
    """How many of the opponent's areas of influence ``side`` controls."""
    return _influence_in(board, controlled(units, hannibal, side), side)


def _victory(board: Board, own: int, other: int, side: int) -> str | None:
    """Why ``side`` has won, its units in the areas ``own`` and the opponent's in ``other``,
    or None."""
    held = own & ~other
    if (held >> board.capital[1 - side]) & 1:
        return "controls the opposing Capital"
    if _influence_in(board, held, side) >= INFLUENCE_TO_WIN:
        return "controls 3 opposing areas of influence"
    if not other & REGION_BITS:
        return "has removed every opposing army"
    return None


def winner(board: Board, sides: tuple[int, int]) -> tuple[int, str] | None:
    """``(side, reason)`` if the game is decided (side DRAW for a draw), else None; ``sides``
    are the areas where each side has units (``movement.presence``)."""
    rome, carthage = sides
    if not (rome | carthage) & REGION_BITS:
        return DRAW, "neither side has an army left"
    rome_won = _victory(board, rome, carthage, ROME)
    carthage_won = _victory(board, carthage, rome, CARTHAGE)
    if rome_won is not None and carthage_won is not None:
        return DRAW, "both sides met a victory condition at once"
    if rome_won is not None:
        return ROME, rome_won
    if carthage_won is not None:
        return CARTHAGE, carthage_won
    return None
