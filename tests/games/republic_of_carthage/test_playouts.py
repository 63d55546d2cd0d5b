"""Random full games: invariants, determinism, replay, illegal actions."""

from __future__ import annotations

import random

import pytest

import carthago
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.state import (
    CARDS,
    N_PERSONS,
    OUT,
    UNITS,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import new, step

TRADE_CARDS = sum(c.count for c in COMPONENTS.commodities)


def _private(state: RepublicOfCarthageState) -> int:
    return sum(state.talents) + sum(state.faction_treasury) + sum(state.trade_income)


def _check(state: RepublicOfCarthageState) -> None:
    held = sum(len(hand) for hand in state.trade_hands)
    away = sum(state.reserve) + sum(state.to_return) + sum(state.pirated)
    assert sum(state.stack) + away + held == TRADE_CARDS
    assert min(state.stack) >= 0 and min(state.reserve) >= 0
    assert min(state.talents) >= 0 and min(state.faction_treasury) >= 0
    for person in range(N_PERSONS):
        in_faction = state.owner[person] >= 0
        assert in_faction == (state.ploc[person] != OUT)
    if state.turn == 0:
        return  # the cup, the forces and the leaders are set during Prepare to Play
    assert sum(state.cup) + len(state.drawn_chits) == 31
    for unit in range(len(UNITS)):
        total = (
            state.unit_pool[unit]
            + state.unit_active[unit]
            + state.unit_unavailable[unit]
            + state.rebel_units[unit]
        )
        assert total == UNITS[unit].total
    for faction in range(state.rg.num_factions):
        leader = state.faction_leader[faction]
        assert leader in state.faction_persons(faction)
    assert len(CARDS) == len(state.card_loc)


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (3, 1), (1, 2), (6, 3), (2, 4)])
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    state = new(players, 3)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = _private(state)
        treasury = state.treasury
        acting = state.current_player() >= 0
        action = -1
        if acting:
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
        else:
            step(state, rng)
        _check(state)
        if acting and A.TRANSFER <= action < A.CONTRIBUTE:
            assert _private(state) == before and state.treasury == treasury
        if acting and A.CONTRIBUTE <= action < A.ALLOCATE:
            assert before - _private(state) == state.treasury - treasury > 0
    assert state.ended
    assert len(state.history()) <= state.game.max_game_length


def test_same_seed_same_game_and_replay() -> None:
    def play(seed: int) -> RepublicOfCarthageState:
        state = new(3, 2)
        rng = random.Random(seed)
        while not state.is_terminal():
            step(state, rng)
        return state

    first, second = play(11), play(11)
    assert first.history() == second.history() and first.to_dict() == second.to_dict()
    replayed = first.game.replay(first.history())
    assert replayed.to_dict() == first.to_dict()


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    state = new(3)
    rng = random.Random(0)
    while state.current_player() < 0:
        step(state, rng)
    before = state.to_dict()
    illegal = next(a for a in range(A.NUM_ACTIONS) if a not in state.legal_actions())
    with pytest.raises(carthago.IllegalActionError, match="not legal"):
        state.apply_action(illegal)
    assert state.to_dict() == before


def test_turn_limit_ends_on_influence() -> None:
    state = new(3, 1)
    rng = random.Random(5)
    while not state.is_terminal():
        step(state, rng)
    assert state.ended == "turn limit 1" and state.turn == 1
    totals = [sum(state.inf[p] for p in state.faction_persons(f)) for f in range(3)]
    winners = [f for f, t in enumerate(totals) if t == max(totals)]
    assert [f for f, r in enumerate(state.returns()) if r == 1.0] == winners
