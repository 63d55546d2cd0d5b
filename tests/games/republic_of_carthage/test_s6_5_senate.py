"""The Senate Phase (rules §6.5): the PM, proposals and votes, elections, Committee seats,
prosecutions, Governors and repopulation, Other Business."""

from __future__ import annotations

import pytest

import carthago
from carthago.core.errors import IllegalActionError
from carthago.games.republic_of_carthage import assassination, prosecution, voting
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.assassination import attempt
from carthago.games.republic_of_carthage.forces import Force, at_home, send
from carthago.games.republic_of_carthage.laws import (
    LAW_CARDS,
    corruption,
    law_in_force,
    public_reaction_modifier,
)
from carthago.games.republic_of_carthage.prosecution import CENSOR, exile
from carthago.games.republic_of_carthage.senate import MAX_FAILURES, outcry_card
from carthago.games.republic_of_carthage.senate_policy import POLICY
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CARDS,
    CARTHAGE,
    COVERED,
    DISCARD,
    EXILE,
    FORUM_DOWN,
    GOVERNOR,
    HAND,
    IN_PLAY,
    LEADER_ACTIVE,
    LEADER_INACTIVE,
    LEADER_INDEX,
    NEUTRAL_ROLES,
    OFFICE_INDEX,
    OUT,
    PROV_FORUM,
    PROV_GOVERNED,
    STATESMAN_INDEX,
    TABLE_EVENT_INDEX,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_INDEX,
    WAR_LOST,
    WAR_UNPROSECUTED,
    RepublicOfCarthageState,
    family_of,
    stat,
)
from tests.games.republic_of_carthage.support import jump, new, run_until, statesman_over

S = RepublicOfCarthageState
HOME = OFFICE_INDEX["HOME-SUFFETE"]
MARINE = OFFICE_INDEX["MARINE-SUFFETE"]
TREASURER = OFFICE_INDEX["TREASURER"]
LEGION = UNIT_INDEX["legion"]
FLEET = UNIT_INDEX["fleet"]
SIKEL = UNIT_INDEX["sikel"]
VOTING_STAGES = ("senate_floor", "senate_call", "senate_ballot", "senate_appeal", "senate_hire")
"""From a proposal's floor to its end: the vote, and the Mercenary window after a war is sent."""


def senate(players: int = 3, seed: int = 0) -> S:
    """A game at its first Senate Phase: the PM is about to name two Suffetes."""
    return run_until(new(players), lambda s: s.stage.startswith("senate"), seed, passive=True)


def vote(state: S, choices: dict[int, int], buy: dict[int, int] | None = None) -> None:
    """Call the factions in table order and cast each one's ballot (Yes unless told)."""
    buy = buy or {}
    while state.stage in VOTING_STAGES:
        if state.stage in ("senate_floor", "senate_hire"):
            state.apply_action(SA.PASS)
        elif state.stage == "senate_call":
            state.apply_action(min(state.legal_actions()))
        elif state.stage == "senate_appeal":
            state.apply_action(SA.PASS)
        else:
            faction = state.pos
            index = SA.BUY.index(buy.get(faction, 0))
            state.apply_action(SA.vote(choices.get(faction, SA.YES_VOTE), index))


def propose(state: S, *actions: int) -> None:
    """Make the choices in turn; one the engine filled in by itself (the only choice) is
    skipped."""
    start = len(state.proposal)
    for position, action in enumerate(actions, start):
        if state.stage != "senate_propose":
            return
        if action in state.legal_actions():
            state.apply_action(action)
        else:
            value = action - SA.KIND if position == 0 else P.parameter(action)
            assert state.proposal[position] == value


def other_business(state: S) -> S:
    """Elect the first pair offered, fill the Committee with the first candidates, end the
    prosecutions: the PM is now in Other Business."""
    while not (state.stage == "senate_propose" and state.sub == 7 and not state.proposal):
        if state.stage in VOTING_STAGES:
            vote(state, {})
        elif (
            state.stage == "senate_propose"
            and not state.proposal
            and SA.PASS in state.legal_actions()
        ):
            state.apply_action(SA.PASS)
        elif state.stage in ("senate_consent", "senate_assign_agree"):
            state.apply_action(SA.AYE)
        else:
            state.apply_action(min(state.legal_actions()))
    return state


def free(state: S) -> list[int]:
    return P.office_candidates(state)


# -- how the Senate works -------------------------------------------------------------------


def test_s6_5_the_hrao_presides_and_names_the_suffetes() -> None:
    state = senate()
    assert state.stage == "senate_propose" and state.proposal == [P.SUFFETES]
    assert state.pm == state.office_holder[HOME]
    assert state.current_player() == state.owner[state.pm]


def test_s6_5_votes_are_the_oratory_of_senators_in_carthage() -> None:
    state = senate()
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    for faction in range(3):
        in_carthage = [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]
        assert voting.oratory(state, faction) == sum(stat(p, "ora") for p in in_carthage)
    governor = state.prov_gov[0]
    assert governor >= 0 and state.ploc[governor] == GOVERNOR
    faction = state.owner[governor]
    assert voting.oratory(state, faction) == sum(
        stat(p, "ora")
        for p in state.faction_persons(faction)
        if p != governor and state.ploc[p] == CARTHAGE
    )


def test_s6_5_passes_only_when_yes_outnumbers_no_and_abstain_together() -> None:
    state = senate()
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    votes = [voting.oratory(state, f) for f in range(3)]
    # The faction with the most votes says Yes, the others abstain.
    big = max(range(3), key=lambda f: votes[f])
    others = sum(votes) - votes[big]
    vote(state, {f: SA.ABSTAIN_VOTE for f in range(3) if f != big})
    passed = state.office_holder[HOME] in (a, b) or state.stage.startswith("senate_assign")
    assert passed == (votes[big] > others)


def test_s6_5_bought_votes_cost_talents_and_count_for_this_proposal() -> None:
    state = senate()
    state.faction_treasury[1] = 7
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    before = voting.funds(state, 1)
    on_cards = sum(state.talents[p] for p in voting.members_in_carthage(state, 1))
    vote(state, {0: SA.NO_VOTE, 2: SA.NO_VOTE}, buy={1: 5})
    assert voting.funds(state, 1) == before - 5
    assert state.faction_treasury[1] == 7 - max(0, 5 - on_cards)  # Senators pay first
    entries = [e for e in state.log(None) if "Player 2 votes Yes" in str(e)]
    assert entries and f"({voting.oratory(state, 1) + 5} votes and buys 5 votes)" in str(
        entries[-1]
    )


def test_s6_5_bought_votes_show_nothing_of_the_hidden_faction_treasury() -> None:
    """Talents for votes come off the Senators' cards first, so what the others see after a
    purchase is the same whatever the Faction Treasury held."""
    views = []
    for treasury in (0, 9):
        state = senate()
        for p in voting.members_in_carthage(state, 1):
            state.talents[p] = 0
        richest = voting.members_in_carthage(state, 1)[0]
        state.talents[richest] = 2
        state.faction_treasury[1] = treasury
        a, b = free(state)[:2]
        propose(state, SA.person(a), SA.person(b))
        vote(state, {0: SA.NO_VOTE, 2: SA.NO_VOTE}, buy={1: 1})
        assert state.talents[richest] == 1 and state.faction_treasury[1] == treasury
        views.append(state.observation(0))
    assert views[0] == views[1]


