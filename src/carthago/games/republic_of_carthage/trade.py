"""The Trade Phase (rules §6.3): drawing, trading, selling, taxes, warehousing, returning.

Trade offers (§6.3 step 2) are built card by card, in secret: the offering player picks at least
three cards, then names one commodity among them; the table hears the number of cards, their true
total value (the sum of the cards' own values) and that commodity, never the rest. The other
player declines or builds a counter-offer the same way; the first player then accepts or
declines. The five-minute timer stands as a fixed number of offer rounds (OFFER_ROUNDS), in each
of which every player may make one offer.

Once a side is presented its player may say one more thing about it, true or false (§6.3.2
lets anything beyond the claim be untrue): that it also holds some commodity.

The offer in progress is ``state.offer = (from, to, named_from, named_to, said_from, said_to,
n_from, cards...)``: the first ``n_from`` cards are the offer, the rest the counter-offer; a
name of -1 means that side is still being built, a "said" of -1 that nothing more was said.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.card_play import card_value
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.offices import OVERSEER, clockwise, hrao_faction, vacate
from carthago.games.republic_of_carthage.revenue import EARNING_PLACES
from carthago.games.republic_of_carthage.setup import stack_counts
from carthago.games.republic_of_carthage.stages import (
    AUTO,
    Stage,
    auto,
    next_phase,
    stage,
    weighted,
)
from carthago.games.republic_of_carthage.state import (
    CARDS,
    IN_PLAY,
    N_COMMODITIES,
    OFFICES,
    describe_person,
)
from carthago.games.republic_of_carthage.table_events import extra_trade_draws, sale_value

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

STACKS: Final = 9
OFFER_ROUNDS: Final = 2
MIN_OFFER: Final = 3
MAX_ALLOCATIONS: Final = 3


def commodity_name(commodity: int) -> str:
    return C.commodities[commodity].name


def set_value(commodity: int, count: int) -> int:
    """Value of ``count`` cards of one commodity sold together: count squared times the value.

    >>> dye = C.commodity("Dye").index
    >>> [set_value(dye, n) for n in (1, 2, 3)]
    [8, 32, 72]
    """
    return count * count * C.commodities[commodity].value


def tax_due(revenue: int, rate: int) -> int:
    """Taxes on sales, fractions rounded up (§6.3 step 3).

    >>> tax_due(74, 10)
    8
    """
    return math.ceil(revenue * rate / 100)


def traders_of(state: S, faction: int) -> int:
    """The faction's Traders that draw and warehouse: those of Senators who still earn (an
    exile, a captive or a rebel has no part in the faction's income, §6.5.5, §6.6.2, §6.7.3)."""
    return sum(
        state.traders[p] for p in state.faction_persons(faction) if state.ploc[p] in EARNING_PLACES
    )


def draw_stacks(traders: int, counts: list[int]) -> list[int]:
    """The stacks a player with ``traders`` traders draws from, given each stack's size: 1, 2,
    ... wrapping after 9, an empty stack giving nothing (§6.3 step 1.2).

    >>> draw_stacks(4, [5, 5, 0, 5, 5, 5, 5, 5, 5])
    [1, 2, 4]
    """
    left = list(counts)
    drawn = []
    for i in range(traders):
        number = i % STACKS + 1
        if left[number - 1] > 0:
            left[number - 1] -= 1
            drawn.append(number)
    return drawn


def stack_size(state: S, number: int) -> int:
    return sum(stack_counts(state, number).values())


def hand_count(state: S, faction: int, commodity: int) -> int:
    return sum(1 for card in state.trade_hands[faction] if card[0] == commodity)


def _remove_cards(state: S, faction: int, commodity: int, count: int) -> list[tuple[int, int, int]]:
    hand = list(state.trade_hands[faction])
    taken = [card for card in hand if card[0] == commodity][:count]
    for card in taken:
        hand.remove(card)
    state.trade_hands[faction] = tuple(hand)
    return taken


def _add_cards(state: S, faction: int, cards: list[tuple[int, int, int]]) -> None:
    state.trade_hands[faction] = tuple(sorted((*state.trade_hands[faction], *cards)))


# -- step 1: drawing -------------------------------------------------------------------------


