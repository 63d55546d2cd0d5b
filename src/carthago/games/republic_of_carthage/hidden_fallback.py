"""The copy resampling falls back on when no exact one turned up within its budget.

Exact resampling (:mod:`hidden`) replays the whole history and throws away every replay the
player could tell from the truth; a few positions (long trade-rich games) ask for more replays
than a decision can afford. The fallback then redraws the hidden parts of the present position
in place, without a replay (docs, "Resampling: the fallback"):

- the hand cards (Intrigue, Law, Concession) are already redrawn as in an exact copy;
- the Trade cards nobody has seen (those in the stacks, the reserve, with the Pirates, and those
  other human factions drew unseen) are shuffled among those places stack by stack, so every
  stack keeps its height and every hand its backs; an open offer another faction built gets
  new contents from its builder's hand that fit its public claim;
- with hidden gifts between two other factions, their Faction Treasuries are those a search over
  the public treasury movements ends with (:func:`hidden._gift_amounts`);
- the history entries of those draws, removals and gifts are rewritten from the redraw.

The copy shows the player the same observation, log and legal actions as the truth and holds no
hidden value of it, but its history need not replay to it, and it may contradict what the player
could infer (a card he saw another faction get may now be elsewhere). :data:`COUNTS` counts how
often it is taken.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.trade import offer_sides

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.hidden import _Facts
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

T = TypeVar("T", bound="S")


@dataclass(slots=True)
class ResampleCounts:
    """How many resamples were exact and how many took the fallback, since the last reset; how
    many tried to carry the kept copy on (:func:`hidden._extend`) and how many of those did."""

    exact: int = 0
    fallback: int = 0
    carry_tried: int = 0
    carried: int = 0

    def reset(self) -> None:
        self.exact = self.fallback = self.carry_tried = self.carried = 0


COUNTS: Final = ResampleCounts()
"""Every resample of the process is counted here (tests and benchmarks read it)."""


def fallback_copy(
    state: T,
    player: int,
    facts: _Facts,
    gifts: dict[int, int],
    funds: tuple[int, ...],
    rng: random.Random,
) -> T:
    """Redraw in place the hidden Trade cards and Faction Treasuries of ``state`` (a copy whose
    hand cards are already redrawn), given gift actions ``gifts`` and the Faction Treasuries
    ``funds`` they lead to."""
    for _ in range(OFFER_TRIES):
        copy = _redrawn(state, player, facts, gifts, funds, rng, keep_offers=False)
        if _redraw_open_offers(copy, player, facts, rng):
            return copy
    return _redrawn(state, player, facts, gifts, funds, rng, keep_offers=True)


OFFER_TRIES: Final = 20
"""Shuffles tried for one whose hands can make the open offers' claims; after them the cards
of the open offers keep their commodities (the claims pin those down nearly always)."""


def _redrawn(
    state: T,
    player: int,
    facts: _Facts,
    gifts: dict[int, int],
    funds: tuple[int, ...],
    rng: random.Random,
    keep_offers: bool,
) -> T:
    copy = state._clone_to_change()
    for index, action in gifts.items():
        copy._rewrite_history(index, action)
    if gifts:
        for faction, talents in enumerate(funds):
            if faction != player:
                copy.faction_treasury[faction] = talents
    held = _offered(copy, player) if keep_offers else {}
    _shuffle_unseen_trade_cards(copy, player, facts, held, rng)
    copy._forget_kept()
    return copy


def _redraw_open_offers(copy: S, player: int, facts: _Facts, rng: random.Random) -> bool:
    """Draw new contents for each open offer side another human built unseen by ``player``,
    from the builder's hand in ``copy`` and fitting its public claim (False if none fits)."""
    from carthago.games.republic_of_carthage.hidden import _offer_contents
    from carthago.games.republic_of_carthage.trade import COUNT

    offer = copy.offer
    if not offer:
        return True
    hidden = _offered(copy, player)
    for side in (0, 1):
        if offer[side] not in hidden:
            continue
        built = [o for o in facts.offers if o.builder == offer[side] and not o.exchanged]
        if not built or len(built[-1].adds) != len(offer_sides(offer)[side]):
            return False
        contents = _offer_contents(copy, built[-1], rng)
        if contents is None:
            return False
        for index, action in zip(built[-1].adds, contents, strict=True):
            copy._rewrite_history(index, action)
        cards = tuple(action - A.ADD for action in contents)
        sides = list(offer_sides(offer))
        sides[side] = cards
        offer = (*offer[:COUNT], len(sides[0]), *sides[0], *sides[1])
    copy.offer = offer
    return True


