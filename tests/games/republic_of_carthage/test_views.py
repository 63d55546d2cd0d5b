"""Rendering, the tensor encoding, the heuristic and the game's registration."""

from __future__ import annotations

import random

import carthago
from carthago.core.registry import evaluator, game_class
from carthago.games.republic_of_carthage import tensor
from carthago.games.republic_of_carthage.revenue import _rebel_upkeep
from carthago.games.republic_of_carthage.state import UNIT_INDEX
from tests.games.republic_of_carthage.support import first_turn, new, step


def test_registered_complete_and_contract_checked_for_one_to_six_players() -> None:
    cls = game_class("republic_of_carthage")
    assert cls.complete is True
    assert {v["players"] for v in cls.VARIANTS} == set(range(1, 7))
    for players in range(1, 7):
        game = carthago.load("republic_of_carthage", players=players)
        assert game.num_players == players
        assert game.num_factions == (5 if players < 3 else players)


def test_render_fits_80_columns_and_tensor_has_its_shape() -> None:
    for players in (1, 3, 6):
        state = new(players, 1)
        rng = random.Random(players)
        size = tensor.shape(state.game)[0]
        while not state.is_terminal():
            step(state, rng)
            for viewer in (None, 0):
                text = state.render(viewer)
                assert max(len(line) for line in text.splitlines()) <= 80
            encoded = tensor.encode(state.game, state.observation(0))
            assert len(encoded) == size


def test_heuristic_is_bounded_and_favours_influence() -> None:
    evaluate = evaluator("republic_of_carthage")
    assert evaluate is not None
    state = first_turn()
    base = evaluate(state, 0)
    assert -1.0 <= base <= 1.0
    state.inf[state.faction_leader[0]] += 20
    assert evaluate(state, 0) > base


def test_s6_2_step5_rebels_pay_for_their_armies_or_lose_them() -> None:
    state = first_turn()
    legion = UNIT_INDEX["legion"]
    rebel = state.faction_leader[0]
    state.rebels = [0, rebel]
    state.unit_active[legion] -= 2
    state.rebel_units[legion] = 2
    state.faction_treasury[0] = 1
    state.talents[rebel] = 2
    _rebel_upkeep(state)
    assert state.rebel_units[legion] == 1 and state.unit_active[legion] == 1
    # The rebel's own talents pay first: the hidden Faction Treasury only for the rest.
    assert state.faction_treasury[0] == 1 and state.talents[rebel] == 0


def test_heuristic_ignores_other_face_down_treasuries() -> None:
    evaluate = evaluator("republic_of_carthage")
    assert evaluate is not None
    state = first_turn()
    base = evaluate(state, 0)
    state.faction_treasury[1] += 500
    assert evaluate(state, 0) == base
    state.faction_treasury[0] += 500
    assert evaluate(state, 0) > base
