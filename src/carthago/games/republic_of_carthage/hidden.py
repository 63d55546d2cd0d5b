"""Redrawing what a player cannot see (``resample_from_infostate``), history included.

Two things are redrawn, each only where a redraw keeps every past move legal and every replay
exact (docs, "Hidden information"):

- the Intrigue and Law cards dealt at set-up (§3 step 3) still in other human players' hands,
  exchanged at random with each other and with those still in the deck; Trade Concessions stay,
  since whether a hand holds one decides who is asked to play it;
- Trade cards that another faction drew itself since the last return to the stacks and that it
  has neither put into an offer nor sold, redrawn from the same stack until the sales are over.

The chance outcomes that dealt these cards are rewritten to match, so the resampled state is
exactly what its own history replays to. Faction Treasuries keep their true amounts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.state import CARDS, DECK, HAND, RED_DECK
from carthago.games.republic_of_carthage.trade import offer_sides

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

SWAPPABLE = ("intrigue", "law")
TRADE_RESAMPLE_STAGES = (
    "trade_draw",
    "trade_offer",
    "trade_offer_build",
    "trade_counter_build",
    "trade_offer_reply",
    "trade_offer_confirm",
    "trade_offer_talk",
    "trade_counter_talk",
    "trade_sell",
)
ATTEMPTS = 8


def resample(state: S, player: int, rng: random.Random) -> None:
    _resample_hands(state, player, rng)
    if state.stage in TRADE_RESAMPLE_STAGES:
        _resample_trade(state, player, rng)


def _resample_hands(state: S, player: int, rng: random.Random) -> None:
    slots = [
        card
        for card, loc in enumerate(state.card_loc)
        if HAND <= loc < HAND + state.rg.num_players
        and loc != HAND + player
        and state.card_origin[card] >= 0
        and CARDS[card].kind in SWAPPABLE
    ]
    if not slots:
        return
    spare = [
        card
        for card, loc in enumerate(state.card_loc)
        if loc in (DECK, RED_DECK) and CARDS[card].kind in SWAPPABLE and CARDS[card].deck == 1
    ]
    pool = slots + spare
    chosen = rng.sample(pool, len(slots))
    undealt = RED_DECK if any(loc == RED_DECK for loc in state.card_loc) else DECK
    places = [(state.card_loc[card], state.card_origin[card]) for card in slots]
    for card in slots:
        state.card_loc[card] = undealt
        state.card_origin[card] = -1
    for card, (loc, origin) in zip(chosen, places, strict=True):
        state.card_loc[card] = loc
        state.card_origin[card] = origin
        state._history[origin] = card


def _excluded(state: S, faction: int) -> int:
    """Commodities a faction has shown in an offer (made, answered or being built) or sold."""
    mask = state.offered[faction] | state.sold_kinds[faction]
    if state.offer:
        sides = offer_sides(state.offer)
        for side in (0, 1):
            if state.offer[side] == faction:
                for commodity in sides[side]:
                    mask |= 1 << commodity
    return mask


def _resample_trade(state: S, player: int, rng: random.Random) -> None:
    for number in range(1, 10):
        kinds = [c.index for c in C.commodities if c.stack == number]
        eligible: list[tuple[int, tuple[int, int, int]]] = []
        for faction, hand in enumerate(state.trade_hands):
            if faction == player:
                continue
            banned = _excluded(state, faction)
            for card in hand:
                commodity, origin, drawer = card
                if (
                    drawer == faction
                    and origin > state.last_return
                    and commodity in kinds
                    and not banned >> commodity & 1
                ):
                    eligible.append((faction, card))
        if not eligible:
            continue
        pool = [card[0] for _, card in eligible]
        for kind in kinds:
            pool += [kind] * state.stack[kind]
        for _ in range(ATTEMPTS):
            drawn = rng.sample(pool, len(eligible))
            if all(
                not _excluded(state, faction) >> new & 1
                for (faction, _), new in zip(eligible, drawn, strict=True)
            ):
                break
        else:
            continue
        for kind in kinds:
            state.stack[kind] = pool.count(kind) - drawn.count(kind)
        for (faction, card), new in zip(eligible, drawn, strict=True):
            held = list(state.trade_hands[faction])
            held.remove(card)
            held.append((new, card[1], card[2]))
            state.trade_hands[faction] = tuple(sorted(held))
            state._history[card[1]] = new
