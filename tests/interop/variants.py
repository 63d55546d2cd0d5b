"""Every registered game and each of its declared variants, for the interop tests."""

from __future__ import annotations

import carthago
from carthago.core.options import OptionValue
from carthago.core.registry import game_class

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