def test_s6_5_a_faction_cannot_buy_more_votes_than_it_has_talents() -> None:
    state = senate()
    for p in state.faction_persons(0):
        state.talents[p] = 0
    state.faction_treasury[0] = 3
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    while state.stage in ("senate_floor", "senate_call"):
        if state.stage == "senate_floor":
            state.apply_action(SA.PASS)
            continue
        state.apply_action(
            SA.faction(0) if SA.faction(0) in state.legal_actions() else min(state.legal_actions())
        )
    assert state.pos == 0
    legal = state.legal_actions()
    assert SA.vote(SA.YES_VOTE, SA.BUY.index(2)) in legal
    assert SA.vote(SA.YES_VOTE, SA.BUY.index(5)) not in legal
    with pytest.raises(IllegalActionError):
        state.apply_action(SA.vote(SA.YES_VOTE, SA.BUY.index(5)))


def test_s6_5_a_rejected_proposal_is_not_repeated_this_turn() -> None:
    state = senate()
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {f: SA.NO_VOTE for f in range(3)})
    if state.stage == "senate_step_down":
        state.apply_action(SA.PASS)
    assert state.proposal == [P.SUFFETES]
    state.apply_action(SA.person(a))
    assert SA.person(b) not in state.legal_actions()


def test_s6_5_unanimous_rejection_costs_the_pm_1_influence_unless_he_steps_down() -> None:
    state = senate()
    pm, faction = state.pm, state.owner[state.pm]
    influence = state.inf[pm]
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {f: SA.NO_VOTE for f in range(3) if f != faction})
    assert state.stage == "senate_step_down" and state.current_player() == faction
    state.apply_action(SA.PASS)
    assert state.inf[pm] == influence - 1 and state.pm == pm

    state = senate()
    pm, faction = state.pm, state.owner[state.pm]
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {f: SA.NO_VOTE for f in range(3) if f != faction})
    state.apply_action(SA.AYE)
    assert state.pm != pm and pm in state.stepped
    assert state.current_player() == state.owner[state.pm]


def test_s6_5_no_step_down_when_another_faction_did_not_vote_no() -> None:
    state = senate()
    faction = state.owner[state.pm]
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    others = [f for f in range(3) if f != faction]
    vote(state, {faction: SA.NO_VOTE, others[0]: SA.NO_VOTE, others[1]: SA.ABSTAIN_VOTE})
    assert state.stage != "senate_step_down"


def test_s6_5_the_last_possible_pair_passes_without_a_vote() -> None:
    state = senate()
    keep = free(state)[:2]
    for p in free(state)[2:]:
        state.ploc[p] = GOVERNOR  # away: not a candidate
    state._legal = None
    assert state.proposal == [P.SUFFETES]
    propose(state, SA.person(keep[0]))
    assert state.stage == "senate_assign"
    assert any("cannot be allowed to fail" in str(e) for e in state.log(None))


def test_s6_5_an_office_passes_without_vote_after_the_engine_bound_of_failures() -> None:
    state = senate()
    pairs = P.suffete_pairs(state)
    assert len(pairs) > MAX_FAILURES + 1
    for a, b in pairs[:MAX_FAILURES]:
        propose(state, SA.person(a), SA.person(b))
        vote(state, {f: SA.NO_VOTE for f in range(3)})
        if state.stage == "senate_step_down":
            state.apply_action(SA.PASS)
    a, b = P.suffete_pairs(state)[0]
    propose(state, SA.person(a), SA.person(b))
    assert state.stage == "senate_assign"


# -- 1-4: committee terms, Suffetes, Committee seats ------------------------------------------


def test_s6_5_1_committee_terms_advance_and_an_expired_office_is_vacant() -> None:
    state = senate()
    # Set-up terms: the Treasurer had 1 turn left and the Censor 3 (rules 3 step 8).
    assert state.office_term[CENSOR] == 2
    assert state.office_term[TREASURER] == 0 or state.office_holder[TREASURER] < 0
    assert state.leavers


def test_s6_5_2_candidates_are_in_carthage_and_hold_no_office() -> None:
    state = senate()
    candidates = {a - SA.PERSON for a in state.legal_actions()}
    for p in candidates:
        assert state.ploc[p] == CARTHAGE and state.owner[p] >= 0
        assert P.office_candidates(state).count(p) == 1
    holders = {h for h in state.office_holder if h >= 0} | {g for g in state.prov_gov if g >= 0}
    assert not candidates & holders


def test_s6_5_2_3_elected_suffetes_gain_5_influence_and_share_home_and_marine() -> None:
    state = senate()
    old_home = state.office_holder[HOME]
    a, b = free(state)[:2]
    influence = state.inf[a], state.inf[b]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {})
    assert (state.inf[a], state.inf[b]) == (influence[0] + 5, influence[1] + 5)
    assert state.prior[old_home] == state.turn + 1  # the outgoing Suffete
    assert state.stage == "senate_assign" and state.current_player() == state.owner[a]
    state.apply_action(SA.person(b))
    if state.stage == "senate_assign_agree":
        state.apply_action(SA.AYE)
    assert state.office_holder[HOME] == b and state.office_holder[MARINE] == a
    assert state.pm == b


def test_s6_5_3_suffetes_who_disagree_are_assigned_by_the_dice() -> None:
    state = senate()
    pairs = [(a, b) for a, b in P.suffete_pairs(state) if state.owner[a] != state.owner[b]]
    a, b = pairs[0]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {})
    state.apply_action(SA.person(a))
    assert state.stage == "senate_assign_agree" and state.current_player() == state.owner[b]
    state.apply_action(SA.PASS)
    assert state.stage == "senate_assign_roll"
    state.apply_action(1)
    assert state.office_holder[HOME] == b


def test_s6_5_4_committee_seats_give_3_influence_and_three_turns() -> None:
    state = senate()
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {})
    state.apply_action(SA.person(a))
    if state.stage == "senate_assign_agree":
        state.apply_action(SA.AYE)
    assert state.stage == "senate_propose" and state.proposal[0] == P.COMMITTEE
    office = state.proposal[1]
    legal = state.legal_actions()
    candidate = legal[0] - SA.PERSON
    assert candidate not in (a, b)
    influence = state.inf[candidate]
    state.apply_action(legal[0])
    if state.stage == "senate_consent":
        state.apply_action(SA.AYE)
    vote(state, {})
    assert state.office_holder[office] == candidate
    assert state.office_term[office] == 3
    assert state.inf[candidate] == influence + 3


def test_s6_5_4_members_whose_term_just_ended_may_accept_a_new_seat() -> None:
    """A member whose term ran out this turn is a candidate like anyone free of office, though
    others could sit; named, his owner may accept or refuse the seat."""
    state = senate()
    leaver = state.leavers[0]
    others = [p for p in free(state) if p not in state.leavers]
    assert len(others) >= 3
    a, b = others[:2]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {})
    state.apply_action(SA.person(a))
    if state.stage == "senate_assign_agree":
        state.apply_action(SA.AYE)
    assert state.stage == "senate_propose" and state.proposal[0] == P.COMMITTEE
    office = state.proposal[1]
    assert SA.person(leaver) in state.legal_actions()
    state.apply_action(SA.person(leaver))
    assert state.stage == "senate_consent" and state.current_player() == state.owner[leaver]
    state.apply_action(SA.AYE)
    vote(state, {})
    assert state.office_holder[office] == leaver


# -- 5: prosecutions ------------------------------------------------------------------------


def _to_prosecutions(state: S) -> S:
    while state.sub < 5:
        if state.stage in ("senate_floor", "senate_call", "senate_ballot"):
            vote(state, {})
        elif state.stage in ("senate_consent", "senate_assign_agree"):
            state.apply_action(SA.AYE)
        else:
            state.apply_action(min(state.legal_actions()))
    return state


