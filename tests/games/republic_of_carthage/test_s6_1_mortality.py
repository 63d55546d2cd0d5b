"""The Mortality Phase (rules §6.1) and the consequences of death."""

from __future__ import annotations

from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.mortality import kill, struck
from carthago.games.republic_of_carthage.state import (
    CAPTURED,
    CARDS,
    CARTHAGE,
    CHIT_DRAW_TWO,
    CHIT_NONE,
    EXILE,
    FORUM,
    FORUM_DOWN,
    IN_PLAY,
    OFFICE_INDEX,
    OUT,
    PROV_FORUM,
    PROVINCE_INDEX,
    REMOVED,
    SENATOR_INDEX,
    STATESMAN_INDEX,
    UNIT_INDEX,
    RepublicOfCarthageState,
    family_of,
)
from tests.games.republic_of_carthage.support import first_turn, statesman_over


def _non_leader(state: RepublicOfCarthageState) -> int:
    return next(
        p
        for p in state.faction_persons(0)
        if state.faction_leader[0] != p and state.ploc[p] == CARTHAGE
    )


def test_s6_1_chit_outcomes_are_the_cup() -> None:
    state = first_turn()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 27
    assert abs(outcomes[CHIT_NONE] - 4 / 31) < 1e-12
    assert abs(outcomes[CHIT_DRAW_TWO] - 2 / 31) < 1e-12
    assert abs(outcomes[0] - 1 / 31) < 1e-12


def test_s6_1_none_has_no_effect_and_returns_to_the_cup() -> None:
    state = first_turn()
    before = [list(state.owner), list(state.inf)]
    state.apply_action(CHIT_NONE)
    assert [state.owner, state.inf] == before
    assert sum(state.cup) == 31 and state.stage != "mortality_draw"


def test_s6_1_numbered_chit_kills_a_senator_who_goes_to_the_forum_face_down() -> None:
    state = first_turn()
    victim = _non_leader(state)
    state.talents[victim] = 4
    state.traders[victim] = 2
    state.apply_action(family_of(victim) - 1)
    assert state.owner[victim] == -1 and state.ploc[victim] == OUT
    assert state.card_loc[victim] == FORUM_DOWN
    assert (state.talents[victim], state.traders[victim]) == (0, 0)
    assert sum(state.cup) == 31


def test_s6_1_chit_of_a_senator_not_in_play_does_nothing() -> None:
    state = first_turn()
    absent = next(
        f
        for f in range(1, 26)
        if not any(family_of(p) == f and state.owner[p] >= 0 for p in range(25))
    )
    owners = list(state.owner)
    state.apply_action(absent - 1)
    assert state.owner == owners


def test_s6_1_faction_leader_stays_with_his_traders() -> None:
    state = first_turn()
    leader = state.faction_leader[0]
    state.traders[leader] = 3
    state.inf[leader] = 12
    state.pop[leader] = 2
    state.talents[leader] = 9
    kill(state, leader)
    assert state.owner[leader] == 0 and state.faction_leader[0] == leader
    assert state.ploc[leader] == CARTHAGE and state.traders[leader] == 3
    assert state.pop[leader] == 0 and state.talents[leader] == 0
    assert state.inf[leader] == COMPONENTS.senators[family_of(leader)].inf


def test_s6_1_the_heir_of_a_dead_general_and_captive_is_neither() -> None:
    """Every death, here a Mortality Phase chit, clears the dead man's place in the field: his
    heir (the same Family card) is no General, follows no Veteran and is no captive (§6.6.2)."""
    state = first_turn()
    leader = state.faction_leader[0]
    legion = UNIT_INDEX["legion"]
    state.generals = [leader]
    state.unit_veteran[legion] = 1
    state.veteran_of = [legion, leader]
    state.ploc[leader] = CAPTURED
    state.captives = [leader, 0]
    state.apply_action(family_of(leader) - 1)
    assert state.faction_leader[0] == leader and state.ploc[leader] == CARTHAGE
    assert state.generals == [] and state.veteran_of == [] and state.captives == []


def test_s6_1_the_heir_keeps_none_of_the_dead_mans_standing_in_the_senate() -> None:
    """The Senate's records of a man name his person index, which his heir reuses: the heir
    was not acquitted, did not step down nor leave a Committee, is not "recently out of
    office" for a prosecution (§6.5.5) and is not the Suffete for Life (§7)."""
    state = first_turn()
    leader = state.faction_leader[0]
    other = _non_leader(state)
    state.immune = [leader, other]
    state.stepped = [leader]
    state.leavers = [other, leader]
    state.prior[leader] = state.prior[other] = state.turn + 1
    state.life_suffete, state.life_turn = leader, state.turn
    kill(state, leader)
    assert state.faction_leader[0] == leader and state.ploc[leader] == CARTHAGE
    assert state.immune == [other] and state.stepped == [] and state.leavers == [other]
    assert state.prior[leader] == 0 and state.prior[other] == state.turn + 1
    assert state.life_suffete == -1


