"""Resampling between decisions carries the last copy on (``hidden.Infostate``).

A driver asks for a copy at each of a player's decisions on the one true state; the copy drawn at
the last decision is carried on over the entries added since, each hidden one drawn afresh, and
kept when the player still cannot tell it from the truth. These tests hold it to the same contract
as a whole replay: the copy fits the view, replays to itself, reads no hidden value and redraws
what is hidden.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path

import carthago
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import hidden
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.hidden import (
    DROPS,
    Infostate,
    _extend,
    _FactsWalk,
    _secret_cards,
)
from carthago.games.republic_of_carthage.hidden_fallback import COUNTS
from carthago.games.republic_of_carthage.state import RepublicOfCarthageState
from tests.games.republic_of_carthage.support import new, step
from tests.games.republic_of_carthage.test_resampling import VIEWER, _twin, _varies


def _check(state: RepublicOfCarthageState, copy: RepublicOfCarthageState) -> None:
    assert copy.observation(VIEWER) == state.observation(VIEWER)
    if state.current_player() == VIEWER:
        assert copy.legal_actions() == state.legal_actions()
    replayed = state.game.replay(copy.history())
    assert replayed.to_dict()["state"] == copy.to_dict()["state"]


def test_copies_carried_on_between_decisions_fit_the_view_and_replay_to_themselves() -> None:
    """A random three-player game resampled at every decision of player 0, as a driver does:
    each copy fits the view and is what its history replays to, and most are carried on."""
    COUNTS.reset()
    state = new(3, 3)
    rng, agent = random.Random(4), random.Random(5)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == VIEWER:
            copy = state.resample_from_infostate(VIEWER, agent)
            decisions += 1
            if decisions % 7 == 0:
                _check(state, copy)
        step(state, rng)
    assert decisions > 100
    # Every decision after the first tries to carry the kept copy on; most succeed.
    assert COUNTS.carry_tried == decisions - 1
    assert COUNTS.carried > 0.8 * COUNTS.carry_tried


def _since_last_decision(
    found: Callable[[RepublicOfCarthageState, int], list[int]], players: int = 3
) -> Iterator[tuple[RepublicOfCarthageState, int, Infostate]]:
    """True states at decisions of player 0 where ``found(state, since)`` names an entry made
    since player 0's last decision; with that entry's index and player 0's kept memory."""
    for seed in range(40):
        state = new(players, 3)
        rng, agent = random.Random(seed), random.Random(seed + 100)
        while not state.is_terminal():
            if state.current_player() == VIEWER:
                memory = state.infostates.get(VIEWER)
                if memory is not None and memory.copy is not None:
                    entries = found(state, memory.length)
                    if entries:
                        yield state.clone(), entries[0], memory
                state.resample_from_infostate(VIEWER, agent)
            step(state, rng)


def _draw_since_last_decision() -> tuple[RepublicOfCarthageState, int, Infostate]:
    """A hidden Trade card draw of another faction since player 0's last decision."""
    return next(
        _since_last_decision(
            lambda state, since: [i for i in _public_facts_of(state).draws if i >= since]
        )
    )


def _traded_among_others(state: RepublicOfCarthageState, since: int) -> list[int]:
    """History indices of hand cards given in trades between two humans other than player 0."""
    traded = state.traded
    return [
        traded[i]
        for i in range(0, len(traded), 4)
        if traded[i] >= since
        and VIEWER not in traded[i + 2 : i + 4]
        and all(map(state.human, traded[i + 2 : i + 4]))
    ]


def _public_facts_of(state: RepublicOfCarthageState) -> hidden._Facts:
    walk = _FactsWalk(state, VIEWER)
    walk.advance(state)
    return walk.facts()


def _carried_on(
    state: RepublicOfCarthageState, memory: Infostate, seed: int
) -> RepublicOfCarthageState | None:
    """Player 0's kept copy carried on over ``state``'s new entries, from a copy of the memory."""
    assert memory.copy is not None
    fresh = Infostate(_FactsWalk(state, VIEWER), memory.copy.clone(), memory.length)
    fresh.walk.advance(state)
    return _extend(state, VIEWER, fresh.walk.facts(), fresh, random.Random(seed))


