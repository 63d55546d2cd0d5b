"""Kingmaker: a fixed three-player game tree where only a search that lets every player
maximise their own return finds the best first move.

Player 0 chooses between two moves. After ``A`` player 1 picks between (+1, +0.5, -1) and
(-1, -0.5, +1): it takes the first, so ``A`` is worth +1 to player 0. After ``B`` player 2 picks
between (0.2, 0.9, 0.8) and (0.9, 0, -0.5): it takes the first, so ``B`` is worth 0.2. The
best move is therefore ``A``. A search that assumed the others play against player 0 (as in a
two-player zero-sum game) would value ``A`` at -1 and choose ``B``; one that ranked player 0's
moves by the return of the player who moves next (0.5 after ``A``, 0.8 after ``B``) would choose
``B`` too.

Not registered on import (the registry-wide tests would run on it); tests register it for
their duration with :func:`tests.agents.registration.registered`.
"""

from __future__ import annotations

from typing import Self

from carthago.core.errors import InvalidStateError
from carthago.core.game import Game
from carthago.core.state import TERMINAL, JSONDict, State

MOVERS: dict[tuple[int, ...], int] = {(): 0, (0,): 1, (1,): 2}
"""Who moves after each path of moves (every mover has two moves, 0 and 1)."""

LEAVES: dict[tuple[int, ...], tuple[float, float, float]] = {
    (0, 0): (1.0, 0.5, -1.0),
    (0, 1): (-1.0, -0.5, 1.0),
    (1, 0): (0.2, 0.9, 0.8),
    (1, 1): (0.9, 0.0, -0.5),
}
NAMES = ("A", "B")


class KingmakerState(State):
    __slots__ = ("path",)

    def __init__(self, game: KingmakerGame) -> None:
        super().__init__(game)
        self.path: tuple[int, ...] = ()

    def current_player(self) -> int:
        return TERMINAL if self.path in LEAVES else MOVERS[self.path]

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def _apply_action(self, action: int) -> None:
        self._add_log(f"{self._game.player_names[MOVERS[self.path]]} plays {NAMES[action]}")
        self.path += (action,)

    def _action_to_string(self, action: int) -> str:
        return NAMES[action]

    def is_terminal(self) -> bool:
        return self.path in LEAVES

    def returns(self) -> list[float]:
        return list(LEAVES.get(self.path, (0.0, 0.0, 0.0)))

    def _observation(self, player: int | None) -> JSONDict:
        return {"path": list(self.path)}

    def _copy_into(self, new: Self) -> None:
        new.path = self.path

    def _fields_to_dict(self) -> JSONDict:
        return {"path": list(self.path)}

    def _fields_from_dict(self, fields: JSONDict) -> None:
        if "path" not in fields:
            raise InvalidStateError("kingmaker state needs 'path'")
        self.path = tuple(fields["path"])


class KingmakerGame(Game):
    name = "kingmaker"
    title = "Kingmaker (test game)"
    state_type = KingmakerState

    @property
    def num_players(self) -> int:
        return 3

    @property
    def player_names(self) -> list[str]:
        return ["First", "Second", "Third"]

    @property
    def num_distinct_actions(self) -> int:
        return 2

    @property
    def max_chance_outcomes(self) -> int:
        return 0

    @property
    def max_game_length(self) -> int:
        return 2

    def new_initial_state(self) -> KingmakerState:
        return KingmakerState(self)

    def render_observation(self, observation: JSONDict) -> str:
        return " ".join(NAMES[move] for move in observation["path"]) or "no move yet"