def _start(state: S) -> None:
    state.note("Trade Phase (rules 6.3)")
    overseer = state.office_holder[OVERSEER]
    first = state.owner[overseer] if overseer >= 0 else hrao_faction(state)
    state.ctx = []
    for faction in clockwise(state, first):
        for i in range(traders_of(state, faction)):
            state.ctx += [faction, i % STACKS + 1]
        for number in extra_trade_draws(state):  # Trade Boom (Table Event)
            state.ctx += [faction, number]
        for card, holder in enumerate(state.card_holder):
            if holder >= 0 and state.owner[holder] == faction and state.card_loc[card] == IN_PLAY:
                concession = C.hand_cards[CARDS[card].id]
                state.ctx += [faction, concession.stack] * concession.cards
    state.stage = "trade_draw"


auto("trade_start", _start)


def _draw_actor(state: S) -> int:
    if not state.ctx or stack_size(state, state.ctx[1]) == 0:
        return AUTO
    return -1


def _draw(state: S, commodity: int) -> None:
    if not state.ctx:
        _start_offers(state)
        return
    faction, number = state.ctx[0], state.ctx[1]
    del state.ctx[:2]
    name = state.rg.faction_names[faction]
    if commodity < 0:
        state.note(f"Trade stack {number} is empty: {name} draws nothing from it")
        return
    state.stack[commodity] -= 1
    _add_cards(state, faction, [(commodity, state.history_length(), faction)])
    drawn = f"{name} draws {commodity_name(commodity)} from trade stack {number}"
    if not state.human(faction):
        # A Neutral's cards lie open, like its hand (§9.1): the players run the Neutrals.
        state.note(drawn)
        return
    state.note(f"{name} draws a card from trade stack {number}", {faction: drawn})


stage(
    "trade_draw",
    Stage(
        _draw_actor,
        _draw,
        lambda s, a: f"draw {commodity_name(a)}",
        outcomes=lambda s: weighted(stack_counts(s, s.ctx[1])),
    ),
)


# -- step 2: trade offers --------------------------------------------------------------------


def _neutral(policy: str) -> Callable[[S], int]:
    """A Neutral's choice by ``neutral_trade.<policy>`` (that module builds on this one, so it
    is imported when a Neutral first trades)."""

    def decide(state: S) -> int:
        from carthago.games.republic_of_carthage import neutral_trade

        choose: Callable[[S], int] = getattr(neutral_trade, policy)
        return choose(state)

    return decide


def _start_offers(state: S) -> None:
    # Neutrals trade too (§9, reconstructed aide: neutral_trade.py).
    state.order = clockwise(state, hrao_faction(state))
    state.pos = 0
    state.offer_round = 0
    state.offer = ()
    state.stage = "trade_offer"


def partners(state: S, faction: int) -> list[int]:
    """The factions ``faction`` may offer to: both hold at least three Trade cards."""
    if len(state.trade_hands[faction]) < MIN_OFFER:
        return []
    return [f for f in state.order if f != faction and len(state.trade_hands[f]) >= MIN_OFFER]


def _offer_actor(state: S) -> int:
    if state.offer_round >= OFFER_ROUNDS or state.pos >= len(state.order):
        return AUTO
    faction = state.order[state.pos]
    return faction if partners(state, faction) else AUTO


def _offer_apply(state: S, action: int) -> None:
    if state.offer_round >= OFFER_ROUNDS:
        _start_selling(state)
    elif state.pos >= len(state.order):
        state.offer_round += 1
        state.pos = 0
    elif action in (A.DONE, -1):
        state.pos += 1
    else:
        state.offer = (state.order[state.pos], action - A.TARGET, -1, -1, -1, -1, 0)
        state.stage = "trade_offer_build"


stage(
    "trade_offer",
    Stage(
        _offer_actor,
        _offer_apply,
        lambda s, a: (
            "make no offer" if a == A.DONE else f"offer to {s.rg.faction_names[a - A.TARGET]}"
        ),
        legal=lambda s: [A.DONE] + [A.TARGET + f for f in partners(s, s.order[s.pos])],
        neutral=_neutral("make_offer"),
    ),
)


