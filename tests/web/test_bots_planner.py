"""The impulse planner at a server's computer seat (issue 28): it keeps its plan and budget for
the whole impulse across the moves the server asks one by one, and shows how far it has got."""

from __future__ import annotations

import random
from typing import Any

import pytest

import carthago
from carthago.agents import PlannerAgent, choose_action, make_agent
from carthago.agents.planner import PlanProgress
from carthago.core.chance import sample_chance_outcome
from carthago.core.state import CHANCE
from carthago.games.de_bello_punico.heuristics import segment
from carthago.games.de_bello_punico.scenarios import ROME
from carthago.games.de_bello_punico.state import DbpState
from carthago.web import bots
from carthago.web.service import BotJob

SPEC = "planner:playouts=16,plans=3,seconds=0"


def test_a_planner_seat_plans_an_impulse_once_and_shows_its_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options: dict[str, Any] = {"scenario": "beneventum"}
    state = carthago.load("de_bello_punico", **options).new_initial_state()
    rng = random.Random(3)
    heuristic = make_agent("heuristic", seed=3)
    # Heuristic play up to Rome's first movement impulse.
    assert isinstance(state, DbpState)
    while not (state.current_player() == ROME and state.stage >= 3 and state.impulse()[0] == 0):
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(choose_action(heuristic, state))
    searches: list[PlanProgress | None] = []
    real_search = PlannerAgent._search

    def search(self: PlannerAgent, *args: Any) -> Any:
        plan = real_search(self, *args)
        searches.append(bots.thinking("g1", ROME))
        return plan

    monkeypatch.setattr(PlannerAgent, "_search", search)
    impulse = segment(state)
    decisions = 0
    while segment(state) == impulse and not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        if player != ROME:
            state.apply_action(choose_action(heuristic, state))
            continue
        job = BotJob("g1", "de_bello_punico", options, tuple(state.history()), ROME, SPEC, 7)
        state.apply_action(bots.think(job))
        decisions += 1
    assert decisions > 3
    # One plan covers most of the impulse, though every move came as a job of its own.
    assert 0 < len(searches) < decisions / 2
    assert all(progress is not None and progress.playouts > 0 for progress in searches)
    assert bots.thinking("g1", ROME) is None  # nothing shown once it has answered
