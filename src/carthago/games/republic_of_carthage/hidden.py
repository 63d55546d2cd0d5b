"""Redrawing what a player cannot see (``resample_from_infostate``), history included.

Everything hidden from player p is the outcome of a chance event or of another faction's secret
choice, and each is redrawn by rewriting the history entry that made it (docs, "Resampling").
The redraw never reads a hidden value: it starts from what p can see of the history (who acted,
what was public, what p saw itself, gathered by ``_public_facts``) and draws every hidden entry
afresh, so two true states p cannot tell apart give the same copies for the same ``rng``.

- Set-up Intrigue and Law cards in other human hands are exchanged with each other and with
  those never dealt; Trade Concessions in other human hands with concessions never dealt (a hand
  keeps how many concessions it holds: that decides who is asked to play one).
- The amounts of Faction Treasury gifts between two other factions are drawn by a small search
  that keeps every later public movement of a treasury possible (``_gift_amounts``).
- Then the history is replayed drawing: the Trade cards removed unseen, those an exploration
  success called back by name or found missing put on a removal to the reserve at random
  (``_call_back``); every Trade card another human faction drew, each sale, discard or card
  given away put on one of that faction's earlier draws from the stack at random among those
  the stacks' heights allow, the cards exchanged between two others searched (``_plan``),
  the rest drawn from what the stacks in the copy can spare once the draws known in advance
  (p's own, a Neutral's, those the plan settled) are served (:class:`_Needs`); the contents of
  offers p did not receive, from the builder's hand in the copy and fitting the public claim,
  each fitting set as likely (``_offer_contents`` counts them). A replay p could
  tell from the truth (an illegal move, another observation) is thrown away and drawn again,
  never patched with a true value.

Between a player's decisions the true state keeps what those cost (:class:`Infostate`): the
facts walk goes on from where it stopped, and the last copy is carried on over the new entries
(:func:`_extend`) rather than replayed from the start, when it still fits the player's view.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, Final, TypeVar

from mypy_extensions import mypyc_attr

from carthago.core.errors import CarthagoError, IllegalActionError
from carthago.core.state import CHANCE
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.exploration import reopened
from carthago.games.republic_of_carthage.forum_actions import decode_interfere, is_interference
from carthago.games.republic_of_carthage.hand_trades import rename_traded, seen_in_trades
from carthago.games.republic_of_carthage.hidden_fallback import COUNTS, fallback_copy
from carthago.games.republic_of_carthage.revenue import upkeep_cap
from carthago.games.republic_of_carthage.state import CARDS, DECK, HAND, RED_DECK, REMOVED

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

T = TypeVar("T", bound="S")

SWAP_GROUPS: Final = (("intrigue", "law"), ("concession",))
"""Hand cards redrawn among themselves: a group's cards in a hand are exchanged only with
cards of the same group, so each hand keeps its number of concessions."""
FORUM_KINDS: Final = ("event", "intrigue", "law", "statesman", "concession")
"""Kinds a Forum draw may put in a hand (§6.4.2.1): the others only see that a card went to hand."""
UNSEEN_REMOVALS: Final = ("setup_trade_removal", "forum_pirates", "forum_war_trade")
"""Chance stages taking Trade cards out of the stacks unseen by anyone (set-up, Pirates, wars)."""
RESERVE_REMOVALS: Final = ("setup_trade_removal", "forum_war_trade")
"""Those whose cards go to the reserve, from which a successful exploration calls some back."""
EXPLORATIONS: Final = tuple(index for index, card in enumerate(CARDS) if card.kind == "exploration")
BUILD_STAGES: Final = ("trade_offer_build", "trade_counter_build")
ADDS: Final = range(A.ADD, A.ADD + len(C.commodities))
NAMES: Final = range(A.NAME, A.NAME + len(C.commodities))
"""The moves that build an offer; others in those stages (a card played, §6.4.2.1) are not."""
MAX_REPLAYS = 200
"""Replays tried before the fallback (:mod:`hidden_fallback`); in random play over nine in ten
resamples need one."""


# A plain Python class when compiled: mypyc's own classes cannot derive from two builtin errors.
@mypyc_attr(native_class=False)
class ResampleError(CarthagoError, RuntimeError):
    """The public Faction Treasury movements admit no gift amounts (a broken history)."""


@dataclass(slots=True)
class Infostate:
    """What one player's resamples keep between decisions, in the true state (never copied).

    ``walk`` is the player's public facts, gathered once and carried on as the history grows.
    ``copy`` is the last copy drawn for the player and ``length`` the length of the true
    history it was drawn at: when the history has grown since, the next resample carries that
    copy on over the new entries, drawing each hidden one afresh (:func:`_extend`), and keeps it
    if the player still cannot tell it from the truth; otherwise it replays the whole history.
    Either way the copy is one the player's view allows, drawn without reading a hidden value:
    the kept copy was such a draw for the shorter history, and keeping it only when the new
    entries fit it is the same as drawing again among the copies that fit them.
    """

    walk: _FactsWalk
    copy: S | None = None
    length: int = 0


def resample(state: T, player: int, rng: random.Random) -> T:
    """A copy of the true ``state`` that ``player`` cannot tell from it, hidden parts redrawn;
    its history is rewritten to match and others' private log lines are gone."""
    infostate = state.infostates.get(player)
    if infostate is None or not infostate.walk.serves(state):
        infostate = state.infostates[player] = Infostate(_FactsWalk(state, player))
    infostate.walk.advance(state)
    facts = infostate.walk.facts()
    copy: T | None = None
    exact = True
    if infostate.copy is not None and infostate.length < state._moves:
        COUNTS.carry_tried += 1
        copy = _extend(state, player, facts, infostate, rng)  # type: ignore[assignment]
        COUNTS.carried += copy is not None
    if copy is None:
        copy, exact = _draw(state._copy_for(player), player, facts, rng)
    if exact:
        COUNTS.exact += 1
        infostate.copy, infostate.length = copy.clone(), state._moves
    else:
        # A fallback copy need not replay to itself: it is never carried on.
        COUNTS.fallback += 1
        infostate.copy = None
    from carthago.games.republic_of_carthage.revolution import resample_bribe

    return resample_bribe(copy, player, rng)


