"""Punica: Rome vs Carthage, both editions (punica-en.txt, punica-pl.txt)."""

from __future__ import annotations

from typing import ClassVar, Final

from carthago.core.game import Game
from carthago.core.options import GameOption, OptionValue
from carthago.core.registry import register
from carthago.core.state import JSONDict
from carthago.games.punica import actions
from carthago.games.punica.components import (
    BOARDS,
    MAX_BATTLE_MOVES,
    MAX_CARD_MOVES,
    SIDES,
    Board,
)
from carthago.games.punica.render import render
from carthago.games.punica.state import PunicaState

MAX_TURNS: Final = 300
"""Turns (one action each, both sides counted) after which the game is drawn: the rulebook
lets a game run forever (docs/punica.md, "Game length")."""

BATTLES_PER_TURN: Final = 21
"""At most one battle per unit in the box (8 + 7 + 6): every battle removes a unit."""
DECISIONS_PER_BATTLE: Final = 1 + 2 + 2 * (MAX_BATTLE_MOVES + 1) + 2 + 1
"""Order, two commitments, two battle effects ended by ``done``, two removals, one retreat."""
DECISIONS_PER_TURN: Final = 1 + MAX_CARD_MOVES + 1 + BATTLES_PER_TURN * DECISIONS_PER_BATTLE


@register
class PunicaGame(Game):
    """Two players: 0 is Rome, 1 is Carthage. Option ``edition``: ``en`` (default) or ``pl``."""

    name = "punica"
    title = "Punica: Rome vs Carthage"
    state_type = PunicaState
    zero_sum = True  # returns are [1, -1], [-1, 1] or, unfinished, [0, 0]
    OPTIONS = (
        GameOption(
            "edition",
            "en",
            ("en", "pl"),
            "rulebook edition: en (Carthage first, 8 seas, Hannibal 2, fleets retreat home) "
            "or pl (Rome first, 9 seas, Hannibal 2 only attacking, fleets retreat nearby)",
        ),
    )
    VARIANTS: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {"edition": "en"},
        {"edition": "pl"},
    )
    rules_version = 2
    """2: victory is judged after a battle's whole resolution, retreat included; the `pl`
    board sets Carthage's armies up on three spots (4 with Hannibal, 1, 2)."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.board: Board = BOARDS[str(self.options["edition"])]
        self.max_turns = MAX_TURNS

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> list[str]:
        return list(SIDES)

    @property
    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS

    @property
    def max_chance_outcomes(self) -> int:
        return 0

    @property
    def max_game_length(self) -> int:
        return self.max_turns * DECISIONS_PER_TURN

    def new_initial_state(self) -> PunicaState:
        return PunicaState(self)

    def render_observation(self, observation: JSONDict) -> str:
        return render(self.board, observation)