def _accused_position() -> tuple[S, int, int]:
    """Prosecutions are under way; a Liable Senator (Influence 8, Popularity 0) of another
    faction than the Censor's and a prosecutor from the Censor's faction are in Carthage."""
    state = senate()
    censor = state.office_holder[CENSOR]
    for p in P.in_carthage(state):
        if state.owner[p] != state.owner[censor]:
            state.liable[p] = 1
    _to_prosecutions(state)
    assert state.sub == 5 and state.current_player() == state.owner[censor]
    accused = next(
        p for p in P.in_carthage(state) if state.owner[p] != state.owner[censor] and state.liable[p]
    )
    prosecutor = (
        next(
            p for p in P.in_carthage(state) if state.owner[p] == state.owner[censor] and p != censor
        )
        if any(state.owner[p] == state.owner[censor] and p != censor for p in P.in_carthage(state))
        else censor
    )
    for p in P.in_carthage(state):
        if p != accused:
            state.liable[p] = 0
    state.inf[accused] = 8
    state.pop[accused] = 0
    state._legal = None
    return state, accused, prosecutor


def test_s6_5_5_the_censor_presides_over_prosecutions_of_eligible_senators() -> None:
    state, accused, _ = _accused_position()
    state.apply_action(SA.kind(P.MINOR))
    targets = {a - SA.PERSON for a in state.legal_actions()}
    assert accused in targets
    for p in targets:
        assert state.liable[p] or state.prior[p] >= state.turn
    assert state.office_holder[CENSOR] not in targets


def test_s6_5_5_a_guilty_minor_prosecution_costs_5_and_5_and_pays_the_prosecutor() -> None:
    state, accused, prosecutor = _accused_position()
    gain = state.inf[prosecutor]
    propose(state, SA.kind(P.MINOR), SA.person(accused), SA.person(prosecutor))
    vote(state, {})
    assert state.inf[accused] == 3 and state.pop[accused] == -5
    assert state.inf[prosecutor] == gain + 2  # half of 5, rounded down
    assert state.liable[accused] == 0


def test_s6_5_5_an_acquitted_senator_is_immune_and_loses_his_liable_marker() -> None:
    state, accused, prosecutor = _accused_position()
    propose(state, SA.kind(P.MINOR), SA.person(accused), SA.person(prosecutor))
    vote(state, {f: SA.NO_VOTE for f in range(3)})
    assert state.inf[accused] == 8 and state.liable[accused] == 0
    assert accused in state.immune


def test_s6_5_5_the_accused_adds_his_influence_to_his_factions_vote() -> None:
    state, accused, prosecutor = _accused_position()
    propose(state, SA.kind(P.MINOR), SA.person(accused), SA.person(prosecutor))
    faction = state.owner[accused]
    assert voting.weight(state, faction) == voting.oratory(state, faction) + 8


def test_s6_5_5_popular_appeal_frees_kills_or_sways() -> None:
    for roll, outcome in ((12, "freed"), (2, "killed"), (9, "sway")):
        state, accused, prosecutor = _accused_position()
        propose(state, SA.kind(P.MINOR), SA.person(accused), SA.person(prosecutor))
        faction = state.owner[accused]
        while state.stage != "senate_appeal":
            if state.stage == "senate_floor":
                state.apply_action(SA.PASS)
            elif state.stage == "senate_call":
                state.apply_action(
                    SA.faction(faction)
                    if SA.faction(faction) in state.legal_actions()
                    else min(state.legal_actions())
                )
            else:
                state.apply_action(SA.vote(SA.YES_VOTE, 0))
        state.apply_action(SA.AYE)
        assert state.stage == "senate_appeal_roll"
        state.apply_action(roll)
        if outcome == "freed":
            assert accused in state.immune and state.inf[accused] == 8
        elif outcome == "killed":
            assert state.ploc[accused] != CARTHAGE or state.inf[accused] != 8
            assert any("mob kills" in str(e) for e in state.log(None))
        else:
            assert state.ballots[-1] == 8  # a 9 sways 8 votes to the accused


def test_s6_5_5_a_major_prosecution_kills_the_guilty() -> None:
    state, accused, prosecutor = _accused_position()
    state.liable[accused] = 2  # a same-faction tax sponsor: open to a major prosecution
    state._legal = None
    gain = state.inf[prosecutor]
    propose(state, SA.kind(P.MAJOR), SA.person(accused), SA.person(prosecutor))
    vote(state, {})
    assert state.ploc[accused] != CARTHAGE or state.inf[accused] != 8
    assert state.inf[prosecutor] == gain + 4


def test_s6_5_5_only_the_most_recently_out_of_office_suffetes_may_be_tried() -> None:
    """Turn 1 replaces the set-up's Temporary Home Suffete, turn 2 the pair elected in turn 1:
    at turn 2's prosecutions that pair is "the most recently out-of-office" Suffetes, and the
    man who left a turn earlier no longer is, though he left since the last Senate."""
    state = senate()
    temporary = state.office_holder[HOME]
    other_business(state)
    first_pair = [state.office_holder[HOME], state.office_holder[MARINE]]
    assert temporary not in first_pair and prosecution.recently_out(state, temporary)
    state.turn += 1
    jump(state, "senate_start")
    _to_prosecutions(state)
    assert state.sub == 5 and state.office_holder[HOME] not in first_pair
    assert all(prosecution.recently_out(state, p) for p in first_pair)
    assert not prosecution.recently_out(state, temporary)
    assert state.ploc[temporary] == CARTHAGE and not state.liable[temporary]
    for kind in (P.MINOR, P.MAJOR):
        assert not prosecution.eligible(state, temporary, kind)


def test_s6_5_5_a_statesman_may_go_into_exile_before_a_major_prosecution() -> None:
    state, accused, prosecutor = _accused_position()
    statesman = STATESMAN_INDEX["2A"]
    faction = state.owner[accused]
    state.owner[statesman] = faction
    state.ploc[statesman] = CARTHAGE
    state.inf[statesman] = 12
    state.pop[statesman] = 3
    P.mark_out_of_office(state, statesman, P.OUT_GENERAL)
    state._legal = None
    propose(state, SA.kind(P.MAJOR), SA.person(statesman), SA.person(prosecutor))
    assert state.stage == "senate_exile" and state.current_player() == faction
    state.apply_action(SA.AYE)
    assert state.ploc[statesman] == EXILE
    assert state.pop[statesman] == 0 and state.inf[statesman] == stat_inf(statesman)


def stat_inf(person: int) -> int:
    from carthago.games.republic_of_carthage.components import COMPONENTS

    return COMPONENTS.statesmen[CARDS[person].id].inf


def test_s6_5_5_a_prosecutor_from_another_faction_must_consent() -> None:
    state, accused, _ = _accused_position()
    censor_faction = state.owner[state.office_holder[CENSOR]]
    other = next(
        p for p in P.in_carthage(state) if state.owner[p] not in (censor_faction,) and p != accused
    )
    propose(state, SA.kind(P.MINOR), SA.person(accused), SA.person(other))
    assert state.stage == "senate_consent" and state.current_player() == state.owner[other]
    state.apply_action(SA.PASS)
    assert P.was_rejected(state, [P.MINOR, accused, other])


# -- 6: Governors and repopulation --------------------------------------------------------------


