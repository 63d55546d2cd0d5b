"""carthago: an engine and playing suite for the tabletop games of the Punic Wars.

>>> import carthago
>>> "punica" in carthago.games()
True
>>> game = carthago.load("punica", edition="pl")
>>> game.player_names
['Rome', 'Carthage']
>>> state = game.new_initial_state()
>>> state.current_player()  # Rome moves first in the Polish edition
0
"""

# First: under CARTHAGO_PURE_PYTHON=1 it makes every later import take the .py source.
import carthago.compiled  # noqa: F401  isort: skip
from carthago.core.errors import (
    CarthagoError,
    IllegalActionError,
    InvalidOptionError,
    InvalidStateError,
    RecordError,
    UnknownGameError,
)
from carthago.core.game import Game
from carthago.core.registry import games, load
from carthago.core.state import CHANCE, TERMINAL, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CarthagoError",
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidStateError",
    "RecordError",
    "State",
    "UnknownGameError",
    "games",
    "load",
]
__version__ = "0.1.0"
