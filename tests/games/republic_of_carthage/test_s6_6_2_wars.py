"""Resolving wars (rules §6.6.2) and unprosecuted wars (§6.6.3): every result row."""

from __future__ import annotations

import math

import pytest

import carthago
from carthago.games.republic_of_carthage import senate_intrigues as SI
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CAPTURED,
    CARDS,
    CARTHAGE,
    CHIT_NONE,
    IN_PLAY,
    PROV_FORUM,
    PROVINCE_INDEX,
    REMOVED,
    SENATOR_INDEX,
    STATESMAN_INDEX,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_DEFEATED,
    WAR_INDEX,
    WAR_LOST,
    WAR_UNPROSECUTED,
    WARS,
    family_of,
    stat,
)
from tests.games.republic_of_carthage.combat_support import (
    S,
    chance,
    commanders,
    field_force,
    quiet_state,
    start_combat,
)
from tests.games.republic_of_carthage.support import statesman_over

LEGION = UNIT_INDEX["legion"]
FLEET = UNIT_INDEX["fleet"]
TUNISIA = WAR_INDEX["TUNISIA"]


def lose_legion() -> int:
    return 2 * LEGION


def roll_for(state: S, low: int, high: int) -> int:
    """A 3d6 roll giving a total in [low, high] for the battle about to be rolled, avoiding
    the war's Standoff and Disaster numbers."""
    assert state.stage == "war_roll"
    war = state.ctx[W.C_WAR]
    force = W.current(state)
    naval = bool(state.ctx[W.C_NAVAL])
    offset = (
        sum(stat(p, "mil") for p in force.commanders)
        + W.force_strength(force, naval)
        - W.war_strength(state, war, naval)
    )
    special: set[int] = set()
    if war != W.REBEL_WAR:
        standoff, disaster = W.special_numbers(state, war)
        special = standoff | disaster
    for roll in range(3, 19):
        if low <= roll + offset <= high and roll not in special:
            return roll
    raise AssertionError(f"no roll gives {low}..{high} (offset {offset})")


def test_s6_6_2_victory_no_losses_spoils_province_veteran_and_card_removed() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=4)
    treasury, inf, pop = state.treasury, state.inf[general], state.pop[general]
    start_combat(state)
    chance(state, roll_for(state, 18, 99), LEGION)  # the roll, then the new Veteran
    assert state.war_status[TUNISIA] == WAR_DEFEATED
    assert state.treasury == treasury + WARS[TUNISIA].victory_treasury
    assert state.prov_loc[PROVINCE_INDEX["LIBYA"]] == PROV_FORUM
    half = math.ceil(WARS[TUNISIA].land / 2)
    assert (state.inf[general], state.pop[general]) == (inf + half, pop + half)
    [force] = state.forces
    assert force.status == W.VICTORIOUS and force.units[LEGION] == 4
    assert force.veterans[LEGION] == 1 and state.unit_veteran[LEGION] == 1
    assert state.veteran_of == [LEGION, general]
    assert general in state.won
    card = next(i for i, c in enumerate(CARDS) if c.id == "TUNISIA")
    assert state.card_loc[card] == REMOVED


@pytest.mark.parametrize("total", [8, 10, 12, 13])
def test_s6_6_2_stalemate_losses_by_table_general_and_veteran(total: int) -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=5)
    pool = state.unit_pool[LEGION]
    start_combat(state)
    chance(state, roll_for(state, total, total))
    losses = [5, 4, 3, 2, 1, 0][total - 8]
    chance(state, *[lose_legion()] * losses)
    # Four "None" chits in the cup; a fifth chit names another family (commanders only).
    chance(state, *[CHIT_NONE, CHIT_NONE, CHIT_NONE, CHIT_NONE, family_of(general)][:losses])
    if losses < 5:
        chance(state, LEGION)  # the Veteran of step 3
    [force] = state.forces
    assert force.units[LEGION] == 5 - losses
    assert state.unit_active[LEGION] == 5 - losses
    assert state.unit_pool[LEGION] == pool + losses
    assert general in state.generals and general not in state.won
    assert force.veterans[LEGION] == (1 if losses < 5 else 0)
    assert state.ploc[general] == AT_WAR


