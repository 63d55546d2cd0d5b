"""Setup Phase (rulebook "Setup Phase", steps 1-5)."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards.state import ORDER, PICK

from .helpers import (
    CARD,
    CARTHAGE,
    DEAL,
    DISCARDS,
    RESTS,
    ROME,
    TECH,
    chance,
    new_state,
    pick,
    setup,
)


def test_setup_step2_three_random_resting_cards_per_player_are_chance_draws() -> None:
    state = new_state()
    assert state.current_player() == carthago.CHANCE
    # Rome's first resting card is drawn from the whole deck, in proportion to the copies.
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {1: 1 / 11, 2: 2 / 11, 3: 3 / 11, 4: 3 / 11, 5: 2 / 11}
    chance(state, 5, 5)
    assert dict(state.chance_outcomes()) == {1: 1 / 9, 2: 2 / 9, 3: 3 / 9, 4: 3 / 9}
    chance(state, 4, *RESTS[1])
    assert state.resting == [(4, 5, 5), (5, 5, 6)]
    assert state.hands == [(1, 2, 2, 3, 3, 3, 4, 4), (1, 1, 2, 2, 3, 3, 4, 4)]
    assert [len(h) + len(r) for h, r in zip(state.hands, state.resting, strict=True)] == [11, 11]


def test_setup_step2_resting_values_hidden_from_both_players() -> None:
    state = new_state()
    chance(state, *RESTS[0], *RESTS[1])
    for viewer in (None, ROME, CARTHAGE):
        observation = state.observation(viewer)
        assert observation["resting_counts"] == [3, 3]
        assert "resting" not in observation
    assert state.observation(ROME)["hand"] == [1, 2, 2, 3, 3, 3, 4, 4]
    assert state.observation(CARTHAGE)["hand"] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_setup_step3_two_territories_discarded_unseen() -> None:
    state = new_state()
    chance(state, *RESTS[0], *RESTS[1], *DISCARDS)
    assert state.discards == DISCARDS
    assert len(state.deck) == 30
    for viewer in (None, ROME, CARTHAGE):
        text = str(state.observation(viewer))
        assert "Boii" not in text and "Onuba" not in text
        assert state.observation(viewer)["discarded"] == 2


def test_setup_step4_four_face_up_one_face_down() -> None:
    state = new_state()
    chance(state, *RESTS[0], *RESTS[1], *DISCARDS, *DEAL)
    assert state.in_play == DEAL
    assert state.hidden_territory == CARD["Trade Route of Carthago"]
    rows = state.observation(None)["territories"]
    assert [r["face_down"] for r in rows] == [False, False, False, False, True]
    assert rows[4]["card"] is None and rows[4]["label"] == "face-down territory"


@pytest.mark.parametrize("picks", [1, 2])
@pytest.mark.parametrize("coin", [ROME, CARTHAGE])
def test_setup_step5_coin_winner_picks_first_then_alternate(coin: int, picks: int) -> None:
    state = new_state(setup_picks=picks)
    chance(state, *RESTS[0], *RESTS[1], *DISCARDS, *DEAL)
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    chance(state, coin)
    order = []
    for name in ("Agricultura", "Navigia", "Gladius", "Disciplina")[: 2 * picks]:
        assert state.phase == PICK
        order.append(state.current_player())
        pick(state, name)
    assert order == [coin, 1 - coin] * picks
    assert state.phase != PICK


def test_setup_step5_only_unclaimed_tier_one_technologies() -> None:
    state = new_state()
    chance(state, *RESTS[0], *RESTS[1], *DISCARDS, *DEAL, ROME)
    assert state.legal_actions() == [
        act.TECH + TECH[n] for n in ("Agricultura", "Navigia", "Gladius", "Disciplina")
    ]
    pick(state, "Navigia")
    assert act.TECH + TECH["Navigia"] not in state.legal_actions()
    with pytest.raises(carthago.IllegalActionError):
        pick(state, "Navigia")
    with pytest.raises(carthago.IllegalActionError):
        pick(state, "Scriptura")


def test_setup_step5_one_pick_each_by_default_two_cards_with_nobody() -> None:
    # Setup Phase 5: the players take turns marking a tier-one technology, then each gets the
    # special ability card that goes with it: one pick and one card each.
    state = setup(new_state(), picks=("Navigia", "Disciplina"))
    assert state.game.options["setup_picks"] == 1
    assert state.holders == [-1, ROME, -1, CARTHAGE]
    # Nobody holds Humanitas: the coin's winner places first, no turn-order choice is asked.
    assert state.phase != ORDER
    assert state.current_player() == ROME and state.starter == ROME


def test_setup_step5_one_pick_each_by_default_coin_loser_may_take_humanitas() -> None:
    state = setup(new_state(), coin=CARTHAGE, picks=("Navigia", "Agricultura"))
    assert state.holders == [ROME, CARTHAGE, -1, -1]
    assert state.phase == ORDER and state.current_player() == ROME


def test_setup_option_two_picks_each_hands_out_all_four_cards() -> None:
    state = setup(new_state(setup_picks=2))
    assert state.holders == [ROME, CARTHAGE, ROME, CARTHAGE]
    assert state.turn == 1
    # Rome holds Humanitas, so it chooses the turn order first thing.
    assert state.phase == ORDER and state.current_player() == ROME
