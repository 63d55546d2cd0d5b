"""Random playouts with invariants, determinism, replay and illegal actions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import carthago
from carthago.core.chance import sample_chance_outcome
from carthago.games.total_war_cards.components import DECKS, TECHNOLOGIES, TIERS
from carthago.games.total_war_cards.state import TotalWarCardsState
from carthago.games.total_war_cards.tech_tree import branch_tier

from .helpers import new_state

OPTION_SETS = [{}, {"setup_picks": 1, "ability_tie": "vacant", "ability_handover": "resolution",
                    "africa_pairs": "any"}]  # fmt: skip


def _playout(seed: int, **options: object) -> Iterator[TotalWarCardsState]:
    rng = random.Random(seed)
    state = new_state(**options)
    yield state
    while not state.is_terminal():
        if state.current_player() == carthago.CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


def _check_invariants(state: TotalWarCardsState) -> None:
    for player in (0, 1):
        on_table = tuple(v for _, p, v, _ in state.placed if p == player)
        cards = (state.hands[player] + state.resting[player] + state.new_rest[player]
                 + on_table + state.tech_cards[player])  # fmt: skip
        # Drawn resting cards stay counted in the pool until the draw completes.
        pool_left = list(state.pool[player])
        for value in state.new_rest[player]:
            pool_left.remove(value)
        assert tuple(sorted(cards + tuple(pool_left))) == DECKS[player]
        assert 0 <= state.hidden_left[player] <= 2
        owned = state.techs[player]
        for tech in TECHNOLOGIES:
            if owned & tech.bit:
                assert all(owned & (1 << r) for r in tech.requires), tech.name
        assert sum(1 for t in TECHNOLOGIES if owned & t.bit and t.tier == TIERS) <= 1
    five = [t for t in TECHNOLOGIES if t.tier == TIERS]
    assert not any(state.techs[0] & t.bit and state.techs[1] & t.bit for t in five)
    won = state.won[0] + state.won[1]
    # Cards taken at resolution leave the row when it ends (Instrumenta Bella may be choosing).
    in_play = tuple(t for t in state.in_play if t not in won)
    assert sorted(state.deck + state.discards + in_play + won) == list(range(32))
    if state.phase in (6, 7):
        assert len(state.hands[0]) - len(state.hands[1]) in (-1, 0, 1)
    for branch in range(4):
        holder = state.holders[branch]
        if holder >= 0 and state.phase in (6, 7):
            # During a turn a card may lag behind the tree, never before the turn's start.
            assert branch_tier(state.techs[holder], branch) >= 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "other-readings"])
def test_fuzz_random_playouts_keep_invariants(options: dict[str, object]) -> None:
    for seed in range(25):
        for state in _playout(seed, **options):
            _check_invariants(state)
        assert state.is_terminal() and state.turn == 6


def test_fuzz_same_seed_same_game() -> None:
    *_, one = _playout(42)
    *_, two = _playout(42)
    assert one.history() == two.history()
    assert one.to_dict() == two.to_dict()


def test_fuzz_replay_reaches_the_same_state() -> None:
    for seed in range(3):
        *_, last = _playout(seed)
        assert last.game.replay(last.history()).to_dict() == last.to_dict()


def test_fuzz_illegal_actions_leave_state_unchanged() -> None:
    for state in _playout(5):
        if state.current_player() < 0:
            continue
        legal = set(state.legal_actions())
        illegal = next(a for a in range(state.game.num_distinct_actions) if a not in legal)
        before = state.to_dict()
        with pytest.raises(carthago.IllegalActionError, match="not legal"):
            state.apply_action(illegal)
        assert state.to_dict() == before
