"""Total War Cards: Punic Wars, registered as ``total_war_cards``."""

from __future__ import annotations

from typing import ClassVar

from carthago.core.game import Game
from carthago.core.options import GameOption, OptionValue
from carthago.core.registry import register
from carthago.core.state import JSONDict
from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards.components import (
    DEAL,
    HAND_SIZE,
    RULES,
    SIDES,
    TECHNOLOGIES,
    TERRITORIES,
    VALUES,
)
from carthago.games.total_war_cards.explain import explain
from carthago.games.total_war_cards.render import render
from carthago.games.total_war_cards.state import TotalWarCardsState


@register
class TotalWarCardsGame(Game):
    """Two players, Rome and Carthage, six turns of card battles over 32 territories."""

    name = "total_war_cards"
    zero_sum = True  # returns are [1, -1], [-1, 1] or, drawn or unfinished, [0, 0]
    title = "Total War Cards: Punic Wars"
    state_type = TotalWarCardsState
    OPTIONS = (
        GameOption("setup_picks", 1, (1, 2), "tier-one technologies each player marks at setup"),
        GameOption(
            "ability_tie",
            "first",
            ("first", "vacant"),
            "a branch tied at the top: the card stays with who got there first, or nobody",
        ),
        GameOption(
            "ability_handover",
            "upkeep",
            ("upkeep", "resolution"),
            "special ability cards change hands in the Upkeep or before draws are settled",
        ),
        GameOption(
            "africa_pairs",
            "city",
            ("city", "any"),
            "a Merchant pairs with the Trade Route of its city, or with any Trade Route",
        ),
    )
    rules_version = 2
    """2: one tier-one pick each at setup by default (``setup_picks=1``)."""
    VARIANTS: ClassVar[tuple[dict[str, OptionValue], ...]] = (
        {},
        {
            "setup_picks": 2,
            "ability_tie": "vacant",
            "ability_handover": "resolution",
            "africa_pairs": "any",
        },
    )

    @property
    def num_players(self) -> int:
        return 2

    @property
    def player_names(self) -> list[str]:
        return list(SIDES)

    @property
    def num_distinct_actions(self) -> int:
        return act.NUM_ACTIONS

    @property
    def max_chance_outcomes(self) -> int:
        return max(len(TERRITORIES), 2, VALUES[-1] + 1)

    @property
    def max_game_length(self) -> int:
        setup = 2 * RULES.resting + RULES.discards + DEAL + 1 + 4
        # Per turn: the order, every card placed and perhaps stopped after, one Instrumenta
        # Bella choice, the resting draws and the deal; purchases beyond a card's first are
        # bounded by the technologies there are.
        per_turn = 1 + 2 * 2 * HAND_SIZE + 1 + 2 * RULES.resting + DEAL
        return setup + RULES.turns * per_turn + 2 * len(TECHNOLOGIES)

    def new_initial_state(self) -> TotalWarCardsState:
        return TotalWarCardsState(self)

    def render_observation(self, observation: JSONDict) -> str:
        return render(observation)

    def explain(self, name: str) -> str | None:
        return explain(name, self.options)
