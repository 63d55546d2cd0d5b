"""Every registered game and each of its declared variants, for the interop tests."""

from __future__ import annotations

from typing import TypeVar

import carthago
from carthago.core.options import OptionValue
from carthago.core.registry import game_class

_T = TypeVar("_T")

GAME_IDS = carthago.games()
VARIANTS: list[tuple[str, dict[str, OptionValue]]] = [
    (game_id, dict(options)) for game_id in GAME_IDS for options in game_class(game_id).VARIANTS
]
VARIANT_IDS = [
    f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in VARIANTS
]

SHORTEST: dict[str, dict[str, OptionValue]] = {
    game_id: dict(
        min(
            game_class(game_id).VARIANTS,
            key=lambda options, g=game_id: carthago.load(g, **options).max_game_length,
        )
    )
    for game_id in GAME_IDS
}
"""Each game's variant with the shortest games: the tests that play whole games move by move
through an adapter use it, so that a long battle (2,000 moves at De Bello Punico) stays quick."""


def spaced(states: list[_T], count: int) -> list[_T]:
    """At most ``count`` of ``states``, evenly spaced from the first: the checks that resample
    and replay a whole game at each position would cost minutes on every position of a long one.

    >>> spaced(list(range(10)), 4)
    [0, 3, 6, 9]
    >>> spaced([0, 1], 4)
    [0, 1]
    """
    return states[:: -(-len(states) // count)]
