"""Random-playout fuzzing with the invariants of the box, the cards and the rules; replay,
determinism and illegal actions on Punica states."""

from __future__ import annotations

import random

import pytest

import carthago
from carthago.games.punica import actions as act
from carthago.games.punica.cards import cards_in
from carthago.games.punica.components import CARDS_PER_SIDE, CARTHAGE, NUM_REGIONS
from carthago.games.punica.movement import contested
from carthago.games.punica.state import ACTION, CARD, PunicaState


def totals(state: PunicaState, side: int) -> tuple[int, int]:
    armies = sum(state.units[side][r] for r in range(NUM_REGIONS))
    if side == CARTHAGE and state.hannibal >= 0:
        armies += 1
    fleets = sum(state.units[side][s] for s in state.board.seas)
    return armies, fleets


def check_invariants(state: PunicaState) -> None:
    box = state.board.box
    for side in (0, 1):
        assert min(state.units[side]) >= 0
        armies, fleets = totals(state, side)
        assert armies <= box.armies[side] + box.hannibal[side]
        assert fleets <= box.fleets[side]
        hand, played, committed = state.hand[side], state.played[side], state.committed[side]
        assert hand & played == 0
        held = len(cards_in(hand)) + len(cards_in(played)) + (committed >= 0)
        assert held == CARDS_PER_SIDE
        if committed >= 0:
            assert not ((hand | played) >> committed) & 1
    if state.phase == ACTION and not state.is_terminal():
        assert not any(
            contested(state.units, state.hannibal, a) for a in range(state.board.num_areas)
        )
    assert state.turn <= state.max_turns


@pytest.mark.parametrize("edition", ["en", "pl"])
def test_random_playouts_keep_every_invariant(edition: str) -> None:
    game = carthago.load("punica", edition=edition)
    for seed in range(25):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, PunicaState)
        while not state.is_terminal():
            check_invariants(state)
            action = rng.choice(state.legal_actions())
            kind = act.decode(action).kind
            phase = state.phase
            before = [totals(state, side) for side in (0, 1)]
            mover = state.current_player()
            state.apply_action(action)
            after = [totals(state, side) for side in (0, 1)]
            for side in (0, 1):
                # Units never appear; fleets only come back by deployment, paid by an army.
                assert after[side][0] <= before[side][0]
                if kind == "deploy" and side == mover:
                    assert after[side][0] == before[side][0] - 1
                    assert after[side][1] <= before[side][1] + 1
                else:
                    assert after[side][1] <= before[side][1]
                # A movement or card played (no battle resolved yet) removes nothing.
                if phase in (ACTION, CARD) and kind in ("army", "fleet", "play", "pass"):
                    assert after[side] == before[side]
        check_invariants(state)
        assert len(state.history()) <= game.max_game_length
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


def test_replay_and_determinism_on_long_games() -> None:
    game = carthago.load("punica", edition="pl")
    rng = random.Random(11)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.replay(state.history())
    assert again.to_dict() == state.to_dict()
    assert again.observation(0) == state.observation(0)


def test_illegal_action_names_the_reason_and_changes_nothing() -> None:
    state = carthago.load("punica").new_initial_state()
    before = state.to_dict()
    with pytest.raises(carthago.IllegalActionError, match="not legal for Carthage"):
        state.apply_action(act.army_move(0, 1, False))  # a Roman army, Carthage to move
    with pytest.raises(carthago.IllegalActionError):
        state.string_to_action("move army ROM-ETR")
    assert state.to_dict() == before
