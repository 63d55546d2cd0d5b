"""§10 combat, §11 panic and flight, §13 leaders, §14 pursuit, §15 elephants and mercenaries,
§16.1 Rout Points."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.de_bello_punico import combat, elephants
from carthago.games.de_bello_punico.actions import SPECIAL
from carthago.games.de_bello_punico.morale import ELIMINATED, ON_MAP, PURSUING, add_disorder
from carthago.games.de_bello_punico.movement import CHARGED, FINIS, MOVED
from carthago.games.de_bello_punico.state import DbpState

from .position import CARTHAGE, ROME, blank, find, put, settle_on


def _attack(state: DbpState, attacker: int, rolls: tuple[int, ...]) -> None:
    """Attack the one enemy in front and roll (attacker's die, defender's die)."""
    side = state.sides[attacker]
    settle_on(state, ("attack", side))
    state.apply_action(attacker)
    for roll in rolls:
        assert state.current_player() == carthago.CHANCE, state.tasks[-1]
        state.apply_action(roll - 1)


def _face_off(state: DbpState, att: str = "Ha", dfn: str = "In") -> tuple[int, int]:
    a = put(state, find(state, ROME, att), 6, 8, "N")
    d = put(state, find(state, CARTHAGE, dfn), 6, 7, "S")
    return a, d


def test_s10_6_tie_gives_each_one_disorder() -> None:
    state = blank()
    a, d = _face_off(state)  # 3 against 3
    _attack(state, a, (4, 4))
    assert (state.dis[a], state.dis[d]) == (1, 1)


def test_s10_6_lower_takes_one() -> None:
    state = blank()
    a, d = _face_off(state)
    _attack(state, a, (5, 3))  # 8 against 6
    assert (state.dis[a], state.dis[d]) == (0, 1)


def test_s10_6_double_or_more_gives_two() -> None:
    state = blank()
    a, d = _face_off(state)
    _attack(state, a, (6, 1))  # 9 against 4
    assert (state.dis[a], state.dis[d]) == (0, 2)


def _mods(state: DbpState, unit: int, attacking: bool) -> dict[str, int]:
    return dict(combat.modifiers(state, unit, attacking))


def test_s10_3_modifiers_each() -> None:
    state = blank()
    a, d = _face_off(state)
    state.cb = [a, d, state.pos[d], 0, 0, 0, 1, 0, (), (), 0]
    assert _mods(state, a, True) == {"combat points": 3}
    assert _mods(state, d, False) == {"combat points": 3, "command point": 1}  # b
    state.dis[a] = 2
    assert _mods(state, a, True)["disorder"] == -2  # g
    state.leader_hex[ROME] = state.pos[a]
    assert _mods(state, a, True)["leader"] == 1  # e
    state.cb[combat.C_ASUP] = (5, 6)
    assert _mods(state, a, True)["support"] == 2  # f


def test_s10_3c_mercenary_charge_and_its_backlash() -> None:
    state = blank()
    merc = put(state, find(state, CARTHAGE, "Me"), 6, 7, "S")
    foe = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    state.box_real[CARTHAGE][SPECIAL] = 1
    settle_on(state, ("attack", CARTHAGE))
    state.apply_action(merc)
    assert state.tasks[-1][0] == "charge"
    state.apply_action(state.layout.yes)
    assert state.charges == 1
    state.apply_action(5 - 1)  # unmodified 5: charge +2 -> 10 against 3+1 = 4
    state.apply_action(1 - 1)
    assert state.dis[foe] == 2
    assert state.dis[merc] == 1  # the Mercenaries pay for their Furor (§15.2)


def test_s10_3d_elephant_charge_after_four_straight() -> None:
    state = blank()
    el = put(state, find(state, CARTHAGE, "El"), 6, 7, "S")
    d = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    state.flags[el] |= CHARGED
    state.cb = [el, d, state.pos[d], 0, 0, 0, 0, 0, (), (), 0]
    assert _mods(state, el, True)["elephant charge"] == 1


def test_s10_5_rear_attack_two_for_line_troops_one_for_light() -> None:
    state = blank()
    d = put(state, find(state, CARTHAGE, "In"), 6, 7, "N")  # its rear faces south
    a = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    state.cb = [a, d, state.pos[d], 0, 0, 0, 0, 0, (), (), 0]
    assert _mods(state, a, True)["rear attack"] == 2
    state.occ[state.pos[a]] = -1
    v = put(state, find(state, ROME, "Ve"), 6, 8, "N")
    state.cb[combat.C_ATT] = v
    assert _mods(state, v, True)["rear attack"] == 1
    assert "rear attack" not in _mods(state, d, False)


def test_s10_4_support_same_type_same_facing_not_in_enemy_zoc() -> None:
    state = blank()
    a, _ = _face_off(state, "Ha", "In")
    good = put(state, find(state, ROME, "Pr"), 6, 9, "N")  # Ha and Pr are one type here
    wrong_facing = put(state, find(state, ROME, "Ha", 2), 5, 9, "NE")
    wrong_type = put(state, find(state, ROME, "Tr"), 7, 9, "N")
    assert combat.supporters(state, a, ()) == [good]
    assert wrong_facing not in combat.supporters(state, a, ())
    assert wrong_type not in combat.supporters(state, a, ())
    put(state, find(state, CARTHAGE, "In", 2), 6, 10, "N")  # its front now covers (6,9)
    assert combat.supporters(state, a, ()) == []


def test_s10_4_1_a_unit_supports_one_combat_per_impulse() -> None:
    state = blank()
    a = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    put(state, find(state, CARTHAGE, "In"), 6, 7, "S")
    helper = put(state, find(state, ROME, "Ha", 2), 6, 9, "N")
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    assert state.tasks[-1][0] == "support"
    state.apply_action(helper)
    assert combat.supporters(state, a, ()) == []


def test_s10_1_faster_defender_may_withdraw_backwards() -> None:
    state = blank()
    a = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    d = put(state, find(state, CARTHAGE, "Nu"), 6, 7, "S")  # 8 MP against 4
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    assert state.tasks[-1][0] == "withdraw"
    state.apply_action(state.layout.dir + 0)  # straight back north
    assert state.grid.column_row(state.pos[d]) == (6, 6) and state.face[d] == 0
    assert state.dis[a] == 0 and state.dis[d] == 0 and state.withdrawn


def test_s10_8_advance_after_combat_mandatory_or_optional() -> None:
    state = blank()
    a = put(state, find(state, CARTHAGE, "In"), 6, 7, "S")
    d = put(state, find(state, ROME, "Ha"), 6, 8, "N", disorder=3)  # morale 4
    _attack(state, a, (6, 1))
    assert state.where[d] != ON_MAP or state.pos[d] != state.grid.hex_of(6, 8)
    assert state.tasks[-1][0] == "advface"  # infantry must advance, then may turn
    assert state.pos[a] == state.grid.hex_of(6, 8)
    state2 = blank()
    a2 = put(state2, find(state2, ROME, "Ha"), 6, 8, "N")
    put(state2, find(state2, CARTHAGE, "In"), 6, 7, "S", disorder=3)
    _attack(state2, a2, (6, 1))
    assert state2.tasks[-1][0] == "advance"  # Hastati choose (§10.8.1)


def test_s11_panic_flees_toward_own_edge_and_scores_rout() -> None:
    state = blank()
    a, d = _face_off(state)
    state.dis[d] = 3
    _attack(state, a, (6, 1))
    assert state.panic[d]
    assert state.rout[CARTHAGE] == 1  # Infantry: 1 Rout Point (§16.1)
    assert state.grid.column_row(state.pos[d]) == (6, 3)  # four MP north


@pytest.mark.parametrize("column", [0, 17])
def test_s11_panicked_infantry_on_a_side_edge_runs_toward_its_own_edge(column: int) -> None:
    # The flanks are no one's edge: a Carthaginian in the first or last column runs north.
    state = blank()
    unit = put(state, find(state, CARTHAGE, "In"), column, 7, "S", disorder=3)
    add_disorder(state, unit, 1, -1, "test")
    state._settle()
    assert state.panic[unit] and state.where[unit] == ON_MAP
    assert state.grid.column_row(state.pos[unit]) == (column, 3)  # four MP toward row 0


def test_s11_2_panicked_cavalry_on_a_side_edge_rides_off_its_own_edge() -> None:
    state = blank()
    a = put(state, find(state, ROME, "Eq"), 17, 5, "N")
    d = put(state, find(state, CARTHAGE, "Eq"), 17, 4, "S", disorder=3)
    _attack(state, a, (6, 1))
    assert state.where[d] == ELIMINATED
    # The pursuer followed it up the flank and off Carthage's edge, not off the side.
    assert state.where[a] == PURSUING and state.exit_hex[a] == state.grid.hex_of(17, 0)


def test_s11_1_2_panicked_unit_attacked_is_eliminated() -> None:
    state = blank()
    a, d = _face_off(state)
    state.panic[d] = True
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    assert state.where[d] == ELIMINATED
    assert state.rout[CARTHAGE] == 0  # no more Rout Points for it (§16.1.1)


def test_s11_1_2_runner_into_enemy_is_eliminated() -> None:
    state = blank()
    d = put(state, find(state, CARTHAGE, "In"), 6, 7, "S", disorder=3)
    for number, (column, row) in enumerate(((6, 6), (5, 6), (7, 6)), start=1):
        put(state, find(state, ROME, "Ha", number), column, row, "N")
    settle_on(state)
    add_disorder(state, d, 1, -1, "test")
    state._settle()
    assert state.where[d] == ELIMINATED


def test_s11_1_2_runner_through_veterans_front_is_eliminated() -> None:
    state = blank()
    d = put(state, find(state, CARTHAGE, "In"), 6, 7, "S", disorder=3)
    put(state, find(state, CARTHAGE, "Vt"), 6, 6, "S")
    put(state, find(state, ROME, "Ha"), 5, 6, "N")
    put(state, find(state, ROME, "Ha", 2), 7, 6, "N")
    add_disorder(state, d, 1, -1, "test")
    state._settle()
    assert state.where[d] == ELIMINATED


def test_s11_1_1_skirmishers_and_elephants_leave_play_on_panic() -> None:
    for code in ("Sk", "El"):
        state = blank("po")  # Zama has no Skirmisher units (its slingers are in the first line)
        unit = put(state, find(state, CARTHAGE, code), 6, 7, "S")
        add_disorder(state, unit, state.utype[unit].morale, -1, "test")
        state._settle()
        assert state.where[unit] == ELIMINATED
        assert state.rout[CARTHAGE] == 0  # neither counts for Rout Points


def test_s16_1_rout_points_by_type() -> None:
    state = blank()
    ha = put(state, find(state, ROME, "Ha"), 6, 12, "N")
    eq = put(state, find(state, ROME, "Eq"), 9, 12, "N")
    add_disorder(state, ha, state.utype[ha].morale, -1, "test")
    state._settle()
    assert state.rout[ROME] == 2
    add_disorder(state, eq, state.utype[eq].morale, -1, "test")
    state._settle()
    assert state.rout[ROME] == 3


def test_s13_leader_dies_on_a_one_and_costs_five() -> None:
    state = blank()
    a, d = _face_off(state)
    state.leader_hex[CARTHAGE] = state.pos[d]
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    state.apply_action(state.layout.no)  # Hannibal stays with his unit (§10.1, §13)
    state.apply_action(6 - 1)
    state.apply_action(1 - 1)  # defender takes Disorder: Hannibal must roll
    assert state.current_player() == carthago.CHANCE and state.tasks[-1][2] == "leader"
    state.apply_action(0)  # a 1
    assert state.leader_hex[CARTHAGE] == -1
    assert state.rout[CARTHAGE] == 5


def test_s14_cavalry_pursues_panicked_cavalry_off_the_map() -> None:
    state = blank()
    a = put(state, find(state, ROME, "Eq"), 6, 3, "N")
    d = put(state, find(state, CARTHAGE, "Eq"), 6, 2, "S", disorder=3)
    _attack(state, a, (6, 1))
    assert state.where[d] == ELIMINATED  # rode off its own edge
    assert state.where[a] == PURSUING and state.exit_hex[a] == state.grid.hex_of(6, 0)


def test_s14_pursuit_stops_in_an_enemy_zone_of_control() -> None:
    state = blank()
    a = put(state, find(state, ROME, "Eq"), 6, 5, "N")
    put(state, find(state, CARTHAGE, "Eq"), 6, 4, "S", disorder=3)
    put(state, find(state, CARTHAGE, "In"), 7, 2, "SW")  # covers (6,3)? its front: SW side
    _attack(state, a, (6, 1))
    assert state.where[a] == ON_MAP
    assert state.pos[a] != state.grid.hex_of(6, 5)


def test_s15_1_elephants_table_motionless_and_furious() -> None:
    state = blank()
    el = put(state, find(state, CARTHAGE, "El"), 6, 5, "S")
    state.box_real[ROME][SPECIAL] = 1
    settle_on(state, ("eltable", ROME))
    state.apply_action(el)
    state.apply_action(3 - 1)  # Motionless
    assert state.flags[el] & FINIS and state.picks == 1
    state2 = blank()
    el2 = put(state2, find(state2, CARTHAGE, "El"), 6, 5, "S")
    state2.box_real[ROME][SPECIAL] = 1
    settle_on(state2, ("eltable", ROME))
    state2.apply_action(el2)
    state2.apply_action(6 - 1)  # Furious: Rome drives it now
    assert state2.current_player() == ROME and state2.tasks[-1][:3] == ("step", ROME, el2)
    assert state2.flags[el2] & MOVED
    assert elephants.table(5) == elephants.ENRAGED


def test_s15_1_enraged_elephant_charges_straight() -> None:
    state = blank()
    el = put(state, find(state, CARTHAGE, "El"), 6, 2, "S")
    state.box_real[ROME][SPECIAL] = 1
    settle_on(state, ("eltable", ROME))
    state.apply_action(el)
    state.apply_action(5 - 1)
    assert state.dis[el] == 1
    assert state.grid.column_row(state.pos[el]) == (6, 7)  # five hexes south
    assert state.flags[el] & CHARGED


def test_s4_9_fortuna_rerolls_once_and_the_new_roll_stands() -> None:
    state = blank()
    a, d = _face_off(state)
    state.box_real[ROME][6] = 1
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    state.apply_action(1 - 1)  # Rome rolls a 1 ...
    assert state.tasks[-1][0] == "fortuna" and state.current_player() == ROME
    state.apply_action(state.layout.yes)  # ... and calls on Fortuna
    assert state.current_player() == carthago.CHANCE
    state.apply_action(6 - 1)  # 6 + 3 = 9
    assert state.tasks[-1][0] == "die"  # no second reroll is offered: the counter is spent
    state.apply_action(1 - 1)  # 1 + 3 = 4
    assert state.dis[d] == 2 and state.dis[a] == 0


def test_s4_3_combat_point_needs_the_leader_in_range() -> None:
    state = blank()
    a, _ = _face_off(state)
    state.box_real[ROME][1] = 1
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    assert state.tasks[-1][0] == "die"  # Scipio, in the far corner, is out of range
    state = blank()
    a, _ = _face_off(state)
    state.box_real[ROME][1] = 1
    state.leader_hex[ROME] = state.grid.hex_of(6, 12)
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    assert state.tasks[-1][:3] == ("ccp", ROME, a)
    state.apply_action(state.layout.yes)
    assert state.cb is not None and state.cb[combat.C_ACP] == 1
