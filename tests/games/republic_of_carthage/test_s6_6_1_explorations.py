"""Resolving explorations (rules §6.6.1): every row of the Exploration table and its cases."""

from __future__ import annotations

from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import exploration as X
from carthago.games.republic_of_carthage import forces
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    CHIT_NONE,
    EXPEDITION,
    IN_PLAY,
    REMOVED,
    UNITS,
    family_of,
    stat,
)
from tests.games.republic_of_carthage.combat_support import (
    S,
    chance,
    commanders,
    quiet_state,
    start_combat,
    units,
)

SAHARA = next(i for i, c in enumerate(CARDS) if c.id == "TRANS-SAHARA")
HIMILCO = next(i for i, c in enumerate(CARDS) if c.id == "HIMILCO-VOYAGE")


def expedition(state: S, person: int, card: int = SAHARA, caravans: int = 50) -> Force:
    state.card_loc[card] = IN_PLAY
    state.caravans = max(state.caravans, forces.away(state, forces.CARAVAN) + caravans)
    force = Force(-1, card, (person,), units(caravan=caravans), (0,) * len(UNITS), state.turn)
    forces.send(state, force)
    return force


def roll_for(state: S, low: int, high: int) -> int:
    assert state.stage == "explore_roll"
    force = state.forces[-1]
    offset = stat(force.commanders[0], "exp") - X.shortfall_penalty(force)
    disaster = X.card_of(force).disaster
    for roll in range(3, 19):
        if low <= roll + offset <= high and roll != disaster:
            return roll
    raise AssertionError(f"no roll gives {low}..{high}")


def test_s6_6_1_shortfall_costs_one_per_five_or_part() -> None:
    state = quiet_state()
    [person] = commanders(state)
    assert X.shortfall_penalty(expedition(state, person, caravans=50)) == 0
    state = quiet_state()
    [person] = commanders(state)
    assert X.shortfall_penalty(expedition(state, person, caravans=41)) == 2
    state = quiet_state()
    [person] = commanders(state)
    assert X.shortfall_penalty(expedition(state, person, caravans=45)) == 1


def test_s6_6_1_success_returns_rewards_and_opens_trade() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person)
    gold = C.commodity("Gold").index
    state.reserve[gold] = 1
    stack_gold, inf, pop = state.stack[gold], state.inf[person], state.pop[person]
    start_combat(state)
    chance(state, roll_for(state, 14, 99))
    assert state.forces == () and state.ploc[person] == CARTHAGE
    assert (state.inf[person], state.pop[person]) == (inf + 5, pop + 5)
    assert state.card_loc[SAHARA] == REMOVED
    assert state.stack[gold] == stack_gold + 1 and state.reserve[gold] == 0
    assert state.caravans == 50


def test_s6_6_1_no_progress_stays_without_losses() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person)
    start_combat(state)
    chance(state, roll_for(state, 10, 13))
    [force] = state.forces
    assert force.units == units(caravan=50) and state.ploc[person] == EXPEDITION


def test_s6_6_1_lost_loses_two_dice_and_stays_lost() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person, caravans=30)
    start_combat(state)
    chance(state, roll_for(state, -99, 6), 8, CHIT_NONE, CHIT_NONE)
    [force] = state.forces
    assert force.status == X.LOST and force.units == units(caravan=22)
    assert state.caravans == 22


def test_s6_6_1_raiders_lose_one_die_then_the_commander_turns_back() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person)
    start_combat(state)
    chance(state, roll_for(state, 7, 9), 4, CHIT_NONE)
    assert state.stage == "explore_raiders" and state.current_player() == state.owner[person]
    state.apply_action(K.TURN_BACK)
    assert state.forces == () and state.caravans == 46 and state.ploc[person] == CARTHAGE


def test_s6_6_1_raiders_then_the_commander_goes_on() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person)
    start_combat(state)
    chance(state, roll_for(state, 7, 9), 6, CHIT_NONE, CHIT_NONE)  # 6 lost: two chits
    state.apply_action(K.GO_ON)
    [force] = state.forces
    assert force.units == units(caravan=44) and state.ploc[person] == EXPEDITION


def test_s6_6_1_disaster_loses_two_dice_and_a_chit_per_five() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person)
    start_combat(state)
    chance(state, C.explorations["TRANS-SAHARA"].disaster)
    assert state.stage == "explore_loss_roll"
    chance(state, 11, CHIT_NONE, CHIT_NONE, CHIT_NONE)  # 11 lost: three chits
    [force] = state.forces
    assert force.units == units(caravan=39) and state.ploc[person] == EXPEDITION


def test_s6_6_1_commander_death_returns_the_rest() -> None:
    state = quiet_state()
    [person] = commanders(state)
    expedition(state, person)
    start_combat(state)
    chance(state, C.explorations["TRANS-SAHARA"].disaster, 7, family_of(person) - 1)
    assert state.forces == () and state.caravans == 43
    assert state.ploc[person] != EXPEDITION


def test_s6_6_1_a_commander_dead_before_the_roll_sends_the_rest_home() -> None:
    state = quiet_state()
    first, second = commanders(state, 2)
    lost = expedition(state, second, caravans=20)
    forces.replace(state, 0, Force(-1, SAHARA, (second,), lost.units, lost.veterans, 0, X.LOST))
    expedition(state, first)
    state.ploc[second] = CARTHAGE  # as if a Mortality chit had struck him away from it
    start_combat(state)
    # The leaderless expedition (first in order) came home; the other one rolls.
    assert state.stage == "explore_roll" and [f.commanders for f in state.forces] == [(first,)]


def test_s6_6_1_beaten_by_another_expedition_returns_home_unless_lost() -> None:
    state = quiet_state()
    first, second = commanders(state, 2)
    [third] = commanders(state, 1, faction=1)
    expedition(state, first, caravans=50)
    expedition(state, second, caravans=20)
    lost = expedition(state, third, caravans=20)
    forces.replace(state, 2, Force(-1, SAHARA, (third,), lost.units, lost.veterans, 0, X.LOST))
    start_combat(state)
    chance(state, roll_for(state, 14, 99))  # the first succeeds; the second goes home
    assert state.stage == "explore_roll" and state.forces[-1].commanders == (third,)
    assert state.ploc[second] == CARTHAGE
    chance(state, roll_for(state, -99, 6), 2, CHIT_NONE)  # still Lost: it stays out
    [force] = state.forces
    assert force.commanders == (third,) and force.status == X.LOST
