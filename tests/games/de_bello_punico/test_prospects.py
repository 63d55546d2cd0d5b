"""The planner's judge of positions: the battle's expected result, from the evaluation's terms
as fitted to how battles ended (``prospects.py``, ``data/prospects.toml``)."""

from __future__ import annotations

import math
import random

import pytest

import carthago
from carthago.agents import make_agent
from carthago.core.chance import sample_chance_outcome
from carthago.core.data import load_toml
from carthago.core.errors import ComponentDataError
from carthago.core.state import CHANCE
from carthago.games.de_bello_punico import heuristics, prospects
from carthago.games.de_bello_punico.state import DbpState
from carthago.games.de_bello_punico.units import PACKAGE

from .position import CARTHAGE, ROME


def _positions(count: int, seed: int = 5) -> list[DbpState]:
    """``count`` positions spread over a heuristic battle at Zama."""
    state = carthago.load("de_bello_punico", scenario="zama").new_initial_state()
    rng = random.Random(seed)
    agent = make_agent("heuristic", seed=seed)
    kept: list[DbpState] = []
    steps = 0
    while not state.is_terminal() and len(kept) < count:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        steps += 1
        if steps % 40 == 0:
            assert isinstance(state, DbpState)
            kept.append(state.clone())
        state.apply_action(agent.step(state))
    return kept


def test_evaluate_is_the_heuristic_weights_times_the_terms() -> None:
    for state in _positions(8):
        for player in (ROME, CARTHAGE):
            terms = heuristics.terms(state, player)
            weighed = sum(w * t for w, t in zip(heuristics.WEIGHTS, terms, strict=True))
            assert heuristics.evaluate(state, player) == pytest.approx(math.tanh(weighed))


def test_s16_the_judge_rises_with_the_enemy_s_rout_points_and_falls_with_one_s_own() -> None:
    state = _positions(1)[0]
    even = prospects.judge(state, ROME)
    assert -1 < even < 1
    broken = state.clone()
    broken._unshare()  # its own lists before changing one by hand (clones share them)
    broken.rout[CARTHAGE] += 6
    assert prospects.judge(broken, ROME) > even
    assert prospects.judge(broken, CARTHAGE) < prospects.judge(state, CARTHAGE)


def test_s16_a_finished_battle_is_judged_by_its_result() -> None:
    state = carthago.load("de_bello_punico", scenario="zama").new_initial_state()
    rng = random.Random(2)
    agent = make_agent("heuristic", seed=2)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(agent.step(state))
    assert [prospects.judge(state, p) for p in (ROME, CARTHAGE)] == state.returns()


def test_a_fit_file_missing_a_weight_is_refused_naming_it() -> None:
    data = load_toml(PACKAGE, "prospects.toml")
    assert prospects.read_fit(data, "prospects.toml").weights == prospects.load_fit().weights
    del data["weights"]["threat"]
    with pytest.raises(ComponentDataError, match=r"prospects\.toml: field 'threat' is missing"):
        prospects.read_fit(data, "prospects.toml")
    data = load_toml(PACKAGE, "prospects.toml")
    data["cut"] = "wide"
    with pytest.raises(ComponentDataError, match="field 'cut' must be a float, not 'wide'"):
        prospects.read_fit(data, "prospects.toml")
