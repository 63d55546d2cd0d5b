"""How the heuristic general weighs a blow, a facing and a draw (the easy level and playouts)."""

from __future__ import annotations

import pytest

from carthago.games.de_bello_punico import heuristics
from carthago.games.de_bello_punico.state import DbpState

from .position import CARTHAGE, ROME, blank, find, put, settle_on


def _after(state: DbpState, action: int) -> DbpState:
    child = state.clone()
    child.apply_action(action)
    return child


def test_s10_6_an_even_blow_is_struck_when_it_hurts_the_enemy_more() -> None:
    # Even odds (3 Combat Points and a Disorder point each), but a Celt (morale 3) is one
    # result from Panic and a Hastati maniple (morale 5) far from it.
    state = blank("po")
    ha = put(state, find(state, ROME, "Ha"), 6, 8, "N", disorder=1)
    ce = put(state, find(state, CARTHAGE, "Ce"), 6, 7, "S", disorder=1)
    settle_on(state, ("attack", ROME))
    assert ha in state.legal_actions()
    attack = _after(state, ha)
    assert attack.cb is not None and not attack.cb[3] and not attack.cb[4]  # dice to come
    declined = _after(state, state.layout.no)
    assert heuristics.evaluate(attack, ROME) > heuristics.evaluate(declined, ROME)
    # The same blow the other way round is not worth the Celt's risk.
    settle_on(state, ("attack", CARTHAGE))
    assert ce in state.legal_actions()
    attack = _after(state, ce)
    declined = _after(state, state.layout.no)
    assert heuristics.evaluate(attack, CARTHAGE) < heuristics.evaluate(declined, CARTHAGE)


def test_s10_5_a_unit_far_from_the_enemy_faces_it() -> None:
    values = {}
    for facing in ("N", "S"):
        state = blank("po")
        put(state, find(state, ROME, "Ha"), 6, 12, facing)
        put(state, find(state, CARTHAGE, "In"), 6, 2, "S")
        values[facing] = heuristics.evaluate(state, ROME)
    assert values["N"] > values["S"]


def test_s17_2_3_the_side_a_draw_makes_the_winner_is_not_drawn_to_close_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(heuristics, "FACING_WEIGHT", 0.0, raising=False)

    def value(rome_row: int, carthage_row: int, player: int) -> float:
        state = blank("beneventum")  # a draw is Carthage's victory
        put(state, find(state, ROME, "Ha"), 6, rome_row, "N")
        put(state, find(state, CARTHAGE, "In"), 6, carthage_row, "S")
        return heuristics.evaluate(state, player)

    # Rome must rout Hanno's army to win: it gains by closing in.
    assert value(11, 2, ROME) > value(12, 2, ROME)
    # Carthage wins by lasting: a step toward Rome is worth nothing to it.
    assert value(12, 3, CARTHAGE) == value(12, 2, CARTHAGE)


def test_s17_1_4_the_draws_winner_does_not_stop_where_a_stronger_enemy_strikes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(heuristics, "FACING_WEIGHT", 0.0, raising=False)

    def value(rome_row: int) -> float:
        state = blank("trebbia")  # a draw is Rome's victory
        put(state, find(state, ROME, "Ha"), 6, rome_row, "N")
        put(state, find(state, CARTHAGE, "El"), 6, 3, "S")  # 4 Combat Points, moves 5
        return heuristics.evaluate(state, ROME)

    # Three hexes off, the elephant steps up and strikes first; eight off, it cannot.
    assert value(11) > value(6)


def test_s10_5_the_planners_own_evaluation_leaves_facing_to_the_threats() -> None:
    # The heuristic turns a lone unit far from the enemy to face it; the planner's own moves
    # do not pay Movement Points for that (a unit turns when a blow is at stake).
    values, own = {}, {}
    for facing in ("N", "S"):
        state = blank("po")
        put(state, find(state, ROME, "Ha"), 6, 12, facing)
        put(state, find(state, CARTHAGE, "In"), 6, 2, "S")
        values[facing] = heuristics.evaluate(state, ROME)
        own[facing] = heuristics.evaluate_own(state, ROME)
    assert values["N"] > values["S"]
    assert own["N"] == own["S"]
