"""Trades of hand cards between factions in step 2 of the Revolution Phase (rules §6.7.2).

At its turn of the step a faction may open up to ``MAX_OFFERS`` offers, each to one other
faction: it names the cards of its hand it gives and how many cards it asks of the receiver's
hand (the receiver picks them: nobody sees another's hand), at most ``MAX_SIDE`` each way. The
receiver accepts or declines; having accepted, he names the cards he gives back, and the cards
change hands. Talents do not move in this step (§6.3.2.4: only at the Revenue Phase).

Stages (the acting faction of ``revolution_cards`` resumes after each offer):

- ``revolution_trade_build``: the offerer gives a card (``GIVE + card``), asks for one more
  (``ASK``), or presents the offer (``DONE``; with nothing in it, withdraws it);
- ``revolution_trade_answer``: the receiver accepts or declines;
- ``revolution_trade_return``: having accepted, the receiver names each card he gives back;
- ``revolution_trade_discard``: a faction that had already finished its turn of the step and
  is pushed over the hand limit by a trade discards down to it at once.

``state.ctx`` holds the offer: ``[offerer, receiver, asked, given count, *given, *returned]``.
The cards of an offer between two humans are told only to the two (the table hears the
counts); an offer with a Neutral is open, like its hand (§9.1). No Event or Intrigue card is
played while an offer is open (``card_play`` leaves these stages out of its windows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage.actions import MAX_FACTIONS
from carthago.games.republic_of_carthage.card_play import card_name, hand_size
from carthago.games.republic_of_carthage.components import role_entries
from carthago.games.republic_of_carthage.forum_cards import draw_text
from carthago.games.republic_of_carthage.offices import clockwise
from carthago.games.republic_of_carthage.stages import Stage, stage
from carthago.games.republic_of_carthage.state import CARDS, DISCARD, HAND, NEUTRAL_ROLES

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

HAND_LIMIT: Final = 5
MAX_OFFERS: Final = 2
"""Offers a faction may open in one step 2 (a finite stand-in for the table's bargaining)."""
MAX_SIDE: Final = HAND_LIMIT
"""Cards given, and cards asked, in one offer."""
TRADE_BOUND: Final = MAX_FACTIONS * MAX_OFFERS * (4 + 3 * MAX_SIDE)
"""Per turn: per offer its opening, gifts, asks, presentation, answer and return."""
HAND_KINDS: Final = ("statesman", "concession", "intrigue", "law", "event")
OFFERER: Final = 0
RECEIVER: Final = 1
ASKED: Final = 2
GIVEN: Final = 3
"""Places in ``state.ctx`` during an offer; the given cards follow, then the returned ones."""


@dataclass(frozen=True, slots=True)
class HandTradePolicy:
    name: str
    surplus: int
    give_excess: bool


def _load() -> tuple[tuple[str, ...], dict[str, HandTradePolicy]]:
    where = "neutral_hand_trade.toml"
    data = load_toml("carthago.games.republic_of_carthage", where)
    source(data, where)
    keep = tuple(field(data, "keep", list, where))
    if sorted(keep) != sorted(HAND_KINDS):
        raise ComponentDataError(f"{where}: keep must list each of {HAND_KINDS}")
    policies: dict[str, HandTradePolicy] = {}
    for name, (entry, here) in role_entries(data, where).items():
        surplus = field(entry, "surplus", int, here)
        if surplus < 0:
            raise ComponentDataError(f"{here}: surplus must not be negative")
        source(entry, here)
        policies[name] = HandTradePolicy(name, surplus, field(entry, "give_excess", bool, here))
    return keep, policies


KEEP, POLICIES = _load()


def policy(state: S, faction: int) -> HandTradePolicy:
    return POLICIES[NEUTRAL_ROLES[state.neutral_role[faction]]]


def hand(state: S, faction: int) -> list[int]:
    return [c for c, loc in enumerate(state.card_loc) if loc == HAND + faction]


def discard(state: S, faction: int, card: int) -> None:
    """Discard a hand card to keep within the limit (which card stays secret)."""
    state.card_loc[card] = DISCARD
    state.note(f"{state.rg.faction_names[faction]} discards a card down to the hand limit")


def offer_actions(state: S, faction: int) -> list[int]:
    """The offers ``faction`` may open now: to any other faction while one of the two hands
    holds a card (hand sizes are public), up to ``MAX_OFFERS`` in the step."""
    if state.hand_offers[faction] >= MAX_OFFERS:
        return []
    mine = hand_size(state, faction)
    return [
        K.offer_to(other)
        for other in range(state.rg.num_factions)
        if other != faction and (mine or hand_size(state, other))
    ]


def open_offer(state: S, faction: int, receiver: int) -> None:
    state.hand_offers[faction] += 1
    state.ctx = [faction, receiver, 0, 0]
    names = state.rg.faction_names
    state.note(f"{names[faction]} prepares an offer of hand cards to {names[receiver]}")
    state.stage = "revolution_trade_build"


def _given(state: S) -> list[int]:
    return state.ctx[GIVEN + 1 : GIVEN + 1 + state.ctx[GIVEN]]


def _returned(state: S) -> list[int]:
    return state.ctx[GIVEN + 1 + state.ctx[GIVEN] :]


def _open(state: S) -> bool:
    """Whether the offer is between a human and a Neutral: then it is shown to all."""
    return not (state.human(state.ctx[OFFERER]) and state.human(state.ctx[RECEIVER]))


def _names(cards: list[int]) -> str:
    return ", ".join(card_name(c) for c in cards) or "no card"


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _record(state: S, card: int, giver: int, receiver: int) -> None:
    """Keep where a human names a card in an offer or its return, for resampling (hidden.py):
    the card is hidden from third parties until the offer shows it (a Neutral's decisions are
    no history entries, and its hand is open)."""
    if state.human(giver):
        state.traded += [state.history_length(), card, giver, receiver]


def _back(state: S) -> None:
    state.ctx = []
    state.stage = "revolution_cards"


# -- building and presenting ---------------------------------------------------------------------


def _build_legal(state: S) -> list[int]:
    offerer, receiver, asked = state.ctx[OFFERER], state.ctx[RECEIVER], state.ctx[ASKED]
    given = _given(state)
    choices = [K.DONE]
    if len(given) < MAX_SIDE:
        choices += [K.give_card(c) for c in hand(state, offerer) if c not in given]
    if asked < min(MAX_SIDE, hand_size(state, receiver)):
        choices.append(K.ASK)
    return choices


def _build(state: S, action: int) -> None:
    if action == K.ASK:
        state.ctx[ASKED] += 1
    elif action == K.DONE:
        _present(state)
    else:
        card = action - K.give_card(0)
        state.ctx.insert(GIVEN + 1 + state.ctx[GIVEN], card)
        state.ctx[GIVEN] += 1
        _record(state, card, state.ctx[OFFERER], state.ctx[RECEIVER])


def _present(state: S) -> None:
    offerer, receiver, asked = state.ctx[OFFERER], state.ctx[RECEIVER], state.ctx[ASKED]
    given = _given(state)
    names = state.rg.faction_names
    if not given and not asked:
        state.note(f"{names[offerer]} withdraws the offer")
        _back(state)
        return
    public = f"{names[offerer]} offers {names[receiver]} {_cards(len(given))} for {asked} of theirs"
    if _open(state):
        # A Neutral's side is handled in the open (§9.1): the offer is public, and so is
        # every card it names from now on (resampling keeps them: card_origin -1).
        for card in given:
            state.card_origin[card] = -1
        state.note(f"{public}: {_names(given)}")
    else:
        state.note(
            public,
            {
                offerer: f"You offer {_names(given)}",
                receiver: f"{names[offerer]} offers you {_names(given)}",
            },
        )
    state.stage = "revolution_trade_answer"


def card_label(card: int) -> str:
    """A hand card in an action's text: its name, with its copy number where the deck holds
    several (the actions name copies, and texts must be unique among the legal actions)."""
    return draw_text(card).removeprefix("draw ")


def _describe(state: S, action: int) -> str:
    what, card = K.decode(action)
    if what == "give":
        return f"give {card_label(card)}"
    if action == K.DONE:
        return "present the offer" if state.stage == "revolution_trade_build" else "done"
    return what


# -- answering -----------------------------------------------------------------------------------


def _answer(state: S, action: int) -> None:
    names = state.rg.faction_names
    if action == K.DECLINE:
        state.note(f"{names[state.ctx[RECEIVER]]} declines the offer")
        _back(state)
    elif state.ctx[ASKED]:
        state.stage = "revolution_trade_return"
    else:
        _exchange(state)


def _return_legal(state: S) -> list[int]:
    returned = _returned(state)
    return [K.give_card(c) for c in hand(state, state.ctx[RECEIVER]) if c not in returned]


def _return(state: S, action: int) -> None:
    card = action - K.give_card(0)
    state.ctx.append(card)
    _record(state, card, state.ctx[RECEIVER], state.ctx[OFFERER])
    if _open(state):
        state.card_origin[card] = -1  # shown at once, like everything in an open offer
    if len(_returned(state)) == state.ctx[ASKED]:
        _exchange(state)


def _exchange(state: S) -> None:
    offerer, receiver = state.ctx[OFFERER], state.ctx[RECEIVER]
    given, returned = _given(state), _returned(state)
    held = state.forum_held
    # forum_held is a public bound on Forum cards in a hand: the cards that moved may be any.
    from_offerer, from_receiver = min(len(given), held[offerer]), min(len(returned), held[receiver])
    held[receiver] += from_offerer
    held[offerer] += from_receiver
    for card in given:
        state.card_loc[card] = HAND + receiver
    for card in returned:
        state.card_loc[card] = HAND + offerer
    names = state.rg.faction_names
    public = f"{names[receiver]} accepts: {_cards(len(given))} for {_cards(len(returned))}"
    if _open(state):
        state.note(f"{public}; {names[receiver]} gives {_names(returned)}")
    else:
        state.note(
            public,
            {
                offerer: f"You receive {_names(returned)}",
                receiver: f"You receive {_names(given)}",
            },
        )
    if state.order.index(receiver) < state.pos and hand_size(state, receiver) > HAND_LIMIT:
        state.ctx = [receiver]
        state.stage = "revolution_trade_discard"
        return
    _back(state)


def _discard(state: S, action: int) -> None:
    faction = state.ctx[0]
    discard(state, faction, K.decode(action)[1])
    if hand_size(state, faction) <= HAND_LIMIT:
        _back(state)


# -- resampling (hidden.py) ---------------------------------------------------------------------


def _entries(state: S) -> list[tuple[int, int, int, int]]:
    traded = state.traded
    return [
        (traded[i], traded[i + 1], traded[i + 2], traded[i + 3]) for i in range(0, len(traded), 4)
    ]


def seen_in_trades(state: S, player: int) -> set[int]:
    """The hand cards ``player`` saw in offers between humans, as giver or receiver: he knows
    where they went. The cards of an offer still being built are not shown to its receiver yet,
    nor those being returned to its offerer (they are the last entries)."""
    entries = _entries(state)
    unshown = 0
    if state.stage == "revolution_trade_build" and state.ctx[RECEIVER] == player:
        unshown = 0 if _open(state) else state.ctx[GIVEN]
    elif state.stage == "revolution_trade_return" and state.ctx[OFFERER] == player:
        unshown = 0 if _open(state) else len(_returned(state))
    shown = entries[: len(entries) - unshown]
    return {card for _, card, giver, taker in shown if player in (giver, taker)}


def rename_traded(state: S, new_of: dict[int, int]) -> None:
    """Resampling put card ``new_of[c]`` where card c was: the offers name it instead (their
    history entries, the record, and the offer under way)."""
    traded = state.traded
    for i in range(1, len(traded), 4):
        if traded[i] in new_of:
            traded[i] = new_of[traded[i]]
            state._rewrite_history(traded[i - 1], K.give_card(traded[i]))
    if state.stage in TRADE_STAGES[:3]:
        state.ctx[GIVEN + 1 :] = [new_of.get(c, c) for c in state.ctx[GIVEN + 1 :]]


# -- Neutral factions (§9, data neutral_hand_trade.toml) -----------------------------------------


def _least_wanted(cards: list[int]) -> int:
    return max(cards, key=lambda c: (KEEP.index(CARDS[c].kind), c))


def neutral_offer(state: S, faction: int) -> int:
    """The offer a Neutral opens at its turn, or -1: over the hand limit, a role that gives its
    excess offers it (asking nothing) to the first human clockwise, once in the step."""
    if hand_size(state, faction) <= HAND_LIMIT or not policy(state, faction).give_excess:
        return -1
    humans = [f for f in clockwise(state, faction) if state.human(f)]
    if state.hand_offers[faction] or not humans:
        return -1
    return K.offer_to(humans[0])


def _build_neutral(state: S) -> int:
    offerer = state.ctx[OFFERER]
    given = _given(state)
    if len(given) < min(MAX_SIDE, hand_size(state, offerer) - HAND_LIMIT):
        return K.give_card(_least_wanted([c for c in hand(state, offerer) if c not in given]))
    return K.DONE


def _answer_neutral(state: S) -> int:
    gain = state.ctx[GIVEN] - state.ctx[ASKED]
    return K.ACCEPT if gain >= policy(state, state.ctx[RECEIVER]).surplus else K.DECLINE


def _return_neutral(state: S) -> int:
    returned = _returned(state)
    return K.give_card(
        _least_wanted([c for c in hand(state, state.ctx[RECEIVER]) if c not in returned])
    )


def _discard_neutral(state: S) -> int:
    return K.drop_card(_least_wanted(hand(state, state.ctx[0])))


# -- the open offer in observations ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenOffer:
    """The offer under way as ``viewer`` may see it (views.py): the cards given are shown to the
    offerer while he builds, to both parties once presented; the cards returned to the receiver
    who names them (the offerer sees them arrive in his hand); when a Neutral takes part, to
    everybody from the presentation on. ``given`` and ``returned`` are None where hidden."""

    offerer: int
    receiver: int
    presented: bool
    count_given: int
    asked: int
    given: list[int] | None
    returned: list[int] | None


def open_offer_seen(state: S, viewer: int | None) -> OpenOffer | None:
    if state.stage not in TRADE_STAGES[:3]:
        return None
    offerer, receiver = state.ctx[OFFERER], state.ctx[RECEIVER]
    building = state.stage == "revolution_trade_build"
    public = _open(state)
    sees_given = viewer == offerer or (not building and (public or viewer == receiver))
    return OpenOffer(
        offerer,
        receiver,
        not building,
        state.ctx[GIVEN],
        state.ctx[ASKED],
        _given(state) if sees_given else None,
        _returned(state) if public or viewer == receiver else None,
    )


TRADE_STAGES: Final = (
    "revolution_trade_build",
    "revolution_trade_answer",
    "revolution_trade_return",
    "revolution_trade_discard",
)


def _offerer(state: S) -> int:
    return state.ctx[OFFERER]


def _receiver(state: S) -> int:
    return state.ctx[RECEIVER]


stage(
    "revolution_trade_build",
    Stage(_offerer, _build, _describe, legal=_build_legal, neutral=_build_neutral),
)
stage(
    "revolution_trade_answer",
    Stage(
        _receiver,
        _answer,
        _describe,
        legal=lambda s: [K.ACCEPT, K.DECLINE],
        neutral=_answer_neutral,
    ),
)
stage(
    "revolution_trade_return",
    Stage(_receiver, _return, _describe, legal=_return_legal, neutral=_return_neutral),
)
stage(
    "revolution_trade_discard",
    Stage(
        lambda s: s.ctx[0],
        _discard,
        lambda s, a: f"discard {card_label(K.decode(a)[1])}",
        legal=lambda s: [K.drop_card(c) for c in hand(s, s.ctx[0])],
        neutral=_discard_neutral,
    ),
)