def test_s6_5_6_a_province_in_the_forum_gets_a_governor_who_leaves_carthage() -> None:
    state = senate()
    province = next(p for p, loc in enumerate(state.prov_loc) if loc == 0)
    state.prov_loc[province] = PROV_FORUM
    while not (state.sub == 6 and state.stage == "senate_propose"):
        if state.stage in ("senate_floor", "senate_call", "senate_ballot"):
            vote(state, {})
        elif state.stage in ("senate_consent", "senate_assign_agree"):
            state.apply_action(SA.AYE)
        elif state.stage == "senate_propose" and not state.proposal:
            state.apply_action(SA.PASS)
        elif state.current_player() < 0:
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(min(state.legal_actions()))
    assert state.proposal[0] == P.GOVERNOR_KIND
    province = state.proposal[1]
    assert state.prov_loc[province] == PROV_FORUM
    governor = state.legal_actions()[0] - SA.PERSON
    state.apply_action(SA.person(governor))
    vote(state, {})
    assert state.prov_loc[province] == PROV_GOVERNED and state.prov_gov[province] == governor
    assert state.ploc[governor] == GOVERNOR and state.gov_turn[province] == state.turn


def test_s6_5_6_carthage_is_repopulated_to_eight_senators_from_the_dead() -> None:
    state = senate()
    # Two dead Family cards wait face down in the Forum; Carthage holds 7 faction Senators.
    dead = [p for p in range(25) if state.owner[p] < 0][:2]
    for p in dead:
        state.card_loc[p] = FORUM_DOWN
    assert len(P.in_carthage(state)) == 7
    smallest = min(
        range(3),
        key=lambda f: (
            len(state.faction_persons(f)),
            sum(state.inf[p] for p in state.faction_persons(f)),
            f,
        ),
    )
    other_business(state)
    joined = [p for p in dead if state.owner[p] >= 0]
    assert len(joined) == 1 and state.ploc[joined[0]] == CARTHAGE
    assert state.card_loc[dead[1 - dead.index(joined[0])]] == FORUM_DOWN
    counts = sorted(len(state.faction_persons(f)) for f in range(3))
    assert counts[0] >= 3 and (state.owner[joined[0]] == smallest or counts.count(counts[0]) > 1)


# -- 7: Other Business ------------------------------------------------------------------------


def test_s6_5_7_tax_raise_sponsors_gain_popularity_and_no_voters_lose_it() -> None:
    state = other_business(senate())
    people = P.in_carthage(state)
    sponsor = people[0]
    cosponsor = next(p for p in people if state.owner[p] != state.owner[sponsor])
    pops = list(state.pop)
    propose(state, SA.kind(P.TAX_UP), SA.person(sponsor), SA.person(cosponsor))
    assert all(SA.decode_vote(a)[0] != SA.ABSTAIN_VOTE for a in voting.ballot_choices(state, 0))
    no_faction = next(
        f for f in range(3) if f not in (state.owner[sponsor], state.owner[cosponsor])
    )
    vote(state, {no_faction: SA.NO_VOTE})
    assert state.tax == 20
    assert state.pop[sponsor] == pops[sponsor] + 3 and state.pop[cosponsor] == pops[cosponsor] + 1
    for p in P.in_carthage(state):
        if state.owner[p] == no_faction:
            assert state.pop[p] == pops[p] - 1
    assert state.liable[sponsor] == 0
    assert P.TAX_UP not in P.kinds(state) and P.TAX_DOWN not in P.kinds(state)  # once a turn


def test_s6_5_7_same_faction_tax_sponsors_become_liable_to_major_prosecution() -> None:
    state = other_business(senate())
    sponsor, cosponsor = state.faction_persons(0)[:2]
    for p in (sponsor, cosponsor):
        state.ploc[p] = CARTHAGE
    state._legal = None
    propose(state, SA.kind(P.TAX_UP), SA.person(sponsor), SA.person(cosponsor))
    vote(state, {})
    assert state.liable[sponsor] == state.liable[cosponsor] == 2


def test_s6_5_7_tax_cut_yes_voters_lose_popularity() -> None:
    state = other_business(senate())
    pops = list(state.pop)
    propose(state, SA.kind(P.TAX_DOWN))
    vote(state, {0: SA.YES_VOTE, 1: SA.YES_VOTE, 2: SA.NO_VOTE})
    assert state.tax == 0
    for p in P.in_carthage(state):
        expected = pops[p] - 1 if state.owner[p] in (0, 1) else pops[p]
        assert state.pop[p] == expected


def test_s6_5_7_recruiting_pays_the_recruiting_table_price() -> None:
    state = other_business(senate())
    treasury, pool = state.treasury, state.unit_pool[FLEET]
    propose(state, SA.kind(P.RECRUIT), SA.item(FLEET), SA.count(3))
    vote(state, {})
    assert state.treasury == treasury - 30
    assert state.unit_pool[FLEET] == pool - 3 and state.unit_active[FLEET] == 3


def test_s6_5_7_disbanding_returns_units_to_the_force_pool() -> None:
    state = other_business(senate())
    propose(state, SA.kind(P.DISBAND), SA.item(LEGION), SA.count(1))
    vote(state, {})
    assert state.unit_active[LEGION] == 1 and state.unit_pool[LEGION] == 1


def _war_position() -> tuple[S, int]:
    state = other_business(senate())
    war = (
        WAR_INDEX["TUNISIA"]
        if "TUNISIA" in WAR_INDEX
        else next(w for w, s in enumerate(state.war_status) if s)
    )
    state.war_status[war] = WAR_ACTIVE
    state._legal = None
    return state, war


def test_s6_5_7_the_marine_suffete_commands_before_the_home_suffete() -> None:
    state, war = _war_position()
    marine = state.office_holder[MARINE]
    assert P.first_commanders(state) == [marine]
    propose(state, SA.kind(P.WAR), SA.item(war))
    assert state.proposal[2] == marine
    state.ploc[marine] = GOVERNOR
    assert P.first_commanders(state) == [state.office_holder[HOME]]


def test_s6_5_7_in_a_crisis_the_second_commander_may_be_any_senator_in_carthage() -> None:
    """With a Suffete in command, the second commander of a Crisis may be any Senator in
    Carthage, a Committee member too; he is elected General and gains 3 Influence."""
    state, war = _war_position()
    state.crisis = 1
    marine = state.office_holder[MARINE]
    censor = state.office_holder[CENSOR]
    assert censor >= 0 and state.ploc[censor] == CARTHAGE
    assert censor in P.second_commanders(state, marine)
    influence = state.inf[censor]
    propose(state, SA.kind(P.WAR), SA.item(war), SA.person(marine), SA.person(censor))
    while state.stage == "senate_propose":
        legal = state.legal_actions()
        state.apply_action(max(legal) if legal[0] != SA.PASS else SA.PASS)
    vote(state, {})
    [force] = state.forces
    assert force.commanders == (marine, censor)
    assert state.inf[censor] == influence + 3
    assert state.office_holder[CENSOR] == censor  # he keeps his seat while away


def test_s6_5_7_a_force_is_sent_with_its_exact_units_and_its_commander_leaves() -> None:
    state, war = _war_position()
    marine = state.office_holder[MARINE]
    propose(state, SA.kind(P.WAR), SA.item(war))
    while state.stage == "senate_propose":
        legal = state.legal_actions()
        state.apply_action(max(legal) if legal[0] != SA.PASS else SA.PASS)
    vote(state, {})
    assert len(state.forces) == 1
    force = state.forces[0]
    assert force.war == war and force.commanders == (marine,)
    assert force.units[LEGION] == 2 and at_home(state, LEGION) == 0
    assert state.ploc[marine] != CARTHAGE


