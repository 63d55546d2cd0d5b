"""Resampling redraws every item a player cannot see, yet the copy replays to itself.

Each test finds (by play, never by edits: replay needs a true history) a position where another
faction holds a hidden item, resamples it many times from player 0's view and checks that the
item is redrawn (not always the truth) while player 0's observation and legal actions stay the
same and the copy is exactly what its history replays to.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.hidden import _kept_draws, _shuffle_draws
from carthago.games.republic_of_carthage.state import CARDS, HAND, RepublicOfCarthageState
from carthago.games.republic_of_carthage.trade import stack_size
from tests.games.republic_of_carthage.support import first_turn, new, step
from tests.games.republic_of_carthage.test_s6_3_trade import DYE, SALT

VIEWER = 0
RESAMPLES = 30


def _resamples(
    state: RepublicOfCarthageState, count: int = RESAMPLES, seed: int = 1
) -> list[RepublicOfCarthageState]:
    """Resamples from player 0's view, each checked against the contract."""
    rng = random.Random(seed)
    copies = []
    truth = state.observation(VIEWER)
    for _ in range(count):
        copy = state.resample_from_infostate(VIEWER, rng)
        assert copy.observation(VIEWER) == truth
        if state.current_player() == VIEWER:
            assert copy.legal_actions() == state.legal_actions()
        replayed = state.game.replay(copy.history())
        assert replayed.to_dict()["state"] == copy.to_dict()["state"]
        copies.append(copy)
    return copies


def _varies(truth: object, values: list[object]) -> None:
    """The hidden item was redrawn: not always the truth, and more than one value seen."""
    assert any(value != truth for value in values), f"always the truth {truth!r}"
    assert len({json.dumps(value) for value in values}) >= 2


# -- Faction Treasury gifts between two other factions ---------------------------------------


def _is_gift_to(action: int, receiver: int) -> bool:
    if not A.TRANSFER <= action < A.CONTRIBUTE:
        return False
    source, destination, _ = A.decode_transfer(action)
    return source == A.OWN_TREASURY and destination == A.OWN_TREASURY + 1 + receiver


def _gift_game(seed: int) -> tuple[RepublicOfCarthageState, int, int] | None:
    """A game where faction 1 banks a Senator's talents and gives part to faction 2.

    Everybody else passes in the redistribution, so nothing public pins the amount down; the
    game stops at the next Trade Phase. Returns the state, the history index of the gift and
    how many amounts faction 1 could choose from (the gift is one of them, at random).
    """
    state = new(3, 3)
    rng = random.Random(seed)
    gift = choices = -1
    while not (gift >= 0 and state.stage.startswith("trade")):
        if state.is_terminal():
            return None
        who = state.current_player()
        if state.stage != "revenue_redistribute" or who < 0:
            step(state, rng)
            continue
        legal = state.legal_actions()
        choice = A.DONE
        if who == 1 and gift < 0:
            gifts = [a for a in legal if _is_gift_to(a, 2)]
            banks = [
                a
                for a in legal
                if A.TRANSFER <= a < A.CONTRIBUTE
                and A.decode_transfer(a)[0] < A.OWN_TREASURY
                and A.decode_transfer(a)[1:] == (A.OWN_TREASURY, A.AMOUNTS.index(0))
            ]
            if banks:
                choice = banks[0]
            elif gifts:
                choice = rng.choice(gifts)
                gift, choices = len(state.history()), len(gifts)
        state.apply_action(choice)
    return state, gift, choices


def _gift_games(count: int) -> list[tuple[RepublicOfCarthageState, int]]:
    """Games whose gift was one of at least three possible amounts."""
    games = []
    seed = 0
    while len(games) < count:
        found = _gift_game(seed)
        seed += 1
        if found is not None and found[2] >= 3:
            games.append(found[:2])
    return games


def test_gift_amounts_and_other_faction_treasuries_are_redrawn() -> None:
    state, gift = _gift_games(1)[0]
    copies = _resamples(state)
    _varies(state.history()[gift], [copy.history()[gift] for copy in copies])
    _varies(state.faction_treasury[1:], [copy.faction_treasury[1:] for copy in copies])
    # Only faction 1 chose an amount: the total of the two treasuries is what it banked.
    for copy in copies:
        assert sum(copy.faction_treasury[1:]) == sum(state.faction_treasury[1:])
        assert copy.faction_treasury[0] == state.faction_treasury[0]


