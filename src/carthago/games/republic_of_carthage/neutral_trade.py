"""How Neutral factions trade (rules §9 with §6.3 step 2): the reconstructed aide cards.

A Neutral's Trade cards lie open (§9.1 keeps Neutral hands face up; the players run the
Neutrals), so its choices may use them and every player may check them. It trades only with
human players. Its *loose* cards are the commodities it holds a single card of: those are what
it gives away, lowest value first, keeping every set it has started. Per role
(``data/neutral_aide.toml``):

- it makes an offer (if its role ``offers``) when it holds three loose cards and a player can
  trade: its three lowest loose cards, naming the most valuable of them, to the first player
  clockwise from it;
- it answers a player's offer with a counter-offer of as many of its loose cards as the offer
  has cards (lowest values first) when it holds that many and, for roles that counter when
  ``held``, when it already holds the commodity the offer names; otherwise it declines;
- it accepts a counter-offer to its own offer when the value it gives up (its offer's value
  minus the value the counter claims) is at most its role's ``accept_deficit``;
- it says nothing beyond the claim the rules require.

Every choice is a function of the state, so the engine makes them without a history entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.components import NeutralTrade
from carthago.games.republic_of_carthage.offices import clockwise
from carthago.games.republic_of_carthage.state import NEUTRAL_ROLES
from carthago.games.republic_of_carthage.trade import (
    MIN_OFFER,
    hand_count,
    offer_sides,
    partners,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


def aide(state: S, faction: int) -> NeutralTrade:
    return C.neutral_trade[NEUTRAL_ROLES[state.neutral_role[faction]]]


def loose_cards(state: S, faction: int) -> list[int]:
    """The commodities ``faction`` holds one card of, lowest value first (then table order)."""
    held = {commodity for commodity, _, _ in state.trade_hands[faction]}
    single = [c for c in held if hand_count(state, faction, c) == 1]
    return sorted(single, key=lambda c: (C.commodities[c].value, c))


def value(cards: tuple[int, ...] | list[int]) -> int:
    return sum(C.commodities[c].value for c in cards)


def offer_target(state: S, faction: int) -> int:
    """The player a Neutral offers to now, or -1 when it makes no offer."""
    if not aide(state, faction).offers or len(loose_cards(state, faction)) < MIN_OFFER:
        return -1
    players = [f for f in partners(state, faction) if state.human(f)]
    for other in clockwise(state, faction):
        if other in players:
            return other
    return -1


def make_offer(state: S) -> int:
    faction = state.order[state.pos]
    target = offer_target(state, faction)
    return A.DONE if target < 0 else A.TARGET + target


def _planned(state: S, side: int) -> list[int]:
    """The cards a Neutral building ``side`` of the offer puts in, in order."""
    faction = state.offer[side]
    count = MIN_OFFER if side == 0 else max(MIN_OFFER, len(offer_sides(state.offer)[0]))
    return loose_cards(state, faction)[:count]


def build(state: S) -> int:
    """The next card of the Neutral's side, then the name of its most valuable card."""
    side = 0 if state.stage == "trade_offer_build" else 1
    planned = _planned(state, side)
    added = offer_sides(state.offer)[side]
    if len(added) < len(planned):
        return A.ADD + planned[len(added)]
    return A.NAME + max(added, key=lambda c: (C.commodities[c].value, -c))


def talk(state: S) -> int:
    return A.DONE


def reply(state: S) -> int:
    """Counter a player's offer, or decline it."""
    faction = state.offer[1]
    wanted = max(MIN_OFFER, len(offer_sides(state.offer)[0]))
    if len(loose_cards(state, faction)) < wanted:
        return A.DONE
    named = state.offer[2]
    if aide(state, faction).counter == "held" and not hand_count(state, faction, named):
        return A.DONE
    return A.COUNTER


def confirm(state: S) -> int:
    """Accept the player's counter-offer when it loses no more value than the role allows."""
    mine, theirs = offer_sides(state.offer)
    deficit = value(mine) - value(theirs)
    return A.YES if deficit <= aide(state, state.offer[0]).accept_deficit else A.DONE