def test_s6_5_7_sikels_fight_only_in_their_wars() -> None:
    assert not P.unit_allowed(SIKEL, WAR_INDEX["TUNISIA"]) if "TUNISIA" in WAR_INDEX else True
    sicilian = next(w for w, card in enumerate(P.WARS) if card.id.startswith("SICILIAN"))
    assert P.unit_allowed(SIKEL, sicilian)


def test_s6_5_7_the_pm_leaving_carthage_ends_the_senate() -> None:
    state, war = _war_position()
    home = state.office_holder[HOME]
    marine = state.office_holder[MARINE]
    state.ploc[marine] = GOVERNOR  # the Marine Suffete is away: the Home Suffete must go
    state._legal = None
    assert state.pm == home
    propose(state, SA.kind(P.WAR), SA.item(war))
    while state.stage == "senate_propose":
        legal = state.legal_actions()
        state.apply_action(max(legal) if legal[0] != SA.PASS else SA.PASS)
    vote(state, {})
    assert not state.stage.startswith("senate")
    assert any("PM has left Carthage" in str(e) for e in state.log(None))


def test_s6_5_7_suing_for_peace_makes_a_war_lost() -> None:
    state, war = _war_position()
    propose(state, SA.kind(P.SUE), SA.item(war))
    vote(state, {})
    assert state.war_status[war] == WAR_LOST


def _force_at_war(state: S, war: int, commanders: tuple[int, ...], **counts: int) -> int:
    """Recruit ``counts`` and send them with ``commanders`` to ``war`` as on the turn before;
    the force's index."""
    units = [0] * len(UNITS)
    for name, count in counts.items():
        state.unit_active[UNIT_INDEX[name]] += count
        units[UNIT_INDEX[name]] = count
    send(state, Force(war, -1, commanders, tuple(units), (0,) * len(UNITS), state.turn - 1))
    state._legal = None
    return len(state.forces) - 1


def test_s6_5_7_a_recalled_commander_brings_his_force_home_and_faces_the_people() -> None:
    state, war = _war_position()
    general = P.office_candidates(state)[0]
    home = at_home(state, LEGION)
    index = _force_at_war(state, war, (general,), legion=3)
    propose(state, SA.kind(P.RECALL), SA.item(index), SA.PASS)
    vote(state, {})
    assert state.forces == () and at_home(state, LEGION) == home + 3
    assert state.ploc[general] == CARTHAGE
    assert state.stage == "senate_reaction"  # his Public Reaction roll comes next


def test_s6_5_7_a_replacement_commander_takes_over_the_recalled_force() -> None:
    state, war = _war_position()
    general = P.office_candidates(state)[0]
    marine = state.office_holder[MARINE]
    index = _force_at_war(state, war, (general,), legion=3)
    propose(state, SA.kind(P.RECALL), SA.item(index), SA.person(marine))
    vote(state, {})
    [force] = state.forces
    assert force.commanders == (marine,) and force.units[LEGION] == 3
    assert state.ploc[marine] == AT_WAR and state.ploc[general] == CARTHAGE


def test_s6_5_7_a_force_whose_commander_fell_may_be_called_home() -> None:
    # Its commander died in a Defeat (§6.6.2): the counters wait on the war and fight no
    # more until the Senate gives them a commander or calls them home (docs).
    state, war = _war_position()
    home = at_home(state, LEGION)
    index = _force_at_war(state, war, (), legion=3)
    assert SA.item(index) in (P.options(state, [P.RECALL], True) or [])
    propose(state, SA.kind(P.RECALL), SA.item(index), SA.PASS)
    vote(state, {})
    assert state.forces == () and at_home(state, LEGION) == home + 3
    assert state.stage == "senate_propose"  # nobody was recalled: no Public Reaction


def test_s6_5_7_a_force_whose_commander_fell_fights_again_under_a_new_one() -> None:
    state, war = _war_position()
    marine = state.office_holder[MARINE]
    index = _force_at_war(state, war, (), legion=3)
    propose(state, SA.kind(P.RECALL), SA.item(index), SA.person(marine))
    vote(state, {})
    [force] = state.forces
    assert force.commanders == (marine,) and force.units[LEGION] == 3
    assert W.can_give_battle(state, force)
    assert any("takes command of the force" in line for line in state.log(None))


def _sicilian_wars_with_dionysius(*wars: str) -> S:
    state = other_business(senate())
    for w, status in enumerate(state.war_status):
        if status in (WAR_ACTIVE, WAR_INACTIVE, WAR_UNPROSECUTED):
            state.war_status[w] = WAR_LOST if P.WARS[w].family == "Sicilian" else status
    for war in wars:
        state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    state.leader_status[LEADER_INDEX["DIONYSIUS"]] = LEADER_ACTIVE
    state._legal = None
    return state


def test_s6_5_7_sue_for_peace_leaves_a_leader_without_wars_inactive() -> None:
    state = _sicilian_wars_with_dionysius("SICILIAN-1")
    propose(state, SA.kind(P.SUE), SA.item(WAR_INDEX["SICILIAN-1"]))
    vote(state, {})
    assert state.war_status[WAR_INDEX["SICILIAN-1"]] == WAR_LOST
    assert state.leader_status[LEADER_INDEX["DIONYSIUS"]] == LEADER_INACTIVE


def test_s6_5_7_sue_for_peace_keeps_a_leader_with_a_matching_war_active() -> None:
    state = _sicilian_wars_with_dionysius("SICILIAN-1", "SICILIAN-2")
    propose(state, SA.kind(P.SUE), SA.item(WAR_INDEX["SICILIAN-1"]))
    vote(state, {})
    assert state.war_status[WAR_INDEX["SICILIAN-1"]] == WAR_LOST
    assert state.leader_status[LEADER_INDEX["DIONYSIUS"]] == LEADER_ACTIVE


def test_s6_5_7_suffete_for_life_needs_21_influence_adds_votes_and_is_recorded() -> None:
    state = other_business(senate())
    candidate = P.in_carthage(state)[0]
    assert P.LIFE not in P.kinds(state)
    state.inf[candidate] = 21
    state._legal = None
    propose(state, SA.kind(P.LIFE), SA.person(candidate))
    faction = state.owner[candidate]
    assert voting.weight(state, faction) == voting.oratory(state, faction) + 21
    vote(state, {})
    assert state.life_suffete == candidate and state.life_turn == state.turn
    assert P.LIFE not in P.kinds(state)  # once a turn


def test_s6_5_10_the_pm_adjourns_other_business() -> None:
    state = other_business(senate())
    assert SA.PASS in state.legal_actions()
    state.apply_action(SA.PASS)
    assert not state.stage.startswith("senate")
    assert state.pm == -1


def test_s6_5_a_governor_elected_this_turn_cannot_be_recalled() -> None:
    state = other_business(senate())
    province = next(p for p, loc in enumerate(state.prov_loc) if loc == PROV_GOVERNED)
    state.gov_turn[province] = state.turn
    state._legal = None
    if P.GOVERNOR_KIND in P.kinds(state):
        state.apply_action(SA.kind(P.GOVERNOR_KIND))
        assert SA.item(province) not in state.legal_actions()


def test_s6_5_7_recalling_an_exiled_statesman_returns_him_to_the_forum() -> None:
    state = other_business(senate())
    statesman = STATESMAN_INDEX["2A"]
    state.ploc[statesman] = EXILE
    state.owner[statesman] = -1
    state._legal = None
    propose(state, SA.kind(P.RECALL_EXILE), SA.person(statesman))
    vote(state, {})
    assert state.ploc[statesman] in (OUT, CARTHAGE)
    assert state.ploc[statesman] != EXILE