def test_a_peeking_agent_cannot_read_other_treasuries_from_the_copy() -> None:
    """An agent reading the copy's to_dict() (history included) guesses faction 1's treasury.

    Over games whose gifts were chosen at random, its guess is right about as often as a guess
    among the amounts faction 1 could have given, far from the certainty the truth would give.
    """
    games = _gift_games(12)
    rng = random.Random(5)
    hits = trials = 0
    for state, _ in games:
        for _ in range(5):
            copy = state.resample_from_infostate(VIEWER, rng)
            snapshot = copy.to_dict()
            replayed = state.game.replay(snapshot["history"])
            assert isinstance(replayed, RepublicOfCarthageState)
            guess = snapshot["state"]["faction_treasury"][1]
            assert guess == replayed.faction_treasury[1]
            trials += 1
            hits += guess == state.faction_treasury[1]
    assert trials == 60
    assert hits / trials < 0.5, f"the copy gave the truth away {hits} times in {trials}"


# -- Trade Concessions in other hands --------------------------------------------------------


def _other_concessions(state: RepublicOfCarthageState) -> list[int]:
    return sorted(
        card
        for card, loc in enumerate(state.card_loc)
        if loc in (HAND + 1, HAND + 2) and CARDS[card].kind == "concession"
    )


def test_trade_concessions_in_other_hands_are_redrawn() -> None:
    state = next(s for s in (first_turn(3, seed) for seed in range(40)) if _other_concessions(s))
    copies = _resamples(state)
    _varies(_other_concessions(state), [_other_concessions(copy) for copy in copies])
    for copy in copies:
        # Each hand keeps how many concessions it holds (who is asked to play one shows it).
        for faction in (1, 2):
            held = [c for c in _other_concessions(copy) if copy.card_loc[c] == HAND + faction]
            true = [c for c in _other_concessions(state) if state.card_loc[c] == HAND + faction]
            assert len(held) == len(true)


# -- the Trade cards removed at set-up -------------------------------------------------------


def test_trade_cards_removed_at_set_up_are_redrawn() -> None:
    state = first_turn(3, 2)
    copies = _resamples(state)
    _varies(state.reserve, [copy.reserve for copy in copies])
    for copy in copies:
        assert sum(copy.reserve) == sum(state.reserve)


# -- Trade cards kept from earlier turns -----------------------------------------------------


def _kept(state: RepublicOfCarthageState) -> list[tuple[int, int]]:
    """(history index of the draw, commodity) of cards factions 1 and 2 kept from past turns."""
    origins = _kept_draws(state, VIEWER)
    return sorted(
        (origin, commodity)
        for hand in state.trade_hands[1:]
        for commodity, origin, _ in hand
        if origin in origins
    )


def _first(done: Callable[[RepublicOfCarthageState], bool]) -> RepublicOfCarthageState:
    for seed in range(40):
        state = new(3, 4)
        rng = random.Random(seed)
        while not state.is_terminal():
            if done(state):
                return state
            step(state, rng)
    raise AssertionError("no game reached the wanted position")


def test_trade_cards_kept_from_earlier_turns_are_redrawn() -> None:
    state = _first(lambda s: s.stage == "mortality_draw" and bool(_kept(s)))
    copies = _resamples(state, 40)
    _varies(_kept(state), [_kept(copy) for copy in copies])
    for copy in copies:
        assert [origin for origin, _ in _kept(copy)] == [origin for origin, _ in _kept(state)]
        assert copy.trade_hands[VIEWER] == state.trade_hands[VIEWER]


def _hand_shape(state: RepublicOfCarthageState) -> Counter[tuple[int, bool]]:
    """Hand sizes, and how many set-up concessions each hand holds (a card drawn to hand in the
    Forum Phase is of a kind the others never saw, so it is redrawn among every hand kind)."""
    return Counter(
        (loc, CARDS[card].kind == "concession" and not state.card_forum[card])
        for card, loc in enumerate(state.card_loc)
        if loc >= HAND
    )


def test_resampling_keeps_every_public_total() -> None:
    state = _first(lambda s: s.stage == "trade_sell" and s.turn >= 2)
    for copy in _resamples(state, 10):
        assert copy.treasury == state.treasury
        assert [stack_size(copy, n) for n in range(1, 10)] == [
            stack_size(state, n) for n in range(1, 10)
        ]
        assert [len(hand) for hand in copy.trade_hands] == [len(h) for h in state.trade_hands]
        # Intrigues and Laws are exchanged freely; the number of concessions a hand holds stays.
        assert _hand_shape(copy) == _hand_shape(state)


