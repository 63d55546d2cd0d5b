"""Trades of hand cards and Intrigues in step 2 of the Revolution Phase (rules §6.7.2), the
Neutral factions' answers (§9), and what third parties see and resample of a trade."""

from __future__ import annotations

import random

import pytest

from carthago.games.republic_of_carthage import card_play
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.hand_trades import MAX_OFFERS, hand
from carthago.games.republic_of_carthage.state import CARDS, DISCARD, HAND, NEUTRAL_ROLES
from carthago.games.republic_of_carthage.tensor import encode
from tests.games.republic_of_carthage.combat_support import S, quiet_state
from tests.games.republic_of_carthage.support import new, quiet_senate, step
from tests.games.republic_of_carthage.test_s6_7_revolution import revolution


def _cards(kind: str, count: int) -> list[int]:
    """The first ``count`` cards of ``kind``, of different names where the kind allows."""
    first = {c.id: i for i, c in reversed(list(enumerate(CARDS))) if c.kind == kind}
    chosen = sorted(first.values())[:count]
    rest = [i for i, c in enumerate(CARDS) if c.kind == kind and i not in chosen]
    return sorted(chosen + rest[: count - len(chosen)])


def _effect(effect: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.kind == "intrigue" and effect_of(i) == effect)


def effect_of(card: int) -> str:
    return C.hand_cards[CARDS[card].id].effect


def _deal(state: S, faction: int, cards: list[int]) -> None:
    for card in cards:
        state.card_loc[card] = HAND + faction


def _offer(state: S, receiver: int, give: list[int], ask: int = 0) -> None:
    state.apply_action(K.offer_to(receiver))
    for card in give:
        state.apply_action(K.give_card(card))
    for _ in range(ask):
        state.apply_action(K.ASK)
    state.apply_action(K.DONE)


def _two_hands() -> tuple[S, list[int], list[int]]:
    """Faction 0 to act in step 2 with two Intrigues, faction 1 with one Law."""
    state = quiet_state()
    mine, theirs = _cards("intrigue", 2), _cards("law", 1)
    _deal(state, 0, mine)
    _deal(state, 1, theirs)
    revolution(state, hand_of=0)
    assert state.stage == "revolution_cards" and state.current_player() == 0
    return state, mine, theirs


def test_s6_7_2_an_accepted_offer_exchanges_the_cards_asked_for() -> None:
    state, mine, theirs = _two_hands()
    assert K.offer_to(1) in state.legal_actions() and K.offer_to(0) not in state.legal_actions()
    _offer(state, 1, [mine[0]], ask=1)
    assert state.stage == "revolution_trade_answer" and state.current_player() == 1
    assert state.legal_actions() == [K.ACCEPT, K.DECLINE]
    state.apply_action(K.ACCEPT)
    # The receiver picks the card he gives back from his own hand.
    assert state.current_player() == 1 and state.legal_actions() == [K.give_card(theirs[0])]
    state.apply_action(K.give_card(theirs[0]))
    assert hand(state, 0) == sorted([mine[1], theirs[0]]) and hand(state, 1) == [mine[0]]
    assert state.stage == "revolution_cards" and state.current_player() == 0


def test_s6_7_2_a_declined_offer_changes_nothing() -> None:
    state, mine, theirs = _two_hands()
    _offer(state, 1, mine)
    state.apply_action(K.DECLINE)
    assert hand(state, 0) == mine and hand(state, 1) == theirs
    assert state.current_player() == 0 and K.DONE in state.legal_actions()


def test_s6_7_2_an_offer_gives_and_asks_only_what_the_hands_hold() -> None:
    state, mine, theirs = _two_hands()
    state.apply_action(K.offer_to(1))
    state.apply_action(K.ASK)
    # Faction 1 holds one card: a second cannot be asked; each own card is given once.
    state.apply_action(K.give_card(mine[0]))
    legal = state.legal_actions()
    assert K.ASK not in legal and K.give_card(mine[0]) not in legal
    assert K.give_card(mine[1]) in legal and K.give_card(theirs[0]) not in legal


def test_s6_7_2_an_empty_offer_is_withdrawn_and_offers_are_bounded() -> None:
    state, _, _ = _two_hands()
    for _ in range(MAX_OFFERS):
        state.apply_action(K.offer_to(1))
        state.apply_action(K.DONE)
        assert state.stage == "revolution_cards" and state.current_player() == 0
    assert not [a for a in state.legal_actions() if K.decode(a)[0] == "offer"]


