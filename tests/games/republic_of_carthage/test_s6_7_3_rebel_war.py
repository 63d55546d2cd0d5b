"""The rebel war (rules §6.7.3): the Senate sends armies against a revolt under way, as against
any war, and may not sue for peace with the rebels; the Senate aide does the same (§9)."""

from __future__ import annotations

import carthago
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.forces import at_home
from carthago.games.republic_of_carthage.senate_policy import POLICY
from carthago.games.republic_of_carthage.state import REBEL, UNIT_INDEX, WAR_UNSEEN
from tests.games.republic_of_carthage.test_s6_5_senate import (
    LEGION,
    S,
    chair,
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


def _neutral_chair_in_revolt(rebel_faction: int) -> S:
    """A solitaire game in Other Business, a Neutral (faction 1) presiding, no war but the
    revolt of ``rebel_faction``, Legions enough at home."""
    state = chair(1, 1, treasury=200, war=False, legions=8)
    _no_wars(state)
    _revolt(state, rebel_faction)
    return state


def _no_wars(state: S) -> None:
    state.war_status = [WAR_UNSEEN] * len(state.war_status)


def test_s9_the_senate_aide_sends_a_force_against_another_factions_revolt() -> None:
    state = _neutral_chair_in_revolt(rebel_faction=0)
    assert POLICY.propose(state, state.legal_actions()) == SA.kind(P.WAR)
    legions = at_home(state, LEGION)
    state.apply_action(SA.kind(P.WAR))  # the Neutral PM builds the rest of its proposal
    assert state.proposal[1] == W.REBEL_WAR and state.proposal[4] == legions
    assert P.force_units(state.proposal, 4)[0][FLEET] == 0
    neutral = state.owner[state.pm]
    state.proposal = [P.WAR, W.REBEL_WAR, state.pm, P.NONE] + [0] * (2 * len(P.MILITARY))
    state.proposal[4] = 1  # a single Legion: weak, but the rebels win if nobody fights them
    assert SA.decode_vote(POLICY.ballot(state, neutral))[0] == SA.YES_VOTE


def test_s9_the_senate_aide_does_not_fight_its_own_factions_revolt() -> None:
    state = _neutral_chair_in_revolt(rebel_faction=1)
    assert REBELLION in _war_targets(state)
    assert POLICY.propose(state, state.legal_actions()) != SA.kind(P.WAR)
    state.proposal = [P.WAR, W.REBEL_WAR, state.pm, P.NONE] + [2] + [0] * (2 * len(P.MILITARY) - 1)
    assert SA.decode_vote(POLICY.ballot(state, 1))[0] == SA.NO_VOTE


def test_s9_the_senate_aide_recruits_toward_its_odds_against_the_rebellion() -> None:
    state = chair(1, 1, treasury=300, war=False)
    state.unit_active[LEGION] -= at_home(state, LEGION)
    _no_wars(state)
    _revolt(state, 0, legions=6)
    assert POLICY.propose(state, state.legal_actions()) == SA.kind(P.RECRUIT)
