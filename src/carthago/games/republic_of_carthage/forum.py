"""The Forum Phase (rules §6.4): initiatives, extra initiatives, aging and returns, the tally.

1. The Table Events of the previous turn leave the board (table_events.py).
2. From the HRAO's faction round the table, each faction takes an initiative: 2d6 (7: a Random
   Event, else a card drawn and acted on, forum_cards.py), a persuasion (persuasion.py), a
   Trader to attract, and the choice of a new Faction Leader.
3. With fewer than six factions, extra initiatives are auctioned until six have been taken:
   once round from the HRAO's faction, each bid from one Senator above the last; the winner
   pays the bank and takes the initiative at once. An auction nobody bids in is spent.
4. Aging Leaders, returning Family cards and Trade Concessions (5-6 on a die), the vote tally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.forum_cards import act, draw_text, wars_of
from carthago.games.republic_of_carthage.offices import clockwise, hrao_faction
from carthago.games.republic_of_carthage.persuasion import MAX_ROUNDS, policy
from carthago.games.republic_of_carthage.setup import _pile
from carthago.games.republic_of_carthage.stages import (
    AUTO,
    Stage,
    auto,
    dice_outcomes,
    next_phase,
    stage,
    weighted,
)
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DECK,
    FORUM,
    FORUM_DOWN,
    LEADER_ACTIVE,
    LEADER_INACTIVE,
    LEADER_REMOVED,
    LEADERS,
    N_CARDS,
    REMOVED,
    TABLE_EVENTS,
    describe_person,
    family_of,
    stat,
)
from carthago.games.republic_of_carthage.table_events import (
    AFTER_EVENT,
    colored_die_outcomes,
    event_for,
    place,
    remove_all,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

INITIATIVES: Final = 6
RANDOM_EVENT: Final = 7
TRADER_TARGET: Final = 12
RETURN_AT: Final = 5
"""A die of 5 or 6 removes an aging Leader or turns a Forum card face up (§6.4.4)."""
AGING: Final = 0
RETURNING: Final = 1
CONCESSION: Final = 2


CHITS: Final = 31
"""The Mortality cup: a drawing (Plague, Mob Violence) draws at most every chit once."""
EVENT_BOUND: Final = 2 + CHITS + 2
"""3d6, the colored die, then the longest event: every chit of the cup plus Mago picks."""
DRAW_BOUND: Final = 1 + 1 + 3
"""The card, a Mago pick, three Trade cards a war removes."""


def forum_bound(factions: int) -> int:
    """Most history entries one Forum Phase adds: six initiatives (roll, event or draw,
    persuasion with MAX_ROUNDS rounds of interference, Trader, leader), the auctions, and a
    die for each aging Leader and face-down card."""
    persuasion = 2 + (MAX_ROUNDS + 1) + MAX_ROUNDS * (factions - 1) + 1
    initiative = 1 + max(EVENT_BOUND, DRAW_BOUND) + persuasion + 3 + 1
    auctions = max(0, INITIATIVES - factions) * factions
    return INITIATIVES * initiative + auctions + N_CARDS + 1


def _start(state: S) -> None:
    state.note("Forum Phase (rules 6.4)")
    remove_all(state)
    state.order = clockwise(state, hrao_faction(state))
    state.pos = 0
    state.sub = 0
    state.ctx = []
    state.initiative = -1
    state.initiatives = 0
    state.stage = "forum_next"


auto("forum_start", _start)


def begin_initiative(state: S, faction: int) -> None:
    state.initiative = faction
    state.initiatives += 1
    state.note(f"Initiative {state.initiatives}: {state.rg.faction_names[faction]}")
    state.stage = "forum_roll"


def _next(state: S) -> None:
    """The next initiative in order, then the auctions, then the end of the phase."""
    state.initiative = -1
    if state.sub == 0 and state.pos < len(state.order):
        state.pos += 1
        begin_initiative(state, state.order[state.pos - 1])
    elif state.initiatives < INITIATIVES:
        state.sub = 1
        state.order = clockwise(state, hrao_faction(state))
        state.pos = 0
        state.ctx = [-1, -1]
        state.initiatives += 1
        state.note(f"Initiative {state.initiatives} is auctioned")
        state.stage = "forum_auction"
    else:
        _start_aging(state)


auto("forum_next", _next)


# -- §6.4.2.1 the roll -----------------------------------------------------------------------------


def _roll(state: S, roll: int) -> None:
    name = state.rg.faction_names[state.initiative]
    if roll == RANDOM_EVENT:
        state.note(f"{name} rolls 7: a Random Event")
        state.stage = "forum_event"
    elif any(loc == DECK for loc in state.card_loc):
        state.note(f"{name} rolls {roll} and draws a card")
        state.stage = "forum_draw"
    else:
        state.note(f"{name} rolls {roll}, but the deck is empty")
        state.stage = AFTER_EVENT


def _event(state: S, total: int) -> None:
    if len(_names(total)) == 1:
        place(state, event_for(total, 1))
    else:
        state.ctx = [total]
        state.stage = "forum_event_die"


def _names(total: int) -> tuple[str, ...]:
    return COMPONENTS.random_events[total]


def _event_die(state: S, face: int) -> None:
    total = state.ctx[0]
    state.ctx = []
    place(state, event_for(total, face))


stage(
    "forum_roll",
    Stage(lambda s: -1, _roll, lambda s, a: f"roll {a}", outcomes=lambda s: dice_outcomes(2)),
)
stage(
    "forum_event",
    Stage(
        lambda s: -1, _event, lambda s, a: f"events roll {a}", outcomes=lambda s: dice_outcomes(3)
    ),
)
stage(
    "forum_event_die",
    Stage(
        lambda s: -1,
        _event_die,
        lambda s, a: f"colored die {a}: {TABLE_EVENTS[event_for(s.ctx[0], a)].name}",
        outcomes=lambda s: colored_die_outcomes(s.ctx[0]),
    ),
)
stage(
    "forum_draw",
    Stage(
        lambda s: -1,
        act,
        lambda s, a: draw_text(a),
        outcomes=lambda s: weighted(_pile(s, DECK)),
    ),
)


# -- §6.4.2.3 Attract a Trader -------------------------------------------------------------------


def trader_candidates(state: S, faction: int) -> list[int]:
    """Senators who may attract a Trader: those in Carthage (talents elsewhere are frozen)."""
    return [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]


def _trader_actor(state: S) -> int:
    return state.initiative if trader_candidates(state, state.initiative) else AUTO


def _trader_apply(state: S, action: int) -> None:
    if action < 0:
        state.stage = "forum_leader"
        return
    state.ctx = [action - F.TRADER]
    state.stage = "forum_trader_roll"


def _gain_trader(state: S, person: int) -> None:
    state.traders[person] += 1
    state.note(f"{describe_person(person)} attracts a Trader ({state.traders[person]})")


def _trader_roll(state: S, roll: int) -> None:
    person = state.ctx[0]
    if roll == TRADER_TARGET:
        _gain_trader(state, person)
    elif state.talents[person] >= TRADER_TARGET - roll:
        state.note(f"Trader roll {roll}: {TRADER_TARGET - roll}T would reach 12")
        state.ctx.append(roll)
        state.stage = "forum_trader_buy"
        return
    else:
        state.note(f"Trader roll {roll}: no Trader")
    state.ctx = []
    state.stage = "forum_leader"


def _buy_apply(state: S, action: int) -> None:
    person, roll = state.ctx
    if action == F.BUY_TRADER:
        cost = TRADER_TARGET - roll
        state.talents[person] -= cost
        state.note(f"{describe_person(person)} spends {cost}T")
        _gain_trader(state, person)
    state.ctx = []
    state.stage = "forum_leader"


stage(
    "forum_trader",
    Stage(
        _trader_actor,
        _trader_apply,
        lambda s, a: f"trader for {describe_person(a - F.TRADER)}",
        legal=lambda s: [F.TRADER + p for p in trader_candidates(s, s.initiative)],
        neutral=policy("trader"),
    ),
)
stage(
    "forum_trader_roll",
    Stage(
        lambda s: -1, _trader_roll, lambda s, a: f"roll {a}", outcomes=lambda s: dice_outcomes(2)
    ),
)
stage(
    "forum_trader_buy",
    Stage(
        lambda s: s.initiative,
        _buy_apply,
        lambda s, a: "pay to reach 12" if a == F.BUY_TRADER else "do not pay",
        legal=lambda s: [F.PASS, F.BUY_TRADER],
        neutral=policy("trader_buy"),
    ),
)


# -- §6.4.2.4 Appoint a new Faction Leader ---------------------------------------------------------


def leader_candidates(state: S, faction: int) -> list[int]:
    return [p for p in state.faction_persons(faction) if p != state.faction_leader[faction]]


def _leader_apply(state: S, action: int) -> None:
    faction = state.initiative
    if action >= F.LEADER:
        person = action - F.LEADER
        state.faction_leader[faction] = person
        state.note(
            f"{state.rg.faction_names[faction]} names {describe_person(person)} Faction Leader"
        )
    state.stage = "forum_next"


stage(
    "forum_leader",
    Stage(
        lambda s: s.initiative,
        _leader_apply,
        lambda s, a: (
            "keep the leader" if a == F.PASS else f"leader {describe_person(a - F.LEADER)}"
        ),
        legal=lambda s: [F.PASS] + [F.LEADER + p for p in leader_candidates(s, s.initiative)],
        neutral=policy("leader"),
    ),
)


# -- §6.4.3 auctions of extra initiatives ---------------------------------------------------------


def lowest_bid(state: S) -> int:
    return state.ctx[0] + 1 if state.ctx[0] >= 0 else 0


def bids(state: S, faction: int) -> list[int]:
    """The bids ``faction`` may make: each from one Senator in Carthage who holds the talents."""
    low = lowest_bid(state)
    return [
        F.bid(person, i)
        for person in state.faction_persons(faction)
        if state.ploc[person] == CARTHAGE
        for i, extra in enumerate(F.BID_RAISES)
        if low + extra <= state.talents[person]
    ]


def bid_value(state: S, action: int) -> int:
    return lowest_bid(state) + F.BID_RAISES[F.decode_bid(action)[1]]


def _auction_actor(state: S) -> int:
    while state.pos < len(state.order):
        if bids(state, state.order[state.pos]):
            return state.order[state.pos]
        state.pos += 1
    return AUTO


def _auction_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _close_auction(state)
        return
    name = state.rg.faction_names[state.order[state.pos]]
    state.pos += 1
    if action == F.PASS:
        state.note(f"{name} passes")
        return
    person = F.decode_bid(action)[0]
    state.ctx = [bid_value(state, action), person]
    state.note(f"{name} bids {state.ctx[0]}T from {describe_person(person)}")


def _close_auction(state: S) -> None:
    amount, person = state.ctx
    state.ctx = []
    if person < 0:
        state.note("Nobody bids: the initiative is not taken")
        state.stage = "forum_next"
        return
    state.talents[person] -= amount
    faction = state.owner[person]
    state.note(f"{state.rg.faction_names[faction]} buys the initiative for {amount}T")
    state.initiative = faction
    state.note(f"Initiative {state.initiatives}: {state.rg.faction_names[faction]}")
    state.stage = "forum_roll"


def _auction_text(state: S, action: int) -> str:
    if action == F.PASS:
        return "pass"
    person = F.decode_bid(action)[0]
    return f"bid {bid_value(state, action)}T from {describe_person(person)}"


stage(
    "forum_auction",
    Stage(
        _auction_actor,
        _auction_apply,
        _auction_text,
        legal=lambda s: [F.PASS, *bids(s, s.order[s.pos])],
        neutral=policy("bid"),
    ),
)


# -- §6.4.4 aging Leaders, returning Senators and Trade Concessions, the tally ------------------


def _start_aging(state: S) -> None:
    state.ctx = []
    for leader in range(len(LEADERS)):
        if state.leader_status[leader] in (LEADER_INACTIVE, LEADER_ACTIVE) and not wars_of(
            state, LEADERS[leader].family
        ):
            state.ctx += [AGING, leader]
    for card in range(N_CARDS):
        if state.card_loc[card] == FORUM_DOWN:
            kind = CARDS[card].kind
            if kind == "senator":
                state.ctx += [RETURNING, card]
            elif kind == "concession":
                state.ctx += [CONCESSION, card]
    state.stage = "forum_age_roll"


def leader_card(leader: int) -> int:
    return next(i for i, c in enumerate(CARDS) if c.kind == "leader" and c.id == LEADERS[leader].id)


def _age_actor(state: S) -> int:
    return -1 if state.ctx else AUTO


def _age_roll(state: S, roll: int) -> None:
    if not state.ctx:
        _tally(state)
        return
    kind, item = state.ctx[0], state.ctx[1]
    del state.ctx[:2]
    success = roll >= RETURN_AT
    if kind == AGING:
        name = LEADERS[item].name
        if success:
            state.leader_status[item] = LEADER_REMOVED
            state.card_loc[leader_card(item)] = REMOVED
        state.note(f"{name} ages: roll {roll}, {'removed from play' if success else 'stays'}")
    else:
        what = describe_person(item) if kind == RETURNING else "A destroyed Trade Concession"
        if success:
            state.card_loc[item] = FORUM
            if kind == RETURNING:
                state.inf[item] = COMPONENTS.senators[family_of(item)].inf
        state.note(f"{what}: roll {roll}, {'face up again' if success else 'stays face down'}")


def _age_text(state: S, roll: int) -> str:
    return f"roll {roll}"


stage(
    "forum_age_roll",
    Stage(_age_actor, _age_roll, _age_text, outcomes=lambda s: dice_outcomes(1)),
)


def tally(state: S, faction: int) -> int:
    """A faction's votes: the Oratory of its Senators in Carthage (§6.4.4)."""
    return sum(stat(p, "ora") for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE)


def _tally(state: S) -> None:
    names = state.rg.faction_names
    for faction in range(state.rg.num_factions):
        state.votes[faction] = tally(state, faction)
    state.note(
        "Votes in Carthage: "
        + ", ".join(f"{names[f]} {state.votes[f]}" for f in range(state.rg.num_factions))
    )
    state.order = []
    state.pos = 0
    state.sub = 0
    state.initiative = -1
    state.initiatives = 0
    next_phase(state, "forum_start")
