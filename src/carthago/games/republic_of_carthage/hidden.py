"""Redrawing what a player cannot see (``resample_from_infostate``), history included.

Everything hidden from player p is the outcome of a chance event or of another faction's secret
choice, and each is redrawn by rewriting the history entry that made it (docs, "Resampling"):

- set-up Intrigue and Law cards in other human hands, exchanged with each other and with those
  never dealt; Trade Concessions in other human hands, exchanged with concessions never dealt
  (a hand keeps how many concessions it holds: that decides who is asked to play one);
- while the history is replayed: the Trade cards removed unseen at set-up and the draws of the
  Trade cards other human factions hold (from what the stack holds at that moment in the copy),
  the amounts of Faction Treasury gifts between two other factions (uniformly among the amounts
  the giver could choose at that moment in the copy), and the contents of offers p never saw
  (a set from the builder's hand in the copy that matches the public claim). The copy is kept
  only if every later move stays legal and p's observation and legal actions come out
  unchanged; otherwise fewer entries are redrawn;
- Trade cards other factions drew in the current Trade Phase and have neither offered nor sold,
  redrawn once more from the same stack.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from carthago.core.errors import IllegalActionError
from carthago.core.state import CHANCE
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.state import CARDS, DECK, HAND, RED_DECK
from carthago.games.republic_of_carthage.trade import STACKS, offer_sides, stack_size

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

T = TypeVar("T", bound="S")

SWAP_GROUPS = (("intrigue", "law"), ("concession",))
FORUM_KINDS = ("event", "intrigue", "law", "statesman", "concession")
"""Kinds a Forum draw may put in a hand (§6.4.2.1): the others only see that a card went to hand."""
"""Hand cards redrawn among themselves: a group's cards in a hand are exchanged only with
cards of the same group, so each hand keeps its number of concessions."""
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
UNSEEN_REMOVALS = ("setup_trade_removal", "forum_pirates", "forum_war_trade")
"""Chance stages taking Trade cards out of the stacks unseen by anyone (set-up, Pirates, wars)."""
HISTORY_ATTEMPTS = (1.0, 0.5, 0.25)
"""Share of the redrawable history entries redrawn on each replay; a last try redraws one."""


def resample(state: T, player: int, rng: random.Random) -> T:
    """Redraw what ``player`` cannot see in ``state`` (a copy stripped of others' log lines).

    Returns the resampled copy: ``state`` itself or, when past events were redrawn, a new
    state replayed from the rewritten history.
    """
    for group in SWAP_GROUPS:
        _resample_hands(state, player, rng, group)
    for deck in (1, 2):
        _resample_hands(state, player, rng, FORUM_KINDS, deck)
    replayed = _resample_history(state, player, rng)
    if replayed is not None:
        state = replayed
    if state.stage in TRADE_RESAMPLE_STAGES:
        _resample_trade(state, player, rng)
    from carthago.games.republic_of_carthage.revolution import resample_bribe

    return resample_bribe(state, player, rng)


def _resample_hands(
    state: S, player: int, rng: random.Random, kinds: tuple[str, ...], forum_deck: int = 0
) -> None:
    """Exchange other human hands' cards of ``kinds`` with unseen ones: set-up deals (with
    ``forum_deck`` 0) or cards of deck ``forum_deck`` drawn in a Forum Phase, whose kind the
    others never saw (those are exchanged with any hand card of that deck still in the deck)."""
    # A concession its holder has just named to play is in the history by name.
    targets = ("setup_concession_target", "revolution_concession_target")
    named = state.ctx if state.stage in targets else []
    forum = int(forum_deck > 0)
    slots = [
        card
        for card, loc in enumerate(state.card_loc)
        if HAND <= loc < HAND + state.rg.num_players
        and loc != HAND + player
        and state.card_origin[card] >= 0
        and CARDS[card].kind in kinds
        and card not in named
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
    pool = slots + spare
    chosen = rng.sample(pool, len(slots))
    undealt = RED_DECK if any(loc == RED_DECK for loc in state.card_loc) else DECK
    for card in slots:
        state.card_forum[card] = 0
    for card in chosen:
        state.card_forum[card] = forum
    places = [(state.card_loc[card], state.card_origin[card]) for card in slots]
    for card in slots:
        state.card_loc[card] = undealt
        state.card_origin[card] = -1
    for card, (loc, origin) in zip(chosen, places, strict=True):
        state.card_loc[card] = loc
        state.card_origin[card] = origin
        state._history[origin] = card


# -- past events redrawn by replaying the history --------------------------------------------


def _kept_draws(state: S, player: int) -> set[int]:
    """History indices of the draws of Trade cards that other human factions hold now.

    A card p drew itself (and gave away) is excluded: p saw it. A card another faction drew and
    gave to a third in an exchange is included: only the two of them saw it.
    """
    return {
        origin
        for faction, hand in enumerate(state.trade_hands)
        if faction != player and state.human(faction)
        for _, origin, drawer in hand
        if drawer != player
    }


def _is_gift(action: int) -> bool:
    if not A.TRANSFER <= action < A.CONTRIBUTE:
        return False
    source, destination, _ = A.decode_transfer(action)
    return source == A.OWN_TREASURY and destination > A.OWN_TREASURY


BUILD_STAGES = ("trade_offer_build", "trade_counter_build")


def _redrawable(copy: S, index: int, action: int, player: int, kept: set[int]) -> bool:
    """Whether the history entry about to be replayed at ``index`` is hidden from ``player``.

    An offer's first "add a commodity" stands for the whole of its contents (see _offer_block).
    """
    if copy.current_player() == CHANCE:
        return copy.stage in UNSEEN_REMOVALS or index in kept
    if copy.stage in BUILD_STAGES:
        side = 0 if copy.stage == BUILD_STAGES[0] else 1
        return copy.current_player() != player and not offer_sides(copy.offer)[side]
    if copy.stage != "revenue_redistribute" or not _is_gift(action):
        return False
    giver = copy.current_player()
    receiver = A.decode_transfer(action)[1] - A.OWN_TREASURY - 1
    return player not in (giver, receiver)


def _redraw(copy: S, action: int, rng: random.Random) -> int:
    if copy.current_player() == CHANCE:
        outcomes = copy.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
    source, destination, _ = A.decode_transfer(action)
    same = [
        a
        for a in copy.legal_actions()
        if _is_gift(a) and A.decode_transfer(a)[:2] == (source, destination)
    ]
    # None left (the copy's giver has nothing now): the replay then rejects the old gift.
    return rng.choice(same) if same else action


def _exchanged_with(history: list[int], named_at: int, side: int, player: int, copy: S) -> bool:
    """Whether the offer presented at ``named_at`` ends in an exchange that gives p its cards."""
    if player not in copy.offer[:2]:
        return False
    if side == 0:
        reply = named_at + 2  # after the "said also" move
        if reply >= len(history) or history[reply] != A.COUNTER:
            return False
        named_at = reply + 1
        while named_at < len(history) and history[named_at] < A.NAME:
            named_at += 1
    confirm = named_at + 2
    return confirm < len(history) and history[confirm] == A.YES


def _offer_block(
    copy: S, history: list[int], index: int, player: int, rng: random.Random
) -> dict[int, int]:
    """New "add" moves for the offer whose building starts at ``index`` (empty: keep them).

    The new contents come from the builder's hand in the copy, with as many cards and, once
    presented, the same total value and the named commodity, as the public claim requires.
    """
    side = 0 if copy.stage == BUILD_STAGES[0] else 1
    end = index
    while end < len(history) and history[end] < A.NAME:
        end += 1
    if end < len(history) and _exchanged_with(history, end, side, player, copy):
        return {}
    count = end - index
    hand = sorted(commodity for commodity, _, _ in copy.trade_hands[copy.offer[side]])
    if end < len(history):
        named = history[end] - A.NAME
        value = sum(C.commodities[history[i] - A.ADD].value for i in range(index, end))
        fits = {
            chosen
            for chosen in combinations(hand, count)
            if named in chosen and sum(C.commodities[c].value for c in chosen) == value
        }
    else:
        fits = set(combinations(hand, count))
    if not fits:
        return {}
    chosen = list(rng.choice(sorted(fits)))
    rng.shuffle(chosen)
    return {index + i: A.ADD + commodity for i, commodity in enumerate(chosen)}


def _draw_schedule(copy: S, start: int) -> list[tuple[int, int, int]]:
    """(history index, faction, stack) of every draw of the Trade Phase whose first is at start.

    The draws follow each other in the history, in the order of ``ctx``, skipping a stack that
    is empty by then (stack sizes are public, so the copy's schedule is the true one).
    """
    sizes = [stack_size(copy, number) for number in range(1, STACKS + 1)]
    schedule = []
    index = start
    for faction, number in zip(copy.ctx[::2], copy.ctx[1::2], strict=True):
        if sizes[number - 1] > 0:
            sizes[number - 1] -= 1
            schedule.append((index, faction, number))
            index += 1
    return schedule


def _shuffle_draws(
    schedule: list[tuple[int, int, int]],
    history: list[int],
    player: int,
    kept: set[int],
    rng: random.Random,
    share: float,
) -> tuple[dict[int, int], set[int]]:
    """Hide which of a faction's draws from a stack became the cards it sold or discarded.

    Those commodities are public, the draws they came from are not: they are put back on
    random draws of the same faction and stack in the phase, and the other draws redrawn.
    Returns the planned outcomes and the draws to redraw.
    """
    groups: dict[tuple[int, int], list[int]] = {}
    for index, faction, number in schedule:
        if index < len(history) and faction != player:
            groups.setdefault((faction, number), []).append(index)
    planned: dict[int, int] = {}
    redraw: set[int] = set()
    for positions in groups.values():
        gone = [history[i] for i in positions if i not in kept]
        if len(positions) < 2 or not gone or rng.random() >= share:
            continue
        places = rng.sample(positions, len(positions))
        for index, commodity in zip(places, gone, strict=False):
            planned[index] = commodity
        redraw.update(places[len(gone) :])
    return planned, redraw


def _replay(state: T, player: int, rng: random.Random, share: float, only: int) -> T | None:
    """Replay ``state``'s history redrawing hidden entries; None if p could tell the copy."""
    kept = _kept_draws(state, player)
    seen_by_p = {origin for _, origin, _ in state.trade_hands[player]}
    copy = type(state)(state.rg)
    history = state._history
    planned: dict[int, int] = {}
    forced: set[int] = set()
    scheduled: set[int] = set()
    seen = 0
    changed = False
    for index, action in enumerate(history):
        if copy.stage == "trade_draw" and index not in scheduled:
            schedule = _draw_schedule(copy, index)
            scheduled.update(draw[0] for draw in schedule)
            # Draws whose cards p holds now (given to p in an exchange) stay as p saw them.
            hidden = [draw for draw in schedule if draw[0] not in seen_by_p]
            moved, redraw = _shuffle_draws(hidden, history, player, kept, rng, share)
            planned.update(moved)
            forced |= redraw
        chosen = planned.get(index, action)
        if index in forced:
            chosen = _redraw(copy, action, rng)
        elif index not in planned and _redrawable(copy, index, action, player, kept):
            if (only < 0 and rng.random() < share) or seen == only:
                if copy.stage in BUILD_STAGES:
                    planned.update(_offer_block(copy, history, index, player, rng))
                    chosen = planned.get(index, action)
                else:
                    chosen = _redraw(copy, action, rng)
            seen += 1
        changed = changed or chosen != action
        if not changed:
            # Up to the first redraw the copy walks the true history: no need to check it.
            copy._apply_action(chosen)
            copy._history.append(chosen)
            copy._legal = None
            continue
        try:
            copy.apply_action(chosen)
        except IllegalActionError:
            return None
    if copy.observation(player) != state.observation(player):
        return None
    if copy.current_player() == player and copy.legal_actions() != state.legal_actions():
        return None
    return copy._copy_for(player)


def _count_redrawable(state: S, player: int) -> int:
    """Roughly how many entries ``_replay`` may redraw, to pick a single one for the last try.

    Chance outcomes whose numbers look like gifts or named offers are counted too: an index
    past the real ones only makes that try redraw nothing.
    """
    kept = _kept_draws(state, player)
    removals = sum(state.reserve)
    gifts = sum(1 for action in state._history if _is_gift(action))
    offers = sum(1 for action in state._history if A.NAME <= action < A.DISCARD)
    return len(kept) + removals + gifts + offers


def _resample_history(state: T, player: int, rng: random.Random) -> T | None:
    """The replayed copy with hidden past entries redrawn, or None if none could be."""
    candidates = _count_redrawable(state, player)
    if not candidates:
        return None
    for share in HISTORY_ATTEMPTS:
        copy = _replay(state, player, rng, share, -1)
        if copy is not None:
            return copy
    return _replay(state, player, rng, 0.0, rng.randrange(candidates))


# -- the current Trade Phase -----------------------------------------------------------------


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
