"""The rebel war (rules §6.7.3): the Senate sends armies against a revolt under way, as against
any war, and may not sue for peace with the rebels."""

from __future__ import annotations

import carthago
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.forces import at_home
from carthago.games.republic_of_carthage.state import REBEL, UNIT_INDEX
from tests.games.republic_of_carthage.test_s6_5_senate import (
    LEGION,
    S,
    other_business,
    propose,
    senate,
    vote,
)

FLEET = UNIT_INDEX["fleet"]
SIKEL = UNIT_INDEX["sikel"]
REBELLION = SA.item(W.REBEL_WAR)


def _revolt(state: S, faction: int, legions: int = 2) -> int:
    """A Senator of ``faction`` free of office rebelled last turn with ``legions`` Legions."""
    rebel = next(
        p for p in P.office_candidates(state) if state.owner[p] == faction and p != state.pm
    )
    state.rebels = [faction, rebel]
    state.ploc[rebel] = REBEL
    state.rebel_units[LEGION] = legions
    state.rebel_turn = state.turn - 1
    state._legal = None
    return rebel


def _at_home(state: S, **counts: int) -> None:
    for name, count in counts.items():
        state.unit_active[UNIT_INDEX[name]] += count
    state._legal = None


def _war_targets(state: S) -> list[int]:
    return P.options(state, [P.WAR], other_business=True) or []


def test_s6_7_3_the_senate_sends_armies_against_the_rebellion_and_they_fight_it() -> None:
    state = other_business(senate())
    _at_home(state, legion=8, fleet=3, sikel=2)
    rebel = _revolt(state, faction=0)
    marine = state.office_holder[P.MARINE]
    state.apply_action(SA.kind(P.WAR))
    assert REBELLION in state.legal_actions()
    assert "the rebellion" in state.action_to_string(REBELLION)
    propose(state, REBELLION, SA.person(marine), SA.PASS)
    # The counts offered: Sikels may not go, nor fleets (the engine fills in a lone 0).
    while state.stage == "senate_propose":
        unit, veterans = P.MILITARY[(len(state.proposal) - 4) // 2], len(state.proposal) % 2
        legal = state.legal_actions()
        if unit in (SIKEL, FLEET) and not veterans:
            assert legal == [SA.count(0)] or not legal
        state.apply_action(max(legal))
    assert "against the rebellion" in (P.text(state, state.proposal) or "")
    vote(state, {})
    [force] = state.forces
    assert force.war == W.REBEL_WAR and force.commanders == (marine,)
    assert force.units[LEGION] == at_home(state, LEGION) + force.units[LEGION] > 0
    assert force.units[FLEET] == force.units[SIKEL] == 0
    # On to the Combat Phase by play: the force fights the rebels and crushes them.
    while state.stage != "war_roll":
        assert not state.is_terminal()
        if state.current_player() == carthago.CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
        elif SA.PASS in state.legal_actions():
            state.apply_action(SA.PASS)
        else:
            state.apply_action(state.legal_actions()[0])
    state.apply_action(18)
    while state.stage in ("war_loss", "war_rebel_loss", "war_chit", "war_veteran"):
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.rebels == [] and state.ploc[rebel] != REBEL
    assert not state.revolt_won


def test_s6_7_3_no_force_against_a_rebellion_that_is_not_under_way() -> None:
    state = other_business(senate())
    _at_home(state, legion=4)
    assert REBELLION not in _war_targets(state)
    _revolt(state, faction=0)
    assert REBELLION in _war_targets(state)


def test_s6_7_3_no_force_of_fleets_alone_against_the_rebellion() -> None:
    state = other_business(senate())
    state.unit_active[LEGION] -= at_home(state, LEGION)
    _at_home(state, fleet=4)
    _revolt(state, faction=0)
    assert REBELLION not in _war_targets(state)
    _at_home(state, legion=1)
    assert REBELLION in _war_targets(state)


def test_s6_7_3_the_senate_may_not_sue_for_peace_with_the_rebels() -> None:
    state = other_business(senate())
    _revolt(state, faction=0)
    assert REBELLION in _war_targets(state)
    assert REBELLION not in (P.options(state, [P.SUE], other_business=True) or [])
