"""The game class of The Republic of Carthage: options, seats, action space, bounds."""

from __future__ import annotations

from functools import cached_property
from typing import Any, ClassVar, Final

from carthago.core.game import Game
from carthago.core.options import GameOption
from carthago.core.registry import register
from carthago.core.state import JSONDict, State
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.card_play import PLAY_BOUND
from carthago.games.republic_of_carthage.card_play import bound as card_bound
from carthago.games.republic_of_carthage.exploration import EXPLORATION_BOUND
from carthago.games.republic_of_carthage.forum import forum_bound
from carthago.games.republic_of_carthage.revenue import MAX_CONTRIBUTIONS, MAX_TRANSFERS
from carthago.games.republic_of_carthage.revolution import REVOLUTION_BOUND
from carthago.games.republic_of_carthage.senate import actions_per_turn as senate_actions
from carthago.games.republic_of_carthage.state import (
    N_CARDS,
    RepublicOfCarthageState,
)
from carthago.games.republic_of_carthage.trade import MAX_ALLOCATIONS, OFFER_ROUNDS
from carthago.games.republic_of_carthage.war import COMBAT_BOUND

NEUTRAL_FACTIONS: Final = {1: 4, 2: 3}
"""§9: four Neutral factions beside a solitaire player, three beside two players."""
SETUP_BOUND: Final = 200
TRADE_CARDS: Final = 103


@register
class RepublicOfCarthageGame(Game):
    """The Republic of Carthage for 1 to 6 players (§9 Neutrals fill the table below three)."""

    name = "republic_of_carthage"
    title = "The Republic of Carthage"
    state_type = RepublicOfCarthageState
    rules_version = 6
    """2: the action space holds blocks for the Forum, Senate and Combat phases; 3: a battle's
    chits strike the rebels too and a chit 2 names one Mago Statesman first, new chance nodes
    that make older records replay differently; 4: the Neutrals play by the designer's aide
    (§9), with new chance nodes (a revenue die, Personal Income decision rolls); 5: the Neutrals
    raise taxes early (Player Notes, §10), so solitaire and two-player records replay otherwise;
    6: in the solitaire game the Senate recruits for an open Active war before fighting an
    Inactive one, so the Neutrals' proposals, and solitaire records, change."""
    OPTIONS = (
        GameOption("players", 3, help="number of players (1-6)", minimum=1, maximum=6),
        GameOption(
            "turn_limit",
            30,
            help="turns after which the game ends on Influence (engine limit, see docs)",
            minimum=1,
            maximum=99,
        ),
        GameOption(
            "assassination",
            "standard",
            choices=("standard", "optional"),
            help="assassination rules: standard (6.5.9) or the optional rule of section 8",
        ),
    )
    VARIANTS: ClassVar[tuple[dict[str, Any], ...]] = (
        {"players": 1, "turn_limit": 2},
        {"players": 2, "turn_limit": 1},
        {"players": 3, "turn_limit": 2},
        {"players": 4, "turn_limit": 1},
        {"players": 5, "turn_limit": 1},
        {"players": 6, "turn_limit": 1},
        {"players": 3, "turn_limit": 1, "assassination": "optional"},
    )

    # Computed once: the engines (compiled) read these several times a step, and this
    # class is interpreted. The options never change after the game is made.
    @cached_property
    def num_players(self) -> int:
        return int(self.options["players"])

    @property
    def turn_limit(self) -> int:
        return int(self.options["turn_limit"])

    @cached_property
    def neutrals(self) -> int:
        return NEUTRAL_FACTIONS.get(self.num_players, 0)

    @cached_property
    def num_factions(self) -> int:
        return self.num_players + self.neutrals

    @property
    def player_names(self) -> list[str]:
        return list(self._faction_names[: self.num_players])

    @property
    def faction_names(self) -> list[str]:
        """Players first, then the Neutral factions (their roles are dealt at set-up)."""
        return list(self._faction_names)

    @cached_property
    def _faction_names(self) -> tuple[str, ...]:
        players = [f"Player {i + 1}" for i in range(self.num_players)]
        return (*players, *(f"Neutral {chr(65 + i)}" for i in range(self.neutrals)))

    @property
    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    @property
    def max_chance_outcomes(self) -> int:
        return N_CARDS

    @property
    def max_game_length(self) -> int:
        """Set-up, then per turn: at most 5 chit draws and 5 Mago picks; 15 corruption and 45
        province decisions and rolls (a Neutral's card may roll before it takes Personal
        Income); a revenue die per Neutral; bounded redistribution and contributions; every
        trade card drawn, offered twice over in each offer round, sold or discarded; bounded
        allocations; the Forum Phase (``forum.forum_bound``); the Senate's bounded proposals
        (``senate.actions_per_turn``); the bounds of the Exploration and Combat and Revolution
        Phases (their modules); card windows (``card_play.bound``); over the game, the card plays
        (``card_play.PLAY_BOUND``)."""
        humans, factions = self.num_players, self.num_factions
        hand = TRADE_CARDS
        per_turn = (
            10
            + 15
            + 45
            + factions
            + humans * (MAX_TRANSFERS + 1 + MAX_CONTRIBUTIONS + 1)
            + TRADE_CARDS
            + OFFER_ROUNDS * humans * (5 + 2 * (hand + 1))
            + factions * (18 + 1)
            + TRADE_CARDS
            + factions * (MAX_ALLOCATIONS + 1)
            + EXPLORATION_BOUND
            + COMBAT_BOUND
            + REVOLUTION_BOUND
            + forum_bound(factions)
            + senate_actions(factions)
            + card_bound(factions)
        )
        return SETUP_BOUND + PLAY_BOUND + per_turn * self.turn_limit

    def new_initial_state(self) -> RepublicOfCarthageState:
        return RepublicOfCarthageState(self)

    def automatic_action(self, state: State, following: bool) -> int | None:
        from carthago.games.republic_of_carthage.following import automatic_action

        assert isinstance(state, RepublicOfCarthageState)
        return automatic_action(state, following)

    def render_observation(self, observation: JSONDict) -> str:
        from carthago.games.republic_of_carthage.render import render

        return render(observation)
