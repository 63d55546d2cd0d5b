"""A game's own advice (``advise(state, player)`` in ``games/<id>/heuristics.py``) as agents read
it: looked up once per game, offered only when it names a legal action.

A game advises where its decisions show their worth only many steps later (a Senate proposal built
step by step, voted on, and fought in a later phase): a one-ply look sees no difference there and
a search's capped playouts never reach the consequence, so the heuristic agent, and the searches
unless told otherwise (``advice=false``), play the advice instead.
"""

from __future__ import annotations

from carthago.core.registry import Advisor, advisor
from carthago.core.state import State


class GameAdvice:
    """The advice of the game being played, or None where it gives none.

    >>> import carthago
    >>> GameAdvice()(carthago.load("punica").new_initial_state()) is None
    True
    """

    __slots__ = ("_advise", "_game_id")

    def __init__(self) -> None:
        self._game_id: str | None = None
        self._advise: Advisor | None = None

    def __call__(self, state: State) -> int | None:
        game_id = state.game.name
        if game_id != self._game_id:
            self._advise = advisor(game_id)
            self._game_id = game_id
        if self._advise is None:
            return None
        advice = self._advise(state, state.current_player())
        return advice if advice is not None and advice in state.legal_actions() else None
