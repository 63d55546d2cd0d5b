"""Computer factions (issue: they keep the Republic alive): the `heuristic` agent follows the
game's Senate advice (`heuristics.advise`), the Imperials' aide of §9, where a one-ply look
cannot tell proposals apart."""

from __future__ import annotations

from carthago.agents import make_agent
from carthago.games.republic_of_carthage import heuristics
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from tests.games.republic_of_carthage.test_s6_5_senate import S, chair


def _human_chair(treasury: int, war: bool, legions: int = 6) -> S:
    """A three-player game in Other Business with player 1's Senator presiding and (by default)
    eight Legions in Carthage, enough to beat the Conquest of Tunisia."""
    return chair(3, 0, treasury, war, legions)


def test_s9_a_computer_pm_prosecutes_an_active_war_it_can_win() -> None:
    state = _human_chair(200, war=True)
    assert state.current_player() == 0
    assert SA.kind(P.WAR) in state.legal_actions() and len(state.legal_actions()) > 2
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == SA.kind(P.WAR)


def test_s9_a_computer_pm_raises_taxes_when_the_treasury_runs_low() -> None:
    state = _human_chair(30, war=False)
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == SA.kind(P.TAX_UP)


def test_advice_is_only_given_in_the_senate_steps() -> None:
    state = _human_chair(200, war=True)
    assert heuristics.advise(state, 0) == SA.kind(P.WAR)
    state.stage = "forum_leader"
    assert heuristics.advise(state, 0) is None