def test_s6_7_2_a_trade_pushing_a_finished_faction_over_five_makes_it_discard() -> None:
    state = quiet_state()
    revolution(state, hand_of=0)
    order = list(state.order)
    first, later = order[0], order[1]
    _deal(state, first, _cards("intrigue", 5))
    _deal(state, later, _cards("law", 2))
    state.pos = 0
    state.apply_action(K.DONE)  # the first faction finishes its turn with five cards
    while state.current_player() != later:
        state.apply_action(K.DONE)
    _offer(state, first, _cards("law", 1))
    state.apply_action(K.ACCEPT)
    assert state.stage == "revolution_trade_discard" and state.current_player() == first
    state.apply_action(K.drop_card(_cards("intrigue", 1)[0]))
    assert len(hand(state, first)) == 5 and state.card_loc[_cards("intrigue", 1)[0]] == DISCARD
    assert state.stage == "revolution_cards" and state.current_player() == later


def test_s6_7_2_intrigues_playable_in_the_step_not_during_an_open_trade() -> None:
    state = quiet_state()
    rumour, peddling = _effect("rumour"), _effect("influence_peddling")
    _deal(state, 0, [rumour])
    _deal(state, 1, [peddling, *_cards("law", 1)])
    state.pop[state.faction_persons(1)[0]] = 4  # a target for the Rumour
    revolution(state, hand_of=0)
    assert card_play.PLAY + rumour in state.legal_actions()
    state.apply_action(K.offer_to(1))
    assert card_play.PLAY + rumour not in state.legal_actions()
    state.apply_action(K.ASK)
    state.apply_action(K.DONE)
    assert state.current_player() == 1
    assert not [a for a in state.legal_actions() if a >= card_play.PLAY]
    state.apply_action(K.ACCEPT)
    assert not [a for a in state.legal_actions() if a >= card_play.PLAY]
    state.apply_action(K.give_card(_cards("law", 1)[0]))
    # The offer is closed: faction 0 may play its Intrigue again, in this step.
    assert state.stage == "revolution_cards" and state.current_player() == 0
    assert card_play.PLAY + rumour in state.legal_actions()
    state.apply_action(card_play.PLAY + rumour)
    assert state.card_loc[rumour] == DISCARD


def _observations(give_first: bool) -> tuple[S, S]:
    state, mine, _ = _two_hands()
    state.apply_action(K.offer_to(1))
    state.apply_action(K.give_card(mine[0] if give_first else mine[1]))
    building = state.clone()
    state.apply_action(K.DONE)
    return building, state


def test_s6_7_2_a_trade_between_players_is_secret_to_third_parties() -> None:
    first_building, first = _observations(True)
    second_building, second = _observations(False)
    # A third party sees the offer and its size, never its cards; the receiver sees them once
    # the offer is presented, not while it is built.
    assert first.observation(2) == second.observation(2)
    assert first.observation(2)["hand_offer"]["cards_given"] == 1
    assert first.observation(2)["hand_offer"]["given"] is None
    assert first_building.observation(1) == second_building.observation(1)
    assert first.observation(1) != second.observation(1)
    assert first.observation(1)["hand_offer"]["given_cards"] == [_two_hands()[1][0]]
    assert encode(first.game, first.observation(2)) == encode(second.game, second.observation(2))
    assert encode(first.game, first.observation(1)) != encode(second.game, second.observation(1))
    first.apply_action(K.ACCEPT)
    second.apply_action(K.ACCEPT)
    assert first.observation(2) == second.observation(2)
    assert first.observation(None) == second.observation(None)
    assert first.observation(0) != second.observation(0) or first.card_loc != second.card_loc


# -- Neutral factions (§9) ---------------------------------------------------------------------


def _neutral_table(role: str) -> tuple[S, int]:
    """Two players; faction 0 acts in step 2; Neutral faction 2 plays ``role``."""
    state = quiet_state(players=2)
    state.neutral_role[2] = NEUTRAL_ROLES.index(role)
    return state, 2


@pytest.mark.parametrize(
    ("role", "given", "asked", "accepts"),
    [
        ("Conservatives", 2, 0, False),
        ("Populists", 1, 1, True),
        ("Imperials", 1, 1, True),
        ("Plutocrats", 1, 1, False),
        ("Plutocrats", 2, 1, True),
    ],
)
def test_s9_neutrals_answer_offers_of_hand_cards_by_role(
    role: str, given: int, asked: int, accepts: bool
) -> None:
    state, neutral = _neutral_table(role)
    mine = _cards("intrigue", 2)
    theirs = [*_cards("law", 1), *_cards("event", 1)]
    _deal(state, 0, mine)
    _deal(state, neutral, theirs)
    revolution(state, hand_of=0)
    _offer(state, neutral, mine[:given], ask=asked)
    assert state.stage == "revolution_cards" and state.current_player() == 0
    if accepts:
        # It gives back the card it wants least (an Event before a Law).
        assert set(hand(state, neutral)) == {*mine[:given], *theirs[: 2 - asked]}
    else:
        assert hand(state, neutral) == sorted(theirs)
    # An offer with a Neutral is open to all, like its hand.
    log = " ".join(state.log(1)[-3:])
    assert C.hand_cards[CARDS[mine[0]].id].name in log


