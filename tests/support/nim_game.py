"""Nim with one pile, a tiny perfect-information test game with a known best move.

Players take 1, 2 or 3 stones in turn; whoever takes the last stone wins. The player to move
wins exactly when the pile is not a multiple of 4, by leaving a multiple of 4, so a search
either finds the winning move or it does not.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from carthago.core.errors import InvalidStateError
from carthago.core.game import Game
from carthago.core.options import GameOption
from carthago.core.registry import register
from carthago.core.state import TERMINAL, JSONDict, State

TAKES = (1, 2, 3)


class NimState(State):
    __slots__ = ("pile", "to_move")

    def __init__(self, game: NimGame) -> None:
        super().__init__(game)
        self.pile = int(game.options["pile"])
        self.to_move = 0

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move

    def _legal_actions(self) -> list[int]:
        return [index for index, take in enumerate(TAKES) if take <= self.pile]

    def _apply_action(self, action: int) -> None:
        self.pile -= TAKES[action]
        self._add_log(f"{self._game.player_names[self.to_move]} takes {TAKES[action]}")
        self.to_move = 1 - self.to_move

    def _action_to_string(self, action: int) -> str:
        return f"take {TAKES[action]}"

    def is_terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> list[float]:
        if self.pile:
            return [0.0, 0.0]
        # The player who just moved took the last stone.
        winner = 1 - self.to_move
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def _observation(self, player: int | None) -> JSONDict:
        return {"pile": self.pile}

    def _copy_into(self, new: Self) -> None:
        new.pile, new.to_move = self.pile, self.to_move

    def _fields_to_dict(self) -> JSONDict:
        return {"pile": self.pile, "to_move": self.to_move}

    def _fields_from_dict(self, fields: JSONDict) -> None:
        if "pile" not in fields or "to_move" not in fields:
            raise InvalidStateError("nim state needs 'pile' and 'to_move'")
        self.pile, self.to_move = int(fields["pile"]), int(fields["to_move"])


@register
class NimGame(Game):
    name = "nim"
    title = "Nim (test game)"
    state_type = NimState
    OPTIONS = (GameOption("pile", 13, help="stones at the start", minimum=1, maximum=40),)
    VARIANTS: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"pile": 4})

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> list[str]:
        return ["First", "Second"]

    @property
    def num_distinct_actions(self) -> int:
        return len(TAKES)

    @property
    def max_chance_outcomes(self) -> int:
        return 0

    @property
    def max_game_length(self) -> int:
        return int(self.options["pile"])

    def new_initial_state(self) -> NimState:
        return NimState(self)

    def render_observation(self, observation: JSONDict) -> str:
        return f"{observation['pile']} stones left"