def test_s6_5_7_a_recalled_statesman_takes_his_family_cards_office_and_title() -> None:
    state = other_business(senate())
    family = next(p for p in state.faction_persons(0) if f"{family_of(p)}A" in STATESMAN_INDEX)
    statesman = STATESMAN_INDEX[f"{family_of(family)}A"]
    state.card_loc[statesman] = IN_PLAY
    state.owner[statesman] = 0
    state.ploc[statesman] = EXILE
    state.talents[statesman] = 4  # frozen in exile, his own
    state.talents[family] = 3
    state.office_holder[CENSOR] = family
    state.life_suffete, state.life_turn = family, state.turn
    P.recall_from_exile(state, statesman)
    # Back over his Family card he is the family's man: its office, talents and title are his.
    assert state.under[statesman] == family and state.ploc[family] == COVERED
    assert state.office_holder[CENSOR] == statesman and state.life_suffete == statesman
    assert state.talents[statesman] == 7 and state.talents[family] == 0
    assert state.ploc[statesman] == CARTHAGE


def test_s6_5_7_a_statesman_recalled_over_his_family_card_rejoins_his_faction() -> None:
    state = other_business(senate())
    statesman = statesman_over(state, "4A", 0)
    family = state.under[statesman]
    exile(state, statesman)
    state._legal = None
    propose(state, SA.kind(P.RECALL_EXILE), SA.person(statesman))
    vote(state, {})
    # The card went into exile under him, still his faction's: he comes home over it.
    assert state.owner[statesman] == 0 and state.ploc[statesman] == CARTHAGE
    assert state.card_loc[statesman] == IN_PLAY and statesman in state.faction_persons(0)
    assert state.under[statesman] == family
    assert state.ploc[family] == COVERED and state.owner[family] == 0


def test_s6_5_7_a_recalled_mago_joins_the_faction_of_the_brother_holding_the_card() -> None:
    state = other_business(senate())
    holder = statesman_over(state, "2A", 1)
    family = state.under[holder]
    brother = STATESMAN_INDEX["2B"]
    state.card_loc[brother] = IN_PLAY
    state.owner[brother] = 1
    state.ploc[brother] = EXILE
    P.recall_from_exile(state, brother)
    assert state.owner[brother] == 1 and state.ploc[brother] == CARTHAGE
    assert state.under[brother] == -1 and state.under[holder] == family


# -- 8: Public Outcry; Laws --------------------------------------------------------------------


def _give(state: S, faction: int, card_id: str) -> int:
    card = next(
        c
        for c, ref in enumerate(CARDS)
        if ref.id == card_id and state.card_loc[c] != HAND + faction
    )
    state.card_loc[card] = HAND + faction
    return card


def _to_floor(state: S, faction: int) -> None:
    while state.stage == "senate_floor" and state.ctx[0] != faction:
        state.apply_action(SA.PASS)
    assert state.stage == "senate_floor" and state.current_player() == faction


def test_s6_5_8_public_outcry_vetoes_a_proposal_which_cannot_be_made_again() -> None:
    state = other_business(senate())
    vetoer = next(f for f in range(3) if f != state.owner[state.pm])
    card = _give(state, vetoer, "PUBLIC-OUTCRY")
    propose(state, SA.kind(P.TAX_DOWN))
    _to_floor(state, vetoer)
    assert SA.VETO + card in state.legal_actions()
    state.apply_action(SA.VETO + card)
    assert state.tax == 10 and state.card_loc[card] == DISCARD
    assert state.stage == "senate_propose" and not state.proposal
    assert P.TAX_DOWN not in P.kinds(state)


def test_s6_5_8_public_outcry_cannot_veto_suffete_for_life() -> None:
    state = other_business(senate())
    candidate = P.in_carthage(state)[0]
    state.inf[candidate] = 25
    vetoer = next(f for f in range(3) if f != state.owner[state.pm])
    card = _give(state, vetoer, "PUBLIC-OUTCRY")
    state._legal = None
    propose(state, SA.kind(P.LIFE), SA.person(candidate))
    _to_floor(state, vetoer)
    legal = state.legal_actions()
    assert not [a for a in legal if SA.VETO <= a < SA.RESERVE] and SA.RESERVE + card in legal


def test_s6_5_8_a_faction_without_the_card_cannot_veto() -> None:
    state = other_business(senate())
    for faction in range(3):
        card = outcry_card(state, faction)
        if card >= 0:
            state.card_loc[card] = DISCARD
    propose(state, SA.kind(P.TAX_DOWN))
    assert state.stage == "senate_floor"
    while state.stage == "senate_floor":
        legal = state.legal_actions()
        assert not [a for a in legal if SA.VETO <= a < SA.CARD]
        state.apply_action(SA.PASS)


def test_s6_5_8_reserving_the_floor_lets_its_player_make_the_next_proposal() -> None:
    state = other_business(senate())
    pm_faction = state.owner[state.pm]
    reserver = next(f for f in range(3) if f != pm_faction)
    card = _give(state, reserver, "PUBLIC-OUTCRY")
    propose(state, SA.kind(P.TAX_DOWN))
    _to_floor(state, reserver)
    state.apply_action(SA.RESERVE + card)
    vote(state, {})
    assert state.stage == "senate_propose" and state.floor >= 0
    assert state.owner[state.floor] == reserver and state.current_player() == reserver
    assert SA.PASS in state.legal_actions()  # he may yield; the PM cannot adjourn meanwhile
    propose(state, SA.kind(P.RECRUIT), SA.item(FLEET), SA.count(1))
    while state.stage == "senate_floor":
        state.apply_action(SA.PASS)
    assert state.stage == "senate_call" and state.current_player() == pm_faction  # PM's order
    vote(state, {})
    assert state.floor == -1 and state.current_player() == pm_faction


def _law(state: S, faction: int, law_id: str) -> None:
    """Faction ``faction`` plays a Law on the floor of a tax-cut proposal, which then fails."""
    card = _give(state, faction, law_id)
    propose(state, SA.kind(P.TAX_DOWN))
    _to_floor(state, faction)
    state.apply_action(SA.LAW + LAW_CARDS.index(card))
    assert state.card_loc[card] == IN_PLAY
    vote(state, {f: SA.NO_VOTE for f in range(3)})
    if state.stage in ("senate_step_down", "senate_people"):
        state.apply_action(SA.PASS)
    if state.stage == "senate_step_down":
        state.apply_action(SA.PASS)


def test_laws_the_pentarchies_make_committee_terms_four_turns() -> None:
    state = other_business(senate())
    assert not law_in_force(state, "pentarchies")
    _law(state, 0, "PENTARCHIES")
    assert law_in_force(state, "pentarchies")
    state.office_holder[TREASURER] = -1
    proposal = [P.COMMITTEE, TREASURER, P.in_carthage(state)[0]]
    P.carry_out(state, proposal)
    assert state.office_term[TREASURER] == 4


def test_laws_peoples_assembly_can_pass_a_unanimously_rejected_proposal() -> None:
    for roll, passes in ((10, True), (9, False)):
        state = other_business(senate())
        _law(state, 0, "PEOPLES-ASSEMBLY")
        pm, faction = state.pm, state.owner[state.pm]
        state.pop[pm] = 0
        propose(state, SA.kind(P.RECRUIT), SA.item(FLEET), SA.count(1))
        vote(state, {f: SA.NO_VOTE for f in range(3) if f != faction})
        assert state.stage == "senate_people"
        state.apply_action(SA.AYE)
        state.apply_action(roll)
        assert (state.unit_active[FLEET] == 1) == passes
        assert (state.stage == "senate_step_down") == (not passes)


