"""The state of a game of Total War Cards: Punic Wars, and its rules in sequence of play.

Phases follow the rulebook: Setup (resting cards, two unseen discards, the deal, the coin,
tier-one picks), then six turns of Combat and Development (Humanitas' choice of order,
alternating placements, technology purchases), Resolution (reveal, highest total takes,
Instrumenta Bella's drawn combat) and Upkeep (the resting cycle, a new deal of five).

Piles of army cards are sorted tuples of values (cards of one value are alike); territory cards
are indices into ``TERRITORIES``; technologies are bit sets.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final, Self

from carthago.core.errors import InvalidStateError
from carthago.core.game import Game
from carthago.core.state import CHANCE, TERMINAL, JSONDict, State
from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards import log_text
from carthago.games.total_war_cards.combat import Placement, resolve, totals
from carthago.games.total_war_cards.components import (
    BRANCHES,
    CLASSIARIUS,
    DEAL,
    DECKS,
    HUMANITAS,
    INSTRUMENTA_BELLA,
    RULES,
    SIDES,
    TECHNOLOGIES,
    TERRITORIES,
    VALUE_INDEX,
    VALUES,
)
from carthago.games.total_war_cards.scoring import final_scores, score_detail
from carthago.games.total_war_cards.setup import picker, unclaimed
from carthago.games.total_war_cards.special_abilities import (
    NOBODY,
    hidden_card_allowance,
    holders_after_redistribution,
    update_claim,
)
from carthago.games.total_war_cards.tech_tree import branch_tier, developable
from carthago.games.total_war_cards.upkeep import (
    common,
    draw_probabilities,
    remove_one,
    return_from_rest,
    without,
)

REST: Final = 0
DISCARD: Final = 1
DEAL_PHASE: Final = 2
COIN: Final = 3
PICK: Final = 4
ORDER: Final = 5
PLACE: Final = 6
BUY: Final = 7
CHOOSE: Final = 8
OVER: Final = 9
PHASE_NAMES: Final = (
    "resting cards",
    "setup discards",
    "territory deal",
    "coin flip",
    "starting technologies",
    "turn order",
    "placement",
    "technology purchase",
    "Instrumenta Bella",
    "game over",
)
_CHANCE_PHASES: Final = (REST, DISCARD, DEAL_PHASE, COIN)


@lru_cache(maxsize=1024)
def placement_actions(held: int, slots: int, face_down: bool) -> tuple[int, ...]:
    """Placing a card on a territory: each value in the hand (``held``, bit ``v`` for value
    ``v``) against each slot, face up, and face down too if ``face_down``; ascending.

    Kept, like :func:`tech_card_actions`: the same hands and rows come back all game, and a
    kept tuple's numbers go into the legal list without a new integer object per action.
    """
    legal: list[int] = []
    # Placements of a value are consecutive integers: two per slot (face up, face down).
    step = 1 if face_down else 2
    for value in VALUES:
        if held >> value & 1:
            start = act.place_action(VALUE_INDEX[value], 0, False)
            legal.extend(range(start, start + 2 * slots, step))
    return tuple(legal)


@lru_cache(maxsize=32768)
def tech_card_actions(held: int, offers: int) -> tuple[int, ...]:
    """Placing a card on the tech tree: each value in the hand (``held``) with each technology
    of ``offers`` (bit ``t`` for technology ``t``) it can pay for; ascending."""
    legal: list[int] = []
    for value in VALUES:
        if held >> value & 1:
            index = VALUE_INDEX[value]
            for tech in TECHNOLOGIES:
                if offers & tech.bit and tech.cost <= value:
                    legal.append(act.tech_card_action(index, tech.index))
    return tuple(legal)


class TotalWarCardsState(State):
    """One position; see the module docstring for the representation."""

    __slots__ = (
        "budget",
        "claims",
        "coin",
        "deal_count",
        "deck",
        "discard_pos",
        "discards",
        "drawn",
        "face_down_pos",
        "hands",
        "hidden_left",
        "hidden_pos",
        "hidden_territory",
        "holders",
        "in_play",
        "new_rest",
        "phase",
        "picks",
        "placed",
        "pool",
        "rest_player",
        "rest_pos",
        "resting",
        "returned",
        "starter",
        "tech_cards",
        "techs",
        "to_move",
        "turn",
        "won",
    )

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.phase = REST
        self.turn = 0
        self.to_move = 0
        # Army cards, per player: hand, resting, the pile resting cards are drawn from (the
        # whole deck at setup, the spent cards at upkeep), the resting cards drawn so far, and
        # last turn's resting cards that came back to hand this turn.
        self.hands: list[tuple[int, ...]] = [(), ()]
        self.resting: list[tuple[int, ...]] = [(), ()]
        self.pool: list[tuple[int, ...]] = [DECKS[0], DECKS[1]]
        self.new_rest: list[tuple[int, ...]] = [(), ()]
        self.returned: list[tuple[int, ...]] = [(), ()]
        self.rest_player = 0
        # Territories.
        self.deck: tuple[int, ...] = tuple(t.index for t in TERRITORIES)
        self.discards: tuple[int, ...] = ()
        self.in_play: tuple[int, ...] = ()
        self.hidden_territory = -1
        self.deal_count = 0
        self.won: list[tuple[int, ...]] = [(), ()]
        # This turn's table.
        self.placed: tuple[Placement, ...] = ()
        self.tech_cards: list[tuple[int, ...]] = [(), ()]
        self.hidden_left = [0, 0]
        self.budget = 0
        self.drawn: tuple[int, ...] = ()
        # Tech tree and special ability cards.
        self.techs = [0, 0]
        self.claims = [NOBODY] * len(BRANCHES)
        self.holders = [NOBODY] * len(BRANCHES)
        self.coin = -1
        self.picks = 0
        self.starter = -1
        # Where in the history each still-hidden draw or placement is, so that
        # resample_from_infostate can redraw it.
        self.discard_pos: tuple[int, ...] = ()
        self.hidden_pos = -1
        self.rest_pos: list[tuple[int, ...]] = [(), ()]
        self.face_down_pos: list[tuple[int, ...]] = [(), ()]

    @property
    def options(self) -> dict[str, str | int | bool]:
        return self._game.options

    # -- whose turn ------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in _CHANCE_PHASES:
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[list[int]]:
        """Each player's points per region (Gaul, Iberia, Italia, Africa), doubles applied."""
        pairing = str(self.options["africa_pairs"])
        return [final_scores(self.won[p], self.techs[p], pairing) for p in (0, 1)]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        first, second = (sum(s) for s in self.scores())
        if first == second:
            return [0.0, 0.0]
        return [1.0, -1.0] if first > second else [-1.0, 1.0]

    # -- chance ----------------------------------------------------------------------------

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == REST:
            player = self.rest_player
            return draw_probabilities(without(self.pool[player], self.new_rest[player]))
        if self.phase == COIN:
            return [(0, 0.5), (1, 0.5)]
        share = 1.0 / len(self.deck)
        return [(card, share) for card in self.deck]

    def _apply_chance(self, outcome: int) -> None:
        position = self._moves
        if self.phase == REST:
            self._draw_resting(outcome, position)
        elif self.phase == DISCARD:
            self.deck = tuple(c for c in self.deck if c != outcome)
            self.discards += (outcome,)
            self.discard_pos += (position,)
            self._add_log("A territory card is discarded unseen")
            if len(self.discards) == RULES.discards:
                self.phase = DEAL_PHASE
        elif self.phase == DEAL_PHASE:
            self._deal(outcome, position)
        else:
            self.coin = outcome
            self._add_log(f"The coin falls for {SIDES[outcome]}, who picks first")
            self.phase = PICK
            self.to_move = outcome

    def _draw_resting(self, value: int, position: int) -> None:
        """Setup step 2 / Upkeep step 1: one card set aside face down, unseen by both."""
        player = self.rest_player
        self.new_rest[player] = tuple(sorted((*self.new_rest[player], value)))
        self.rest_pos[player] += (position,)
        self._add_log(log_text.RESTING[player])
        if len(self.new_rest[player]) < RULES.resting:
            return
        self.hands[player] = return_from_rest(
            self.pool[player], self.new_rest[player], self.resting[player]
        )
        self.returned[player] = self.resting[player]
        self.resting[player] = self.new_rest[player]
        self.pool[player] = ()
        self.new_rest[player] = ()
        if player == 0:
            self.rest_player = 1
        else:
            self.phase = DISCARD if self.turn == 0 else DEAL_PHASE

    def _deal(self, card: int, position: int) -> None:
        """Four territories face up, then one face down (Setup step 4, Upkeep step 3)."""
        self.deck = tuple(c for c in self.deck if c != card)
        self.in_play += (card,)
        self.deal_count += 1
        if self.deal_count <= RULES.face_up:
            self._add_log_facts(log_text.dealt_face_up, (card,))
        else:
            self.hidden_territory = card
            self.hidden_pos = position
            self._add_log("A territory is dealt face down")
        if self.deal_count == DEAL:
            self.deal_count = 0
            if self.turn == 0:
                self.phase = COIN
            else:
                self._start_turn()

    # -- players ---------------------------------------------------------------------------

    def _legal_actions(self) -> list[int]:
        player = self.to_move
        if self.phase == PICK:
            return [act.TECH + t.index for t in unclaimed(self.techs)]
        if self.phase == ORDER:
            return [act.FIRST, act.FIRST + 1]
        if self.phase == CHOOSE:
            return [act.CHOOSE + self.in_play.index(t) for t in self.drawn]
        owned, opponent = self.techs[player], self.techs[1 - player]
        if self.phase == BUY:
            # In ascending order, as the base wants them: the technologies, then STOP.
            buyable = sorted(act.TECH + t.index for t in developable(owned, opponent, self.budget))
            buyable.append(act.STOP)
            return buyable
        held = 0
        for value in self.hands[player]:
            held |= 1 << value
        offers = 0
        for tech in developable(owned, opponent, held.bit_length() - 1):
            offers |= tech.bit
        # Every placement comes before every tech-card action in the numbering.
        legal = list(placement_actions(held, len(self.in_play), self.hidden_left[player] > 0))
        legal.extend(tech_card_actions(held, offers))
        return legal

    def _apply_action(self, action: int) -> None:
        if self.phase in _CHANCE_PHASES:
            self._apply_chance(action)
            return
        player = self.to_move
        kind, first, second, face_down = act.decode(action)
        if kind == "tech" and self.phase == PICK:
            self._develop(player, first)
            self._add_log(f"{SIDES[player]} marks {TECHNOLOGIES[first].name}")
            self.picks += 1
            if self.picks < 2 * int(self.options["setup_picks"]):
                self.to_move = picker(self.coin, self.picks)
            else:
                self._redistribute()
                self._start_turn()
        elif kind == "first":
            self._add_log(f"{SIDES[player]} (Humanitas) lets {SIDES[first]} place first")
            self._begin_placement(first)
        elif kind == "place":
            self._place(player, first, second, face_down, self._moves)
        elif kind == "tech_card":
            self.hands[player] = remove_one(self.hands[player], first)
            self.tech_cards[player] += (first,)
            self._add_log_facts(log_text.on_tech_tree, (player, first))
            self.budget = first
            self._buy(player, second)
        elif kind == "tech":
            self._buy(player, first)
        elif kind == "stop":
            self._add_log(f"{SIDES[player]} stops; {self.budget} left over is lost")
            self.budget = 0
            self._next_placement(player)
        else:
            self._award(self.to_move, self.in_play[first], None)
            self.drawn = ()
            self._finish_resolution()

    def _develop(self, player: int, tech: int) -> None:
        self.techs[player] |= TECHNOLOGIES[tech].bit
        update_claim(self.claims, self.techs, player, TECHNOLOGIES[tech].branch)

    def _buy(self, player: int, tech: int) -> None:
        """Develop ``tech`` with the card's remaining points; go on while any can be bought."""
        self._develop(player, tech)
        self.budget -= TECHNOLOGIES[tech].cost
        self._add_log_facts(log_text.developed, (player, tech))
        if self.budget and developable(self.techs[player], self.techs[1 - player], self.budget):
            self.phase = BUY
            return
        if self.budget:
            self._add_log(f"{self.budget} left over is lost: nothing more can be developed")
        self.budget = 0
        self._next_placement(player)

    def _place(self, player: int, value: int, slot: int, face_down: bool, position: int) -> None:
        territory = self.in_play[slot]
        self.hands[player] = remove_one(self.hands[player], value)
        self.placed += ((territory, player, value, face_down),)
        if face_down:
            target = f"slot {act.slot_letter(slot)}"
            self.hidden_left[player] -= 1
            self.face_down_pos[player] += (position,)
            self._add_log(
                f"{SIDES[player]} places a card face down against {target}",
                {player: f"{SIDES[player]} places {value} face down against {target}"},
            )
        else:
            self._add_log_facts(log_text.placed, (player, value, slot))
        self._next_placement(player)

    def _start_turn(self) -> None:
        """A new Combat and Development Phase: entitlements first (Humanitas, Ars Militaris)."""
        self.turn += 1
        self._add_log(f"Turn {self.turn} begins")
        self.hidden_left = [hidden_card_allowance(self.holders, self.techs, p) for p in (0, 1)]
        humanitas = self.holders[HUMANITAS]
        if humanitas != NOBODY:
            self.phase = ORDER
            self.to_move = humanitas
        else:
            # Nobody may choose: the coin's winner starts, then the start alternates.
            self._begin_placement(self.coin if self.turn == 1 else 1 - self.starter)

    def _begin_placement(self, first: int) -> None:
        self.starter = first
        self.to_move = first
        self.phase = PLACE

    def _next_placement(self, player: int) -> None:
        """Players alternate; hands are equal, so both run out together and resolution follows."""
        self.phase = PLACE
        if self.hands[1 - player]:
            self.to_move = 1 - player
        else:
            self._resolve()

    # -- resolution and upkeep -------------------------------------------------------------

    def _resolve(self) -> None:
        """Resolution Phase: reveal everything, highest total takes each territory."""
        for territory, player, value, face_down in self.placed:
            if face_down:
                slot = act.slot_letter(self.in_play.index(territory))
                self._add_log(f"{SIDES[player]} reveals {value} against slot {slot}")
        if self.hidden_territory >= 0:
            self._add_log(f"Revealed: {TERRITORIES[self.hidden_territory].label}")
        self.hidden_territory = -1
        self.hidden_pos = -1
        # Every card of this turn is now seen, so last upkeep's resting draws are known too.
        self.face_down_pos = [(), ()]
        self.rest_pos = [(), ()]
        if self.options["ability_handover"] == "resolution":
            self._redistribute()
        outcome = resolve(self.placed, self.in_play)
        for territory, winner in outcome.winners.items():
            first, second = totals(self.placed, territory)
            self._award(winner, territory, (first, second))
        holder = self.holders[INSTRUMENTA_BELLA]
        if holder != NOBODY and len(outcome.drawn) > 1:
            self.drawn = outcome.drawn
            self.phase = CHOOSE
            self.to_move = holder
            return
        if holder != NOBODY and outcome.drawn:
            self._award(holder, outcome.drawn[0], None)
        self._finish_resolution()

    def _award(self, player: int, territory: int, totals: tuple[int, int] | None) -> None:
        """``totals``: Rome's and Carthage's in the combat won; None: a drawn combat given to
        the Instrumenta Bella holder."""
        # Taken cards leave the row only once resolution is over, so slot letters hold.
        self.won[player] = tuple(sorted((*self.won[player], territory)))
        if totals is None:
            self._add_log_facts(log_text.took_by_ability, (player, territory))
        else:
            facts = (player, territory, totals[0], totals[1])
            self._add_log_facts(log_text.took_in_combat, facts)

    def _finish_resolution(self) -> None:
        """Drawn and untouched territories stay; spent cards are gathered for the upkeep."""
        taken = set(self.won[0] + self.won[1])
        self.in_play = tuple(t for t in self.in_play if t not in taken)
        if self.in_play:
            left = ", ".join(TERRITORIES[t].label for t in self.in_play)
            self._add_log(f"Still in play: {left}")
        for player in (0, 1):
            played = tuple(v for _, p, v, _ in self.placed if p == player)
            self.pool[player] = tuple(sorted(played + self.tech_cards[player]))
            self.tech_cards[player] = ()
        self.placed = ()
        self.hidden_left = [0, 0]
        if self.options["ability_handover"] == "upkeep":
            self._redistribute()
        if self.turn == RULES.turns:
            self.phase = OVER
            first, second = (sum(s) for s in self.scores())
            self._add_log(f"Game over: {SIDES[0]} {first}, {SIDES[1]} {second}")
        else:
            self.phase = REST
            self.rest_player = 0

    def _redistribute(self) -> None:
        """Each special ability card goes to whoever is furthest up its branch."""
        holders = holders_after_redistribution(
            self.claims, self.techs, str(self.options["ability_tie"])
        )
        for branch, holder in enumerate(holders):
            if holder != self.holders[branch]:
                who = "nobody" if holder == NOBODY else SIDES[holder]
                self._add_log(f"The {BRANCHES[branch].name} card goes to {who}")
        self.holders = holders

    # -- notation --------------------------------------------------------------------------

    def territory_visible(self, territory: int, viewer: int | None) -> bool:
        """Face-down territories are seen only by the Classiarius holder."""
        return territory != self.hidden_territory or (
            viewer is not None and self.holders[CLASSIARIUS] == viewer
        )

    def _slot_name(self, slot: int, viewer: int) -> str:
        territory = self.in_play[slot]
        if self.territory_visible(territory, viewer):
            return f"{act.slot_letter(slot)}: {TERRITORIES[territory].label}"
        return f"{act.slot_letter(slot)}: face-down territory"

    def _action_to_string(self, action: int) -> str:
        if self.phase == REST:
            return f"rest {action}"
        if self.phase == DISCARD:
            return f"discard {TERRITORIES[action].label}"
        if self.phase == DEAL_PHASE:
            return f"deal {TERRITORIES[action].label}"
        if self.phase == COIN:
            return f"coin {SIDES[action]}"
        kind, first, second, face_down = act.decode(action)
        if kind == "tech":
            verb = "pick" if self.phase == PICK else "buy"
            return f"{verb} {TECHNOLOGIES[first].name}"
        if kind == "stop":
            return f"stop, losing {self.budget}"
        if kind == "first":
            return f"{SIDES[first]} first"
        if kind == "choose":
            return f"win {self._slot_name(first, self.to_move)}"
        if kind == "place":
            how = " face down" if face_down else ""
            return f"{first}{how} to {self._slot_name(second, self.to_move)}"
        return f"{first} on tech: {TECHNOLOGIES[second].name}"

    # -- what a player sees ----------------------------------------------------------------

    def _observation(self, player: int | None) -> JSONDict:
        territories = []
        for slot, territory in enumerate(self.in_play):
            shown = self.territory_visible(territory, player)
            stacks: list[list[int | None]] = [[], []]
            for where, owner, value, face_down in self.placed:
                if where == territory:
                    stacks[owner].append(value if not face_down or owner == player else None)
            territories.append(
                {
                    "slot": act.slot_letter(slot),
                    "card": territory if shown else None,
                    "label": TERRITORIES[territory].label if shown else "face-down territory",
                    "face_down": territory == self.hidden_territory,
                    "armies": stacks,
                }
            )
        return {
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "turns": RULES.turns,
            "to_move": self.to_move if self.current_player() >= 0 else None,
            "starter": self.starter,
            "coin": self.coin,
            "territories": territories,
            "deck_size": len(self.deck),
            "discarded": len(self.discards),
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "resting_counts": [
                len(r) + len(n) for r, n in zip(self.resting, self.new_rest, strict=True)
            ],
            "resting_drawn_from": [list(p) for p in self.pool],
            "tech_cards": [list(t) for t in self.tech_cards],
            "technologies": [
                [t.name for t in TECHNOLOGIES if self.techs[p] & t.bit] for p in (0, 1)
            ],
            "tiers": [[branch_tier(self.techs[p], b.index) for b in BRANCHES] for p in (0, 1)],
            "holders": list(self.holders),
            "claims": list(self.claims),
            "hidden_left": list(self.hidden_left),
            "budget": self.budget,
            "drawn": [act.slot_letter(self.in_play.index(t)) for t in self.drawn],
            "won": [list(self.won[p]) for p in (0, 1)],
            "scores": self.scores(),
            "score_detail": [
                score_detail(self.won[p], self.techs[p], str(self.options["africa_pairs"]))
                for p in (0, 1)
            ],
        }

    # -- hidden information ----------------------------------------------------------------

    def resample_from_infostate(self, player: int, rng: random.Random) -> Self:
        """Redraw what ``player`` cannot see, in the copy and in the history entries that put
        it there, so that the copy is exactly what its own history makes.

        Hidden from ``player``: the two discards, the face-down territory (unless he holds
        Classiarius), the opponent's resting cards still unseen and face-down army cards.
        Nothing else depends on them before they are revealed, so redrawing them in place
        equals replaying the rewritten history (the contract tests check it).
        """
        new = self._copy_for(player)
        unseen = list(self.deck) + list(self.discards)
        slots = list(self.discard_pos)
        hidden = self.hidden_territory >= 0 and not self.territory_visible(
            self.hidden_territory, player
        )
        if hidden:
            unseen.append(self.hidden_territory)
            slots.append(self.hidden_pos)
        drawn = rng.sample(unseen, len(slots))
        for position, card in zip(slots, drawn, strict=True):
            new._rewrite_history(position, card)
        new.discards = tuple(drawn[: len(self.discard_pos)])
        if hidden:
            new.hidden_territory = drawn[-1]
            new.in_play = tuple(
                drawn[-1] if t == self.hidden_territory else t for t in self.in_play
            )
            new.placed = tuple(
                (drawn[-1] if where == self.hidden_territory else where, owner, value, down)
                for where, owner, value, down in self.placed
            )
        taken = set(drawn)
        new.deck = tuple(sorted(c for c in unseen if c not in taken))
        new._resample_army(1 - player, rng)
        return new

    def _resample_army(self, opponent: int, rng: random.Random) -> None:
        """Redraw the opponent's unseen resting cards and face-down placements, here and in
        the history."""
        deck = DECKS[opponent]
        if self.phase == REST and self.rest_player == opponent and self.new_rest[opponent]:
            # Resting cards being drawn from a pile every player has seen.
            redrawn = rng.sample(self.pool[opponent], len(self.new_rest[opponent]))
            for position, value in zip(self.rest_pos[opponent], redrawn, strict=True):
                self._rewrite_history(position, value)
            self.new_rest[opponent] = tuple(sorted(redrawn))
            return
        if not self.rest_pos[opponent] and not self.face_down_pos[opponent]:
            return
        face_up = tuple(v for _, p, v, down in self.placed if p == opponent and not down)
        face_up += self.tech_cards[opponent]
        resting = self.resting[opponent]
        if self.rest_pos[opponent]:
            # Resting cards came from last turn's spent cards and cannot be a card seen now.
            allowed = common(without(deck, self.returned[opponent]), without(deck, face_up))
            resting = tuple(rng.sample(allowed, len(self.rest_pos[opponent])))
            for position, value in zip(self.rest_pos[opponent], resting, strict=True):
                self._rewrite_history(position, value)
            self.resting[opponent] = tuple(sorted(resting))
        unknown = list(without(without(deck, resting), face_up))
        rng.shuffle(unknown)
        count = len(self.face_down_pos[opponent])
        # Face-down placements lie in ``placed`` in the order they were made, as in history.
        for position, value in zip(self.face_down_pos[opponent], unknown, strict=False):
            _, _, slot, _ = act.decode(self._history[position])
            self._rewrite_history(position, act.place_action(VALUE_INDEX[value], slot, True))
        values = iter(unknown[:count])
        self.placed = tuple(
            (where, owner, next(values), down) if owner == opponent and down else
            (where, owner, value, down)
            for where, owner, value, down in self.placed
        )  # fmt: skip
        self.hands[opponent] = tuple(sorted(unknown[count:]))

    # -- copies and snapshots --------------------------------------------------------------

    def _copy_into(self, new: Self) -> None:
        # The lists are shared until either state changes them (_own_fields).
        new.phase = self.phase
        new.turn = self.turn
        new.to_move = self.to_move
        new.hands = self.hands
        new.resting = self.resting
        new.pool = self.pool
        new.new_rest = self.new_rest
        new.returned = self.returned
        new.rest_player = self.rest_player
        new.deck = self.deck
        new.discards = self.discards
        new.in_play = self.in_play
        new.hidden_territory = self.hidden_territory
        new.deal_count = self.deal_count
        new.won = self.won
        new.placed = self.placed
        new.tech_cards = self.tech_cards
        new.hidden_left = self.hidden_left
        new.budget = self.budget
        new.drawn = self.drawn
        new.techs = self.techs
        new.claims = self.claims
        new.holders = self.holders
        new.coin = self.coin
        new.picks = self.picks
        new.starter = self.starter
        new.discard_pos = self.discard_pos
        new.hidden_pos = self.hidden_pos
        new.rest_pos = self.rest_pos
        new.face_down_pos = self.face_down_pos

    def _own_fields(self) -> None:
        self.hands = self.hands.copy()
        self.resting = self.resting.copy()
        self.pool = self.pool.copy()
        self.new_rest = self.new_rest.copy()
        self.returned = self.returned.copy()
        self.won = self.won.copy()
        self.tech_cards = self.tech_cards.copy()
        self.hidden_left = self.hidden_left.copy()
        self.techs = self.techs.copy()
        self.claims = self.claims.copy()
        self.holders = self.holders.copy()
        self.rest_pos = self.rest_pos.copy()
        self.face_down_pos = self.face_down_pos.copy()

    _SCALARS = (
        "phase", "turn", "to_move", "rest_player", "hidden_territory", "deal_count", "budget",
        "coin", "picks", "starter", "hidden_pos",
    )  # fmt: skip
    _PAIRS = (
        "hands", "resting", "pool", "new_rest", "returned", "won", "tech_cards", "rest_pos",
        "face_down_pos",
    )  # fmt: skip
    _TUPLES = ("deck", "discards", "in_play", "drawn", "discard_pos")
    _LISTS = ("hidden_left", "techs", "claims", "holders")

    def _fields_to_dict(self) -> JSONDict:
        fields: JSONDict = {name: getattr(self, name) for name in self._SCALARS}
        for name in self._PAIRS:
            fields[name] = [list(x) for x in getattr(self, name)]
        for name in self._TUPLES:
            fields[name] = list(getattr(self, name))
        for name in self._LISTS:
            fields[name] = list(getattr(self, name))
        fields["placed"] = [list(p) for p in self.placed]
        return fields

    def _fields_from_dict(self, fields: JSONDict) -> None:
        names = (*self._SCALARS, *self._PAIRS, *self._TUPLES, *self._LISTS, "placed")
        missing = [name for name in names if name not in fields]
        if missing:
            raise InvalidStateError(f"total_war_cards state lacks field {missing[0]!r}")
        for name in self._SCALARS:
            setattr(self, name, int(fields[name]))
        for name in self._PAIRS:
            setattr(self, name, [tuple(int(v) for v in x) for x in fields[name]])
        for name in self._TUPLES:
            setattr(self, name, tuple(int(v) for v in fields[name]))
        for name in self._LISTS:
            setattr(self, name, [int(v) for v in fields[name]])
        self.placed = tuple((int(t), int(p), int(v), bool(h)) for t, p, v, h in fields["placed"])
        if not 0 <= self.phase <= OVER:
            raise InvalidStateError(f"total_war_cards: no phase {self.phase}")
