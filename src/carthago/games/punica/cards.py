"""The hand cycle (punica-en.txt "Card effect", "Battle", "Pass").

A side's seven cards are in its hand, face up next to the board ("played"), or face down in a
battle ("committed"). Hands and piles are bit masks over the deck positions 0-6. Whenever a
side plays the last card of its hand, for an action, in a battle or to pass, every played
card except the one just played goes back to its hand.
"""

from __future__ import annotations

from typing import Final

from carthago.games.punica.components import CARDS, CARDS_PER_SIDE, Card

FULL_HAND: Final = (1 << CARDS_PER_SIDE) - 1


def cards_in(mask: int) -> list[int]:
    """The deck positions in ``mask``, ascending.

    >>> cards_in(0b1010001)
    [0, 4, 6]
    """
    return [k for k in range(CARDS_PER_SIDE) if (mask >> k) & 1]


def card(side: int, index: int) -> Card:
    """Card ``index`` of ``side``'s deck."""
    return CARDS[side][index]


def play(hand: int, played: int, index: int) -> tuple[int, int]:
    """Hand and played pile after card ``index`` (no longer in ``hand``) is placed face up.

    >>> play(0b0000000, 0b0111110, 0)  # the last card: the others come back
    (62, 1)
    >>> play(0b0000110, 0b0000000, 0)
    (6, 1)
    """
    played |= 1 << index
    if hand == 0:
        return played & ~(1 << index), 1 << index
    return hand, played