def test_laws_separation_of_powers_lets_a_senator_lead_in_a_crisis() -> None:
    state = other_business(senate())
    state.crisis = 1
    state.office_holder[TREASURER] = -1  # someone in Carthage free of office
    assert all(
        p in (state.office_holder[HOME], state.office_holder[MARINE])
        for p in P.first_commanders(state)
    )
    _law(state, 1, "SEPARATION-OF-POWERS")
    outsiders = [p for p in P.first_commanders(state) if p not in state.office_holder]
    assert outsiders and all(P.free_of_office(state, p) for p in outsiders)


def test_laws_judicial_reform_costs_the_censor_3_after_a_failed_minor_prosecution() -> None:
    state, accused, prosecutor = _accused_position()
    censor = state.office_holder[CENSOR]
    law = _give(state, 2, "HANNIBAL-JUDICIAL-REFORM")
    state.card_loc[law] = IN_PLAY
    influence = state.inf[censor]
    propose(state, SA.kind(P.MINOR), SA.person(accused), SA.person(prosecutor))
    vote(state, {f: SA.NO_VOTE for f in range(3)})
    assert state.inf[censor] == max(0, influence - 3)


def test_laws_annual_judges_clear_every_liable_marker_when_the_senate_ends() -> None:
    state = other_business(senate())
    _law(state, 0, "ANNUAL-JUDGES")
    governor = next(g for g in state.prov_gov if g >= 0)
    state.liable[governor] = 1
    state.apply_action(SA.PASS)
    assert state.liable[governor] == 0


def test_laws_sumptuary_sends_talents_above_50_to_the_state() -> None:
    state = other_business(senate())
    rich = P.in_carthage(state)[0]
    state.talents[rich] = 70
    treasury = state.treasury
    _law(state, 0, "SUMPTUARY")
    assert state.talents[rich] == 50 and state.treasury == treasury + 20


def test_laws_treasury_reform_halves_corruption() -> None:
    state = other_business(senate())
    assert corruption(state, 5) == 5
    _law(state, 0, "HANNIBAL-TREASURY-REFORM")
    assert corruption(state, 5) == 2


def test_laws_court_of_104_worsens_public_reaction() -> None:
    state = other_business(senate())
    assert public_reaction_modifier(state) == 0
    _law(state, 0, "COURT-OF-104")
    assert public_reaction_modifier(state) == -1


# -- 9: assassinations; §8 the optional rule ---------------------------------------------------


def _attempt_position(option: str = "standard", attacker: int = 0) -> tuple[S, int, int]:
    """Other Business, a tax cut on the floor, ``attacker``'s turn on the floor; returns the
    state, an assassin of that faction and a target of the next one (both in Carthage)."""
    game = carthago.load("republic_of_carthage", players=3, turn_limit=5, assassination=option)
    fresh = game.new_initial_state()
    assert isinstance(fresh, RepublicOfCarthageState)
    state = other_business(
        run_until(fresh, lambda s: s.stage.startswith("senate"), 0, passive=True)
    )
    for faction in range(3):
        for card, loc in enumerate(state.card_loc):
            if loc == HAND + faction and CARDS[card].kind == "intrigue":
                state.card_loc[card] = DISCARD  # no cards unless a test deals them
    propose(state, SA.kind(P.TAX_DOWN))
    _to_floor(state, attacker)
    victim = (attacker + 1) % 3
    assassin = next(p for p in P.in_carthage(state) if state.owner[p] == attacker)
    target = next(p for p in P.in_carthage(state) if state.owner[p] == victim and p != state.pm)
    return state, assassin, target


def _try(
    state: S, assassin: int, target: int, dice: list[int], cards: tuple[int, int] = (-1, -1)
) -> None:
    """An attempt; ``cards`` are the Assassin and Secret Bodyguard cards played (-1: none)."""
    state.apply_action(attempt(assassin, target))
    state.apply_action(SA.CARD + cards[0] if cards[0] >= 0 else SA.PASS)
    state.apply_action(SA.CARD + cards[1] if cards[1] >= 0 else SA.PASS)
    for die in dice:
        state.apply_action(die)


def test_s6_5_9_a_roll_of_5_kills_the_target() -> None:
    state, assassin, target = _attempt_position()
    _try(state, assassin, target, [5])
    assert any(f"{P.describe_person(target)} dies" in e for e in state.log(None))
    assert state.ploc[assassin] == CARTHAGE


def test_s6_5_9_a_roll_of_3_or_4_has_no_effect() -> None:
    state, assassin, target = _attempt_position()
    _try(state, assassin, target, [4])
    assert state.ploc[target] == CARTHAGE and state.ploc[assassin] == CARTHAGE
    assert state.stage == "senate_floor"  # the floor goes on


def test_s6_5_9_evil_omens_lower_the_assassins_roll() -> None:
    state, assassin, target = _attempt_position()
    state.table_event[TABLE_EVENT_INDEX["EVIL-OMENS"]] = 1
    _try(state, assassin, target, [5])  # 5 - 1: no effect
    assert state.ploc[target] == CARTHAGE and state.ploc[assassin] == CARTHAGE
    state, assassin, target = _attempt_position()
    state.table_event[TABLE_EVENT_INDEX["EVIL-OMENS"]] = 1
    _try(state, assassin, target, [3])  # 3 - 1: caught
    assert any(f"{P.describe_person(assassin)} is caught" in e for e in state.log(None))


def test_s6_5_9_one_attempt_per_faction_and_per_target_faction_a_turn() -> None:
    state, assassin, target = _attempt_position()
    _try(state, assassin, target, [3])
    assert state.attempts == [0, 1]
    assert assassination.choices(state, 0) == []
    for action in assassination.choices(state, 2):
        assert state.owner[assassination.decode(action)[1]] != 1


def test_s6_5_9_a_caught_assassin_dies_and_his_leader_is_tried() -> None:
    for attacker in range(3):
        state, assassin, target = _attempt_position(attacker=attacker)
        leader = state.faction_leader[attacker]
        others = [p for p in P.in_carthage(state) if state.owner[p] == attacker and p != leader]
        if state.ploc[leader] == CARTHAGE and others:
            assassin = others[0]
            break
    else:
        raise AssertionError("no faction has its leader and another Senator in Carthage")
    state.pop[target] = 2
    influence = state.inf[leader]
    _try(state, assassin, target, [2])
    assert any(f"{P.describe_person(assassin)} is caught" in e for e in state.log(None))
    assert state.inf[leader] == max(0, influence - 5)
    assert state.proposal == [P.MAJOR, leader, P.NONE] and state.stash
    assert "trial of" in str(state.observation(0)["senate"]["proposal"])
    censor = state.office_holder[CENSOR]
    if state.stage == "senate_call":
        assert state.current_player() == state.owner[censor]
    # He must appeal to the people, the victim's Popularity against him.
    while state.stage != "senate_appeal":
        if state.stage == "senate_call":
            state.apply_action(
                SA.faction(0)
                if SA.faction(0) in state.legal_actions()
                else min(state.legal_actions())
            )
        else:
            state.apply_action(SA.vote(SA.NO_VOTE, 0))
    assert state.legal_actions() == [SA.AYE]
    state.apply_action(SA.AYE)
    state.apply_action(12)  # 12 + Popularity - 2 frees him only with Popularity 2 or more
    expected_free = 12 + state.pop[leader] - 2 >= 12
    assert (leader in state.immune) == expected_free


