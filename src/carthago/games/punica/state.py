"""The Punica game state: the board, the cards, and the turn as a sequence of decisions.

A turn is one action (punica-en.txt "Gameplay") followed by every battle it caused. Each step
that needs a player's choice is its own decision; steps with one possible outcome are applied
at once. The phases:

- ``action``: Movement, Card Effect, Fleet Deployment or Pass.
- ``card``: the movements of a card played for its effect, one at a time, ended by ``done``.
- ``order``: the active player picks which pending battle to fight next.
- ``commit``: the attacker, then the defender, puts a card face down; then both are revealed.
- ``effect``: a revealed card with the battle symbol lets its owner move (attacker first).
- ``remove``: a side losing a unit in a region holding Hannibal and other armies picks which.
- ``retreat``: a side chooses among equally good retreat destinations.

Who attacks: the side whose units moved into (or were placed in) the area holding the other
side's units; during an action that is always the active player (docs/punica.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, Self

from carthago.core.errors import InvalidStateError
from carthago.core.state import TERMINAL, JSONDict, State
from carthago.games.punica import actions as act
from carthago.games.punica.battle import outcome, unit_strength
from carthago.games.punica.cards import FULL_HAND, card, cards_in, play
from carthago.games.punica.components import CARTHAGE, NUM_REGIONS, ROME, SIDES, Board
from carthago.games.punica.movement import (
    MEMBERS,
    army_targets,
    fleet_targets,
    presence,
    present,
)
from carthago.games.punica.retreat import (
    attacker_army_options,
    defender_army_options,
    fleet_options,
)
from carthago.games.punica.victory import DRAW, winner

if TYPE_CHECKING:
    from carthago.games.punica.game import PunicaGame

ACTION: Final = 0
CARD: Final = 1
ORDER: Final = 2
COMMIT: Final = 3
EFFECT: Final = 4
REMOVE: Final = 5
RETREAT: Final = 6
OVER: Final = 7
PHASES: Final = ("action", "card", "order", "commit", "effect", "remove", "retreat", "over")
UNDECIDED: Final = -2
FIRST_MOVER: Final = {"en": CARTHAGE, "pl": ROME}
"""punica-en.txt "Gameplay": Carthage starts; punica-pl.txt "Rozgrywka": Rome starts."""

# Steps of a battle after the cards are revealed, run in order (see _run_tasks).
T_EFFECT: Final = 0
T_RESOLVE: Final = 1
T_REMOVE: Final = 2
T_CHECK: Final = 3
T_RETREAT: Final = 4
Task = tuple[int, int]


class PunicaState(State):
    """A position of Punica. Plain lists of ints, so ``clone`` is a few slice copies."""

    __slots__ = (
        "active",
        "army_left",
        "attacker",
        "battle_area",
        "board",
        "card",
        "commit_index",
        "committed",
        "fleet_left",
        "hand",
        "hannibal",
        "max_turns",
        "options",
        "origins",
        "pending",
        "phase",
        "played",
        "reason",
        "revealed",
        "tasks",
        "to_move",
        "turn",
        "units",
        "winner",
    )

    def __init__(self, game: PunicaGame) -> None:
        super().__init__(game)
        board = game.board
        self.board: Board = board
        self.max_turns = game.max_turns
        self.units: list[list[int]] = [[0] * board.num_areas, [0] * board.num_areas]
        self.hannibal = -1
        for spot in board.setup:
            self.units[spot.side][spot.area] += spot.armies + spot.fleets
            if spot.hannibal:
                self.hannibal = spot.area
        self.hand = [FULL_HAND, FULL_HAND]
        self.played = [0, 0]
        self.committed = [-1, -1]
        self.active = FIRST_MOVER[board.edition]
        self.to_move = self.active
        self.turn = 0
        self.phase = ACTION
        self.card = -1
        self.army_left = 0
        self.fleet_left = 0
        self.pending: tuple[tuple[int, int], ...] = ()
        self.origins: list[list[int]] = [[0] * board.num_areas, [0] * board.num_areas]
        self.battle_area = -1
        self.attacker = -1
        self.revealed = [-1, -1]
        self.tasks: tuple[Task, ...] = ()
        self.options: tuple[int, ...] = ()
        self.commit_index = -1
        self.winner = UNDECIDED
        self.reason = ""

    # -- the contract ------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == ROME else [-1.0, 1.0]

    def _legal_actions(self) -> list[int]:
        phase, side = self.phase, self.to_move
        if phase == ACTION:
            # Block after block of the action space, so the list comes in ascending order.
            legal = self._movement_actions(side, None, True, True)
            cards = cards_in(self.hand[side])
            for k in cards:
                legal.append(act.PLAY_CARD + k)
            for k in cards:
                legal.append(act.PASS_CARD + k)
            legal.extend(self._deploy_actions(side))
            return legal
        if phase in (CARD, EFFECT):
            area = self.battle_area if phase == EFFECT else None
            legal = self._movement_actions(side, area, self.army_left > 0, self.fleet_left > 0)
            legal.append(act.DONE)
            return legal
        if phase == ORDER:
            return [act.BATTLE_AT + area for area, _ in self.pending]
        if phase == COMMIT:
            return [act.COMMIT + k for k in cards_in(self.hand[side])]
        if phase == REMOVE:
            return [act.REMOVE, act.REMOVE + 1]
        return [act.RETREAT_TO + area for area in self.options]

    def _movement_actions(
        self, side: int, battle_area: int | None, armies: bool, fleets: bool
    ) -> list[int]:
        legal: list[int] = []
        if armies:
            targets = army_targets(self.board, self.units, self.hannibal, side, battle_area)
            own = self.units[side]
            for origin in range(NUM_REGIONS):
                if own[origin] > 0:
                    for destination in MEMBERS[targets[origin]]:
                        legal.append(act.army_move(origin, destination, False))
            # Hannibal's moves are numbered after every regular army's.
            if side == CARTHAGE and self.hannibal >= 0:
                origin = self.hannibal
                for destination in MEMBERS[targets[origin]]:
                    legal.append(act.army_move(origin, destination, True))
        if fleets:
            targets = fleet_targets(self.board, self.units, side, battle_area)
            for origin in range(NUM_REGIONS, self.board.num_areas):
                for sea in MEMBERS[targets[origin] >> NUM_REGIONS]:
                    legal.append(act.fleet_move(origin, sea + NUM_REGIONS))
        return legal

    def _deploy_actions(self, side: int) -> list[int]:
        """Fleet Deployment: only with a fleet off the board and an army to pay with."""
        own = self.units[side]
        on_board = 0
        for sea in range(NUM_REGIONS, self.board.num_areas):
            on_board += own[sea]
        if on_board >= self.board.box.fleets[side]:
            return []
        legal = [act.deploy(region, False) for region in range(NUM_REGIONS) if own[region]]
        if side == CARTHAGE and 0 <= self.hannibal < NUM_REGIONS:
            # Numbered after every regular army's.
            legal.append(act.deploy(self.hannibal, True))
        return legal

    def _apply_action(self, action: int) -> None:
        decoded = act.DECODED[action]
        kind, side = decoded.kind, self.to_move
        if kind == "army":
            self._move_army(side, decoded.a, decoded.b, decoded.hannibal)
            self.army_left = max(0, self.army_left - 1)
            self._after_move()
        elif kind == "fleet":
            self._move_fleet(side, decoded.a, decoded.b)
            self.fleet_left = max(0, self.fleet_left - 1)
            self._after_move()
        elif kind == "play":
            self._play_card(side, decoded.a)
        elif kind == "pass":
            self.hand[side] &= ~(1 << decoded.a)
            self.hand[side], self.played[side] = play(self.hand[side], self.played[side], decoded.a)
            self._add_log(f"{SIDES[side]} passes, discarding {card(side, decoded.a).name}")
            self._after_action(presence(self.units, self.hannibal))
        elif kind == "deploy":
            self._deploy(side, decoded.a, decoded.hannibal)
        elif kind == "done":
            self._add_log(f"{SIDES[side]} is done moving")
            self._end_moves()
        elif kind == "battle":
            chosen = next(p for p in self.pending if p[0] == decoded.a)
            self.pending = tuple(p for p in self.pending if p != chosen)
            self._start_battle(chosen[0], chosen[1])
        elif kind == "commit":
            self._commit(side, decoded.a)
        elif kind == "remove":
            self._remove_unit(side, decoded.hannibal)
            self._run_tasks()
        else:
            self._retreat(side, decoded.a)
            self._run_tasks()

    def _action_to_string(self, action: int) -> str:
        decoded = act.decode(action)
        kind, side, areas = decoded.kind, self.to_move, self.board.areas
        if kind == "army":
            unit = "Hannibal" if decoded.hannibal else "army"
            return f"move {unit} {areas[decoded.a].id}-{areas[decoded.b].id}"
        if kind == "fleet":
            return f"move fleet {areas[decoded.a].id}-{areas[decoded.b].id}"
        if kind in ("play", "pass", "commit"):
            return f"{kind} {card(side, decoded.a).name}"
        if kind == "deploy":
            unit = "Hannibal" if decoded.hannibal else "army"
            return f"deploy fleet removing {unit} in {areas[decoded.a].id}"
        if kind == "done":
            return "done"
        if kind == "battle":
            return f"battle at {areas[decoded.a].id}"
        if kind == "remove":
            return "remove Hannibal" if decoded.hannibal else "remove army"
        return f"retreat to {areas[decoded.a].id}"

    # -- actions and movements ---------------------------------------------------------------

    def _move_army(self, side: int, origin: int, destination: int, leader: bool) -> None:
        if leader:
            self.hannibal = destination
        else:
            self.units[side][origin] -= 1
            self.units[side][destination] += 1
        self._note_origin(side, origin, destination)
        areas = self.board.areas
        unit = "Hannibal" if leader else "an army"
        self._add_log(f"{SIDES[side]} moves {unit} {areas[origin].id} -> {areas[destination].id}")

    def _move_fleet(self, side: int, origin: int, destination: int) -> None:
        self.units[side][origin] -= 1
        self.units[side][destination] += 1
        self._note_origin(side, origin, destination)
        areas = self.board.areas
        self._add_log(f"{SIDES[side]} moves a fleet {areas[origin].id} -> {areas[destination].id}")

    def _note_origin(self, side: int, origin: int, destination: int) -> None:
        """Remember where ``side`` came from: the areas a battle's attacker attacked from.

        During a battle effect only the attacker's moves count (a defender's reinforcements
        attack no one)."""
        if self.phase != EFFECT or side == self.attacker:
            self.origins[side][destination] |= 1 << origin

    def _after_move(self) -> None:
        # A battle effect's movements are part of the battle, and a battle is resolved fully
        # before anything else (punica-en.txt "Battle"): victory waits for its end (T_CHECK).
        sides = presence(self.units, self.hannibal)
        if self.phase != EFFECT and self._check_victory(sides):
            return
        if self.army_left == 0 and self.fleet_left == 0 and self.phase in (CARD, EFFECT):
            self._end_moves()
        elif self.phase == ACTION:
            self._after_action(sides)

    def _end_moves(self) -> None:
        """The card's movements are over (all used, or the player said done)."""
        self.army_left = self.fleet_left = 0
        self.card = -1
        if self.phase == CARD:
            self._after_action(presence(self.units, self.hannibal))
        else:
            self._run_tasks()

    def _play_card(self, side: int, index: int) -> None:
        played = card(side, index)
        self.hand[side] &= ~(1 << index)
        self.hand[side], self.played[side] = play(self.hand[side], self.played[side], index)
        self._add_log(f"{SIDES[side]} plays {played.name} for its effect ({played.effect_text()})")
        self.phase = CARD
        self.card = index
        self.army_left = played.army_moves
        self.fleet_left = played.fleet_moves
        if self.army_left == 0 and self.fleet_left == 0:
            self._end_moves()

    def _deploy(self, side: int, region: int, leader: bool) -> None:
        if leader:
            self.hannibal = -1
        else:
            self.units[side][region] -= 1
        sea = self.board.symbol_sea[side]
        self.units[side][sea] += 1
        unit = "Hannibal" if leader else "an army"
        areas = self.board.areas
        self._add_log(
            f"{SIDES[side]} removes {unit} from {areas[region].id} and deploys a fleet "
            f"to {areas[sea].id}"
        )
        sides = presence(self.units, self.hannibal)
        if not self._check_victory(sides):
            self._after_action(sides)

    def _after_action(self, sides: tuple[int, int]) -> None:
        """Every area where both sides now stand (``sides``: ``presence``) holds a battle, the
        active player attacking."""
        self.phase = ACTION
        both = sides[0] & sides[1]
        if both:
            self.pending = tuple(
                (area, self.active) for area in range(self.board.num_areas) if (both >> area) & 1
            )
        else:
            self.pending = ()
        self._next_battle()

    def _next_battle(self) -> None:
        self.battle_area = self.attacker = -1
        if self.revealed[0] >= 0 or self.revealed[1] >= 0:
            self.revealed = [-1, -1]
        if self.pending:
            rome, carthage = presence(self.units, self.hannibal)
            both = rome & carthage
            self.pending = tuple(p for p in self.pending if (both >> p[0]) & 1)
        if not self.pending:
            self._end_turn()
        elif len(self.pending) == 1:
            area, attacker = self.pending[0]
            self.pending = ()
            self._start_battle(area, attacker)
        else:
            self.phase = ORDER
            self.to_move = self.active

    def _start_battle(self, area: int, attacker: int) -> None:
        self.battle_area = area
        self.attacker = attacker
        self.committed = [-1, -1]
        self.revealed = [-1, -1]
        self.phase = COMMIT
        self.to_move = attacker
        self._add_log(f"Battle in {self.board.areas[area].name}: {SIDES[attacker]} attacks")

    def _commit(self, side: int, index: int) -> None:
        self.hand[side] &= ~(1 << index)
        self.committed[side] = index
        name = card(side, index).name
        if side == self.attacker:
            self.commit_index = self._moves
            self.to_move = 1 - side
            self._add_log(
                f"{SIDES[side]} puts a card face down",
                {side: f"{SIDES[side]} puts {name} face down"},
            )
            return
        self.commit_index = -1
        for who in (self.attacker, side):
            shown = self.committed[who]
            self.hand[who], self.played[who] = play(self.hand[who], self.played[who], shown)
            self.revealed[who] = shown
            self.committed[who] = -1
        attacker_card = card(self.attacker, self.revealed[self.attacker]).name
        self._add_log(
            f"Cards revealed: {SIDES[self.attacker]} {attacker_card}, {SIDES[side]} {name}"
        )
        self.tasks = ((T_EFFECT, self.attacker), (T_EFFECT, side), (T_RESOLVE, -1))
        self._run_tasks()

    def _run_tasks(self) -> None:
        """Carry the battle on until a player must decide, the game ends or the battle does."""
        while self.tasks:
            if self.phase == OVER:
                return
            (kind, side), self.tasks = self.tasks[0], self.tasks[1:]
            if kind == T_EFFECT:
                revealed = card(side, self.revealed[side])
                if revealed.battle_symbol and (revealed.army_moves or revealed.fleet_moves):
                    self.phase = EFFECT
                    self.to_move = side
                    self.card = revealed.index
                    self.army_left = revealed.army_moves
                    self.fleet_left = revealed.fleet_moves
                    self._add_log(f"{SIDES[side]} uses the battle effect of {revealed.name}")
                    return
            elif kind == T_RESOLVE:
                self._resolve()
            elif kind == T_REMOVE:
                if not self._remove_or_ask(side):
                    return
            elif kind == T_CHECK:
                if self._check_victory(presence(self.units, self.hannibal)):
                    return
            elif not self._retreat_or_ask(side):
                return
        if self.phase != OVER:
            self._next_battle()

    def _resolve(self) -> None:
        area, attacker = self.battle_area, self.attacker
        defender = 1 - attacker
        edition = self.board.edition
        totals = [
            unit_strength(self.units, self.hannibal, side, area, edition, attacker)
            + card(side, self.revealed[side]).strength
            for side in (0, 1)
        ]
        loser = outcome(totals[attacker], totals[defender], attacker)
        # Victory is judged once the whole battle is over, retreat included: a tie in the
        # opposing Capital leaves the attacker there only until it retreats.
        if loser is None:
            result = "a tie"
            self.tasks = ((T_REMOVE, attacker), (T_REMOVE, defender), (T_RETREAT, attacker))
        else:
            result = f"{SIDES[1 - loser]} wins"
            self.tasks = ((T_REMOVE, loser), (T_RETREAT, loser))
        self.tasks += ((T_CHECK, -1),)
        self._add_log(
            f"Strength in {self.board.areas[area].name}: Rome {totals[ROME]}, "
            f"Carthage {totals[CARTHAGE]}: {result}"
        )

    def _remove_or_ask(self, side: int) -> bool:
        """Remove ``side``'s unit, asking which when Hannibal stands with other armies."""
        area = self.battle_area
        regular = self.units[side][area] > 0
        leader = side == CARTHAGE and self.hannibal == area
        if regular and leader:
            self.phase = REMOVE
            self.to_move = side
            return False
        if regular or leader:
            self._remove_unit(side, leader)
        return True

    def _remove_unit(self, side: int, leader: bool) -> None:
        area = self.battle_area
        if leader:
            self.hannibal = -1
            unit = "Hannibal"
        else:
            self.units[side][area] -= 1
            unit = "a fleet" if self.board.is_sea(area) else "an army"
        self._add_log(f"{SIDES[side]} loses {unit} in {self.board.areas[area].name}")

    def _retreat_or_ask(self, side: int) -> bool:
        """Retreat ``side``'s units from the battle, asking where when several areas tie."""
        area = self.battle_area
        if not present(self.units, self.hannibal, side, area):
            return True
        battles = {p[0] for p in self.pending}
        battles.add(area)
        opponent_origins = self.origins[1 - side][area]
        if self.board.is_sea(area):
            options = fleet_options(self.board, self.units, side, area, opponent_origins, battles)
        elif side == self.attacker:
            options = attacker_army_options(
                self.board,
                self.units,
                self.hannibal,
                side,
                self.origins[side][area],
                opponent_origins,
                battles,
            )
        else:
            options = defender_army_options(
                self.board, self.units, self.hannibal, side, area, opponent_origins, battles
            )
        if len(options) > 1:
            self.phase = RETREAT
            self.to_move = side
            self.options = tuple(options)
            return False
        if options:
            self._retreat(side, options[0])
        else:
            self._eliminate(side)
        return True

    def _retreat(self, side: int, destination: int) -> None:
        area = self.battle_area
        self.options = ()
        count = self.units[side][area]
        self.units[side][area] = 0
        self.units[side][destination] += count
        if side == CARTHAGE and self.hannibal == area:
            self.hannibal = destination
        areas = self.board.areas
        self._add_log(f"{SIDES[side]} retreats from {areas[area].id} to {areas[destination].id}")
        if self.board.is_sea(area) and self.units[1 - side][destination]:
            # punica-en.txt "Fleets": retreating onto enemy fleets starts a new battle there,
            # the retreating side having moved in.
            self.origins[side][destination] |= 1 << area
            self.pending += ((destination, side),)

    def _eliminate(self, side: int) -> None:
        area = self.battle_area
        self.units[side][area] = 0
        if side == CARTHAGE and self.hannibal == area:
            self.hannibal = -1
        self._add_log(
            f"{SIDES[side]} cannot retreat from {self.board.areas[area].name}: "
            "its units there are removed"
        )

    # -- turn end and victory ----------------------------------------------------------------

    def _check_victory(self, sides: tuple[int, int]) -> bool:
        """Whether the game is over, ``sides`` being where each side stands (``presence``)."""
        decided = winner(self.board, sides)
        if decided is None:
            return False
        side, reason = decided
        self._finish(side, reason)
        return True

    def _finish(self, side: int, reason: str) -> None:
        self.phase = OVER
        self.winner = side
        self.reason = reason
        self.tasks = ()
        self.pending = ()
        self.options = ()
        self.card = -1
        self.army_left = self.fleet_left = 0
        if side == DRAW:
            self._add_log(f"The game is drawn: {reason}")
        else:
            self._add_log(f"{SIDES[side]} wins: {reason}")

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn >= self.max_turns:
            self._finish(DRAW, f"the turn limit of {self.max_turns} turns is reached")
            return
        self.active = 1 - self.active
        self.to_move = self.active
        self.phase = ACTION
        self.origins = [[0] * self.board.num_areas, [0] * self.board.num_areas]

    # -- observation, copies, snapshots ------------------------------------------------------

    def _observation(self, player: int | None) -> JSONDict:
        areas = self.board.areas
        hidden_commit = self.phase == COMMIT and self.committed[self.attacker] >= 0
        players = []
        for side in (0, 1):
            committed = self.committed[side]
            secret = hidden_commit and side == self.attacker and player != side
            unplayed = self.hand[side] | (1 << committed if committed >= 0 else 0)
            players.append(
                {
                    "name": SIDES[side],
                    "hand": None
                    if secret
                    else [card(side, k).name for k in cards_in(self.hand[side])],
                    "unplayed": [card(side, k).name for k in cards_in(unplayed)],
                    "played": [card(side, k).name for k in cards_in(self.played[side])],
                    "committed": None
                    if committed < 0
                    else ("face down" if secret else card(side, committed).name),
                }
            )
        battle = None
        if self.battle_area >= 0:
            battle = {
                "area": areas[self.battle_area].id,
                "attacker": SIDES[self.attacker],
                "revealed": [
                    None if k < 0 else card(side, k).name for side, k in enumerate(self.revealed)
                ],
            }
        return {
            "edition": self.board.edition,
            "turn": self.turn + 1,
            "max_turns": self.max_turns,
            "active": self.active,
            "phase": PHASES[self.phase],
            "areas": [
                {
                    "id": a.id,
                    "units": [self.units[0][a.index], self.units[1][a.index]],
                    "hannibal": self.hannibal == a.index,
                }
                for a in areas
            ],
            "players": players,
            "card_in_play": None
            if self.card < 0
            else {
                "card": card(self.to_move, self.card).name,
                "army_moves_left": self.army_left,
                "fleet_moves_left": self.fleet_left,
            },
            "battle": battle,
            "pending_battles": [areas[a].id for a, _ in self.pending],
            "retreat_options": [areas[a].id for a in self.options],
            "winner": None if self.winner == UNDECIDED else self.winner,
            "end_reason": self.reason or None,
        }

    def resample_from_infostate(self, player: int, rng: random.Random) -> Self:
        """Redraw the attacker's face-down battle card when ``player`` cannot see it.

        It is the only hidden thing in Punica: every hand is the deck minus the face-up cards.
        The redrawn card comes from the attacker's unplayed cards, and the history entry of the
        commitment is rewritten to match, so the copy is what its history replays to."""
        new = self._copy_for(player)
        attacker = self.attacker
        if self.phase == COMMIT and self.committed[attacker] >= 0 and player != attacker:
            pool = self.hand[attacker] | (1 << self.committed[attacker])
            pick = rng.choice(cards_in(pool))
            new.hand[attacker] = pool & ~(1 << pick)
            new.committed[attacker] = pick
            new._rewrite_history(self.commit_index, act.COMMIT + pick)
        return new

    def _copy_into(self, new: Self) -> None:
        # The lists are shared until either state changes them (_own_fields).
        new.board = self.board
        new.max_turns = self.max_turns
        new.units = self.units
        new.hannibal = self.hannibal
        new.hand = self.hand
        new.played = self.played
        new.committed = self.committed
        new.active = self.active
        new.to_move = self.to_move
        new.turn = self.turn
        new.phase = self.phase
        new.card = self.card
        new.army_left = self.army_left
        new.fleet_left = self.fleet_left
        new.pending = self.pending
        new.origins = self.origins
        new.battle_area = self.battle_area
        new.attacker = self.attacker
        new.revealed = self.revealed
        new.tasks = self.tasks
        new.options = self.options
        new.commit_index = self.commit_index
        new.winner = self.winner
        new.reason = self.reason

    def _own_fields(self) -> None:
        self.units = [self.units[0].copy(), self.units[1].copy()]
        self.hand = self.hand.copy()
        self.played = self.played.copy()
        self.committed = self.committed.copy()
        self.origins = [self.origins[0].copy(), self.origins[1].copy()]
        self.revealed = self.revealed.copy()

    _INT_FIELDS = (
        "hannibal",
        "active",
        "to_move",
        "turn",
        "phase",
        "card",
        "army_left",
        "fleet_left",
        "battle_area",
        "attacker",
        "commit_index",
        "winner",
    )
    _PAIR_FIELDS = ("hand", "played", "committed", "revealed")

    def _fields_to_dict(self) -> JSONDict:
        fields: JSONDict = {name: getattr(self, name) for name in self._INT_FIELDS}
        for name in self._PAIR_FIELDS:
            fields[name] = list(getattr(self, name))
        fields["units"] = [list(self.units[0]), list(self.units[1])]
        fields["origins"] = [list(self.origins[0]), list(self.origins[1])]
        fields["pending"] = [list(p) for p in self.pending]
        fields["tasks"] = [list(t) for t in self.tasks]
        fields["options"] = list(self.options)
        fields["reason"] = self.reason
        return fields

    def _fields_from_dict(self, fields: JSONDict) -> None:
        game: Any = self._game
        self.board = game.board
        self.max_turns = game.max_turns
        size = self.board.num_areas
        for name in self._INT_FIELDS:
            setattr(self, name, _int(fields, name))
        for name in self._PAIR_FIELDS:
            setattr(self, name, _ints(fields.get(name), name, 2))
        self.units = [_ints(row, "units", size) for row in _rows(fields, "units")]
        self.origins = [_ints(row, "origins", size) for row in _rows(fields, "origins")]
        pairs = [_ints(x, "pending", 2) for x in _ints_rows(fields, "pending")]
        self.pending = tuple((p[0], p[1]) for p in pairs)
        steps = [_ints(x, "tasks", 2) for x in _ints_rows(fields, "tasks")]
        self.tasks = tuple((t[0], t[1]) for t in steps)
        self.options = tuple(_ints(fields.get("options"), "options", None))
        reason = fields.get("reason")
        if not isinstance(reason, str):
            raise InvalidStateError("punica state: field 'reason' must be text")
        self.reason = reason
        if not 0 <= self.phase <= OVER:
            raise InvalidStateError(f"punica state: phase {self.phase} does not exist")


def _int(fields: JSONDict, name: str) -> int:
    value = fields.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidStateError(f"punica state: field {name!r} must be an integer, not {value!r}")
    return value


def _ints(values: Any, name: str, length: int | None) -> list[int]:
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise InvalidStateError(f"punica state: field {name!r} must hold lists of integers")
    if length is not None and len(values) != length:
        raise InvalidStateError(f"punica state: field {name!r} must have {length} entries")
    return list(values)


def _ints_rows(fields: JSONDict, name: str) -> list[Any]:
    rows = fields.get(name)
    if not isinstance(rows, list):
        raise InvalidStateError(f"punica state: field {name!r} must be a list")
    return rows


def _rows(fields: JSONDict, name: str) -> list[Any]:
    rows = fields.get(name)
    if not isinstance(rows, list) or len(rows) != 2:
        raise InvalidStateError(f"punica state: field {name!r} must hold one row per side")
    return rows