def offer_sides(offer: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The commodities of the offer and of the counter-offer."""
    count = offer[COUNT]
    return offer[COUNT + 1 : COUNT + 1 + count], offer[COUNT + 1 + count :]


COUNT: Final = 6
"""Index in ``state.offer`` of the number of cards in the offer (the counter's follow them)."""


def _building_side(state: S) -> int:
    return 0 if state.stage in ("trade_offer_build", "trade_offer_talk") else 1


def _build_legal(state: S) -> list[int]:
    side = _building_side(state)
    faction = state.offer[side]
    cards = offer_sides(state.offer)[side]
    legal = [
        A.ADD + c for c in range(N_COMMODITIES) if hand_count(state, faction, c) > cards.count(c)
    ]
    if len(cards) >= MIN_OFFER:
        legal += [A.NAME + c for c in sorted(set(cards))]
    return legal


def claim(cards: tuple[int, ...], named: int) -> str:
    value = sum(C.commodities[c].value for c in cards)
    return f"{len(cards)} cards worth {value} including {commodity_name(named)}"


def _build_apply(state: S, action: int) -> None:
    side = _building_side(state)
    offer = state.offer
    if action >= A.NAME:
        named = action - A.NAME
        names = tuple(named if i == side else offer[2 + i] for i in (0, 1))
        offer = (*offer[:2], *names, *offer[4:])
        state.offer = offer
        cards = offer_sides(offer)[side]
        who, other = state.rg.faction_names[offer[side]], state.rg.faction_names[offer[1 - side]]
        noun = "offers" if side == 0 else "answers with"
        contents = ", ".join(commodity_name(c) for c in sorted(cards))
        shown = f"{who} {noun} {contents} ({claim(cards, named)}) to {other}"
        if state.human(offer[side]):
            state.note(f"{who} {noun} {claim(cards, named)} to {other}", {offer[side]: shown})
        else:
            state.note(shown)  # a Neutral's Trade cards are open (§9.1)
        state.stage = "trade_offer_talk" if side == 0 else "trade_counter_talk"
        return
    commodity = action - A.ADD
    if side == 0:
        state.offer = (*offer[:COUNT], offer[COUNT] + 1, *offer[COUNT + 1 :], commodity)
    else:
        state.offer = (*offer, commodity)


def _build_text(state: S, action: int) -> str:
    if action >= A.NAME:
        return f"name {commodity_name(action - A.NAME)} and present the offer"
    return f"add {commodity_name(action - A.ADD)}"


for _name in ("trade_offer_build", "trade_counter_build"):
    stage(
        _name,
        Stage(
            lambda s: s.offer[_building_side(s)],
            _build_apply,
            _build_text,
            legal=_build_legal,
            neutral=_neutral("build"),
        ),
    )


def _talk_legal(state: S) -> list[int]:
    named = state.offer[2 + _building_side(state)]
    return [A.DONE] + [A.ADD + c for c in range(N_COMMODITIES) if c != named]


def _talk_apply(state: S, action: int) -> None:
    side = _building_side(state)
    offer = state.offer
    if action != A.DONE:
        said = action - A.ADD
        state.offer = (
            *offer[:4],
            *(said if i == side else offer[4 + i] for i in (0, 1)),
            *offer[6:],
        )
        who = state.rg.faction_names[offer[side]]
        state.note(f"{who} says it also holds {commodity_name(said)} (said, not shown)")
    state.stage = "trade_offer_reply" if side == 0 else "trade_offer_confirm"


def _talk_text(state: S, action: int) -> str:
    if action == A.DONE:
        return "say nothing more"
    return f"say it also holds {commodity_name(action - A.ADD)}"


for _name in ("trade_offer_talk", "trade_counter_talk"):
    stage(
        _name,
        Stage(
            lambda s: s.offer[_building_side(s)],
            _talk_apply,
            _talk_text,
            legal=_talk_legal,
            neutral=_neutral("talk"),
        ),
    )


def _close_offer(state: S, accepted: bool) -> None:
    offer = state.offer
    giver, taker = offer[0], offer[1]
    mine, theirs = offer_sides(offer)
    for commodity in mine:
        state.offered[giver] |= 1 << commodity
    for commodity in theirs:
        state.offered[taker] |= 1 << commodity
    names = state.rg.faction_names
    if accepted:
        given = [card for c in set(mine) for card in _remove_cards(state, giver, c, mine.count(c))]
        got = [
            card for c in set(theirs) for card in _remove_cards(state, taker, c, theirs.count(c))
        ]
        _add_cards(state, taker, given)
        _add_cards(state, giver, got)
        state.note(f"{names[giver]} and {names[taker]} exchange their cards")
    state.offer = ()
    state.pos += 1
    state.stage = "trade_offer"


def _reply_apply(state: S, action: int) -> None:
    if action == A.COUNTER:
        state.stage = "trade_counter_build"
        return
    state.note(f"{state.rg.faction_names[state.offer[1]]} declines the offer")
    _close_offer(state, False)


stage(
    "trade_offer_reply",
    Stage(
        lambda s: s.offer[1],
        _reply_apply,
        lambda s, a: "answer with a counter-offer" if a == A.COUNTER else "decline",
        legal=lambda s: (
            [A.DONE] + ([A.COUNTER] if len(s.trade_hands[s.offer[1]]) >= MIN_OFFER else [])
        ),
        neutral=_neutral("reply"),
    ),
)


def _confirm_apply(state: S, action: int) -> None:
    if action != A.YES:
        state.note(f"{state.rg.faction_names[state.offer[0]]} declines the counter-offer")
    _close_offer(state, action == A.YES)


stage(
    "trade_offer_confirm",
    Stage(
        lambda s: s.offer[0],
        _confirm_apply,
        lambda s, a: "accept the exchange" if a == A.YES else "decline",
        legal=lambda s: [A.DONE, A.YES],
        neutral=_neutral("confirm"),
    ),
)


# -- step 3: selling and taxes ---------------------------------------------------------------


def _start_selling(state: S) -> None:
    state.order = clockwise(state, hrao_faction(state))
    state.pos = 0
    state.stage = "trade_sell"


def _unsold(state: S, faction: int) -> list[int]:
    return sorted(
        {c for c, _, _ in state.trade_hands[faction] if not state.sold_kinds[faction] >> c & 1}
    )


def _sell_legal(state: S) -> list[int]:
    faction = state.order[state.pos]
    legal = [A.DONE]
    for commodity in _unsold(state, faction):
        legal += [A.sell(commodity, k) for k in range(1, hand_count(state, faction, commodity) + 1)]
    return legal


def _sell_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _overseer(state)
        return
    faction = state.order[state.pos]
    name = state.rg.faction_names[faction]
    if action == A.DONE:
        revenue = state.trade_income[faction]
        if revenue:
            tax = tax_due(revenue, state.tax)
            state.treasury += tax
            state.trade_income[faction] = revenue - tax
            state.note(
                f"{name} earns {revenue}T and pays {tax}T tax at {state.tax}% "
                f"(State Treasury {state.treasury}T)"
            )
        state.pos += 1
        return
    commodity, count = A.decode_sell(action)
    _remove_cards(state, faction, commodity, count)
    state.sold_kinds[faction] |= 1 << commodity
    state.to_return[commodity] += count
    state.sold_cards[faction] += count
    # Trade Phase value Events (card_play.py), then the Trade Slump (Table Event).
    value = sale_value(state, count * count * card_value(state, commodity))
    state.trade_income[faction] += value
    state.note(f"{name} sells {count} {commodity_name(commodity)} for {value}T")


def _neutral_sale(state: S) -> int:
    """A Neutral sells every commodity it holds, whole (reconstructed aide, docs)."""
    faction = state.order[state.pos]
    unsold = _unsold(state, faction)
    if not unsold:
        return A.DONE
    return A.sell(unsold[0], hand_count(state, faction, unsold[0]))


def _sell_text(state: S, action: int) -> str:
    if action == A.DONE:
        return "done selling"
    commodity, count = A.decode_sell(action)
    return f"sell {count} {commodity_name(commodity)}"


stage(
    "trade_sell",
    Stage(
        lambda s: s.order[s.pos] if s.pos < len(s.order) else AUTO,
        _sell_apply,
        _sell_text,
        legal=_sell_legal,
        neutral=_neutral_sale,
    ),
)


# -- step 4: the Overseer; step 5: warehousing -----------------------------------------------


def _overseer(state: S) -> None:
    holder = state.office_holder[OVERSEER]
    sold = sum(state.sold_cards)
    if holder >= 0:
        income = sold // OFFICES[OVERSEER].per_trade_cards
        state.talents[holder] += income
        state.note(
            f"{describe_person(holder)}, Overseer of the Agora, earns {income}T untaxed "
            f"for {sold} Trade cards sold"
        )
    state.order = clockwise(state, hrao_faction(state))
    state.pos = 0
    state.stage = "trade_warehouse"


def _over_limit(state: S, faction: int) -> bool:
    return len(state.trade_hands[faction]) > traders_of(state, faction)


def _warehouse_actor(state: S) -> int:
    while state.pos < len(state.order):
        if _over_limit(state, state.order[state.pos]):
            return state.order[state.pos]
        state.pos += 1
    return AUTO


def _warehouse_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        state.order = clockwise(state, hrao_faction(state))
        state.pos = 0
        state.sub = 0
        state.stage = "trade_allocate"
        return
    faction = state.order[state.pos]
    commodity = action - A.DISCARD
    _remove_cards(state, faction, commodity, 1)
    state.to_return[commodity] += 1
    name = state.rg.faction_names[faction]
    state.note(f"{name} discards {commodity_name(commodity)} beyond its warehouses")


def _neutral_discard(state: S) -> int:
    faction = state.order[state.pos]
    held = {c for c, _, _ in state.trade_hands[faction]}
    worst = min(held, key=lambda c: (hand_count(state, faction, c), C.commodities[c].value, c))
    return A.DISCARD + worst


stage(
    "trade_warehouse",
    Stage(
        _warehouse_actor,
        _warehouse_apply,
        lambda s, a: f"discard {commodity_name(a - A.DISCARD)}",
        legal=lambda s: sorted({A.DISCARD + c for c, _, _ in s.trade_hands[s.order[s.pos]]}),
        neutral=_neutral_discard,
    ),
)


# -- step 6: redistributing trade income; steps 7 and 8 --------------------------------------


def _allocate_actor(state: S) -> int:
    while state.pos < len(state.order):
        if state.trade_income[state.order[state.pos]] > 0:
            return state.order[state.pos]
        state.pos += 1
    return AUTO


def _receivers(state: S, faction: int) -> list[int]:
    """§6.3.6 "among their Senators": any who still earns, in Carthage or away as Governor or
    commander; not an exile (his talents are frozen), a captive or a rebel."""
    return [p for p in state.faction_persons(faction) if state.ploc[p] in EARNING_PLACES]


def _allocate_legal(state: S) -> list[int]:
    faction = state.order[state.pos]
    legal = [A.DONE]
    if state.sub < MAX_ALLOCATIONS:
        for person in _receivers(state, faction):
            legal += [A.allocate(person, i) for i in A.amount_choices(state.trade_income[faction])]
    return legal


def _allocate_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _return_cards(state)
        return
    faction = state.order[state.pos]
    name = state.rg.faction_names[faction]
    if action == A.DONE:
        rest = state.trade_income[faction]
        state.faction_treasury[faction] += rest
        state.trade_income[faction] = 0
        state.note(f"{name} puts {rest}T in its Faction Treasury")
        state.pos += 1
        state.sub = 0
        return
    person, index = A.decode_person_amount(action, A.ALLOCATE)
    given = A.amount(index, state.trade_income[faction])
    state.trade_income[faction] -= given
    state.talents[person] += given
    state.sub += 1
    state.note(f"{name} gives {given}T of trade income to {describe_person(person)}")


def _allocate_text(state: S, action: int) -> str:
    if action == A.DONE:
        return "rest to the Faction Treasury"
    person, index = A.decode_person_amount(action, A.ALLOCATE)
    return f"give {A.amount_text(index)} to {describe_person(person)}"


stage(
    "trade_allocate",
    Stage(
        _allocate_actor,
        _allocate_apply,
        _allocate_text,
        legal=_allocate_legal,
        neutral=lambda s: A.DONE,
    ),
)


def _return_cards(state: S) -> None:
    returned = sum(state.to_return)
    for commodity in range(N_COMMODITIES):
        state.stack[commodity] += state.to_return[commodity]
        state.to_return[commodity] = 0
    state.last_return = state.history_length()
    state.note(f"{returned} sold and discarded Trade cards return to their stacks, reshuffled")
    holder = state.office_holder[OVERSEER]
    if holder >= 0 and state.office_term[OVERSEER] <= 0:
        state.note("The Overseer of the Agora's term is over: the office goes to the Forum")
        state.leavers.append(holder)  # he may take a Committee seat again this turn (§6.5.4)
        vacate(state, OVERSEER)
    next_phase(state, "trade")