def test_the_viewers_own_secrets_are_never_redrawn() -> None:
    state = _first(lambda s: s.stage == "trade_sell" and s.turn >= 2)
    own = [c for c, loc in enumerate(state.card_loc) if loc == HAND + VIEWER]
    for copy in _resamples(state, 10):
        assert copy.trade_hands[VIEWER] == state.trade_hands[VIEWER]
        assert copy.faction_treasury[VIEWER] == state.faction_treasury[VIEWER]
        assert [c for c, loc in enumerate(copy.card_loc) if loc == HAND + VIEWER] == own


# -- the contents of trade offers p never saw ------------------------------------------------


def _offer_between_others() -> tuple[RepublicOfCarthageState, list[int]]:
    """A game that played past an offer faction 1 presented to faction 2 (its "add" moves).

    Faction 1 offers to faction 2 whenever it can; everything else is random.
    """
    for seed in range(60):
        state = new(3, 3)
        rng = random.Random(seed)
        adds: list[int] = []
        while not state.is_terminal():
            if adds and state.stage == "trade_sell":
                return state, adds
            offering = state.stage == "trade_offer" and state.current_player() == 1
            if offering and not adds and A.TARGET + 2 in state.legal_actions():
                state.apply_action(A.TARGET + 2)
                continue
            building = state.stage == "trade_offer_build" and state.offer[:2] == (1, 2)
            index = len(state.history())
            step(state, rng)
            if building and state.history()[index] < A.NAME:
                adds.append(index)
    raise AssertionError("no game had an offer between factions 1 and 2")


def test_contents_of_offers_between_other_factions_are_redrawn() -> None:
    state, adds = _offer_between_others()
    truth = [state.history()[i] for i in adds]
    copies = _resamples(state)
    contents = [[copy.history()[i] for i in adds] for copy in copies]
    _varies(sorted(truth), [sorted(c) for c in contents])


def _exchange_between_others() -> RepublicOfCarthageState:
    """A game just after factions 1 and 2 exchanged cards (1 offers, 2 counters, 1 accepts)."""
    for seed in range(60):
        state = new(3, 3)
        rng = random.Random(seed)
        while not state.is_terminal():
            if any(
                drawer not in (f, VIEWER)
                for f, hand in enumerate(state.trade_hands)
                if f != VIEWER
                for *_, drawer in hand
            ):
                return state
            who, stage = state.current_player(), state.stage
            forced = {
                "trade_offer": A.TARGET + 2 if who == 1 else -1,
                "trade_offer_reply": A.COUNTER if state.offer[:2] == (1, 2) else -1,
                "trade_offer_confirm": A.YES if state.offer[:2] == (1, 2) else -1,
            }.get(stage, -1)
            if forced in state.legal_actions():
                state.apply_action(forced)
            else:
                step(state, rng)
    raise AssertionError("no game had an exchange between factions 1 and 2")


def test_cards_exchanged_between_other_factions_are_redrawn() -> None:
    state = _exchange_between_others()

    def exchanged(copy: RepublicOfCarthageState) -> list[tuple[int, int, int]]:
        return sorted(card for f in (1, 2) for card in copy.trade_hands[f] if card[2] != f)

    assert exchanged(state)
    copies = _resamples(state)
    _varies(exchanged(state), [exchanged(copy) for copy in copies])
    for copy in copies:
        assert len(exchanged(copy)) == len(exchanged(state))


def test_which_draw_became_a_sold_card_is_hidden() -> None:
    """Faction 1 drew twice from stack 3 (Salt then Dye), sold the Salt and kept the Dye: the
    sold Salt goes back on either draw at random and the other draw is redrawn; a faction's
    single draw from a stack and player 0's own draws are left alone."""
    history = [0] * 10 + [SALT, DYE, SALT, DYE]
    schedule = [(10, 1, 3), (11, 1, 3), (12, 2, 3), (13, 0, 3)]
    kept = {11, 12}
    places: Counter[int] = Counter()
    for seed in range(40):
        planned, redraw = _shuffle_draws(schedule, history, VIEWER, kept, random.Random(seed), 1)
        assert list(planned.values()) == [SALT]
        assert set(planned) | redraw == {10, 11}
        assert not set(planned) & redraw
        places[next(iter(planned))] += 1
    assert places[10] and places[11]
