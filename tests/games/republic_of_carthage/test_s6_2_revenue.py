"""The Revenue Phase (rules §6.2), its twelve steps and the example of step 9."""

from __future__ import annotations

import carthago
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.offices import vacate
from carthago.games.republic_of_carthage.revenue import (
    MAX_TRANSFERS,
    contribution_influence,
    revenue_risk,
)
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    CHIT_NONE,
    GOVERNOR,
    OFFICE_INDEX,
    OFFICES,
    PROV_FORUM,
    PROV_GOVERNED,
    PROVINCE_INDEX,
    WAR_ACTIVE,
    WAR_INDEX,
    WAR_LOST,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import first_turn, run_until

LIBYA = PROVINCE_INDEX["LIBYA"]


def _quiet(seed: int = 0) -> RepublicOfCarthageState:
    """Turn 1 before the Mortality chit: no Committee, no Governors, so nothing is rolled."""
    state = first_turn(3, seed)
    for office in range(len(OFFICES)):
        if OFFICES[office].committee:
            vacate(state, office)
    for province, governor in enumerate(state.prov_gov):
        if governor >= 0:
            state.prov_loc[province] = PROV_FORUM
            state.prov_gov[province] = -1
            state.ploc[governor] = CARTHAGE
    return state


def _free_senator(state: RepublicOfCarthageState, faction: int = 0) -> int:
    return next(
        p
        for p in state.faction_persons(faction)
        if state.ploc[p] == CARTHAGE and p != state.faction_leader[faction]
    )


def _govern(state: RepublicOfCarthageState, province: int, person: int, term: int = 3) -> None:
    state.prov_loc[province] = PROV_GOVERNED
    state.prov_gov[province] = person
    state.prov_term[province] = term
    state.ploc[person] = GOVERNOR


def test_s6_2_step1_income_three_for_leaders_one_for_others() -> None:
    state = _quiet()
    before = list(state.talents)
    state.apply_action(CHIT_NONE)
    for faction in range(3):
        for person in state.faction_persons(faction):
            gain = state.talents[person] - before[person]
            assert gain == (3 if state.faction_leader[faction] == person else 1)


def test_s6_2_step2_office_income() -> None:
    state = _quiet()
    person = _free_senator(state)
    treasurer = OFFICE_INDEX["TREASURER"]
    state.office_holder[treasurer] = person
    before = state.talents[person]
    state.apply_action(CHIT_NONE)
    run_until(state, lambda s: s.stage == "revenue_corruption" and s.current_player() == 0)
    assert state.talents[person] - before == 1 + OFFICES[treasurer].income