def _draw(state: T, player: int, facts: _Facts, rng: random.Random) -> tuple[T, bool]:
    """Redraw everything hidden from ``player`` in ``state`` (a copy stripped of others' log
    lines): the hands in place, then, where the history holds hidden entries, by a replay.
    False with the copy when no replay fitted within ``MAX_REPLAYS`` and the fallback drew it."""
    dropped = {state._history[index] - K.drop_card(0): index for index in facts.drops}
    for group in SWAP_GROUPS:
        _resample_hands(state, player, rng, group, dropped=dropped)
    for deck in (1, 2):
        _resample_hands(state, player, rng, FORUM_KINDS, deck, dropped)
    if not facts.hidden():
        return state, True
    gifts, funds = _gift_amounts(facts, rng)
    for _ in range(MAX_REPLAYS):
        copy = _replay(state, player, facts, gifts, rng)
        if copy is not None:
            return copy, True
    return fallback_copy(state, player, facts, gifts, funds, rng), False


def _resample_hands(
    state: S,
    player: int,
    rng: random.Random,
    kinds: tuple[str, ...],
    forum_deck: int = 0,
    dropped: dict[int, int] | None = None,
) -> None:
    """Exchange other human hands' cards of ``kinds`` with unseen ones: set-up deals (with
    ``forum_deck`` 0) or cards of deck ``forum_deck`` drawn in a Forum Phase, whose kind the
    others never saw (those are exchanged with any hand card of that deck still in the deck).
    The cards those hands discarded down to the hand limit unseen (``dropped``: card -> the
    discard's history index, §6.7.2) are exchanged too, their discard entries rewritten: the
    discard pile is never looked at again, so which card went there is as hidden as the hand."""
    dropped = dropped or {}
    # A concession its holder has just named to play is in the history by name.
    targets = ("setup_concession_target", "revolution_concession_target")
    named = state.ctx if state.stage in targets else []
    seen = seen_in_trades(state, player)
    forum = int(forum_deck > 0)
    slots = [
        card
        for card, loc in enumerate(state.card_loc)
        if ((HAND <= loc < HAND + state.rg.num_players and loc != HAND + player) or card in dropped)
        and state.card_origin[card] >= 0
        and CARDS[card].kind in kinds
        and card not in named
        and card not in seen
        and state.card_forum[card] == forum
        and (not forum or CARDS[card].deck == forum_deck)
    ]
    if not slots:
        return
    spare = [
        card
        for card, loc in enumerate(state.card_loc)
        if (loc == DECK if forum else loc in (DECK, RED_DECK))
        and CARDS[card].kind in kinds
        and CARDS[card].deck == (forum_deck if forum else 1)
    ]
    # Sorted, so that which cards are where does not steer the draw.
    pool = sorted(slots + spare)
    slots.sort(key=lambda card: (state.card_loc[card], state.card_origin[card]))
    places = [(state.card_loc[c], state.card_origin[c], dropped.get(c, -1)) for c in slots]
    chosen = rng.sample(pool, len(slots))
    undealt = RED_DECK if any(loc == RED_DECK for loc in state.card_loc) else DECK
    for card in slots:
        state.card_loc[card] = undealt
        state.card_origin[card] = -1
        state.card_forum[card] = 0
    for card, (loc, origin, discard) in zip(chosen, places, strict=True):
        state.card_loc[card] = loc
        state.card_origin[card] = origin
        state.card_forum[card] = forum
        state._rewrite_history(origin, card)
        if discard >= 0:
            state._rewrite_history(discard, K.drop_card(card))
    rename_traded(state, dict(zip(slots, chosen, strict=True)))


# -- what p can see of the history -----------------------------------------------------------


@dataclass(slots=True)
class _Offer:
    """An offer side built by another faction; its "add" entries are hidden unless p got them."""

    start: int
    end: int
    builder: int
    receiver: int
    adds: list[int] = field(default_factory=list)
    """History indices of its cards: a side named and presented may take more cards after a
    talk, and its claim is then named again (``value`` and ``named`` are the last claim)."""
    value: int = -1
    named: int = -1
    exchanged: bool = False
    stacks: tuple[int, ...] = ()
    """With an exchange, the stacks of its cards (the public Trade card backs show them)."""


@dataclass(slots=True)
class _Facts:
    """What p can see of the history: where the hidden entries are and what constrains them."""

    removals: list[int] = field(default_factory=list)
    reserved: dict[int, int] = field(default_factory=dict)
    """History index of an unseen removal to the reserve (set-up, a war): its stack."""
    returns: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)
    """(index, commodities, exhausted): a success that called back from the reserve the cards of
    those commodities, announced by name, and found none left of the exhausted ones (its areas
    list them more often than it brought them back)."""
    draws: dict[int, tuple[int, int]] = field(default_factory=dict)
    """History index of a draw by another human faction: (faction, stack)."""
    consumed: list[tuple[int, int, int]] = field(default_factory=list)
    """(index, faction, commodity): a card another human faction sold, discarded, or gave in an
    exchange p saw (with p, or with a Neutral)."""
    supplied: list[tuple[int, int, int]] = field(default_factory=list)
    """(index, faction, commodity): a card another human faction got in an exchange p saw."""
    offers: list[_Offer] = field(default_factory=list)
    swaps: list[tuple[int, _Offer, _Offer]] = field(default_factory=list)
    """Exchanges between two other factions: (index, offer, counter-offer)."""
    start: tuple[int, ...] = ()
    """The Faction Treasuries of the initial state."""
    ledger: list[tuple[int, ...]] = field(default_factory=list)
    """Faction Treasury movements in order: ("delta", index, *change per faction), ("move",
    index, faction, amount index, talents moved, receiving faction or -1), ("gift", index,
    giver, receiver), and bounds the table learnt: ("cap", index, faction, most talents)."""
    dealt: list[int] = field(default_factory=list)
    """History indices of set-up deals and Forum draws that put a card in another human hand."""
    drops: list[int] = field(default_factory=list)
    """History indices of another human's discards down to the hand limit (§6.7.2)."""
    shown: dict[int, int] = field(default_factory=dict)
    """History index of a Trade card drawn that p saw (its own or a Neutral's): its commodity."""
    restocked: dict[int, Counter[int]] = field(default_factory=dict)
    """History index after which cards sold and discarded went back to their stacks, or an
    exploration called cards back from the reserve: the commodities (the table saw them)."""
    unpirated: list[int] = field(default_factory=list)
    """History indices after which the cards the Pirates took went back to their stacks."""
    sizes: dict[int, tuple[int, int]] = field(default_factory=dict)
    """History index of a draw or removal from a trade stack: the stack and how many cards it
    held (the table sees each stack's height)."""

    def hidden(self) -> bool:
        blocks = any(offer.adds for offer in self.offers)
        gifts = any(entry[0] == GIFT for entry in self.ledger)
        return bool(self.removals or self.draws or blocks or gifts)