def test_s6_5_9_a_caught_faction_leader_assassin_leaves_his_heir_untried() -> None:
    """§6.5.9 with §8's remark: sending the Faction Leader himself is how a faction escapes the
    trial. He dies; the heir who keeps his Family card is a new man, neither fined nor tried."""
    for attacker in range(3):
        state, _, target = _attempt_position(attacker=attacker)
        leader = state.faction_leader[attacker]
        if leader >= 0 and state.ploc[leader] == CARTHAGE and CARDS[leader].kind == "senator":
            break
    else:
        raise AssertionError("no faction has a Family Senator leading it in Carthage")
    _try(state, leader, target, [1])
    assert any(f"{P.describe_person(leader)} is caught" in e for e in state.log(None))
    heir = state.faction_leader[attacker]
    assert heir == leader and state.owner[heir] == attacker  # the Family card stays
    assert state.inf[heir] == stat(heir, "inf")  # a new man: no 5 Influence lost
    assert not state.stash and state.proposal[:1] != [P.MAJOR]
    assert state.stage == "senate_floor"


def test_s8_optional_rule_colored_die_kills_white_die_catches() -> None:
    state, assassin, target = _attempt_position("optional")
    _try(state, assassin, target, [6, 2])  # colored 6: killed; white 2: caught
    log = state.log(None)
    assert any(f"{P.describe_person(target)} dies" in e for e in log)
    assert any("is caught" in e for e in log)
    assert not state.stash  # no trial under the optional rule
    assert any("Player 1 loses 5 Influence, 1 Popularity" in e for e in log)


def test_s8_secret_bodyguard_and_assassin_cards_shift_both_dice() -> None:
    state, assassin, target = _attempt_position("optional")
    guard = _give(state, 1, "SECRET-BODYGUARD")
    _try(state, assassin, target, [5, 4, 4], cards=(-1, guard))  # 5-1 fails; 4-1 caught
    log = state.log(None)
    assert not any(f"{P.describe_person(target)} dies" in e for e in log)
    assert any("is caught" in e for e in log)

    state, assassin, target = _attempt_position("optional")
    knife = _give(state, 0, "ASSASSIN")
    _try(state, assassin, target, [4, 3], cards=(knife, -1))  # 4+1 kills; 3+1 escapes
    log = state.log(None)
    assert any(f"{P.describe_person(target)} dies" in e for e in log)
    assert not any("is caught" in e for e in log)


def test_s6_5_7_an_expedition_takes_a_free_commander_and_its_trade_fleets() -> None:
    state = other_business(senate())
    card = next(c for c, ref in enumerate(CARDS) if ref.kind == "exploration")
    state.card_loc[card] = IN_PLAY
    state.office_holder[TREASURER] = -1  # a Senator in Carthage free of office
    state._legal = None
    commander = P.office_candidates(state)[0]
    unit = P.expedition_units(card)[0]
    influence, treasury = state.inf[commander], state.treasury
    propose(state, SA.kind(P.EXPEDITION), SA.item(card), SA.person(commander))
    if SA.item(unit) in state.legal_actions():  # else the only kind, filled in already
        state.apply_action(SA.item(unit))
    state.apply_action(SA.count(7))
    vote(state, {})
    force = state.forces[-1]
    assert force.exploration == card and force.commanders == (commander,)
    assert force.units[unit] == 7 and state.inf[commander] == influence + 3
    assert state.treasury == treasury - 7  # none in Carthage: seven recruited at 1T
    assert state.ploc[commander] != CARTHAGE


# -- §9: the Neutral factions in the Senate ------------------------------------------------------


def chair(players: int, faction: int, treasury: int, war: bool, legions: int = 0) -> S:
    """A game in Other Business with a Senator of ``faction`` presiding (the Conquest of Tunisia
    Active when ``war``), ``legions`` more Carthaginian Legions in Carthage."""
    state = senate(players=players)
    state.unit_active[LEGION] += legions
    presiding = next(p for p in P.in_carthage(state) if state.owner[p] == faction)
    state.pm = presiding
    state.office_holder[MARINE] = presiding
    state.sub, state.proposal, state.ballots, state.order, state.ctx = 7, [], [], [], []
    state.proposals, state.tax, state.tax_turn, state.treasury = 0, 10, -1, treasury
    state.war_status[WAR_INDEX["TUNISIA"]] = WAR_ACTIVE if war else 0
    state.forces = ()
    state.stage = "senate_propose"
    state._legal = None
    return state


def _neutral_chair(treasury: int, war: bool, legions: int = 0) -> S:
    """A solitaire game in Other Business with a Neutral Senator presiding."""
    return chair(1, 1, treasury, war, legions)


def test_s9_a_neutral_pm_prosecutes_a_war_it_can_win() -> None:
    state = _neutral_chair(200, war=True, legions=8)
    choice = POLICY.propose(state, state.legal_actions())
    assert choice == SA.kind(P.WAR)


def test_s9_a_neutral_pm_raises_taxes_when_the_treasury_runs_low() -> None:
    state = _neutral_chair(30, war=False)
    assert POLICY.propose(state, state.legal_actions()) == SA.kind(P.TAX_UP)
    state = _neutral_chair(500, war=False)
    assert POLICY.propose(state, state.legal_actions()) != SA.kind(P.TAX_UP)


def test_s10_neutrals_raise_taxes_early_as_the_player_notes_counsel() -> None:
    # A State Treasury of 180T covers this turn's dues, but not the war upkeep of the turns to
    # come: the Player Notes (§10) raise the tax early, before the emergency, and the tax falls
    # mostly on the trade income the Neutrals would hoard in their Faction Treasuries.
    state = _neutral_chair(180, war=False)
    assert POLICY.propose(state, state.legal_actions()) == SA.kind(P.TAX_UP)
    people = P.in_carthage(state)
    state.proposal = [P.TAX_UP, people[0], people[1]]
    for role in NEUTRAL_ROLES:
        neutral = state.neutral_role.index(NEUTRAL_ROLES.index(role))
        assert SA.decode_vote(POLICY.ballot(state, neutral))[0] == SA.YES_VOTE, role


def test_s9_neutral_factions_vote_for_a_tax_raise_when_the_treasury_is_low() -> None:
    state = _neutral_chair(30, war=False)
    neutral = state.owner[state.pm]
    people = P.in_carthage(state)
    state.proposal = [P.TAX_UP, people[0], people[1]]
    assert SA.decode_vote(POLICY.ballot(state, neutral))[0] == SA.YES_VOTE
    state.treasury = 1000
    assert SA.decode_vote(POLICY.ballot(state, neutral))[0] == SA.NO_VOTE


def test_s9_a_solitaire_senate_plays_through_with_the_neutrals() -> None:
    state = run_until(new(1), lambda s: s.turn == 3, 3)
    log = state.log(None)
    assert any("Senate Phase" in e for e in log) and any("Senate adjourns" in e for e in log)


def test_s6_5_8_the_floor_asks_every_faction_whatever_its_hand() -> None:
    """Who is asked on the floor, and what others observe, does not depend on hidden cards."""
    with_card = other_business(senate())
    without = with_card._clone_to_change()
    _give(with_card, 1, "PUBLIC-OUTCRY")
    for faction in range(3):
        card = outcry_card(without, faction)
        if card >= 0:
            without.card_loc[card] = DISCARD
    for state in (with_card, without):
        state._legal = None
        propose(state, SA.kind(P.TAX_DOWN))
    assert with_card.ctx == without.ctx
    while with_card.stage == "senate_floor":
        assert with_card.current_player() == without.current_player()
        with_card.apply_action(SA.PASS)
        without.apply_action(SA.PASS)
    assert with_card.observation(0)["senate"] == without.observation(0)["senate"]
