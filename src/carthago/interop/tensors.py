"""Each game's observation tensor: the lookup of ``games/<id>/tensor.py``.

A game's tensor module defines ``shape(game) -> tuple[int, ...]`` and ``encode(game,
observation) -> list[float]`` (flat, of length the product of the shape), built only from
``state.observation(p)``, so a learner can never see what the seat may not. The layout is
documented in ``docs/<id>.md``. This module finds that module, checks what it returns, and is
the one place the OpenSpiel, PettingZoo and Gymnasium adapters get tensors from.

It needs nothing beyond the standard library, so the games' own tests can use it without the
``rl`` extra.
"""

from __future__ import annotations

import importlib
import math
from types import ModuleType
from typing import Any, Protocol, cast

from carthago.core.errors import CarthagoError
from carthago.core.game import Game
from carthago.core.registry import game_class


class MissingTensorError(CarthagoError, LookupError):
    """A game that has no tensor module yet, so the adapters cannot give learners vectors."""


class TensorEncodingError(CarthagoError, ValueError):
    """A game's tensor module returned something that breaks its own declared shape."""


class TensorModule(Protocol):
    """What ``games/<id>/tensor.py`` provides."""

    def shape(self, game: Game) -> tuple[int, ...]: ...

    def encode(self, game: Game, observation: dict[str, Any]) -> list[float]: ...


_MODULES: dict[str, TensorModule] = {}
"""Tensor modules found so far, and those of games living outside ``carthago.games``."""


def tensor_module_name(game_id: str) -> str:
    """Where a game's tensor module lives.

    >>> tensor_module_name("punica")
    'carthago.games.punica.tensor'
    """
    return f"carthago.games.{game_id}.tensor"


def register_tensor(game_id: str, module: ModuleType | TensorModule) -> None:
    """Use ``module`` as the tensor module of ``game_id``.

    Only for games registered from outside ``carthago.games`` (such as the test games): a real
    game's module is found at :func:`tensor_module_name` without registration.
    """
    _MODULES[game_id] = cast(TensorModule, module)


def tensor_module(game_id: str) -> TensorModule:
    """The tensor module of ``game_id``; MissingTensorError naming the module if there is none."""
    if game_id in _MODULES:
        return _MODULES[game_id]
    game_class(game_id)  # an unknown game is an UnknownGameError, not a missing tensor
    name = tensor_module_name(game_id)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        # The game's package itself may be what is missing (a game registered from elsewhere).
        if error.name is None or not (name + ".").startswith(error.name + "."):
            raise
        raise MissingTensorError(
            f"game {game_id!r} has no observation tensor yet: the module {name} "
            f"(src/carthago/games/{game_id}/tensor.py, defining shape(game) and "
            f"encode(game, observation)) does not exist"
        ) from None
    for function in ("shape", "encode"):
        if not callable(getattr(module, function, None)):
            raise MissingTensorError(f"{name} does not define {function}()")
    _MODULES[game_id] = cast(TensorModule, module)
    return _MODULES[game_id]


def has_tensor(game_id: str) -> bool:
    """Whether ``game_id`` has a tensor module (the adapters need one)."""
    try:
        tensor_module(game_id)
    except MissingTensorError:
        return False
    return True


def observation_shape(game: Game) -> tuple[int, ...]:
    """The shape of ``game``'s observation tensor (fixed for the game and its options)."""
    shape = tuple(int(n) for n in tensor_module(game.name).shape(game))
    if not shape or any(n <= 0 for n in shape):
        raise TensorEncodingError(f"{game.name}: tensor shape {shape!r} is not a positive shape")
    return shape


def observation_size(game: Game) -> int:
    """The number of floats in one observation tensor of ``game``."""
    return math.prod(observation_shape(game))


def encode_observation(game: Game, observation: dict[str, Any]) -> list[float]:
    """The flat tensor of one ``state.observation(p)``; its length is checked against the shape."""
    values = tensor_module(game.name).encode(game, observation)
    expected = observation_size(game)
    if len(values) != expected:
        raise TensorEncodingError(
            f"{game.name}: encode() gave {len(values)} values, but shape() promises {expected}"
        )
    return values