def _shuffle_unseen_trade_cards(
    copy: S, player: int, facts: _Facts, held: dict[int, tuple[int, ...]], rng: random.Random
) -> None:
    """Shuffle, stack by stack, the Trade cards nobody has seen among their places, but for
    the commodities ``held`` in each hand (the cards of an open offer kept as they are)."""
    hidden = {
        faction
        for faction in range(copy.rg.num_factions)
        if faction != player and copy.human(faction)
    }
    slots: dict[int, list[tuple[str, int, int]]] = {}
    """Stack: (place, faction or -1, position in the hand) for each unseen card."""
    pool: dict[int, list[int]] = {}
    counted = {"stack": copy.stack, "reserve": copy.reserve, "pirated": copy.pirated}
    for kind in C.commodities:
        for place, counts in counted.items():
            for _ in range(counts[kind.index]):
                slots.setdefault(kind.stack, []).append((place, -1, -1))
                pool.setdefault(kind.stack, []).append(kind.index)
    for faction in sorted(hidden):
        keep = list(held.get(faction, ()))
        for position, (commodity, drawn, _) in enumerate(copy.trade_hands[faction]):
            if commodity in keep:
                keep.remove(commodity)
                continue
            if drawn in facts.draws:
                stack = C.commodities[commodity].stack
                slots.setdefault(stack, []).append(("hand", faction, position))
                pool.setdefault(stack, []).append(commodity)
    hands = {faction: list(copy.trade_hands[faction]) for faction in hidden}
    for counts in counted.values():
        for kind in C.commodities:
            if kind.stack in slots:
                counts[kind.index] = 0
    for stack, places in slots.items():
        commodities = rng.sample(pool[stack], len(pool[stack]))
        for (place, faction, position), commodity in zip(places, commodities, strict=True):
            if place == "hand":
                _, drawn, origin = hands[faction][position]
                hands[faction][position] = (commodity, drawn, origin)
                copy._rewrite_history(drawn, commodity)
            else:
                counted[place][commodity] += 1
    for faction, hand in hands.items():
        copy.trade_hands[faction] = tuple(sorted(hand))
    _rewrite_removals(copy, facts, rng)


def _offered(copy: S, player: int) -> dict[int, tuple[int, ...]]:
    """The commodities of each open offer side another human built, which ``player`` cannot
    see, by builder."""
    if not copy.offer:
        return {}
    sides = offer_sides(copy.offer)
    return {
        copy.offer[side]: sides[side]
        for side in (0, 1)
        if copy.offer[side] != player and copy.human(copy.offer[side])
    }


def _rewrite_removals(copy: S, facts: _Facts, rng: random.Random) -> None:
    """Give every unseen removal, and every hidden draw whose card has left the hand it went
    to, a commodity of its stack drawn from the redraw (the reserve's and the Pirates' cards for
    theirs while they hold any), so that no history entry keeps a hidden true value."""
    in_hands = {drawn for hand in copy.trade_hands for _, drawn, _ in hand}
    kept = {"reserve": list(_cards(copy.reserve)), "pirated": list(_cards(copy.pirated))}
    for index in sorted(facts.removals):
        stack = facts.sizes[index][0]
        place = "reserve" if index in facts.reserved else "pirated"
        fits = [c for c in kept[place] if C.commodities[c].stack == stack]
        if fits:
            commodity = rng.choice(fits)
            kept[place].remove(commodity)
        else:
            commodity = _any_of(stack, rng)
        copy._rewrite_history(index, commodity)
    for index, (_, stack) in facts.draws.items():
        if index not in in_hands:
            copy._rewrite_history(index, _any_of(stack, rng))


def _cards(counts: list[int]) -> list[int]:
    return [commodity for commodity, count in enumerate(counts) for _ in range(count)]


def _any_of(stack: int, rng: random.Random) -> int:
    """A commodity of ``stack``, as likely as its share of the stack's cards."""
    kinds = [c for c in C.commodities if c.stack == stack]
    return rng.choices([c.index for c in kinds], [c.count for c in kinds])[0]