DELTA: Final = 0
MOVE: Final = 1
GIFT: Final = 2
CAP: Final = 3


def _hand_counts(state: S, faction: int) -> Counter[int]:
    return Counter(commodity for commodity, _, _ in state.trade_hands[faction])


def _public_facts(state: S, player: int) -> _Facts:
    """What ``player`` sees of each entry of ``state``'s history (see :class:`_FactsWalk`)."""
    walk = _FactsWalk(state, player)
    walk.advance(state)
    return walk.facts()


class _FactsWalk:
    """Replays a history and keeps only what ``player`` sees of each entry.

    The replay walks the true history, but nothing hidden is kept: positions and actors of
    hidden entries, public moves and claims, and what p itself gave, got or was told. It is
    kept between resamples (:class:`Infostate`) and goes on from where it stopped, so that the
    facts of a long game are not gathered again at every decision.
    """

    __slots__ = ("_facts", "_others", "_sides", "history", "player", "walk")

    def __init__(self, state: S, player: int) -> None:
        self.player = player
        self.walk = type(state)(state.rg)
        self.history: list[int] = []
        """The entries walked so far: a prefix of the history of every state it serves."""
        self._facts = _Facts(start=tuple(self.walk.faction_treasury))
        self._others = [f for f in range(state.rg.num_players) if f != player]
        self._sides: dict[int, _Offer] = {}

    def serves(self, state: S) -> bool:
        """Whether ``state``'s history goes on from the entries walked so far."""
        walked = len(self.history)
        return state._moves >= walked and state._history[:walked] == self.history

    def advance(self, state: S) -> None:
        """Walk the entries of ``state``'s history not walked yet (it must :meth:`serve` it)."""
        for index in range(len(self.history), state._moves):
            self._step(index, state._history[index])

    def facts(self) -> _Facts:
        """The facts of the entries walked so far, offers still open included."""
        facts = self._facts
        offers = facts.offers + [self._sides[side] for side in sorted(self._sides)]
        return _Facts(
            removals=list(facts.removals),
            reserved=dict(facts.reserved),
            returns=list(facts.returns),
            draws=dict(facts.draws),
            consumed=list(facts.consumed),
            supplied=list(facts.supplied),
            offers=[
                offer
                for offer in offers
                if offer.builder != self.player
                and not (
                    offer.exchanged
                    and (offer.receiver == self.player or not self.walk.human(offer.receiver))
                )
            ],
            swaps=list(facts.swaps),
            start=facts.start,
            ledger=list(facts.ledger),
            dealt=list(facts.dealt),
            drops=list(facts.drops),
            shown=dict(facts.shown),
            restocked=dict(facts.restocked),
            unpirated=list(facts.unpirated),
            sizes=dict(facts.sizes),
        )

    def _step(self, index: int, action: int) -> None:
        from carthago.games.republic_of_carthage.setup import stack_counts
        from carthago.games.republic_of_carthage.trade import offer_sides

        walk, facts, player, others = self.walk, self._facts, self.player, self._others
        who = walk.current_player()
        stage = walk.stage
        if who == CHANCE and stage in UNSEEN_REMOVALS:
            facts.removals.append(index)
            if stage in RESERVE_REMOVALS:
                facts.reserved[index] = walk.ctx[0]
        elif who == CHANCE and stage == "trade_draw" and walk.ctx[0] in others:
            facts.draws[index] = (walk.ctx[0], walk.ctx[1])
        elif who == CHANCE and stage == "trade_draw":
            facts.shown[index] = action
        if who == CHANCE and (stage == "trade_draw" or stage in UNSEEN_REMOVALS):
            number = walk.ctx[1] if stage == "trade_draw" else walk.ctx[0]
            facts.sizes[index] = (number, sum(stack_counts(walk, number).values()))
        pirated, last_return = any(walk.pirated), walk.last_return
        stacks, held = list(walk.stack), list(walk.pirated)
        if stage in BUILD_STAGES and action in ADDS:
            side = BUILD_STAGES.index(stage)
            building = self._sides.get(side)
            if building is None:
                building = _Offer(index, index, walk.offer[side], walk.offer[1 - side])
                self._sides[side] = building
            building.adds.append(index)
            building.end = index + 1
        if 0 <= who != player and _secret_cards(walk, player, action) is DROPS:
            facts.drops.append(index)
        before = [_hand_counts(walk, f) for f in others]
        treasuries = list(walk.faction_treasury)
        offer, turn, logged = walk.offer, (walk.offer_round, walk.pos), walk._logged
        move = _treasury_entry(walk, index, action, player)
        reserve = list(walk.reserve)
        unexplored = [card for card in EXPLORATIONS if walk.card_loc[card] != REMOVED]
        walk._apply_action(action)
        walk._record_action(action)
        walk._forget_kept()
        self.history.append(action)
        if walk.last_return != last_return:
            # Measured on the stacks, less the Pirates' and the reserve's cards: the move that
            # returns the cards may itself be a sale or discard.
            moves = zip(walk.stack, stacks, held, walk.pirated, reserve, walk.reserve, strict=True)
            back = [
                now - was - (pirate - left) - (kept - still)
                for now, was, pirate, left, kept, still in moves
            ]
            facts.restocked[index] = Counter(dict(enumerate(back))) - Counter()
        if pirated and not any(walk.pirated):
            facts.unpirated.append(index)
        if who == CHANCE and _dealt_unseen(walk, index, action, player):
            facts.dealt.append(index)
        reached = [card for card in unexplored if walk.card_loc[card] == REMOVED]
        if reached:
            facts.returns.append(_called_back(walk, reached, reserve, index))
            facts.restocked[index] = facts.restocked.get(index, Counter()) + Counter(
                facts.returns[-1][1]
            )
        change = [after - was for after, was in zip(walk.faction_treasury, treasuries, strict=True)]
        if move is not None:
            facts.ledger.append(move[0])
            # Whatever the engine then did by itself is public, the gift's amount aside.
            giver, receiver, moved = move[1]
            change[giver] += moved
            if receiver >= 0:
                change[receiver] -= moved
        if any(change):
            facts.ledger.append((DELTA, index, *change))
        if walk.rebels:
            left = sum(walk.talents[person] for person in walk.rebels[1:])
            for entry in walk._log[logged : walk._logged]:
                most = upkeep_cap(entry.public, left)
                if most is not None:
                    facts.ledger.append((CAP, index, walk.rebels[0], most))
        if stage in BUILD_STAGES and action in NAMES:
            side = BUILD_STAGES.index(stage)
            named = self._sides.get(side)
            if named is not None:
                named.value = sum(C.commodities[c].value for c in offer_sides(walk.offer)[side])
                named.named = action - A.NAME
        # An offer closes when the turn to offer moves on (a Neutral may close it by itself).
        closed = bool(offer) and (walk.offer_round, walk.pos) != turn
        exchanged = closed and _exchanged(walk, offer, logged)
        # An exchange with p, or with a Neutral (its cards lie open), shows the cards.
        hidden = exchanged and player not in offer[:2] and all(map(walk.human, offer[:2]))
        for position, faction in enumerate(others):
            if hidden and faction in offer[:2]:
                continue
            after = _hand_counts(walk, faction)
            gave: Counter[int] = Counter()
            got: Counter[int] = Counter()
            if exchanged and faction in offer[:2]:
                # Each card of an exchange p saw counts, not only what is left once the
                # commodities both sides gave cancel out: the giver held every card it put in.
                given = offer_sides(offer)
                side = offer[:2].index(faction)
                gave, got = Counter(given[side]), Counter(given[1 - side])
            rest = after - got + gave
            for commodity in sorted((gave + (before[position] - rest)).elements()):
                facts.consumed.append((index, faction, commodity))
            if stage != "trade_draw":
                for commodity in sorted((got + (rest - before[position])).elements()):
                    facts.supplied.append((index, faction, commodity))
        if closed:
            sides = self._sides
            for side, cards in enumerate(offer_sides(offer)):
                if side in sides and exchanged:
                    sides[side].exchanged = True
                    sides[side].stacks = tuple(sorted(C.commodities[c].stack for c in cards))
            if hidden:
                facts.swaps.append((index, sides[0], sides[1]))
            facts.offers += [sides[side] for side in sorted(sides)]
            self._sides = {}


