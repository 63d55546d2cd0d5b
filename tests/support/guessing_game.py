"""A tiny game of hidden cards for testing the core, agents and front ends.

Each round chance deals Keeper a hidden card (0, 1 or 2); Keeper, seeing it, sets a public stake
of 1 or 2; Guesser names the card and wins the stake if right, else loses it. After ``rounds``
rounds the player ahead wins. Only Keeper's card is hidden, so an agent that does better than a
third of the guesses right must have peeked.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from carthago.core.errors import InvalidStateError
from carthago.core.game import Game
from carthago.core.options import GameOption
from carthago.core.registry import register
from carthago.core.state import CHANCE, TERMINAL, JSONDict, State

GUESSER, KEEPER = 0, 1
STAKES = (1, 2)


class GuessingState(State):
    __slots__ = ("card", "correct", "round", "score", "stake")

    def __init__(self, game: GuessingGame) -> None:
        super().__init__(game)
        self.round = 0
        self.card: int | None = None
        self.stake: int | None = None
        self.score = 0
        self.correct = 0

    @property
    def rounds(self) -> int:
        return int(self._game.options["rounds"])

    def current_player(self) -> int:
        if self.round >= self.rounds:
            return TERMINAL
        if self.card is None:
            return CHANCE
        return KEEPER if self.stake is None else GUESSER

    def _legal_actions(self) -> list[int]:
        return [0, 1] if self.current_player() == KEEPER else [0, 1, 2]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        if player == CHANCE:
            self.card = action
            self._add_log("Keeper is dealt a card", {KEEPER: f"Keeper is dealt card {action}"})
        elif player == KEEPER:
            self.stake = STAKES[action]
            self._add_log(f"Keeper stakes {self.stake}")
        else:
            assert self.card is not None and self.stake is not None
            right = action == self.card
            self.score += self.stake if right else -self.stake
            self.correct += right
            self._add_log(f"Guesser names {action}; the card was {self.card}")
            self.card, self.stake = None, None
            self.round += 1

    def _action_to_string(self, action: int) -> str:
        player = self.current_player()
        if player == CHANCE:
            return f"deal {action}"
        if player == KEEPER:
            return f"stake {STAKES[action]}"
        return f"guess {action}"

    def is_terminal(self) -> bool:
        return self.round >= self.rounds

    def returns(self) -> list[float]:
        if not self.is_terminal() or self.score == 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.score > 0 else [-1.0, 1.0]

    def _observation(self, player: int | None) -> JSONDict:
        return {
            "round": self.round,
            "stake": self.stake,
            "score": self.score,
            "card": self.card if player == KEEPER else None,
        }

    def resample_from_infostate(self, player: int, rng: random.Random) -> Self:
        new = self._copy_for(player)
        if player != KEEPER and self.card is not None:
            new.card = rng.randrange(3)
            deal_index = self._moves - (1 if self.stake is None else 2)
            new._rewrite_history(deal_index, new.card)
        return new

    def _copy_into(self, new: Self) -> None:
        new.round, new.card, new.stake = self.round, self.card, self.stake
        new.score, new.correct = self.score, self.correct

    def _fields_to_dict(self) -> JSONDict:
        return {
            "round": self.round,
            "card": self.card,
            "stake": self.stake,
            "score": self.score,
            "correct": self.correct,
        }

    def _fields_from_dict(self, fields: JSONDict) -> None:
        for name in ("round", "card", "stake", "score", "correct"):
            if name not in fields:
                raise InvalidStateError(f"guessing state lacks field {name!r}")
        self.round, self.card, self.stake = fields["round"], fields["card"], fields["stake"]
        self.score, self.correct = fields["score"], fields["correct"]


@register
class GuessingGame(Game):
    name = "guessing"
    title = "Guessing (test game)"
    state_type = GuessingState
    OPTIONS = (GameOption("rounds", 3, help="rounds to play", minimum=1, maximum=50),)
    VARIANTS: ClassVar[tuple[dict[str, Any], ...]] = ({}, {"rounds": 1})
    zero_sum = True

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> list[str]:
        return ["Guesser", "Keeper"]

    @property
    def num_distinct_actions(self) -> int:
        return 3

    @property
    def max_chance_outcomes(self) -> int:
        return 3

    @property
    def max_game_length(self) -> int:
        return 3 * int(self.options["rounds"])

    def new_initial_state(self) -> GuessingState:
        return GuessingState(self)

    def render_observation(self, observation: JSONDict) -> str:
        card = observation["card"]
        return (
            f"round {observation['round'] + 1}, score {observation['score']}, "
            f"stake {observation['stake']}, your card {'?' if card is None else card}"
        )