def test_s6_6_2_a_lost_veteran_and_a_lost_recruit_of_one_type_read_apart() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], veterans={"legion": 1}, legion=2)
    start_combat(state)
    chance(state, roll_for(state, 6, 6))
    assert state.stage == "war_loss"
    texts = {state.action_to_string(a) for a, _ in state.chance_outcomes()}
    assert texts == {"lose legion", "lose legion veteran"}


def test_s6_6_2_defeat_kills_the_commander_and_leaves_the_rest_on_the_war() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=5)
    start_combat(state)
    chance(state, roll_for(state, 6, 6))
    chance(state, lose_legion(), lose_legion())  # row 4-7: 4/3/2/1, total 6 loses 2
    [force] = state.forces
    assert force.commanders == () and force.units[LEGION] == 3
    assert state.ploc[general] != AT_WAR
    # The dead are forgotten: whoever comes back with his Family card never fought.
    assert general not in state.fought and general not in state.won


def test_s6_6_2_defeat_all_loses_every_army() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "SICILIAN-4", [general], legion=1, fleet=3)
    start_combat(state)
    chance(state, roll_for(state, -99, 3), lose_legion())
    [force] = state.forces
    assert force.units[LEGION] == 0 and force.units[FLEET] == 3 and force.commanders == ()


def test_s6_6_2_disaster_on_the_unmodified_roll_loses_half_rounded_up() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=3)
    start_combat(state)
    chance(state, WARS[TUNISIA].disaster)
    chance(state, lose_legion(), lose_legion(), CHIT_NONE, CHIT_NONE)
    [force] = state.forces
    assert force.units[LEGION] == 1 and force.veterans[LEGION] == 0
    assert general in state.generals


def test_s6_6_2_standoff_loses_a_quarter_rounded_up_and_makes_a_veteran() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=3)
    start_combat(state)
    chance(state, WARS[TUNISIA].standoff, lose_legion(), CHIT_NONE, LEGION)
    [force] = state.forces
    assert force.units[LEGION] == 2 and force.veterans[LEGION] == 1
    assert general in state.generals and state.war_status[TUNISIA] == WAR_ACTIVE


def test_s6_6_2_later_arrivals_ignore_standoff_and_disaster() -> None:
    state = quiet_state()
    first, second = commanders(state, 2)
    field_force(state, "TUNISIA", [first], legion=2)
    field_force(state, "TUNISIA", [second], legion=2)
    start_combat(state)
    assert state.stage == "war_arrival"  # chance picks who arrives first
    chance(state, 1)
    assert W.current(state).commanders == (second,)
    chance(state, roll_for(state, 13, 13), LEGION)  # stalemate without losses, a Veteran
    assert state.stage == "war_roll" and W.current(state).commanders == (first,)
    chance(state, WARS[TUNISIA].disaster)  # the Disaster number, ignored now
    assert state.ctx[W.C_RESULT] == W.VICTORY


def test_s6_6_2_the_first_arrival_suffers_the_disaster_number() -> None:
    state = quiet_state()
    first, second = commanders(state, 2)
    field_force(state, "TUNISIA", [first], legion=2)
    field_force(state, "TUNISIA", [second], legion=2)
    start_combat(state)
    chance(state, 0, WARS[TUNISIA].disaster)
    assert state.ctx[W.C_RESULT] == W.DISASTER


def test_s6_6_2_matching_wars_double_and_triple_the_strength() -> None:
    state = quiet_state()
    one, two, three = (WAR_INDEX[f"SICILIAN-{n}"] for n in (1, 2, 3))
    state.war_status[one] = WAR_ACTIVE
    assert W.war_strength(state, one, False) == WARS[one].land
    state.war_status[two] = WAR_UNPROSECUTED
    assert W.war_strength(state, one, False) == 2 * WARS[one].land
    state.war_status[three] = WAR_ACTIVE
    assert W.war_strength(state, one, False) == 3 * WARS[one].land
    state.war_status[WAR_INDEX["SICILIAN-4"]] = WAR_ACTIVE
    assert W.war_strength(state, one, False) == 3 * WARS[one].land