def _dealt_unseen(walk: S, index: int, action: int, player: int) -> bool:
    """Whether chance entry ``index`` just put a card in another human hand unseen by p (a
    set-up deal or a Forum draw: where the card went is public, which card it was is not)."""
    if not 0 <= action < len(CARDS) or walk.card_origin[action] != index:
        return False
    holder = walk.card_loc[action] - HAND
    return 0 <= holder < walk.rg.num_players and holder != player


def _called_back(
    walk: S, reached: list[int], reserve: list[int], index: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """What the table hears of the reserve when entry ``index`` made explorations ``reached``
    succeed (§6.6.1): each commodity their areas list comes back while the reserve holds one, and
    the announcement names those that came; ``reserve`` is the reserve before the entry, and
    only what came back of it is kept."""
    listed: Counter[int] = Counter()
    for card in reached:
        listed += reopened(C.explorations[CARDS[card].id])
    came = Counter({c: reserve[c] - now for c, now in enumerate(walk.reserve)})
    exhausted = tuple(sorted(c for c, count in listed.items() if came[c] < count))
    return index, tuple(sorted(came.elements())), exhausted


def _exchanged(walk: S, offer: tuple[int, ...], logged: int) -> bool:
    """Whether the offer that just closed ended in an exchange (the table hears it)."""
    names = walk.rg.faction_names
    said = f"{names[offer[0]]} and {names[offer[1]]} exchange their cards"
    return any(entry.public == said for entry in walk._log[logged : walk._logged])


def _treasury_entry(
    walk: S, index: int, action: int, player: int
) -> tuple[tuple[int, ...], tuple[int, int, int]] | None:
    """The ledger entry of a move out of a Faction Treasury and its (giver, receiver, talents),
    None for any other action. The talents of a hidden gift serve only to take the gift
    itself out of the change the whole action makes."""
    if walk.stage == "forum_interfere" and is_interference(action):
        # Interference in a persuasion (§6.4.2.2) spends openly from the Faction Treasury.
        from carthago.games.republic_of_carthage.persuasion import TURN, interferers

        giver = interferers(walk)[walk.ctx[TURN]]
        _, amount = decode_interfere(action)
        moved = A.amount(amount, walk.faction_treasury[giver])
        return (MOVE, index, giver, amount, moved, -1), (giver, -1, moved)
    if walk.stage != "revenue_redistribute" or not A.TRANSFER <= action < A.CONTRIBUTE:
        return None
    source, destination, amount = A.decode_transfer(action)
    if source != A.OWN_TREASURY:
        return None
    giver = walk.current_player()
    receiver = destination - A.OWN_TREASURY - 1 if destination > A.OWN_TREASURY else -1
    moved = A.amount(amount, walk.faction_treasury[giver])
    if receiver >= 0 and player not in (giver, receiver):
        return (GIFT, index, giver, receiver), (giver, receiver, moved)
    return (MOVE, index, giver, amount, moved, receiver), (giver, receiver, moved)


# -- Faction Treasury gifts between two other factions ---------------------------------------


def _gift_amounts(facts: _Facts, rng: random.Random) -> tuple[dict[int, int], tuple[int, ...]]:
    """A gift action for every hidden gift, keeping every later public treasury move possible,
    and the Faction Treasuries they end with.

    A depth-first search over the gifts, each trying its possible amounts in random order; the
    true amounts are one answer, so it always finds one, and it reads only public movements.
    """
    ledger = facts.ledger
    failed: set[tuple[int, tuple[int, ...]]] = set()
    chosen: dict[int, int] = {}
    end: list[int] = []

    def search(position: int, treasuries: tuple[int, ...]) -> bool:
        funds = list(treasuries)
        while position < len(ledger):
            entry = ledger[position]
            if entry[0] == GIFT:
                break
            if entry[0] == DELTA:
                for faction, change in enumerate(entry[2:]):
                    funds[faction] += change
                # A payment the table saw (talents for votes beyond those on the Senators'
                # cards) needs the Treasury to have held them.
                if min(funds) < 0:
                    return False
            elif entry[0] == CAP:
                _, _, faction, most = entry
                if funds[faction] > most:
                    return False
            else:
                _, _, giver, amount, moved, receiver = entry
                if amount not in A.amount_choices(funds[giver]):
                    return False
                if A.amount(amount, funds[giver]) != moved:
                    return False
                funds[giver] -= moved
                if receiver >= 0:
                    funds[receiver] += moved
            position += 1
        if position == len(ledger):
            end[:] = funds
            return True
        key = (position, tuple(funds))
        if key in failed:
            return False
        _, index, giver, receiver = ledger[position]
        amounts = A.amount_choices(funds[giver])
        for amount in rng.sample(amounts, len(amounts)):
            moved = A.amount(amount, funds[giver])
            after = list(funds)
            after[giver] -= moved
            after[receiver] += moved
            if search(position + 1, tuple(after)):
                destination = A.OWN_TREASURY + 1 + receiver
                chosen[index] = A.transfer(A.OWN_TREASURY, destination, amount)
                return True
        failed.add(key)
        return False

    if not search(0, facts.start):
        raise ResampleError("the public Faction Treasury movements admit no gift amounts")
    return chosen, tuple(end)


# -- Trade cards -----------------------------------------------------------------------------


PLAN_BRANCHES: Final = 300
"""Ways of moving the cards of exchanges between others a plan tries before it gives up."""

DRAW: Final = 0
SOLD: Final = 1
GOT: Final = 2
NAMED: Final = 3
SWAP: Final = 4
REMOVAL: Final = 5
RETURN: Final = 6
"""Kinds of event a plan follows, in this order within one history index."""


@dataclass
class _Tokens:
    """The other factions' cards as a plan follows them (see :func:`_plan`)."""

    hands: dict[int, list[list[int]]] = field(default_factory=dict)
    reserve: list[list[int]] = field(default_factory=list)
    exchanged: dict[int, list[list[int]]] = field(default_factory=dict)
    planned: dict[int, int] = field(default_factory=dict)
    needs: _Needs = field(default_factory=lambda: _Needs({}, {}))
    """The cards the stacks must keep for the draws known so far (p's and those settled)."""

    def settle(self, token: list[int], commodity: int) -> None:
        if token[0] >= 0 and token[1] < 0:
            self.planned[token[0]] = commodity
            self.needs.take(commodity, token[0])
        token[1] = commodity

    def unsettle(self, token: list[int]) -> None:
        """Take back the settling of a token that was unknown."""
        if token[0] >= 0:
            del self.planned[token[0]]
            self.needs.untake(token[1], token[0])
        token[1] = -1

    def copy(self) -> _Tokens:
        """A copy to search a branch on. A token moved by an exchange sits both in a hand and
        in ``exchanged``: the copy keeps that, one new token for each (as deepcopy would)."""
        copies: dict[int, list[int]] = {}

        def twin(token: list[int]) -> list[int]:
            if id(token) not in copies:
                copies[id(token)] = list(token)
            return copies[id(token)]

        return _Tokens(
            hands={faction: [twin(t) for t in hand] for faction, hand in self.hands.items()},
            reserve=[twin(t) for t in self.reserve],
            exchanged={key: [twin(t) for t in ts] for key, ts in self.exchanged.items()},
            planned=dict(self.planned),
            needs=self.needs.copy(),
        )

    def signature(self) -> tuple[object, ...]:
        """All that later events can tell apart: the commodity (or none yet) and stack of the
        cards in each hand and in the reserve, not which draw each came from."""
        hands = tuple(
            (faction, tuple(sorted((t[1], t[2]) for t in hand)))
            for faction, hand in sorted(self.hands.items())
        )
        return hands, tuple(sorted((t[1], t[2]) for t in self.reserve))


def _plan(facts: _Facts, rng: random.Random) -> tuple[dict[int, int], dict[int, list[int]]] | None:
    """Commodities for some hidden draws and removals and the contents of exchanges between
    others.

    Follows the cards of the other factions as tokens [draw index or -1, commodity or -1,
    stack]: a hidden draw makes one of unknown commodity (its stack is public), a card p saw a
    faction get makes one of known commodity. Taken in order, a card a faction sells, discards
    or gives away is a token of that faction that can be it, one known to be it first (else a
    random one still unknown); the commodity an offer names must be in the builder's hand (a
    random token of its stack becomes it unless one already is); an exchange between two other
    factions moves the named token and tokens of the stacks the backs showed, whose commodities
    later events settle like a draw's (any still unknown at the end is drawn from its stack).
    Which tokens an exchange moves is searched depth first (:func:`_exchange_choices`, in random
    order), so a sale that contradicts an earlier pick sends the search back to try another; a
    position already found to fail is not tried again, and after ``PLAN_BRANCHES`` tries the plan
    gives up. The cards removed unseen to the reserve are followed the same way
    (:func:`_call_back`). Returns the planned draws and removals (history index: commodity) and
    the planned contents of each exchanged offer (by its first index), or None when no plan was
    found.
    """
    events: list[tuple[int, int, int, int]] = [
        (index, DRAW, faction, index) for index, (faction, _) in facts.draws.items()
    ]
    events += [(index, SOLD, faction, commodity) for index, faction, commodity in facts.consumed]
    events += [(index, GOT, faction, commodity) for index, faction, commodity in facts.supplied]
    events += [(o.start, NAMED, o.builder, o.named) for o in facts.offers if o.named >= 0]
    events += [(index, SWAP, k, -1) for k, (index, _, _) in enumerate(facts.swaps)]
    events += [(index, REMOVAL, stack, index) for index, stack in facts.reserved.items()]
    events += [(index, RETURN, k, -1) for k, (index, _, _) in enumerate(facts.returns)]
    events.sort()
    failed: set[tuple[int, tuple[object, ...]]] = set()
    branches = PLAN_BRANCHES
    heights = _heights(facts)

    def follow(position: int, tokens: _Tokens) -> _Tokens | None:
        nonlocal branches
        while position < len(events) and events[position][1] != SWAP:
            if not _follow(tokens, events[position], facts, heights, rng):
                return None
            position += 1
        if position == len(events):
            return tokens
        key = (position, tokens.signature())
        if key in failed:
            return None
        _, offer, counter = facts.swaps[events[position][2]]
        for moves in _exchange_choices(tokens, (offer, counter), rng):
            if branches <= 0:
                return None
            branches -= 1
            branch = tokens.copy()
            _exchange(branch, (offer, counter), moves, rng)
            found = follow(position + 1, branch)
            if found is not None:
                return found
        failed.add(key)
        return None

    tokens = follow(0, _Tokens(needs=_Needs(dict(facts.shown), facts.restocked)))
    if tokens is None:
        return None
    # A card exchanged unseen takes its commodity from what later happens to it, like a draw; one
    # nothing pins down takes either commodity of its stack once every event is placed.
    for moved in tokens.exchanged.values():
        for token in moved:
            if token[1] < 0:
                stack = [c.index for c in C.commodities if c.stack == token[2]]
                choices = [(token, commodity) for commodity in rng.sample(stack, len(stack))]
                if _settle_allowed(tokens, choices, facts, heights) is None:
                    return None
    planned = tokens.planned
    contents = {start: [token[1] for token in moved] for start, moved in tokens.exchanged.items()}
    return planned, contents


def _follow(
    tokens: _Tokens,
    event: tuple[int, int, int, int],
    facts: _Facts,
    heights: dict[int, list[tuple[int, int]]],
    rng: random.Random,
) -> bool:
    """Follow one event other than an exchange between others; False if the tokens cannot."""
    _, kind, who, what = event
    if kind == REMOVAL:
        tokens.reserve.append([what, -1, who])
        return True
    if kind == RETURN:
        _, commodities, exhausted = facts.returns[who]
        return _call_back(tokens, commodities, exhausted, rng)
    hand = tokens.hands.setdefault(who, [])
    if kind == DRAW:
        hand.append([what, -1, facts.draws[what][1]])
        return True
    if kind == GOT:
        hand.append([-1, what, C.commodities[what].stack])
        return True
    if kind == NAMED and any(token[1] == what for token in hand):
        return True
    stack = C.commodities[what].stack
    fits = [t for t in hand if t[2] == stack and t[1] in (-1, what)]
    if kind == NAMED:
        fits = [t for t in fits if t[1] < 0]
    # A card known to be this one goes before one still unknown: the unknown one may be the
    # card a later event needs (spending it here could leave nothing to fit that).
    fits = [t for t in fits if t[1] == what] or fits
    choices = [(token, what) for token in rng.sample(fits, len(fits))]
    token = _settle_allowed(tokens, choices, facts, heights)
    if token is None:
        return False
    if kind == SOLD:
        tokens.hands[who] = [t for t in hand if t is not token]
    return True


def _settle_allowed(
    tokens: _Tokens,
    choices: list[tuple[list[int], int]],
    facts: _Facts,
    heights: dict[int, list[tuple[int, int]]],
) -> list[int] | None:
    """Settle the first (token, commodity) of ``choices`` that the stacks allow
    (:func:`_stacks_allow`), else the first that only the counts of each commodity forbid (the
    replay then finds out), and return its token; None if the heights forbid them all.

    Which draw became a card sold long after decides how long that commodity was out of its
    stack. In a game of factions that buy Traders no replay in 20 fitted with the draw taken at
    random (the plans asked a stack at set-up for more cards than it held), nor with the latest
    draw taken (four Iron and two Papyrus needed just after a draw from a stack of six).

    A plan that asks a stack for more cards than its public height fails at once: an exchange
    between others before it is tried another way (:func:`_plan`), or a new plan is drawn,
    instead of a replay that runs until a free draw finds its stack bare. In a late position of
    a trade-rich game 40 plans in 40 asked that, 28 times each on average, and every replay
    failed. The counts are not as strict: in a two-player game with a Neutral a plan whose
    known draws of Hides seemed to need eight of its seven cards at once still replayed to a
    copy."""
    for counts in (True, False):
        for token, commodity in choices:
            if token[1] == commodity:
                return token
            tokens.settle(token, commodity)
            if _stacks_allow(tokens, facts, heights.get(token[2], []), token[2], token[0], counts):
                return token
            tokens.unsettle(token)
    return None


def _heights(facts: _Facts) -> dict[int, list[tuple[int, int]]]:
    """For each stack, its draws and removals (history index, cards the stack held then) in
    order, leaving out those while the Pirates hold cards of it (those come back unseen)."""
    pirated = [
        (number, index, back)
        for index, (number, _) in facts.sizes.items()
        if (back := _pirates_return(facts, index)) is not None
    ]
    heights: dict[int, list[tuple[int, int]]] = {}
    for index, (number, size) in sorted(facts.sizes.items()):
        if not any(number == stack and start <= index < end for stack, start, end in pirated):
            heights.setdefault(number, []).append((index, size))
    return heights


def _pirates_return(facts: _Facts, index: int) -> int | None:
    """When the card the Pirates took at ``index`` went back to its stack (None if ``index`` is
    no Pirates' removal, or the card had not yet gone back)."""
    if index not in facts.removals or index in facts.reserved:
        return None
    back = bisect_right(facts.unpirated, index)
    return facts.unpirated[back] if back < len(facts.unpirated) else None


def _stacks_allow(
    tokens: _Tokens,
    facts: _Facts,
    heights: list[tuple[int, int]],
    stack: int,
    drawn: int,
    counts: bool = True,
) -> bool:
    """Whether the stack's cards of each commodity cover what the known draws ever need at once
    (:class:`_Needs`; not checked without ``counts``), and before each draw and removal from
    ``stack`` up to the one at ``drawn`` (later ones are not changed by settling it) the stack
    held the cards the known draws from then on need, and one more for a draw still free. Then
    the free draws of a replay, each leaving what the known ones need, always find a card."""
    kinds = [c.index for c in C.commodities if c.stack == stack]
    if counts and any(tokens.needs.after(c, -1) > C.commodities[c].count for c in kinds):
        return False
    for index, size in heights:
        if index > drawn:
            break
        known = index in tokens.planned or index in facts.shown
        if sum(tokens.needs.after(c, index - 1) for c in kinds) + (not known) > size:
            return False
    return True


Moves = tuple[tuple[tuple[int, int], ...], ...]
"""For each side of an exchange, the (stack, commodity or -1) of each card it moves."""


def _exchange_choices(
    tokens: _Tokens, sides: tuple[_Offer, _Offer], rng: random.Random
) -> list[Moves]:
    """Every way, in random order, to pick from each builder's tokens the named one and one of
    each stack the backs showed, by kind of token (which of two alike moves changes nothing a
    later event can tell)."""
    per_side = []
    for side in sides:
        held = Counter((t[2], t[1]) for t in tokens.hands.get(side.builder, []))
        named = (C.commodities[side.named].stack, side.named)
        if not held[named]:
            return []
        held[named] -= 1
        wanted = Counter(side.stacks)
        wanted[named[0]] -= 1
        picks: list[list[tuple[tuple[int, int], ...]]] = []
        for stack, count in sorted(wanted.items()):
            kinds = sorted(kind for kind in held if kind[0] == stack and held[kind] > 0)
            fits = [
                chosen
                for chosen in combinations_with_replacement(kinds, count)
                if not Counter(chosen) - held
            ]
            picks.append(fits)
        per_side.append([(named, *sum(chosen, ())) for chosen in product(*picks)])
    choices = list(product(*per_side))
    rng.shuffle(choices)
    return choices


def _exchange(
    tokens: _Tokens, sides: tuple[_Offer, _Offer], moves: Moves, rng: random.Random
) -> None:
    """Move the tokens ``moves`` names between the two builders (random ones of each kind)."""
    moving = []
    for side, kinds in zip(sides, moves, strict=True):
        hand = tokens.hands[side.builder]
        taken: list[list[int]] = []
        for stack, commodity in kinds:
            fits = [i for i, t in enumerate(hand) if t[2] == stack and t[1] == commodity]
            taken.append(hand.pop(rng.choice(fits)))
        tokens.exchanged[side.start] = rng.sample(taken, len(taken))
        moving.append(taken)
    for side, taken in zip(sides, moving, strict=True):
        tokens.hands.setdefault(side.receiver, []).extend(taken)


def _call_back(
    tokens: _Tokens, commodities: tuple[int, ...], exhausted: tuple[int, ...], rng: random.Random
) -> bool:
    """Take out of the reserve's tokens the cards a success called back (``commodities``) and
    settle those of the ``exhausted`` ones' stacks (False if they cannot): each card called back
    is a random token of its stack that can be it, and every token left of an exhausted
    commodity's stack is its other one. Drawing the removals freely and rejecting the copy at
    the announcement found nearly no copy (a game of heuristic factions: none in 2,000
    replays)."""
    reserve = list(tokens.reserve)
    for commodity in commodities:
        stack = C.commodities[commodity].stack
        fits = [t for t in reserve if t[2] == stack and t[1] in (-1, commodity)]
        if not fits:
            return False
        token = rng.choice(fits)
        tokens.settle(token, commodity)
        reserve = [t for t in reserve if t is not token]
    for commodity in exhausted:
        stack = C.commodities[commodity].stack
        others = [c.index for c in C.commodities if c.stack == stack and c.index != commodity]
        for token in reserve:
            if token[2] == stack and token[1] < 0:
                tokens.settle(token, rng.choice(others))
            if token[1] == commodity:
                return False
    tokens.reserve = reserve
    return True


def _offer_contents(copy: S, offer: _Offer, rng: random.Random) -> list[int] | None:
    """New "add" moves for ``offer`` from the builder's hand in the copy (None: none fits).

    Uniform among the sets with the offer's number of cards and, once presented, its claimed
    total value and named commodity (and, after an exchange, the stacks the backs showed).
    Sets are counted, not listed: a faction with many Traders holds dozens of cards, and the
    sets of ten among forty run to hundreds of millions.
    """
    hand = Counter(commodity for commodity, _, _ in copy.trade_hands[offer.builder])
    stacks = sorted({c.stack for c in C.commodities})
    kinds = [[c.index for c in C.commodities if c.stack == stack] for stack in stacks]
    backs = Counter(offer.stacks)
    claimed = offer.named >= 0
    worth = [c.value for c in C.commodities]

    def choices(position: int, left: int) -> list[tuple[int, ...]]:
        """How many of each commodity of the position's stack the set may take."""
        counts = product(*(range(min(hand[c], left) + 1) for c in kinds[position]))
        if offer.exchanged:
            return [taken for taken in counts if sum(taken) == backs[stacks[position]]]
        return [taken for taken in counts if sum(taken) <= left]

    @cache
    def sets(position: int, left: int, value: int, named: bool) -> int:
        """The sets the rest of the stacks can complete (``value``: what the claim still needs)."""
        if position == len(stacks):
            return int(left == 0 and (not claimed or (value == 0 and named)))
        total = 0
        for taken in choices(position, left):
            total += sets(*_after(position, left, value, named, taken))
        return total

    def _after(
        position: int, left: int, value: int, named: bool, taken: tuple[int, ...]
    ) -> tuple[int, int, int, bool]:
        pairs = list(zip(kinds[position], taken, strict=True))
        value -= sum(worth[c] * k for c, k in pairs)
        named = named or any(c == offer.named and k > 0 for c, k in pairs)
        return position + 1, left - sum(taken), value, named

    state = (0, len(offer.adds), offer.value, False)
    if not sets(*state):
        return None
    contents: list[int] = []
    while state[0] < len(stacks):
        options = [(taken, _after(*state, taken)) for taken in choices(*state[:2])]
        weights = [sets(*after) for _, after in options]
        taken, state = rng.choices(options, weights)[0]
        for commodity, k in zip(kinds[state[0] - 1], taken, strict=True):
            contents += [commodity] * k
    rng.shuffle(contents)
    return [A.ADD + commodity for commodity in contents]


def _extend(
    state: S, player: int, facts: _Facts, infostate: Infostate, rng: random.Random
) -> S | None:
    """Carry the kept copy on over the entries added to the true history since it was drawn,
    drawing each hidden one afresh as :func:`_replay` would (and the cards other humans drop or
    trade among themselves, among those the copy lets them name); None if p could tell the
    result from the truth, or if a new entry is one only a whole replay redraws (a set-up deal,
    an offer begun before the copy was drawn, a hand trade to p still being built)."""
    copy, begin = infostate.copy, infostate.length
    assert copy is not None
    if any(offer.start < begin < offer.end for offer in facts.offers):
        return None
    starts = {offer.start: offer for offer in facts.offers if offer.start >= begin}
    drawn = {index for index in facts.removals if index >= begin}
    drawn.update(index for index in facts.draws if index >= begin)
    dealt = {index for index in facts.dealt if index >= begin}
    gifts = {entry[1]: entry[3] for entry in facts.ledger if entry[0] == GIFT and entry[1] >= begin}
    planned: dict[int, int] = {}
    history = state.history()
    for index in range(begin, len(history)):
        mover = copy.current_player()
        chosen = planned.get(index, history[index])
        secret = _secret_cards(copy, player, chosen) if 0 <= mover != player else None
        if secret is not None:
            # Which card another human dropped, or gave in a trade p is not part of.
            chosen = rng.choice([a for a in copy.legal_actions() if a in secret])
        elif index in starts:
            contents = _offer_contents(copy, starts[index], rng)
            if contents is None:
                return None
            planned.update(zip(starts[index].adds, contents, strict=True))
            chosen = contents[0]
        elif index in dealt or index in drawn:
            outcomes = copy.chance_outcomes()
            if index in dealt:
                if copy.stage.startswith("setup"):
                    return None
                outcomes = [(card, w) for card, w in outcomes if CARDS[card].kind in FORUM_KINDS]
            if not outcomes:
                return None
            chosen = _draw_outcome(outcomes, rng)
        elif index in gifts:
            amounts = A.amount_choices(copy.faction_treasury[mover])
            if not amounts:
                return None
            destination = A.OWN_TREASURY + 1 + gifts[index]
            chosen = A.transfer(A.OWN_TREASURY, destination, rng.choice(amounts))
        try:
            copy.apply_action(chosen)
        except IllegalActionError:
            return None
    return None if _offer_unshown_to(copy, player) else _untold(copy, state, player)


DROPS: Final = range(K.drop_card(0), K.offer_to(0))
GIVES: Final = range(K.give_card(0), K.ASK)
SECRET_CARD_STAGES: Final = {
    "revolution_cards": DROPS,
    "revolution_trade_discard": DROPS,
    "revolution_trade_build": GIVES,
    "revolution_trade_return": GIVES,
}
"""Stages where a move names a hand card the others do not see, and those moves: a discard down
to the hand limit (§6.7.2) and the cards of a hand trade between two humans (seen by the two)."""


def _secret_cards(copy: S, player: int, action: int) -> range | None:
    """The moves naming a card like ``action`` does, when ``action``, by a faction other than p
    in ``copy``, names a card p does not see; None when it names none."""
    moves = SECRET_CARD_STAGES.get(copy.stage)
    if moves is None or action not in moves or not copy.human(copy.current_player()):
        return None
    parties = copy.ctx[:2]
    if moves is GIVES and (player in parties or not all(map(copy.human, parties))):
        return None
    return moves


def _offer_unshown_to(copy: S, player: int) -> bool:
    """Whether p is party to a hand trade whose cards the other side is still naming (p sees
    them once the offer is presented or the return complete; the truth's must not show before)."""
    if copy.stage not in ("revolution_trade_build", "revolution_trade_return"):
        return False
    return player in copy.ctx[:2] and copy.current_player() != player


def _replay(
    state: T, player: int, facts: _Facts, gifts: dict[int, int], rng: random.Random
) -> T | None:
    """Replay ``state``'s history drawing every hidden entry; None if p could tell the copy."""
    plan = _plan(facts, rng)
    if plan is None:
        return None
    planned, exchanged = plan
    removals = set(facts.removals)
    starts = {offer.start: offer for offer in facts.offers}
    needs = _Needs({**facts.shown, **planned}, facts.restocked)
    copy = type(state)(state.rg)
    for index, action in enumerate(state.history()):
        chosen = planned.get(index, gifts.get(index, action))
        if index in starts:
            contents: list[int] | None
            if index in exchanged:
                contents = [A.ADD + commodity for commodity in exchanged[index]]
            else:
                contents = _offer_contents(copy, starts[index], rng)
            if contents is None:
                return None
            planned.update(zip(starts[index].adds, contents, strict=True))
            chosen = contents[0]
        elif (index in removals or index in facts.draws) and index not in planned:
            # The Pirates' cards come back when the event leaves the board.
            until = _pirates_return(facts, index)
            outcomes = copy.chance_outcomes()
            spare = [(c, copy.stack[c] - needs.after(c, index, until)) for c, _ in outcomes]
            if all(count <= 0 for _, count in spare):
                return None
            chosen = _draw_outcome([(c, count) for c, count in spare if count > 0], rng)
            if until is not None:
                needs.comes_back(chosen, until)
        try:
            copy.apply_action(chosen)
        except IllegalActionError:
            return None
    return _untold(copy, state, player)


class _Needs:
    """How many cards of each commodity the stacks must keep after a history index for the draws
    and removals known in advance (those p saw and those the plan settled), given the cards
    known to go back to the stacks: those the table saw (sold and discarded, called back by an
    exploration) and, once the replay has drawn them, the Pirates' cards when they return.

    A card drawn freely is one of the others: a free draw that took the last spare card of a
    commodity would leave a known draw with none to take, and that replay would be thrown away
    (in a game rich in trade, nearly every one).

    >>> needs = _Needs({10: 0, 30: 0}, {20: Counter({0: 1})})
    >>> [needs.after(0, index) for index in (5, 15, 25, 35)]
    [1, 0, 1, 0]
    """

    def __init__(self, taken: dict[int, int], restocked: dict[int, Counter[int]]) -> None:
        self._moves: dict[int, list[tuple[int, int]]] = {}
        for index, commodity in taken.items():
            self._moves.setdefault(commodity, []).append((index, 1))
        for index, cards in restocked.items():
            for commodity, count in cards.items():
                self._moves.setdefault(commodity, []).append((index, -count))
        self._indices: dict[int, list[int]] = {}
        self._needs: dict[int, list[int]] = {}
        for commodity in self._moves:
            self._recount(commodity)

    def copy(self) -> _Needs:
        """An independent copy (written out: mypyc's classes do not deep-copy)."""
        new = _Needs({}, {})
        new._moves = {commodity: list(moves) for commodity, moves in self._moves.items()}
        new._indices = {commodity: list(v) for commodity, v in self._indices.items()}
        new._needs = {commodity: list(v) for commodity, v in self._needs.items()}
        return new

    def _recount(self, commodity: int) -> None:
        timeline = sorted(self._moves[commodity])
        self._moves[commodity] = timeline
        self._indices[commodity] = [index for index, _ in timeline]
        # What the stacks must hold of the commodity just before each of its moves, for the rest.
        need, before = 0, []
        for _, change in reversed(timeline):
            need = max(0, need + change)
            before.append(need)
        self._needs[commodity] = before[::-1]

    def after(self, commodity: int, index: int, until: int | None = None) -> int:
        """The cards of ``commodity`` to keep after ``index`` (only up to ``until`` if given)."""
        indices = self._indices.get(commodity, [])
        first = bisect_right(indices, index)
        if until is None:
            return self._needs[commodity][first] if first < len(indices) else 0
        need = 0
        moves = self._moves.get(commodity, [])
        for _, change in reversed(moves[first : bisect_right(indices, until)]):
            need = max(0, need + change)
        return need

    def comes_back(self, commodity: int, index: int) -> None:
        """A card of ``commodity`` goes back to its stack at ``index``."""
        self._moves.setdefault(commodity, []).append((index, -1))
        self._recount(commodity)

    def take(self, commodity: int, index: int) -> None:
        """The draw at ``index`` is known to take a card of ``commodity``."""
        self._moves.setdefault(commodity, []).append((index, 1))
        self._recount(commodity)

    def untake(self, commodity: int, index: int) -> None:
        self._moves[commodity].remove((index, 1))
        self._recount(commodity)


def _draw_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    return rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]


def _untold(copy: T, state: S, player: int) -> T | None:
    """``copy`` stripped of others' log lines, or None if p could tell it from ``state``."""
    if copy.observation(player) != state.observation(player):
        return None
    if copy.current_player() == player and copy.legal_actions() != state.legal_actions():
        return None
    return copy._copy_for(player)
