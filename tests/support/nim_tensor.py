"""The observation tensor of the nim test game, in the shape of a ``games/<id>/tensor.py``.

Layout (pile + 5 floats, ``pile`` being the starting pile option): stones left one-hot (pile +
1 entries, index = stones left), viewer one-hot (2; zeros for a spectator), player to move
one-hot (2; zeros once the game is over).
"""

from __future__ import annotations

from typing import Any

from carthago.core.game import Game


def shape(game: Game) -> tuple[int, ...]:
    return (int(game.options["pile"]) + 5,)


def encode(game: Game, observation: dict[str, Any]) -> list[float]:
    stones = int(game.options["pile"]) + 1
    values = [0.0] * (stones + 4)
    values[observation["pile"]] = 1.0
    if observation["viewer"] is not None:
        values[stones + observation["viewer"]] = 1.0
    if observation["current_player"] >= 0:
        values[stones + 2 + observation["current_player"]] = 1.0
    return values