def test_s6_6_2_veterans_are_worth_two() -> None:
    state = quiet_state()
    [general] = commanders(state)
    force = field_force(state, "TUNISIA", [general], veterans={"legion": 1}, legion=2)
    assert W.force_strength(force, False) == 3


def test_s6_6_2_last_chit_captures_and_the_ransom_is_the_larger_amount() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=3)
    state.inf[general] = 7
    start_combat(state)
    chance(state, roll_for(state, 12, 12), lose_legion(), family_of(general) - 1)
    assert state.ploc[general] == CAPTURED
    assert state.captives == [general, TUNISIA]
    assert W.ransom(state, general) == 14
    state.inf[general] = 3
    assert W.ransom(state, general) == 10


def test_s6_6_2_a_chit_before_the_last_kills() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=5)
    start_combat(state)
    chance(state, roll_for(state, 11, 11), lose_legion(), lose_legion())
    chance(state, family_of(general) - 1)
    assert state.ploc[general] not in (CAPTURED, AT_WAR)
    assert state.captives == [] and W.current(state).commanders == ()


def test_s6_6_2_captive_dies_when_his_war_is_defeated() -> None:
    state = quiet_state()
    captive, general = commanders(state, 2)
    state.ploc[captive] = CAPTURED
    state.captives = [captive, TUNISIA]
    field_force(state, "TUNISIA", [general], legion=4)
    start_combat(state)
    chance(state, roll_for(state, 18, 99), LEGION)
    assert state.captives == [] and state.ploc[captive] != CAPTURED


def test_s6_6_2_naval_victory_lands_the_armies_when_the_fleets_suffice() -> None:
    state = quiet_state()
    [general] = commanders(state)
    rome = WAR_INDEX["ROMAN-1"]
    field_force(state, "ROMAN-1", [general], legion=2, fleet=12)
    start_combat(state)
    assert state.ctx[W.C_NAVAL] == 1
    inf = state.inf[general]
    chance(state, roll_for(state, 18, 99))
    assert state.fleet_victory[rome] == 1
    assert state.inf[general] == inf + math.ceil(WARS[rome].naval / 2)
    assert state.stage == "war_roll" and state.ctx[W.C_NAVAL] == 0


def test_s6_6_2_fleet_victory_without_armies_returns_the_force() -> None:
    state = quiet_state()
    [general] = commanders(state)
    rome = WAR_INDEX["ROMAN-1"]
    field_force(state, "ROMAN-1", [general], fleet=12)
    start_combat(state)
    chance(state, roll_for(state, 18, 99))
    assert state.fleet_victory[rome] == 1 and state.war_status[rome] == WAR_ACTIVE
    assert state.forces == () and state.ploc[general] == CARTHAGE
    assert general in state.won


def test_s6_6_2_victory_step_8_brings_the_wars_counters_into_the_force_pool() -> None:
    state = quiet_state()
    [general] = commanders(state)
    libyan, elephant = UNIT_INDEX["libyan"], UNIT_INDEX["elephant"]
    assert state.unit_pool[libyan] == state.unit_pool[elephant] == 0  # none at set-up
    field_force(state, "LIBYAN", [general], legion=8)
    start_combat(state)
    chance(state, roll_for(state, 18, 99), LEGION)
    assert state.war_status[WAR_INDEX["LIBYAN"]] == WAR_DEFEATED
    assert (state.unit_pool[libyan], state.unit_pool[elephant]) == (4, 2)
    assert state.unit_unavailable[libyan] == state.unit_unavailable[elephant] == 0