def test_a_carried_on_copy_redraws_the_new_hidden_draws() -> None:
    """Another faction's Trade card draw made since player 0's last decision is drawn afresh in
    the carried-on copy: not always the truth."""
    state, index, memory = _draw_since_last_decision()
    copies = [_carried_on(state, memory, seed) for seed in range(40)]
    drawn = [copy.history()[index] for copy in copies if copy is not None]
    assert len(drawn) >= 10
    for copy in copies:
        if copy is not None:
            _check(state, copy)
    _varies(state.history()[index], drawn)  # type: ignore[arg-type]


def test_a_carried_on_copy_reads_no_hidden_value() -> None:
    """Two true states player 0 cannot tell apart (the new draw another commodity of its stack)
    give the very same carried-on copies from the same kept copy and seed."""
    state, index, memory = _draw_since_last_decision()
    stack = C.commodities[state.history()[index]].stack
    twins = [
        _twin(state, index, commodity)
        for commodity in (c.index for c in C.commodities if c.stack == stack)
        if commodity != state.history()[index]
    ]
    found = [twin for twin in twins if twin is not None]
    assert found
    for twin in found:
        for seed in range(6):
            one = _carried_on(state, memory, seed)
            two = _carried_on(twin, memory, seed)
            assert (one is None) == (two is None)
            if one is not None and two is not None:
                assert one.to_dict() == two.to_dict()


def test_clones_and_snapshots_keep_no_resampling_memory() -> None:
    """The memory is the true state's alone: a clone or a restored snapshot starts without it
    (a copy handed to an agent must not carry facts gathered from the truth)."""
    state = new(3, 3)
    rng = random.Random(2)
    while state.current_player() != VIEWER or len(state.history()) < 200:
        step(state, rng)
    copy = state.resample_from_infostate(VIEWER, random.Random(0))
    assert VIEWER in state.infostates
    assert copy.infostates == {}
    assert state.clone().infostates == {}
    assert state.game.state_from_dict(state.to_dict()).infostates == {}  # type: ignore[attr-defined]


def test_a_carried_on_copy_redraws_hand_cards_traded_between_others() -> None:
    """A hand card one other human gave another since player 0's last decision (§6.7.2: the
    table hears only how many) is drawn afresh among those the giver holds in the copy: not
    kept as the truth, and more than one card seen where the giver held several (a position may
    also have no carried-on copy at all: the whole history is replayed there)."""
    redrawn = several = 0
    positions = _since_last_decision(_traded_among_others, players=4)
    for state, index, memory in islice(positions, 6):
        copies = [_carried_on(state, memory, seed) for seed in range(20)]
        given = [copy.history()[index] for copy in copies if copy is not None]
        for copy in copies:
            if copy is not None:
                _check(state, copy)
        redrawn += any(card != state.history()[index] for card in given)
        several += len(set(given)) >= 2
    assert redrawn >= 4
    assert several >= 2


def test_only_drops_and_trades_between_others_name_secret_cards() -> None:
    """In step 2 of the Revolution Phase another human's discard names a secret card, but an
    Intrigue it plays from hand is public, and so is anything a Neutral names (an outcome run
    crashed when a played Intrigue was read as a Revolution action)."""
    state = new(3, 3)
    rng = random.Random(1)
    while not (state.stage == "revolution_cards" and state.current_player() not in (-1, VIEWER)):
        step(state, rng)
    assert _secret_cards(state, VIEWER, K.drop_card(0)) is DROPS
    assert _secret_cards(state, VIEWER, A.CARDS + 112) is None
    assert _secret_cards(state, VIEWER, K.DONE) is None


def test_copies_carried_on_over_an_exploration_success_fit_its_announcement() -> None:
    """Resampled at each decision of player 1 over the recorded game's exploration success
    (announcing what came back from the reserve): a copy carried on over the announcement fits
    it or is replaced by a whole replay, which draws the removed cards to fit it."""
    path = Path(__file__).parent / "records" / "exploration_calls_back_reserve_cards.json"
    record = json.loads(path.read_text())
    game = carthago.load(record["game"], **record["options"])
    actions = record["actions"]
    start = 3640  # a little before the success (action 3708)
    state = game.replay(actions[:start])
    viewer, rng = 1, random.Random(3)
    for action in actions[start:]:
        if state.current_player() == viewer:
            copy = state.resample_from_infostate(viewer, rng)
            assert copy.observation(viewer) == state.observation(viewer)
            assert copy.legal_actions() == state.legal_actions()
        state.apply_action(action)
    copy = state.resample_from_infostate(viewer, rng)
    assert copy.observation(viewer) == state.observation(viewer)
