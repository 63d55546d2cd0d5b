"""The resting cycle (Setup step 2, Upkeep step 1) on hands kept as sorted tuples of values.

Cards of one value are alike, so a pile of army cards is a sorted tuple of values: a multiset.
The piles hold a handful of cards, so plain list operations serve (and compile to C, where
``collections.Counter`` would run as interpreted code on every draw).

>>> remove_one((1, 2, 2, 3), 2)
(1, 2, 3)
>>> without((1, 2, 2, 3, 5), (2, 5))
(1, 2, 3)
>>> common((1, 1, 2, 3), (1, 2, 2))
(1, 2)
"""

from __future__ import annotations


def remove_one(cards: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``cards`` with one card of ``value`` taken out (ValueError if there is none)."""
    at = cards.index(value)
    return cards[:at] + cards[at + 1 :]


def without(cards: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` with every card of ``taken`` removed, one for one."""
    remaining = list(cards)
    for value in taken:
        if value not in remaining:
            raise ValueError(f"{taken} is not part of {cards}")
        remaining.remove(value)
    return tuple(sorted(remaining))


def common(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    """The cards both piles hold (multiset intersection)."""
    unmatched = list(second)
    both = []
    for value in first:
        if value in unmatched:
            unmatched.remove(value)
            both.append(value)
    return tuple(sorted(both))


def draw_probabilities(pool: tuple[int, ...]) -> list[tuple[int, float]]:
    """A card drawn at random from ``pool``: each value with its share of the pool.

    >>> draw_probabilities((1, 2, 2, 4))
    [(1, 0.25), (2, 0.5), (4, 0.25)]
    """
    counts: dict[int, int] = {}
    for value in pool:
        counts[value] = counts.get(value, 0) + 1
    return [(value, counts[value] / len(pool)) for value in sorted(counts)]


def return_from_rest(
    pool: tuple[int, ...], new_rest: tuple[int, ...], old_rest: tuple[int, ...]
) -> tuple[int, ...]:
    """The next hand: the spent cards not set aside, plus last turn's resting cards."""
    return tuple(sorted(without(pool, new_rest) + old_rest))
