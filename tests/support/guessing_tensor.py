"""The observation tensor of the guessing test game, in the shape of a ``games/<id>/tensor.py``.

Layout (11 floats): viewer one-hot (2: Guesser, Keeper; zeros for a spectator), player to move
one-hot (2), Keeper's card one-hot (3; zeros unless the viewer sees it), stake one-hot (2; zeros
before it is set), score divided by the largest possible score, rounds played divided by rounds.
"""

from __future__ import annotations

from typing import Any

from carthago.core.game import Game

SIZE = 11


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


def encode(game: Game, observation: dict[str, Any]) -> list[float]:
    rounds = int(game.options["rounds"])
    values = [0.0] * SIZE
    if observation["viewer"] is not None:
        values[observation["viewer"]] = 1.0
    if observation["current_player"] >= 0:
        values[2 + observation["current_player"]] = 1.0
    if observation["card"] is not None:
        values[4 + observation["card"]] = 1.0
    if observation["stake"] is not None:
        values[7 + observation["stake"] - 1] = 1.0
    values[9] = observation["score"] / (2 * rounds)
    values[10] = observation["round"] / rounds
    return values
