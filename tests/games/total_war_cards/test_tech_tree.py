"""Tech Tree: tier costs, overspend, prerequisites, tier-five exclusivity ("Tech Tree and
Special Ability Cards"; "Combat and Development Phase", placing next to the Tech Tree)."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.total_war_cards import actions as act
from carthago.games.total_war_cards.components import TECHNOLOGIES, VALUE_INDEX, Technology
from carthago.games.total_war_cards.state import BUY, PLACE, TotalWarCardsState
from carthago.games.total_war_cards.tech_tree import branch_tier, developable

from .helpers import CARTHAGE, ROME, TECH, bits, buy, edited, first, setup, tech_card


def can_develop(tech: Technology, owned: int, opponent: int) -> bool:
    return tech in developable(owned, opponent, budget=99)


HUMANITAS = ("Agricultura", "Scriptura", "Commercium", "Leges", "Civitas")
CLASSIARIUS = ("Navigia", "Triremis", "Corvus", "Quinqueremis", "Mare Nostrum")


def _placing(**fields: object) -> TotalWarCardsState:
    state = setup()
    first(state, ROME)
    return edited(state, **fields)


def test_tech_tier_costs_follow_the_tier() -> None:
    # A card of 2 buys Scriptura (tier 2, Rome has Agricultura) but not Commercium (tier 3).
    state = _placing()
    legal = state.legal_actions()
    two = VALUE_INDEX[2]
    assert act.tech_card_action(two, TECH["Scriptura"]) in legal
    assert act.tech_card_action(VALUE_INDEX[1], TECH["Scriptura"]) not in legal


def test_tech_one_card_buys_several_technologies() -> None:
    state = _placing()
    tech_card(state, 4, "Scriptura")  # 2 spent, 2 left
    assert state.phase == BUY and state.budget == 2 and state.current_player() == ROME
    # Rome lacks Navigia, so Triremis is out of reach; Pilum follows Rome's Gladius.
    assert act.TECH + TECH["Triremis"] not in state.legal_actions()
    buy(state, "Pilum")
    assert state.techs[ROME] == bits("Agricultura", "Scriptura", "Gladius", "Pilum")
    assert state.phase == PLACE and state.current_player() == CARTHAGE


def test_tech_overspend_is_lost() -> None:
    state = _placing()
    tech_card(state, 4, "Scriptura")
    assert state.budget == 2
    buy(state, "Navigia")  # tier 1: one point left
    assert state.phase == BUY and state.budget == 1
    state.apply_action(act.STOP)
    assert state.budget == 0 and state.phase == PLACE
    assert state.current_player() == CARTHAGE
    assert "Rome stops; 1 left over is lost" in state.log(None)


def test_tech_leftover_lost_when_nothing_affordable() -> None:
    tier_one = bits("Agricultura", "Navigia", "Gladius", "Disciplina")
    state = _placing(techs=[tier_one, bits("Navigia", "Disciplina")])
    # 3 buys Scriptura (2); the 1 left buys nothing (every tier one is owned): lost.
    tech_card(state, 3, "Scriptura")
    assert state.phase == PLACE and state.current_player() == CARTHAGE
    assert state.budget == 0
    assert state.techs[ROME] == tier_one | bits("Scriptura")
    assert "1 left over is lost: nothing more can be developed" in state.log(None)


def test_tech_prerequisites_across_branches() -> None:
    owned = bits("Agricultura", "Scriptura")
    tech = TECHNOLOGIES[TECH["Commercium"]]
    assert not can_develop(tech, owned, 0)  # needs Triremis (Classiarius tier 2)
    assert can_develop(tech, owned | bits("Navigia", "Triremis"), 0)
    # Own-branch chain: no Scriptura without Agricultura.
    assert not can_develop(TECHNOLOGIES[TECH["Scriptura"]], bits("Navigia"), 0)


def test_tech_tier_five_costs_one_and_is_exclusive() -> None:
    humanitas_four = bits(*HUMANITAS[:4], "Navigia", "Triremis", "Disciplina", "Castra")
    civitas = TECHNOLOGIES[TECH["Civitas"]]
    assert civitas.cost == 1
    assert civitas in developable(humanitas_four, 0, 1)
    # The opponent holds Civitas: closed to this player.
    assert not can_develop(civitas, humanitas_four, bits("Civitas"))
    # One tier five per player: holding Mare Nostrum closes Civitas.
    assert not can_develop(civitas, humanitas_four | bits("Mare Nostrum"), 0)


def test_tech_tier_five_exclusive_in_play() -> None:
    ready = bits(*HUMANITAS[:4], "Navigia", "Triremis", "Disciplina", "Castra", "Gladius")
    state = _placing(techs=[ready, ready])
    tech_card(state, 1, "Civitas")
    assert state.phase == PLACE and state.current_player() == CARTHAGE
    civitas_with = [act.tech_card_action(VALUE_INDEX[v], TECH["Civitas"]) for v in (1, 2, 3, 4)]
    assert not set(civitas_with) & set(state.legal_actions())
    with pytest.raises(carthago.IllegalActionError):
        tech_card(state, 1, "Civitas")


def test_tech_branch_tier_counts_the_chain() -> None:
    assert branch_tier(bits(*CLASSIARIUS[:3]), 1) == 3
    assert branch_tier(bits("Agricultura"), 1) == 0