def test_s6_6_2_victory_step_8_never_hands_out_another_wars_deserters() -> None:
    state = quiet_state()
    [general] = commanders(state)
    elephant = UNIT_INDEX["elephant"]
    numidian = WAR_INDEX["NUMIDIAN-1"]
    # Both Elephants came into play with the Libyan War and deserted when the Numidian appeared.
    state.war_status[WAR_INDEX["LIBYAN"]] = WAR_DEFEATED
    state.war_status[numidian] = WAR_ACTIVE
    state.war_deserters[numidian * len(UNITS) + elephant] = 2
    field_force(state, "MOROCCAN", [general], legion=8, fleet=2)
    start_combat(state)
    chance(state, roll_for(state, 18, 99), LEGION)
    assert state.war_status[WAR_INDEX["MOROCCAN"]] == WAR_DEFEATED
    # The Moroccan War would bring 2 Elephants, but the two left out of play are deserters.
    assert state.unit_pool[elephant] == 0
    assert state.unit_unavailable[elephant] == 2


def test_s6_6_2_a_war_won_after_a_later_one_is_a_revolt_without_spoils() -> None:
    state = quiet_state()
    [general] = commanders(state)
    state.war_status[WAR_INDEX["SICILIAN-2"]] = WAR_DEFEATED
    field_force(state, "SICILIAN-1", [general], legion=10, fleet=2)
    treasury = state.treasury
    start_combat(state)
    chance(state, roll_for(state, 18, 99), LEGION)
    assert state.war_status[WAR_INDEX["SICILIAN-1"]] == WAR_DEFEATED
    assert state.treasury == treasury


def test_s6_6_3_an_active_war_without_a_force_becomes_unprosecuted() -> None:
    state = quiet_state()
    sicily = WAR_INDEX["SICILIAN-1"]
    state.war_status[sicily] = WAR_ACTIVE
    start_combat(state)
    assert state.war_status[sicily] == WAR_UNPROSECUTED


def test_s7_four_active_wars_at_the_end_of_combat_end_the_republic() -> None:
    state = quiet_state()
    for name in ("SICILIAN-1", "PYRRHIC", "LIBYAN", "MOROCCAN"):
        state.war_status[WAR_INDEX[name]] = WAR_ACTIVE
    start_combat(state)
    assert state.is_terminal() and state.ended == "four active wars"
    assert state.returns() == [-1.0] * 3


def test_s7_four_lost_wars_at_the_end_of_combat_end_the_republic() -> None:
    state = quiet_state()
    for name in ("SICILIAN-1", "PYRRHIC", "LIBYAN", "MOROCCAN"):
        state.war_status[WAR_INDEX[name]] = WAR_LOST
    start_combat(state)
    assert state.ended == "four lost wars"
    assert state.current_player() == carthago.TERMINAL


# -- what the Forum Phase left on the board -----------------------------------------------------


def test_s6_6_2_deserters_return_when_their_war_is_defeated() -> None:
    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=4)
    campanian = UNIT_INDEX["campanian"]
    state.unit_pool[campanian] -= 3
    state.unit_unavailable[campanian] += 3
    state.war_deserters[TUNISIA * len(state.unit_pool) + campanian] = 3
    pool = state.unit_pool[campanian]
    start_combat(state)
    chance(state, roll_for(state, 18, 99), LEGION)
    assert state.unit_pool[campanian] == pool + 3 and state.unit_unavailable[campanian] == 0


def test_s6_6_2_an_active_enemy_leader_adds_his_strength() -> None:
    from carthago.games.republic_of_carthage.state import LEADER_ACTIVE, LEADER_INDEX, LEADERS

    state = quiet_state()
    sicily = WAR_INDEX["SICILIAN-1"]
    state.war_status[sicily] = WAR_ACTIVE
    base = W.war_strength(state, sicily, False)
    state.leader_status[LEADER_INDEX["DIONYSIUS"]] = LEADER_ACTIVE
    assert (
        W.war_strength(state, sicily, False) == base + LEADERS[LEADER_INDEX["DIONYSIUS"]].strength
    )
    _, disaster = W.special_numbers(state, sicily)
    assert LEADERS[LEADER_INDEX["DIONYSIUS"]].disaster in disaster


