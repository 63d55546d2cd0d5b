"""Army cards placed against territories, and who takes each territory at resolution.

A placement is ``(territory, player, value, face_down)``; stacks on both sides of a card
grow through the turn ("Combat and Development Phase").

>>> outcome = resolve(((7, 0, 5, False), (7, 1, 3, True), (9, 1, 2, False), (4, 0, 2, False),
...                    (4, 1, 2, False)), (7, 9, 4, 12))
>>> outcome.winners, outcome.drawn, outcome.untouched
({7: 0, 9: 1}, (4,), (12,))
"""

from __future__ import annotations

from typing import NamedTuple

Placement = tuple[int, int, int, bool]


class Outcome(NamedTuple):
    winners: dict[int, int]
    """Territory -> the player with the higher total against it."""
    drawn: tuple[int, ...]
    """Territories where both sides committed equal, non-zero totals: drawn combats."""
    untouched: tuple[int, ...]
    """Territories nobody fought over; like drawn ones they stay in play."""


def totals(placements: tuple[Placement, ...], territory: int) -> tuple[int, int]:
    """Each player's combined army value against ``territory``."""
    sums = [0, 0]
    for where, player, value, _ in placements:
        if where == territory:
            sums[player] += value
    return sums[0], sums[1]


def resolve(placements: tuple[Placement, ...], in_play: tuple[int, ...]) -> Outcome:
    """Highest total takes each territory; equal totals leave it in play."""
    winners: dict[int, int] = {}
    drawn: list[int] = []
    untouched: list[int] = []
    for territory in in_play:
        first, second = totals(placements, territory)
        if first != second:
            winners[territory] = 0 if first > second else 1
        elif first:
            drawn.append(territory)
        else:
            untouched.append(territory)
    return Outcome(winners, tuple(drawn), tuple(untouched))
