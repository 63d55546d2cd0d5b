"""Hidden information: resting cards, unseen territory cards and face-down army cards never
reach a player who may not see them, and resampling redraws exactly those."""

from __future__ import annotations

import json
import random

from carthago.games.total_war_cards.state import TotalWarCardsState

from .helpers import (
    CARD,
    CARTHAGE,
    ROME,
    chance,
    edited,
    first,
    place,
    play_out_hands,
    setup,
    tech_card,
)

HIDDEN = CARD["Merchant of Leptis"]  # dealt face down in turn 2
OTHER = CARD["Trade Route of Leptis"]  # still in the deck
TURN_TWO = (CARD["Aedui"], CARD["Tarraco"], CARD["Aricia"], CARD["Merchant of Utica"], HIDDEN)


def _position() -> TotalWarCardsState:
    """Turn 2: Carthage (Classiarius; Ars Militaris tier 2 since turn 1) has played 3 face
    down at slot A, after Rome's 2 there."""
    state = setup()
    first(state, ROME)
    place(state, 1, 0)
    tech_card(state, 2, "Castra")
    play_out_hands(state)
    chance(state, 1, 2, 3, 1, 1, 2, *TURN_TWO)
    assert state.turn == 2 and state.hidden_left == [0, 1]
    first(state, ROME)
    place(state, 2, 0)
    place(state, 3, 0, face_down=True)
    assert state.hidden_left[CARTHAGE] == 0
    return state


def _same_for(one: TotalWarCardsState, two: TotalWarCardsState, viewer: int | None) -> bool:
    return one.observation(viewer) == two.observation(viewer)


def test_leak_resting_cards_hidden_from_the_opponent() -> None:
    state = _position()
    assert state.resting[CARTHAGE] == (1, 1, 2)
    # Carthage rests 1, 2, 3 instead and holds a 1 where it held a 3.
    hand = list(state.hands[CARTHAGE])
    hand[hand.index(3)] = 1
    twin = edited(state, resting=[list(state.resting[ROME]), [1, 2, 3]],
                  hands=[list(state.hands[ROME]), sorted(hand)])  # fmt: skip
    assert _same_for(state, twin, ROME)
    assert _same_for(state, twin, None)
    assert not _same_for(state, twin, CARTHAGE)


def test_leak_face_down_territory_hidden_except_from_the_classiarius_holder() -> None:
    state = _position()
    assert state.holders[1] == CARTHAGE
    in_play = [OTHER if t == HIDDEN else t for t in state.in_play]
    deck = sorted(HIDDEN if t == OTHER else t for t in state.deck)
    twin = edited(state, in_play=in_play, deck=deck, hidden_territory=OTHER)
    assert _same_for(state, twin, ROME)
    assert _same_for(state, twin, None)
    assert not _same_for(state, twin, CARTHAGE)
    for viewer in (ROME, None):
        text = json.dumps(state.observation(viewer))
        assert "Merchant of Leptis" not in text
    assert "Merchant of Leptis" in json.dumps(state.observation(CARTHAGE))


def test_leak_discards_hidden_from_everyone() -> None:
    state = _position()
    deck = sorted(CARD["Boii"] if t == OTHER else t for t in state.deck)
    assert OTHER in state.deck
    twin = edited(state, discards=[OTHER, CARD["Onuba"]], deck=deck)
    for viewer in (None, ROME, CARTHAGE):
        assert _same_for(state, twin, viewer)
        text = json.dumps(state.observation(viewer))
        assert "Boii" not in text and "Onuba" not in text


def test_leak_face_down_army_card_hidden_from_the_opponent() -> None:
    state = _position()
    placed = [list(p) for p in state.placed]
    assert placed[1] == [CARD["Emporion"], CARTHAGE, 3, True]
    placed[1][2] = 4
    hand = list(state.hands[CARTHAGE])
    hand[hand.index(4)] = 3
    twin = edited(state, placed=placed, hands=[list(state.hands[ROME]), sorted(hand)])
    assert _same_for(state, twin, ROME)
    assert _same_for(state, twin, None)
    assert not _same_for(state, twin, CARTHAGE)
    assert state.observation(ROME)["territories"][0]["armies"] == [[2], [None]]


def test_resample_redraws_only_what_the_player_cannot_see() -> None:
    state = _position()
    hidden_seen: set[int] = set()
    face_down_values: set[int] = set()
    discards: set[tuple[int, ...]] = set()
    for seed in range(30):
        view = state.resample_from_infostate(ROME, random.Random(seed))
        assert view.observation(ROME) == state.observation(ROME)
        assert view.hands[ROME] == state.hands[ROME]
        assert view.in_play[:-1] == state.in_play[:-1]
        hidden_seen.add(view.hidden_territory)
        face_down_values.add(next(v for _, p, v, down in view.placed if down))
        discards.add(view.discards)
        assert view.game.replay(view.history()).to_dict()["state"] == view.to_dict()["state"]
    assert len(hidden_seen) > 1
    assert len(face_down_values) > 1
    assert len(discards) > 1


def test_resample_keeps_what_classiarius_shows_its_holder() -> None:
    state = _position()
    for seed in range(10):
        view = state.resample_from_infostate(CARTHAGE, random.Random(seed))
        assert view.hidden_territory == HIDDEN
        assert view.placed == state.placed
        assert view.hands[CARTHAGE] == state.hands[CARTHAGE]
        # Rome's resting cards are unknown to Carthage: they vary, Rome's hand with them.
        assert sorted(view.hands[ROME] + view.resting[ROME]) == sorted(
            state.hands[ROME] + state.resting[ROME]
        )
