"""The registry of games: every package under ``carthago.games`` registers itself on import."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Hashable
from typing import Any, Final

from carthago.core.decision_weight import Weight
from carthago.core.errors import UnknownGameError, quoted
from carthago.core.game import Game
from carthago.core.state import State

Evaluator = Callable[[State, int], float]
"""A game's heuristic: how good ``state`` looks for ``player``, from -1 (lost) to 1 (won)."""
Advisor = Callable[[State, int], "int | None"]
"""A game's advice for ``player``'s decision in ``state``, or None where it has none."""
Segmenter = Callable[[State], Hashable]
"""The stretch of play ``state`` lies in (a De Bello Punico impulse): a planner's budget belongs
to it, not to each of the decisions in it."""
Weigher = Callable[[State], Weight]
"""How much the decision to be taken in ``state`` deserves a search's time."""

_GAMES: Final[dict[str, type[Game]]] = {}
_discovered = False


def register(game_class: type[Game]) -> type[Game]:
    """Class decorator that makes a game loadable by its ``name``."""
    existing = _GAMES.get(game_class.name)
    if existing is not None and existing is not game_class:
        raise ValueError(f"two games claim the id {game_class.name!r}")
    _GAMES[game_class.name] = game_class
    return game_class


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    package = importlib.import_module("carthago.games")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"carthago.games.{module.name}")
    _discovered = True


def game_class(game_id: str) -> type[Game]:
    """The class registered under ``game_id``."""
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"no game {quoted(game_id)} (known games: {known})") from None


def games() -> list[str]:
    """The ids of every registered game, sorted."""
    _discover()
    return sorted(_GAMES)


def load(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with ``options`` validated (unknown or bad ones raise)."""
    return game_class(game_id)(**options)


def _game_module(game_id: str, name: str) -> Any:
    """The game's ``games/<id>/<name>.py`` module, or None."""
    game_class(game_id)
    try:
        return importlib.import_module(f"carthago.games.{game_id}.{name}")
    except ModuleNotFoundError as error:
        # No such module, or a game registered from outside carthago.games (tests).
        if error.name in (f"carthago.games.{game_id}", f"carthago.games.{game_id}.{name}"):
            return None
        raise


def _heuristics(game_id: str) -> Any:
    """The game's ``games/<id>/heuristics.py`` module, or None."""
    return _game_module(game_id, "heuristics")


def evaluator(game_id: str) -> Evaluator | None:
    """The ``evaluate(state, player)`` of ``games/<id>/heuristics.py``, if the game has one."""
    module = _heuristics(game_id)
    evaluate: Evaluator | None = None if module is None else module.evaluate
    return evaluate


def own_evaluator(game_id: str) -> Evaluator | None:
    """The ``evaluate_own(state, player)`` of ``games/<id>/heuristics.py`` if the game has one,
    else its ``evaluate``: how a searching agent moves its own pieces, where that differs from
    how it expects a heuristic opponent to move."""
    module = _heuristics(game_id)
    own: Evaluator | None = getattr(module, "evaluate_own", None)
    return own or evaluator(game_id)


def advisor(game_id: str) -> Advisor | None:
    """The ``advise(state, player)`` of ``games/<id>/heuristics.py``, if the game has one: the
    move a game's own aide recommends where a one-ply look at ``evaluate`` sees no difference
    (a decision whose worth shows only several steps later)."""
    module = _heuristics(game_id)
    advise: Advisor | None = getattr(module, "advise", None)
    return advise


def segmenter(game_id: str) -> Segmenter | None:
    """The ``segment(state)`` of ``games/<id>/heuristics.py``, if the game has one: equal for
    every decision of one stretch of play (an impulse), different for the next."""
    module = _heuristics(game_id)
    segment: Segmenter | None = getattr(module, "segment", None)
    return segment


def judge(game_id: str) -> Evaluator | None:
    """The ``judge(state, player)`` of ``games/<id>/prospects.py``, if the game has one: the
    expected result of the battle from a position, fitted to how battles ended, for a search to
    score the positions its playouts reach (the one-ply ``evaluate`` steers the moves)."""
    module = _game_module(game_id, "prospects")
    judged: Evaluator | None = getattr(module, "judge", None)
    return judged


def weigher(game_id: str) -> Weigher | None:
    """The ``weigh(state)`` of ``games/<id>/decision_weight.py``, if the game has one: how much
    each decision deserves a search's time (:class:`carthago.core.decision_weight.Weight`)."""
    module = _game_module(game_id, "decision_weight")
    weigh: Weigher | None = getattr(module, "weigh", None)
    return weigh