def test_s6_1_death_sends_office_concession_and_province_to_the_forum() -> None:
    state = first_turn()
    governor = state.prov_gov[PROVINCE_INDEX["COASTAL-SPAIN"]]
    concession = next(
        c for c, ref in enumerate(CARDS) if ref.kind == "concession" and state.card_holder[c] < 0
    )
    state.card_loc[concession] = IN_PLAY
    state.card_holder[concession] = governor
    censor = OFFICE_INDEX["CENSOR"]
    state.office_holder[censor] = governor
    state.liable[governor] = 1
    kill(state, governor)
    assert state.prov_loc[PROVINCE_INDEX["COASTAL-SPAIN"]] == PROV_FORUM
    assert state.prov_gov[PROVINCE_INDEX["COASTAL-SPAIN"]] == -1
    assert state.card_loc[concession] == FORUM and state.card_holder[concession] == -1
    assert state.office_holder[censor] == -1 and state.liable[governor] == 0


def test_s6_1_statesman_dies_and_his_family_card_goes_to_the_forum() -> None:
    state = first_turn()
    person = statesman_over(state, "4A", 0)
    family = SENATOR_INDEX[4]
    state.apply_action(4 - 1)
    assert state.card_loc[person] == REMOVED and state.owner[person] == -1
    assert state.card_loc[family] == FORUM_DOWN and state.owner[family] == -1


def test_s6_1_statesman_leader_dies_and_his_family_card_leads_with_his_traders() -> None:
    state = first_turn()
    person = statesman_over(state, "4A", 0)
    state.faction_leader[0] = person
    state.traders[person] = 2
    state.apply_action(4 - 1)
    family = SENATOR_INDEX[4]
    assert state.faction_leader[0] == family and state.owner[family] == 0
    assert state.ploc[family] == CARTHAGE and state.traders[family] == 2
    assert state.card_loc[person] == REMOVED


def test_s6_1_one_chit_strikes_the_exiled_statesman_not_also_his_family_senator() -> None:
    state = first_turn()
    # Recalled to the Forum while his card was in the deck, he was not handed it when it was
    # drawn; persuaded and exiled again, he stands beside its Senator (see mortality.struck).
    statesman = STATESMAN_INDEX["6A"]
    state.card_loc[statesman] = IN_PLAY
    state.owner[statesman] = 0
    state.ploc[statesman] = EXILE
    family = SENATOR_INDEX[6]
    state.card_loc[family] = IN_PLAY
    state.owner[family] = 1
    state.ploc[family] = CARTHAGE
    # The chit names the Statesman, so it spares a Family Senator at war ...
    assert struck(state, 6, [family], "mortality_mago") == []
    # ... and kills only the Statesman in the Mortality Phase.
    state.apply_action(6 - 1)
    assert state.card_loc[statesman] == REMOVED and state.owner[statesman] == -1
    assert state.owner[family] == 1 and state.ploc[family] == CARTHAGE
    assert state.card_loc[family] == IN_PLAY


def test_s4_mago_family_chance_picks_the_victim_and_the_card_moves() -> None:
    state = first_turn()
    first = statesman_over(state, "2A", 0)
    second = STATESMAN_INDEX["2B"]
    state.card_loc[second] = IN_PLAY
    state.owner[second] = 0
    state.ploc[second] = CARTHAGE
    state.apply_action(2 - 1)
    assert state.stage == "mortality_mago"
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(0)
    assert state.card_loc[first] == REMOVED
    assert state.under[second] == SENATOR_INDEX[2] and state.owner[second] == 0


def test_s2_mago_card_moves_under_the_brother_in_the_forum_and_leaves_the_faction() -> None:
    state = first_turn()
    first = statesman_over(state, "2A", 0)
    state.faction_leader[0] = first
    # 2B, recalled from exile to the Forum, was in no faction when 2A took the card.
    second = STATESMAN_INDEX["2B"]
    state.card_loc[second] = FORUM
    state.apply_action(2 - 1)
    state.apply_action(0)
    family = SENATOR_INDEX[2]
    assert state.card_loc[first] == REMOVED
    assert state.under[second] == family and state.owner[family] == -1
    assert state.faction_leader[0] == -1


def test_s6_1_draw_two_draws_two_more() -> None:
    state = first_turn()
    state.apply_action(CHIT_DRAW_TWO)
    assert state.stage == "mortality_draw" and state.mortality_left == 2
    assert CHIT_DRAW_TWO not in [a for a, p in state.chance_outcomes() if p == 0]
    state.apply_action(CHIT_NONE)
    assert state.stage == "mortality_draw"
    assert sum(state.cup) == 29
    state.apply_action(CHIT_NONE)
    assert state.stage != "mortality_draw" and sum(state.cup) == 31


def test_s6_1_draw_two_then_draw_two_again() -> None:
    state = first_turn()
    state.apply_action(CHIT_DRAW_TWO)
    state.apply_action(CHIT_DRAW_TWO)
    assert state.mortality_left == 3
    assert dict(state.chance_outcomes()).get(CHIT_DRAW_TWO) is None