def test_s6_2_step3_corruption_roll_makes_the_member_liable() -> None:
    state = _quiet()
    person = _free_senator(state)
    state.office_holder[OFFICE_INDEX["CENSOR"]] = person
    state.apply_action(CHIT_NONE)
    assert state.stage == "revenue_corruption" and state.current_player() == 0
    assert state.legal_actions() == [A.DONE, A.YES]
    talents, treasury = state.talents[person], state.treasury
    state.apply_action(A.YES)
    assert state.current_player() == carthago.CHANCE
    assert [o for o, _ in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    state.apply_action(4)
    assert state.talents[person] == talents + 4 and state.liable[person] == 1
    # Then the State receives 100T and pays 2T for each of the two legions.
    assert state.treasury == treasury - 4 + 100 - 4


def test_s6_2_steps4_to_8_state_accounts() -> None:
    state = _quiet()
    state.war_status[WAR_INDEX["SICILIAN-1"]] = WAR_ACTIVE
    state.war_status[WAR_INDEX["PYRRHIC"]] = WAR_ACTIVE
    state.war_status[WAR_INDEX["MOROCCAN"]] = WAR_LOST
    state.trade_fleets, state.caravans = 6, 5
    state.treasury = 150
    state.apply_action(CHIT_NONE)
    # +100, legions 2 x 2T, wars 2 x 20T + 25T, ceil(6/5) + ceil(5/5) talents.
    assert state.treasury == 150 + 100 - 4 - 65 - 3
    assert not state.bankrupt


def test_s6_2_step9_undeveloped_libya_example() -> None:
    """The rule's example: Libya's "dr - 5" rolls a 1, so the Treasury loses 4."""
    state = _quiet()
    governor = _free_senator(state)
    _govern(state, LIBYA, governor)
    state.prov_dev[LIBYA] = 0
    state.apply_action(CHIT_NONE)
    assert state.stage == "revenue_province_state"
    assert [o for o, _ in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    treasury = state.treasury
    state.apply_action(1)
    assert state.treasury == treasury - 4


def test_s6_2_step9_developed_libya_rolls_two_dice() -> None:
    state = _quiet()
    _govern(state, LIBYA, _free_senator(state))
    state.prov_dev[LIBYA] = 1
    state.apply_action(CHIT_NONE)
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(range(2, 13))
    treasury = state.treasury
    state.apply_action(7)
    assert state.treasury == treasury + 7


def test_s6_2_step9_personal_income_and_liable_marker() -> None:
    state = _quiet()
    governor = _free_senator(state)
    _govern(state, PROVINCE_INDEX["NUMIDIA"], governor)
    state.prov_dev[PROVINCE_INDEX["NUMIDIA"]] = 1  # developed: personal "dr-1"
    state.apply_action(CHIT_NONE)
    state.apply_action(6)  # state income 6 + 2
    assert state.stage == "revenue_personal" and state.current_player() == 0
    before = state.talents[governor]
    state.apply_action(A.YES)
    state.apply_action(5)
    assert state.talents[governor] == before + 4 and state.liable[governor] == 1


def test_s6_2_step9_negative_personal_income_is_paid_by_the_state() -> None:
    state = _quiet()
    governor = _free_senator(state)
    _govern(state, LIBYA, governor)
    state.apply_action(CHIT_NONE)
    state.apply_action(6)  # state income 6 - 5 = 1
    treasury = state.treasury
    state.apply_action(A.YES)
    state.apply_action(1)  # personal dr-3: 1 - 3 = -2
    assert state.treasury == treasury - 2 and state.liable[governor] == 1


def test_s6_2_step9_development_roll_with_and_without_personal_income() -> None:
    for personal, roll, developed in ((False, 5, True), (True, 5, False), (True, 6, True)):
        state = _quiet()
        governor = _free_senator(state)
        _govern(state, LIBYA, governor)
        influence = state.inf[governor]
        state.apply_action(CHIT_NONE)
        state.apply_action(6)
        if personal:
            state.apply_action(A.YES)
            state.apply_action(6)
        else:
            state.apply_action(A.DONE)
        assert state.stage == "revenue_develop"
        state.apply_action(roll)
        assert bool(state.prov_dev[LIBYA]) is developed
        assert state.inf[governor] == influence + (3 if developed else 0)


def test_s6_2_step9_term_marker_returns_the_province_to_the_forum() -> None:
    state = _quiet()
    governor = _free_senator(state)
    _govern(state, LIBYA, governor, term=1)
    state.apply_action(CHIT_NONE)
    state.apply_action(3)
    state.apply_action(A.DONE)
    state.apply_action(1)
    assert state.prov_loc[LIBYA] == PROV_FORUM and state.prov_gov[LIBYA] == -1
    assert state.ploc[governor] == CARTHAGE
    state = _quiet()
    _govern(state, LIBYA, governor, term=2)
    state.apply_action(CHIT_NONE)
    state.apply_action(3)
    state.apply_action(A.DONE)
    state.apply_action(1)
    assert state.prov_loc[LIBYA] == PROV_GOVERNED and state.prov_term[LIBYA] == 1


def test_s6_2_step10_redistribution_gifts_and_frozen_governors() -> None:
    state = _quiet()
    governor = _free_senator(state)
    _govern(state, LIBYA, governor)
    state.apply_action(CHIT_NONE)
    state = run_until(state, lambda s: s.stage == "revenue_redistribute", passive=True)
    faction = state.current_player()
    legal = state.legal_actions()
    sources = {A.decode_transfer(a)[0] for a in legal if a != A.DONE}
    assert governor not in sources
    leader = state.faction_leader[faction]
    gift = A.transfer(leader, A.OWN_TREASURY + 1 + (faction + 1) % 3, A.AMOUNTS.index(2))
    assert gift in legal
    receiver = (faction + 1) % 3
    before = (state.talents[leader], state.faction_treasury[receiver])
    state.apply_action(gift)
    assert (state.talents[leader], state.faction_treasury[receiver]) == (
        before[0] - 2,
        before[1] + 2,
    )
    for _ in range(MAX_TRANSFERS - 1):
        state.apply_action(next(a for a in state.legal_actions() if a != A.DONE))
    assert state.legal_actions() == [A.DONE]


def test_s6_2_step11_contributions_table() -> None:
    assert [contribution_influence(t) for t in (9, 10, 25, 50)] == [0, 1, 3, 7]
    state = _quiet()
    state.apply_action(CHIT_NONE)
    state = run_until(state, lambda s: s.stage == "revenue_contribute", passive=True)
    faction = state.current_player()
    person = state.faction_leader[faction]
    state.talents[person] = 30
    state._legal = None
    influence, treasury = state.inf[person], state.treasury
    state.apply_action(A.contribute(person, A.AMOUNTS.index(20)))
    assert state.inf[person] == influence + 1 and state.treasury == treasury + 20
    state.apply_action(A.contribute(person, A.AMOUNTS.index(0)))
    assert state.inf[person] == influence + 2 and state.talents[person] == 0


def test_s6_2_step12_bankruptcy_ends_the_game_for_everyone() -> None:
    state = _quiet()
    for war in ("SICILIAN-1", "SICILIAN-4", "PYRRHIC", "LIBYAN", "MOROCCAN"):
        state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    state.treasury = 0
    state.apply_action(CHIT_NONE)
    run_until(state, lambda s: s.is_terminal(), passive=True)
    assert state.ended == "bankruptcy" and state.bankrupt
    assert state.returns() == [-1.0, -1.0, -1.0]
    assert state.turn == 1


def test_s6_2_the_worst_revenue_phase_counts_corruption_dice_and_province_shortfalls() -> None:
    state = _quiet()
    assert revenue_risk(state) == 0
    people = [p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE][:3]
    state.office_holder[OFFICE_INDEX["SUPERVISOR"]] = people[0]
    state.office_holder[OFFICE_INDEX["HARBOR-MASTER"]] = people[1]
    assert revenue_risk(state) == 2 * 6  # each Committee member's die at its highest
    _govern(state, LIBYA, people[2])
    # Undeveloped Libya: State Income dr-5 is 4T short at worst, Personal Income dr-3 2T.
    assert revenue_risk(state) == 12 + 4 + 2
    state.prov_dev[LIBYA] = 1  # developed: DR and dr, never below zero
    assert revenue_risk(state) == 12


def test_s6_2_step2_supervisor_and_harbor_master_but_not_the_overseer() -> None:
    from carthago.games.republic_of_carthage.state import UNIT_INDEX

    state = _quiet()
    people = [p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE][:3]
    offices = ("SUPERVISOR", "HARBOR-MASTER", "OVERSEER")
    for person, office in zip(people, offices, strict=False):
        state.office_holder[OFFICE_INDEX[office]] = person
    fleet = UNIT_INDEX["fleet"]
    state.unit_pool[fleet] -= 6
    state.unit_active[fleet] += 6
    before = [state.talents[p] for p in people]
    state.apply_action(CHIT_NONE)
    gains = [state.talents[p] - b for p, b in zip(people, before, strict=True)]
    base = [3 if state.faction_leader[0] == p else 1 for p in people]
    extra = [2, 1 + 2, 0][: len(people)]  # Harbor Master: 1T + 1T per 5 fleets, rounded up
    assert [g - b for g, b in zip(gains, base, strict=True)] == extra
    assert state.stage == "revenue_corruption" and state.current_player() == 0
