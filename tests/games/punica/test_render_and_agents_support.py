"""The text board (80 columns), the heuristic and the observation tensor."""

from __future__ import annotations

import random

import pytest

import carthago
from carthago.core.registry import evaluator
from carthago.games.punica import tensor
from carthago.games.punica.components import CARTHAGE, ROME
from carthago.games.punica.heuristics import evaluate
from tests.games.punica.position import do, position


@pytest.mark.parametrize("edition", ["en", "pl"])
def test_render_fits_80_columns_and_shows_the_board(edition: str) -> None:
    game = carthago.load("punica", edition=edition)
    rng = random.Random(4)
    state = game.new_initial_state()
    first = state.render(ROME)
    assert "Roma" in first and "Rome Capital" in first and "Hannibal" in first
    assert "Mare Tyrrhenum" in first and "Legiones" in first
    while not state.is_terminal():
        for viewer in (None, ROME, CARTHAGE):
            assert all(len(line) <= 80 for line in state.render(viewer).splitlines())
        state.apply_action(rng.choice(state.legal_actions()))
    assert "GAME OVER" in state.render(None)


@pytest.mark.parametrize("armies", [3, 12])
def test_render_keeps_hannibal_apart_from_the_control_column(armies: int) -> None:
    state = position(rome={"ROM": 1}, carthage={"HIS": armies, "CAR": 1}, hannibal="HIS")
    line = next(row for row in state.render(None).splitlines() if row.startswith("HIS"))
    assert f"{armies} armies +Hannibal " in line
    assert line.split("+Hannibal")[1].split() == ["Carth.", "Carthage", "infl."]


def test_render_shows_the_battle_and_hides_the_face_down_card() -> None:
    state = position(rome={"ROM": 1, "GCI": 2}, carthage={"HIS": 1, "CAR": 1})
    do(state, "move army GCI-HIS", "commit Consul")
    seen = state.render(CARTHAGE)
    assert "Battle in HIS: Rome attacks" in seen and "face down: face down" in seen
    assert "Consul" not in seen.split("played:")[1].split("\n")[0]


def test_heuristic_is_registered_bounded_and_prefers_material() -> None:
    assert evaluator("punica") is evaluate
    strong = position(rome={"ROM": 4, "ETR": 2}, carthage={"CAR": 1})
    weak = position(rome={"ROM": 1}, carthage={"CAR": 4, "NUM": 2}, hannibal="MAU")
    assert evaluate(strong, ROME) > 0 > evaluate(weak, ROME)
    assert evaluate(strong, CARTHAGE) < 0
    game = carthago.load("punica")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        assert -1.0 <= evaluate(state, ROME) <= 1.0
        state.apply_action(rng.choice(state.legal_actions()))
    assert evaluate(state, ROME) == state.returns()[ROME]


def test_heuristic_sees_a_threatened_capital() -> None:
    safe = position(rome={"ROM": 2, "MGR": 1}, carthage={"CAR": 1, "HIS": 1})
    threatened = position(rome={"ROM": 2, "MGR": 1}, carthage={"CAR": 1, "GCI": 1})
    assert evaluate(threatened, ROME) < evaluate(safe, ROME)


@pytest.mark.parametrize("edition", ["en", "pl"])
def test_tensor_has_its_shape_and_hides_the_face_down_card(edition: str) -> None:
    game = carthago.load("punica", edition=edition)
    (size,) = tensor.shape(game)
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        for viewer in (None, ROME, CARTHAGE):
            vector = tensor.encode(game, state.observation(viewer))
            assert len(vector) == size and all(0.0 <= v <= 1.0 for v in vector)
        state.apply_action(rng.choice(state.legal_actions()))
    consul = position(edition, rome={"ROM": 1, "GCI": 2}, carthage={"HIS": 1, "CAR": 1})
    fabius = position(edition, rome={"ROM": 1, "GCI": 2}, carthage={"HIS": 1, "CAR": 1})
    do(consul, "move army GCI-HIS", "commit Consul")
    do(fabius, "move army GCI-HIS", "commit Fabius")
    assert tensor.encode(game, consul.observation(CARTHAGE)) == tensor.encode(
        game, fabius.observation(CARTHAGE)
    )
    assert tensor.encode(game, consul.observation(ROME)) != tensor.encode(
        game, fabius.observation(ROME)
    )
