"""Race: a small game for any number of players (``players``, 2-6) with shared wins and draws.

Each round every player in turn chooses a step of 0, 1 or 2, then a coin adds 0 or 1 to it.
After ``rounds`` rounds the highest totals win (+1, shared when tied) and everyone else loses
(-1); when every total is equal the game is drawn (0 for all). Not registered on import: tests
register it with :func:`tests.agents.registration.registered`.
"""

from __future__ import annotations

from typing import Self

from carthago.core.errors import InvalidStateError
from carthago.core.game import Game
from carthago.core.options import GameOption
from carthago.core.state import CHANCE, TERMINAL, JSONDict, State

STEPS = (0, 1, 2)


class RaceState(State):
    __slots__ = ("coin", "totals", "turn")

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self.totals = [0] * game.num_players
        self.turn = 0
        """Moves made so far; the mover is ``turn % players``."""
        self.coin = False
        """Whether the coin of the latest move is still to be tossed."""

    def _players(self) -> int:
        return len(self.totals)

    def current_player(self) -> int:
        if self.coin:
            return CHANCE
        if self.is_terminal():
            return TERMINAL
        return self.turn % self._players()

    def _legal_actions(self) -> list[int]:
        return list(range(len(STEPS)))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)]

    def _apply_action(self, action: int) -> None:
        if self.coin:
            self.totals[(self.turn - 1) % self._players()] += action
            self.coin = False
            self._add_log(f"the coin adds {action}")
            return
        mover = self.turn % self._players()
        self.totals[mover] += STEPS[action]
        self.turn += 1
        self.coin = True
        self._add_log(f"{self._game.player_names[mover]} steps {STEPS[action]}")

    def _action_to_string(self, action: int) -> str:
        return f"coin {action}" if self.coin else f"step {STEPS[action]}"

    def is_terminal(self) -> bool:
        rounds = int(self._game.options["rounds"])
        return not self.coin and self.turn >= rounds * self._players()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._players()
        top = max(self.totals)
        if all(total == top for total in self.totals):
            return [0.0] * self._players()
        return [1.0 if total == top else -1.0 for total in self.totals]

    def _observation(self, player: int | None) -> JSONDict:
        return {"totals": list(self.totals), "turn": self.turn}

    def _copy_into(self, new: Self) -> None:
        new.totals, new.turn, new.coin = list(self.totals), self.turn, self.coin

    def _fields_to_dict(self) -> JSONDict:
        return {"totals": list(self.totals), "turn": self.turn, "coin": self.coin}

    def _fields_from_dict(self, fields: JSONDict) -> None:
        if not {"totals", "turn", "coin"} <= set(fields):
            raise InvalidStateError("race state needs 'totals', 'turn' and 'coin'")
        self.totals = [int(total) for total in fields["totals"]]
        self.turn, self.coin = int(fields["turn"]), bool(fields["coin"])


class RaceGame(Game):
    name = "race"
    title = "Race (test game)"
    state_type = RaceState
    OPTIONS = (
        GameOption("players", 3, help="number of players", minimum=2, maximum=6),
        GameOption("rounds", 2, help="rounds to play", minimum=1, maximum=10),
    )

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @property
    def player_names(self) -> list[str]:
        return [f"Runner {seat + 1}" for seat in range(self.num_players)]

    @property
    def num_distinct_actions(self) -> int:
        return len(STEPS)

    @property
    def max_chance_outcomes(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 2 * self.num_players * int(self.options["rounds"])

    def new_initial_state(self) -> RaceState:
        return RaceState(self)

    def render_observation(self, observation: JSONDict) -> str:
        return "totals " + " ".join(str(total) for total in observation["totals"])
