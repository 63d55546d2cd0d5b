"""The heuristic for the search agents and the tensor encoding of observations."""

from __future__ import annotations

import random

import carthago
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import evaluator
from carthago.games.total_war_cards import tensor

from .helpers import CARTHAGE, ROME, first, new_state, place, setup


def test_heuristic_is_bounded_and_ends_at_the_result() -> None:
    evaluate = evaluator("total_war_cards")
    assert evaluate is not None
    rng = random.Random(8)
    state = new_state()
    while not state.is_terminal():
        for player in (ROME, CARTHAGE):
            assert -1.0 <= evaluate(state, player) <= 1.0
        if state.current_player() == carthago.CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert [evaluate(state, p) for p in (ROME, CARTHAGE)] == state.returns()


def test_heuristic_prefers_leading_a_territory() -> None:
    evaluate = evaluator("total_war_cards")
    assert evaluate is not None
    state = setup()
    first(state, ROME)
    before = evaluate(state, ROME)
    place(state, 4, 0)
    assert evaluate(state, ROME) > before
    assert evaluate(state, CARTHAGE) == -evaluate(state, ROME)


def test_tensor_has_the_declared_shape_and_hides_the_face_down_territory() -> None:
    game = carthago.load("total_war_cards")
    state = setup()
    (size,) = tensor.shape(game)
    rome = tensor.encode(game, state.observation(ROME))
    carthage = tensor.encode(game, state.observation(CARTHAGE))
    assert len(rome) == len(carthage) == size
    # Slot E (the face-down card): Carthage (Classiarius) has its one-hot, Rome does not.
    slot = 1 + 10 + 4 + 6 + 4 + 4 * 38
    assert sum(rome[slot : slot + 32]) == 0
    assert sum(carthage[slot : slot + 32]) == 1
