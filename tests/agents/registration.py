"""Registering a test game for the length of a test only.

A test game registered at import would join every registry-wide test (the contract, the
interop adapters, the web listing), which ask more of a game than these tiny ones need.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from carthago.core import registry
from carthago.core.game import Game


@contextmanager
def registered(*games: type[Game]) -> Iterator[None]:
    """``games`` loadable by name inside the block, and gone from the registry after it.

    Worker processes forked inside the block inherit the registration.
    """
    registry.games()  # discover the real games first, so the block adds only these
    for game in games:
        registry.register(game)
    try:
        yield
    finally:
        for game in games:
            del registry._GAMES[game.name]