def test_s6_6_2_the_hrao_may_spend_the_favour_of_baal_hammon() -> None:
    from carthago.games.republic_of_carthage import combat_actions as K
    from carthago.games.republic_of_carthage.offices import hrao_faction
    from carthago.games.republic_of_carthage.state import TABLE_EVENT_INDEX

    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=2)
    state.table_event[TABLE_EVENT_INDEX["BAAL-HAMMON"]] = 1
    start_combat(state)
    assert state.stage == "war_favour" and state.current_player() == hrao_faction(state)
    state.apply_action(K.USE_FAVOUR)
    assert state.ctx[W.C_FAVOUR] > 0 and state.table_event[TABLE_EVENT_INDEX["BAAL-HAMMON"]] == 0
    assert state.stage == "war_roll"


def test_s6_6_2_evil_omens_lower_the_war_roll() -> None:
    from carthago.games.republic_of_carthage.state import TABLE_EVENT_INDEX

    state = quiet_state()
    [general] = commanders(state)
    field_force(state, "TUNISIA", [general], legion=5)
    start_combat(state)
    roll = roll_for(state, 14, 14)
    state.table_event[TABLE_EVENT_INDEX["EVIL-OMENS"]] = 1
    chance(state, roll)
    assert state.ctx[W.C_RESULT] == W.STALEMATE


def _both_magos() -> tuple[S, int, int]:
    """A quiet game with both Mago Statesmen in Carthage for faction 0, 2A over the Family
    card: the state, 2A and 2B."""
    state = quiet_state()
    first = statesman_over(state, "2A", 0)
    second = STATESMAN_INDEX["2B"]
    state.card_loc[second] = IN_PLAY
    state.owner[second] = 0
    state.ploc[second] = CARTHAGE
    return state, first, second


def test_s2_a_mago_chit_strikes_one_of_two_mago_commanders() -> None:
    state, first, second = _both_magos()
    field_force(state, "TUNISIA", [first, second], legion=5)
    start_combat(state)
    chance(state, roll_for(state, 11, 11), lose_legion(), lose_legion())
    chance(state, family_of(first) - 1)
    assert state.stage == "war_chit_mago"
    chance(state, 1)
    # One chit, one man: 2B dies, 2A fights on with the Family card now under him.
    assert state.card_loc[second] == REMOVED and state.ploc[first] == AT_WAR
    assert W.current(state).commanders == (first,) and state.under[first] == SENATOR_INDEX[2]


def test_s2_a_mago_chit_may_name_the_statesman_who_is_not_in_the_battle() -> None:
    state, first, second = _both_magos()
    field_force(state, "TUNISIA", [first], legion=5)
    start_combat(state)
    chance(state, roll_for(state, 11, 11), lose_legion(), lose_legion())
    chance(state, family_of(first) - 1)
    chance(state, 1)
    # The chit named 2B, at home: a battle's chits strike only its commanders.
    assert state.ploc[second] == CARTHAGE and state.ploc[first] == AT_WAR
    assert state.stage == "war_chit"


@pytest.mark.parametrize("fate", ["killed", "captured"])
def test_s6_6_2_a_mercenary_contract_goes_on_with_the_surviving_co_commander(fate: str) -> None:
    state = quiet_state()
    first, second = commanders(state, 2)
    field_force(state, "ROMAN-1", [first, second], legion=2, fleet=14)
    state.hired = [first]
    start_combat(state)
    assert state.ctx[W.C_NAVAL] == 1
    # A Victory at sea losing two fleets: two chits, the first one kills, the last captures.
    chance(state, roll_for(state, 16, 16), 2 * FLEET, 2 * FLEET)
    chits = [family_of(first) - 1, CHIT_NONE]
    chance(state, *(chits if fate == "killed" else chits[::-1]))
    if fate == "captured":
        assert state.ploc[first] == CAPTURED
    else:
        assert state.ploc[first] not in (AT_WAR, CAPTURED)
    assert first not in W.current(state).commanders and state.hired == [second]
    # The landing: the hired armies fight with the force under its surviving commander.
    assert state.stage == "war_roll" and state.ctx[W.C_NAVAL] == 0
    force = W.current(state)
    own = sum(force.units[u] + force.veterans[u] for u in W.ARMIES)
    chance(state, 10)
    battle = next(e for e in reversed(state.log(None)) if e.startswith("Battle on land"))
    assert f"force {own + SI.DATA.mercenary_armies}" in battle
    assert state.hired == []