def test_s9_a_neutral_over_the_limit_gives_its_excess_to_a_player() -> None:
    state, neutral = _neutral_table("Imperials")
    cards = [*_cards("intrigue", 5), *_cards("event", 2)]
    _deal(state, neutral, cards)
    revolution(state, hand_of=0)
    while state.stage == "revolution_cards" and state.human(state.current_player()):
        state.apply_action(K.DONE)
    # The Neutral's offer waits on the first player clockwise from it, asking nothing.
    assert state.stage == "revolution_trade_answer"
    offer = state.observation(0)["hand_offer"]
    assert offer["cards_given"] == 2 and offer["cards_asked"] == 0
    assert sorted(offer["given"]) == sorted(C.hand_cards[CARDS[c].id].name for c in cards[5:])
    taker = state.current_player()
    state.apply_action(K.ACCEPT)
    # It then goes on with its turn (it may play its Intrigues) within the limit.
    assert set(hand(state, taker)) >= set(cards[5:]) and len(hand(state, neutral)) <= 5


# -- resampling after a trade ------------------------------------------------------------------


def _step_two(players: int, seed: int) -> S:
    """A real game (random play, a quiet Senate) at a player's turn of step 2."""
    state = new(players)
    rng = random.Random(seed)
    while not (state.stage == "revolution_cards" and state.current_player() >= 0):
        assert not state.is_terminal()
        if not quiet_senate(state):
            step(state, rng)
    return state


def _traded_game(seed: int = 3) -> tuple[S, int, int, int, int]:
    """A real game at step 2 after faction ``giver`` gave card ``card`` to ``taker`` and got one
    back; ``third`` saw the trade only. Returns (state, giver, taker, third, card)."""
    state = _step_two(3, seed)
    giver = state.current_player()
    taker = next(f for f in state.order if f != giver and hand(state, f))
    third = next(f for f in range(3) if f not in (giver, taker))
    assert hand(state, giver), "the giver needs a card"
    card = hand(state, giver)[0]
    _offer(state, taker, [card], ask=1)
    state.apply_action(K.ACCEPT)
    state.apply_action(K.give_card(hand(state, taker)[0]))
    assert state.card_loc[card] == HAND + taker and state.current_player() == giver
    return state, giver, taker, third, card


def test_s6_7_2_resampling_after_a_trade_keeps_what_each_side_saw() -> None:
    state, giver, taker, _, card = _traded_game()
    for seed in range(12):
        for viewer in (giver, taker):
            copy = state.resample_from_infostate(viewer, random.Random(seed))
            assert copy.observation(viewer) == state.observation(viewer)
            # Both sides know where the traded card went.
            assert copy.card_loc[card] == HAND + taker
        copy = state.resample_from_infostate(giver, random.Random(seed))
        assert copy.legal_actions() == state.legal_actions()


def test_s6_7_2_resampling_redraws_a_trade_a_third_party_did_not_see() -> None:
    state, _, taker, third, card = _traded_game()
    held_elsewhere = 0
    for seed in range(12):
        copy = state.resample_from_infostate(third, random.Random(seed))
        assert copy.observation(third) == state.observation(third)
        replayed = state.game.replay(copy.history())
        assert replayed.observation(third) == state.observation(third)
        assert sorted(hand(replayed, taker)) == sorted(hand(copy, taker))
        held_elsewhere += copy.card_loc[card] != HAND + taker
    assert held_elsewhere, "the card given is redrawn for a player who did not see it"


def test_s6_7_2_an_offer_to_a_neutral_is_hidden_until_presented_then_open() -> None:
    state = _step_two(2, 1)
    offerer = state.current_player()
    other, neutral = 1 - offerer, 2
    card = hand(state, offerer)[0]
    state.apply_action(K.offer_to(neutral))
    state.apply_action(K.give_card(card))
    assert state.observation(other)["hand_offer"]["given"] is None
    for seed in range(6):
        copy = state.resample_from_infostate(other, random.Random(seed))
        assert copy.observation(other) == state.observation(other)
        assert state.game.replay(copy.history()).to_dict()["state"] == copy.to_dict()["state"]
    state.apply_action(K.DONE)
    # Presented to a Neutral (who answers at once): every player read the card, and
    # resampling keeps it where it is.
    assert card_play.card_name(card) in " ".join(state.log(other)[-3:])
    for seed in range(6):
        copy = state.resample_from_infostate(other, random.Random(seed))
        assert copy.card_loc[card] == state.card_loc[card]
        assert copy.observation(other) == state.observation(other)
