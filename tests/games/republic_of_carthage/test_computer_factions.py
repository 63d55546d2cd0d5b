"""Computer factions (issue: they keep the Republic alive): the `heuristic` agent follows the
game's advice (`heuristics.advise`) where a one-ply look cannot tell the choices apart: the
Imperials' aide of §9 in the Senate, a rescue of the State Treasury, the Player Notes' counsel
on Traders, and a victorious commander's revolt."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest

import carthago
from carthago.agents import LEVELS, make_agent
from carthago.agents.search import SearchAgent
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage import heuristics, senate_policy
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.forces import Force, at_home, send
from carthago.games.republic_of_carthage.forum import trader_candidates
from carthago.games.republic_of_carthage.revenue import (
    STATE_INCOME,
    UNIT_UPKEEP,
    revenue_risk,
    state_dues,
)
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    GOVERNOR,
    IN_PLAY,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_INDEX,
    WAR_LOST,
    WAR_UNSEEN,
    WARS,
    stat,
)
from tests.games.republic_of_carthage.combat_support import commanders, quiet_state
from tests.games.republic_of_carthage.support import at_stage, computer_senate, new, run_until
from tests.games.republic_of_carthage.test_s6_5_senate import (
    S,
    _give,
    chair,
    free,
    propose,
    senate,
    vote,
)
from tests.games.republic_of_carthage.test_s6_7_revolution import revolution, victorious


def _ayes_until_the_ballot_of(state: S, faction: int) -> None:
    """Play the Senate on (the lowest voter called, every earlier ballot a plain aye, every
    other step passed) until ``faction`` casts its ballot."""
    while state.stage != "senate_ballot" or state.current_player() != faction:
        if state.stage == "senate_call":
            state.apply_action(min(state.legal_actions()))
        else:
            state.apply_action(
                SA.vote(SA.YES_VOTE, 0) if state.stage == "senate_ballot" else SA.PASS
            )


def _human_chair(treasury: int, war: bool, legions: int = 6, taxed: bool = False) -> S:
    """A three-player game in Other Business with player 1's Senator presiding and (by default)
    eight Legions in Carthage, enough to beat the Conquest of Tunisia. ``taxed``: the Tax Rate
    was changed already this turn (once a turn, §6.5.7), so that a treasury under the aide's
    400T does not put a raise first (the Player Notes' early taxes) ahead of the step watched."""
    state = chair(3, 0, treasury, war, legions)
    if taxed:
        state.tax_turn = state.turn
        state._legal = None
    return state


def test_s9_a_computer_pm_prosecutes_an_active_war_it_can_win() -> None:
    state = _human_chair(200, war=True)
    assert state.current_player() == 0
    assert SA.kind(P.WAR) in state.legal_actions() and len(state.legal_actions()) > 2
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == SA.kind(P.WAR)


def test_s9_a_computer_pm_prosecutes_an_active_war_it_can_win_at_every_level() -> None:
    # The searches' playouts end long before a war proposal is fought: they take the advice.
    state = _human_chair(200, war=True)
    for level in LEVELS.values():
        for spec in (level.spec, level.spec_for("republic_of_carthage")):
            agent = make_agent(spec, seed=0)
            assert agent.step(state) == SA.kind(P.WAR), spec
    # (ISMCTS would redraw this hand-made position by replaying its history: MCTS only here.)
    searching = make_agent("mcts:iterations=20,advice=false", seed=0)
    assert isinstance(searching, SearchAgent)
    searching.step(state)
    assert searching.last_iterations == 20


def test_s9_a_computer_pm_raises_taxes_when_the_treasury_runs_low() -> None:
    state = _human_chair(30, war=False)
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == SA.kind(P.TAX_UP)


def test_no_advice_where_the_one_ply_look_decides() -> None:
    state = _human_chair(200, war=True)
    assert heuristics.advise(state, 0) == SA.kind(P.WAR)
    state.stage = "forum_leader"
    assert heuristics.advise(state, 0) is None


# -- §6.6.2 odds, §6.5.7 recruiting and suing for peace, §7 the four active wars -------------

TUNISIA, LIBYAN, SICILY = WAR_INDEX["TUNISIA"], WAR_INDEX["LIBYAN"], WAR_INDEX["SICILIAN-4"]
MOROCCAN = WAR_INDEX["MOROCCAN"]


def _victory_chance(state: S, force: Force) -> float:
    """Counted die by die from the Combat table: a land battle's Victory needs the roll plus
    the commanders' Military plus the armies, less the war's strength, to reach 14, on a roll
    that is not one of the war's Standoff or Disaster numbers."""
    card = WARS[force.war]
    margin = (
        sum(stat(p, "mil") for p in force.commanders)
        + sum(force.units[u] + force.veterans[u] for u in P.ARMIES)
        - W.war_strength(state, force.war, False)
    )
    rolls = [sum(dice) for dice in itertools.product(range(1, 7), repeat=3)]
    wins = [r for r in rolls if r + margin >= 14 and r not in (card.standoff, card.disaster)]
    return len(wins) / len(rolls)


def test_s6_5_7_a_computer_senate_recruits_until_the_force_wins_at_even_odds() -> None:
    # Two Legions and a Suffete's Military cannot beat the Conquest of Tunisia at even odds:
    # the Senate buys armies first, then sends a force that can.
    state = _human_chair(300, war=True, legions=0, taxed=True)
    home = sum(at_home(state, u) for u in P.ARMIES)
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.RECRUIT)
    computer_senate(state)
    sent = [force for force in state.forces if force.war == TUNISIA]
    assert len(sent) == 1
    assert sum(sent[0].units[u] for u in P.ARMIES) > home
    assert _victory_chance(state, sent[0]) >= 0.5
    assert state.treasury >= 30  # the Imperials' reserve is kept


def test_s6_5_7_a_computer_senate_recruits_for_a_little_war_when_no_active_one_can_be_won() -> None:
    # The 4th Sicilian War is beyond anything the Force Pool holds; the Inactive Conquest of
    # Tunisia (strength 4) and Moroccan War (5) are not, and beating them fills the Force Pool
    # (Player Notes): the Senate recruits toward the stronger and sends the force there.
    state = _human_chair(300, war=False, legions=0, taxed=True)
    state.war_status[TUNISIA] = WAR_INACTIVE
    assert state.war_status[MOROCCAN] == WAR_INACTIVE
    state.war_status[SICILY] = WAR_ACTIVE
    home = sum(at_home(state, u) for u in P.ARMIES)
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.RECRUIT)
    computer_senate(state)
    [sent] = state.forces
    assert sent.war == MOROCCAN
    assert sum(sent.units[u] for u in P.ARMIES) > home
    assert _victory_chance(state, sent) >= 0.5


def test_s6_5_7_a_computer_pm_sends_the_force_against_the_most_dangerous_war_it_can_win() -> None:
    state = _human_chair(300, war=True, legions=10)
    state.war_status[LIBYAN] = WAR_ACTIVE
    computer_senate(state)
    first = state.forces[0]
    assert first.war == LIBYAN  # strength 6, against the Conquest of Tunisia's 4
    assert _victory_chance(state, first) >= 0.5


def test_s7_a_computer_senate_sues_for_peace_rather_than_face_four_active_wars() -> None:
    state = _human_chair(300, war=True, legions=10)
    for war in (LIBYAN, SICILY, MOROCCAN):
        state.war_status[war] = WAR_ACTIVE
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.SUE)
    computer_senate(state)
    # The 4th Sicilian War, which the Force Pool cannot beat, is given up; three wars remain.
    assert state.war_status[SICILY] == WAR_LOST
    assert sum(1 for status in state.war_status if W.in_war(status)) == 3


@pytest.mark.parametrize("fell", ["commander", "counters"])
def test_s6_5_7_a_computer_senate_calls_home_a_force_that_can_fight_no_more(fell: str) -> None:
    # A Defeat killed the commander, or every counter fell and the commander lived: the force
    # waits on the Conquest of Tunisia for ever unless the Senate calls it home (docs, "Recall
    # a commander"); home, its counters go out again under a commander.
    state = _human_chair(300, war=True, legions=0)
    general = next(p for p in free(state) if p != state.pm)
    commanders = () if fell == "commander" else (general,)
    units = [0] * len(UNITS)
    units[UNIT_INDEX["legion"]] = 0 if fell == "counters" else 8
    state.unit_active[UNIT_INDEX["legion"]] += units[UNIT_INDEX["legion"]]
    send(state, Force(TUNISIA, -1, commanders, tuple(units), (0,) * len(UNITS), state.turn - 1))
    state._legal = None
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.RECALL)
    computer_senate(state)
    assert state.forces and all(W.can_give_battle(state, force) for force in state.forces)
    assert all(force.commanders for force in state.forces)


def _matching_pair(lost: int) -> S:
    """The 1st and 2nd Sicilian Wars Active, each doubled by the other (§6.6.2) beyond what the
    Force Pool can beat, and ``lost`` Lost Wars."""
    state = _human_chair(300, war=False, legions=6, taxed=True)
    for war in ("SICILIAN-1", "SICILIAN-2"):
        state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    for war in ("PYRRHIC", "ROMAN-1")[:lost]:
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    return state


def test_s6_5_7_a_computer_senate_sues_for_peace_to_undouble_a_matching_war() -> None:
    state = _matching_pair(lost=0)
    first, second = WAR_INDEX["SICILIAN-1"], WAR_INDEX["SICILIAN-2"]
    assert W.war_strength(state, first, False) == 2 * WARS[first].land
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.SUE)
    computer_senate(state)
    # The stronger of the pair is given up; the other fights at its printed strength.
    assert state.war_status[second] == WAR_LOST and W.in_war(state.war_status[first])
    assert W.war_strength(state, first, False) == WARS[first].land


def test_s6_5_7_a_computer_senate_undoubles_a_matching_war_while_another_war_can_be_won() -> None:
    # The Pyrrhic War's naval battle can be won with fleets from the Force Pool: the Neutrals'
    # policy then sues for no peace, and the Sicilian pair stays doubled (traced at six
    # players: two more Sicilian wars came and tripled all four). The computer factions give
    # up the stronger of the pair all the same.
    state = _matching_pair(lost=0)
    state.war_status[WAR_INDEX["PYRRHIC"]] = WAR_ACTIVE
    state._legal = None
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    role = senate_policy.role_of(aide, 0)
    assert not senate_policy.POLICY._peace_for_match(aide, role)
    first, second = WAR_INDEX["SICILIAN-1"], WAR_INDEX["SICILIAN-2"]
    computer_senate(state)
    assert state.war_status[second] == WAR_LOST and W.in_war(state.war_status[first])
    assert W.war_strength(state, first, False) == WARS[first].land


def test_s6_5_7_no_peace_for_a_matching_war_without_a_lost_war_to_spare() -> None:
    # With two Lost Wars, a third would leave no peace for a fourth active war (§7).
    state = _matching_pair(lost=2)
    assert make_agent("heuristic", seed=0).step(state) != SA.kind(P.SUE)
    computer_senate(state)
    assert sum(1 for status in state.war_status if status == WAR_LOST) == 2


def test_s7_no_computer_senate_sues_for_a_fourth_lost_war() -> None:
    state = _human_chair(300, war=True, legions=10)
    for war in (LIBYAN, SICILY, MOROCCAN):
        state.war_status[war] = WAR_ACTIVE
    for war in (WAR_INDEX["SICILIAN-1"], WAR_INDEX["SICILIAN-2"], WAR_INDEX["SICILIAN-3"]):
        state.war_status[war] = WAR_LOST
    assert make_agent("heuristic", seed=0).step(state) != SA.kind(P.SUE)


def test_s6_5_7_a_computer_senate_sends_fleets_alone_when_its_armies_would_lose_on_land() -> None:
    # After a fleet Victory the armies sent along fight the land part at once (§6.5.7 Naval
    # Wars): two Legions against the Pyrrhic War's land strength of 10 would lose it.
    state = _human_chair(300, war=False, legions=0)
    pyrrhic = WAR_INDEX["PYRRHIC"]
    state.war_status[pyrrhic] = WAR_ACTIVE
    state.unit_active[P.FLEET] += 10
    computer_senate(state)
    sent = [force for force in state.forces if force.war == pyrrhic]
    assert len(sent) == 1
    assert sum(sent[0].units[u] for u in P.ARMIES) == 0
    assert sent[0].units[P.FLEET] >= 10


def test_s6_5_floor_advice_reads_only_assassinations_as_assassinations() -> None:
    """A recorded game of heuristic factions (seed 0 as benchmarks/carthage_falls.py plays
    it): on the Senate floor a faction can both play Seduction and attempt an assassination;
    the aide once took the Seduction moves (numbered above the assassinations) for attempts and
    crashed."""
    path = Path(__file__).parent / "records" / "floor_with_seduction_and_assassination.json"
    record = json.loads(path.read_text())
    state = carthago.load(record["game"], **record["options"]).replay(record["actions"])
    assert state.stage == "senate_floor"
    legal = state.legal_actions()
    assert any(a >= SA.SEDUCE for a in legal)
    assert any(SA.ASSASSINATE <= a < SA.END for a in legal)
    advice = heuristics.advise(state, state.current_player())
    assert advice is None or advice in legal


# -- §6.2 step 11 contributions, §7 bankruptcy -----------------------------------------------


def _contributions(treasury: int, lost: int, active: int = 0) -> S:
    """A three-player game at the contributions step with ``lost`` Lost Wars and ``active``
    Active Wars on the board and ``treasury`` talents in the State Treasury; every Senator in
    Carthage holds 30T."""
    state = run_until(new(3, 5), at_stage("revenue_contribute"), passive=True)
    state.war_status = [WAR_UNSEEN] * len(state.war_status)
    for war in range(lost + active):
        state.war_status[war] = WAR_LOST if war < lost else WAR_ACTIVE
    state.treasury = treasury
    for person, place in enumerate(state.ploc):
        if place == CARTHAGE and state.owner[person] >= 0:
            state.talents[person] = 30
    state._legal = None
    return state


def _shortfall(state: S) -> int:
    """What the State Treasury lacks for the next Revenue Phase's dues, with the margin."""
    dues = sum(amount for amount, _ in state_dues(state))
    return dues + heuristics.RESCUE_MARGIN - STATE_INCOME - state.treasury


def test_s6_2_11_computer_factions_contribute_what_the_next_revenue_phase_would_lack() -> None:
    # Three Lost Wars and two Active ones cost 115T a turn: with 10T in the State Treasury the
    # next Revenue Phase would leave it short, and bankruptcy loses the game for everyone (§7).
    state = _contributions(treasury=10, lost=3, active=2)
    lacking = _shortfall(state)
    assert lacking > 0
    # The first of the three gives a third of it at least, from one of its Senators.
    faction = state.current_player()
    advice = heuristics.advise(state, faction)
    assert advice is not None and advice != A.DONE
    person, amount = A.decode_person_amount(advice, A.CONTRIBUTE)
    assert state.owner[person] == faction
    assert A.amount(amount, state.talents[person]) >= math.ceil(lacking / 3)
    agents = [make_agent("heuristic", seed=seat) for seat in range(3)]
    while state.stage == "revenue_contribute":
        state.apply_action(agents[state.current_player()].step(state))
    assert _shortfall(state) <= 0


def test_s6_2_a_computer_senate_recruits_no_more_than_the_next_revenue_phase_can_pay() -> None:
    # Three Lost Wars and four Active ones cost 159T a turn, and every recruit adds its upkeep:
    # the Senate recruits toward a war it can win only while the next Revenue Phase can still
    # pay the State's dues (bankruptcy ends the game for all, §7), and sends what it has.
    state = _human_chair(100, war=True, legions=0)
    for war in ("SICILIAN-1", "SICILIAN-2", "SICILIAN-3"):
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    for war in ("LIBYAN", "MOROCCAN", "NUMIDIAN-1"):
        state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    home = sum(at_home(state, u) for u in P.ARMIES)
    computer_senate(state)
    assert len(state.forces) == 1 and sum(state.forces[0].units[u] for u in P.ARMIES) > home
    dues = sum(amount for amount, _ in state_dues(state))
    assert state.treasury + STATE_INCOME - dues >= revenue_risk(state) > 0


def test_s6_2_a_computer_senate_keeps_what_corruption_and_the_provinces_may_take() -> None:
    # Traced at six players: ten fleets for 100T left 12T beyond the next Revenue Phase's dues,
    # four Committee members' corruption rolls took 15T, and the Republic was bankrupt.
    state = _human_chair(0, war=True)
    for war in ("SICILIAN-1", "SICILIAN-2", "SICILIAN-3"):
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    state.war_status[WAR_INDEX["LIBYAN"]] = WAR_ACTIVE
    role = senate_policy.ROLES["Imperials"]  # the aide every computer faction's Senate plays
    fleets = {P.FLEET: 2}
    cost = 2 * P.recruit_cost(state, P.FLEET)
    dues = sum(amount for amount, _ in state_dues(state)) + 2 * UNIT_UPKEEP
    risk = revenue_risk(state)
    assert risk >= 6  # a corruption die for each Committee member in office
    enough = cost + dues - STATE_INCOME + risk
    assert enough - cost > role.reserve
    state.treasury = enough
    assert senate_policy.affordable(
        state, role, fleets, senate_policy.COMPUTER_POLICY._margin(state)
    )
    # A talent short: the dues alone would still be paid, the worst rolls would not; the
    # Neutrals' aide (the game's own, §9) still recruits.
    state.treasury = enough - 1
    assert state.treasury - cost + STATE_INCOME - dues >= 0
    assert not senate_policy.affordable(
        state, role, fleets, senate_policy.COMPUTER_POLICY._margin(state)
    )
    assert senate_policy.affordable(state, role, fleets, senate_policy.POLICY._margin(state))


def test_s6_2_11_no_rescue_is_advised_while_the_treasury_can_pay() -> None:
    state = _contributions(treasury=300, lost=3, active=2)
    assert _shortfall(state) <= 0
    assert heuristics.advise(state, state.current_player()) is None


def _war_chest(lost: int, active: int) -> S:
    """``_contributions`` with a State Treasury that pays the next Revenue Phase's dues and
    no more, and the set-up Force Pool (nine armies) unrecruited."""
    state = _contributions(treasury=0, lost=lost, active=active)
    state.treasury = max(0, _shortfall(state))
    assert _shortfall(state) <= 0 and sum(state.unit_pool[u] for u in P.ARMIES) >= 9
    return state


def test_s6_2_11_computer_factions_fund_the_force_pool_when_the_republic_runs_short_of_wars() -> (
    None
):
    # Two Lost Wars and two Active ones: two more wars and the Republic falls (§7). The dues
    # are paid, but recruiting the Force Pool is not: the factions fill the war chest.
    state = _war_chest(lost=2, active=2)
    chest = heuristics.war_chest(state)
    assert chest > 0
    agents = [make_agent("heuristic", seed=seat) for seat in range(3)]
    while state.stage == "revenue_contribute":
        state.apply_action(agents[state.current_player()].step(state))
    assert _shortfall(state) + chest <= 0


def test_s6_2_11_no_war_chest_while_the_republic_has_wars_to_spare() -> None:
    state = _war_chest(lost=0, active=1)
    assert heuristics.war_chest(state) == 0
    assert heuristics.advise(state, state.current_player()) is None


# -- §6.7.3 the rebel war: a Suffete of the rebels' faction would leave it unfought -----------


def _suffetes_while_in_revolt() -> tuple[S, int, int]:
    """The first Senate of a three-player game with the faction after the PM's in revolt:
    the state, the PM's faction and the rebels' faction."""
    state = senate()
    faction = state.owner[state.pm]
    rebels = (faction + 1) % 3
    state.rebels = [rebels, next(p for p in state.faction_persons(rebels))]
    state._legal = None
    return state, faction, rebels


def test_s6_7_3_a_computer_pm_names_no_suffete_of_a_faction_in_revolt() -> None:
    # None of the PM's own men is free for office, and the rebels' best man rates as high as
    # any other: one of them in the chair would adjourn with the rebellion unfought.
    state, faction, rebels = _suffetes_while_in_revolt()
    for p in free(state):
        if state.owner[p] == faction:
            state.ploc[p] = GOVERNOR
    state._legal = None
    candidates = free(state)
    best = max(stat(p, "mil") for p in candidates)
    assert any(state.owner[p] == rebels and stat(p, "mil") == best for p in candidates)
    while state.stage == "senate_propose":
        advice = heuristics.advise(state, faction)
        assert advice is not None
        state.apply_action(advice)
    assert state.proposal[0] == P.SUFFETES
    assert all(state.owner[p] != rebels for p in state.proposal[1:3])


def test_s6_7_3_no_computer_faction_backs_a_suffete_of_a_faction_in_revolt() -> None:
    # The third faction would back a pair that names its own man, but not beside a rebel's.
    state, faction, rebels = _suffetes_while_in_revolt()
    third = 3 - faction - rebels
    candidates = free(state)
    mine = next(p for p in candidates if state.owner[p] == third)
    rebel = next(p for p in candidates if state.owner[p] == rebels)
    first, second = sorted((mine, rebel), key=candidates.index)  # pairs follow the list
    propose(state, SA.person(first), SA.person(second))
    assert sorted(state.proposal[1:]) == sorted((mine, rebel))
    _ayes_until_the_ballot_of(state, third)
    assert heuristics.advise(state, third) in [SA.vote(SA.NO_VOTE, i) for i in range(len(SA.BUY))]


# -- §6.4.2.3 Traders, as the Player Notes (§10) counsel -------------------------------------


def _trader_attempt(talents: dict[str, int]) -> tuple[S, int]:
    """A three-player game at an Initiative's Trader attempt; ``talents`` gives the Faction
    Leader ("leader") and another Senator in Carthage ("other") their talents."""
    state = run_until(new(3), at_stage("forum_trader"))
    faction = state.initiative
    leader = state.faction_leader[faction]
    other = next(p for p in trader_candidates(state, faction) if p != leader)
    state.talents[leader], state.talents[other] = talents["leader"], talents["other"]
    return state, faction


@pytest.mark.parametrize(
    ("leader", "other", "tries"),
    [(10, 14, "leader"), (2, 6, "other"), (4, 4, "leader")],
)
def test_s6_4_2_3_a_computer_faction_tries_for_a_trader_with_the_senator_who_can_pay(
    leader: int, other: int, tries: str
) -> None:
    # A roll short of 12 costs at most 10T: past that, the Faction Leader goes first, as his
    # Traders stay with the faction when he dies (§6.1).
    state, faction = _trader_attempt({"leader": leader, "other": other})
    chosen = make_agent("heuristic", seed=0).step(state) - F.TRADER
    expected = state.faction_leader[faction]
    if tries == "other":
        expected = next(p for p in trader_candidates(state, faction) if p != expected)
    assert chosen == expected
    assert state.talents[chosen] == (leader if tries == "leader" else other)


def test_s6_4_2_3_a_computer_faction_pays_to_bring_a_trader_roll_to_12() -> None:
    state, faction = _trader_attempt({"leader": 10, "other": 0})
    leader = state.faction_leader[faction]
    state.apply_action(F.TRADER + leader)
    state.apply_action(2)  # the worst roll: 10T short of 12
    assert state.stage == "forum_trader_buy"
    traders = state.traders[leader]
    for seed in range(4):
        assert make_agent("heuristic", seed=seed).step(state) == F.BUY_TRADER
    state.apply_action(F.BUY_TRADER)
    assert state.traders[leader] == traders + 1 and state.talents[leader] == 0


# -- §6.7.3 revolts: a coin flip to the one-ply look -----------------------------------------


def _victor(legions: int, own_veterans: int, pool: bool) -> S:
    """Player 1's Suffete has won the Conquest of Tunisia with ``legions`` Legions, the first
    ``own_veterans`` of them Veterans assigned to him, and decides whether to revolt; with
    ``pool`` false the Force Pool holds no army the Senate could recruit against him."""
    state = quiet_state()
    [person] = commanders(state)
    victorious(state, [person], legions=legions, vets=own_veterans)
    state.veteran_of = [UNIT_INDEX["legion"], person] * own_veterans
    if not pool:
        for unit in P.ARMIES:
            state.unit_pool[unit] = 0
    revolution(state)
    assert state.stage == "revolution_revolt" and state.current_player() == 0
    return state


def test_s6_7_3_a_computer_commander_stays_loyal_when_the_senate_could_field_more() -> None:
    # Two Legions, each following him on a 5 or 6, against the Force Pool's nine armies.
    state = _victor(legions=2, own_veterans=0, pool=True)
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == K.LOYAL


def test_s6_7_3_a_computer_commander_revolts_when_his_veterans_outmatch_the_senate() -> None:
    # Six Veterans follow him without a roll (12) and nothing is left to recruit against him.
    state = _victor(legions=6, own_veterans=6, pool=False)
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == K.REVOLT


# -- §7 the last stand: four active wars and no peace left --------------------------------


def _last_stand(players: int, faction: int, active: tuple[int, ...]) -> S:
    """Other Business with three Lost Wars (no peace left to sue for, §7), the Conquest of
    Tunisia and ``active`` Active, two Legions at home (short of even odds against Tunisia)
    and no talents to recruit more above the Imperials' reserve."""
    state = chair(players, faction, 30, True, 2)
    for war in ("SICILIAN-1", "SICILIAN-2", "SICILIAN-3"):
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    for war in active:
        state.war_status[war] = WAR_ACTIVE
    return state


def test_s7_a_computer_senate_fights_at_any_odds_when_four_active_wars_end_the_republic() -> None:
    state = _last_stand(3, 0, (LIBYAN, SICILY, MOROCCAN))
    odds = max(
        senate_policy.COMPUTER_POLICY._odds(state, war)
        for war in (TUNISIA, LIBYAN, SICILY, MOROCCAN)
    )
    assert 0 < odds < 0.5  # no war is winnable at the aide's odds, and none is hopeless
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.WAR)
    computer_senate(state)
    # Sent (and voted for by every computer faction) against an Active war, the likeliest one
    # to be won: a Victory there is the only way the Republic survives the Combat Phase.
    [sent] = state.forces
    assert sent.war in (TUNISIA, LIBYAN, SICILY, MOROCCAN)
    assert _victory_chance(state, sent) == pytest.approx(odds)


def test_s7_no_last_stand_while_the_republic_can_survive_the_turn() -> None:
    # Three active wars do not end the Republic: the force stays home until it can win.
    state = _last_stand(3, 0, (LIBYAN, MOROCCAN))
    computer_senate(state)
    assert not state.forces


def test_s9_neutrals_make_no_last_stand() -> None:
    # The Neutrals keep to their reconstructed odds (docs, "Computer factions"): the last stand
    # is the computer factions' own, so solitaire rules and records do not change.
    state = _last_stand(1, 1, (LIBYAN, SICILY, MOROCCAN))
    assert senate_policy.POLICY.propose(state, state.legal_actions()) != SA.kind(P.WAR)
    assert senate_policy.COMPUTER_POLICY.propose(state, state.legal_actions()) == SA.kind(P.WAR)


@pytest.mark.parametrize(
    ("lost", "active", "revolts"),
    [(0, 0, True), (2, 0, True), (2, 1, False), (3, 0, False), (3, 1, False)],
)
def test_s7_a_computer_commander_stays_loyal_when_the_rebellion_would_bring_the_fall(
    lost: int, active: int, revolts: bool
) -> None:
    # The revolt of test_s6_7_3_..._outmatch_the_senate, with Lost and Active wars: a revolt
    # wins only if Carthage survives the turn, and the rebellion is a war that no peace ends.
    state = _victor(legions=6, own_veterans=6, pool=False)
    for war in ("SICILIAN-1", "SICILIAN-2", "SICILIAN-3")[:lost]:
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    for war in ("ROMAN-1", "ROMAN-2")[:active]:
        state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    # Room for the rebellion and the two new wars a turn can bring, or not.
    assert (senate_policy.wars_to_spare(state) >= 3) == revolts
    expected = K.REVOLT if revolts else K.LOYAL
    for seed in range(4):
        assert make_agent("heuristic", seed=seed).step(state) == expected


def test_s6_5_a_computer_pm_stays_on_rather_than_leave_the_senate_without_a_president() -> None:
    # Every other faction voted his proposal down: stepping down keeps his Influence, which is
    # all the one-ply look sees; stepping down PM after PM adjourns the Senate before Other
    # Business with its wars unfought. The aide stays on, and so does the computer faction.
    state = _human_chair(200, war=True)
    state.stage = "senate_step_down"
    state._legal = None
    assert state.current_player() == 0 and set(state.legal_actions()) == {SA.AYE, SA.PASS}
    assert heuristics.advise(state, 0) == SA.PASS
    for seed in range(4):
        assert make_agent("heuristic", seed=seed).step(state) == SA.PASS


# -- §6.5.7 recruiting ahead of need --------------------------------------------------------


def _lone_war(war: str, legions: int, treasury: int) -> S:
    """Other Business in a three-player game with player 0 presiding (Military 1), ``war``
    the only war on the board, five fleets and ``legions`` Legions at home, an empty Force Pool."""
    state = chair(3, 0, treasury, False, legions)
    state.war_status = [WAR_UNSEEN] * len(WARS)
    state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    state.unit_active[UNIT_INDEX["fleet"]] += 5
    state.unit_pool = [0] * len(UNITS)
    state._legal = None
    return state


def _aide_proposes(state: S) -> int:
    """What the Imperials' aide itself (the Neutrals' policy) would propose in the chair."""
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    return senate_policy.POLICY.propose(aide, state.legal_actions())


def _stock_chair(treasury: int) -> S:
    """The 4th Sicilian War alone on the board against two Legions at home: even the eight
    Celtiberians of the Force Pool leave it far below the aide's even odds."""
    state = _lone_war("SICILIAN-4", 2, treasury)
    state.unit_pool[UNIT_INDEX["celtiberian"]] = 8
    state.tax_turn = state.turn  # taxes changed already this turn (a raise would come first)
    state._legal = None
    return state


def test_s6_5_7_a_computer_senate_recruits_ahead_of_need_when_the_treasury_allows() -> None:
    state = _stock_chair(400)
    war = WAR_INDEX["SICILIAN-4"]
    all_in = senate_policy.COMPUTER_POLICY._odds(state, war, {UNIT_INDEX["celtiberian"]: 8})
    assert 0 < all_in < 0.5
    assert _aide_proposes(state) != SA.kind(P.RECRUIT)
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.RECRUIT)
    computer_senate(state)
    assert at_home(state, UNIT_INDEX["celtiberian"]) == 8 and not state.forces
    assert state.treasury >= senate_policy.STOCK_RESERVE


def test_s6_5_7_no_recruiting_ahead_of_need_below_the_stock_reserve() -> None:
    state = _stock_chair(senate_policy.STOCK_RESERVE + 10)
    computer_senate(state)
    assert at_home(state, UNIT_INDEX["celtiberian"]) <= 1


# -- §6.5.7 Crisis: the strongest commanders ------------------------------------------------


def _crisis_chair(armies: int) -> S:
    """Other Business in a Crisis with player 1's Senator presiding (Marine Suffete, Military
    1), the Conquest of Tunisia Active (strength 4), ``armies`` armies at home and none to
    recruit. Player 1's other Senators have Military 1; Military 2 sits in the two other
    factions."""
    state = chair(3, 1, 100, True)
    state.unit_active[UNIT_INDEX["legion"]] += armies - sum(at_home(state, u) for u in P.ARMIES)
    state.tax_turn = state.turn  # taxes changed already this turn (a raise would come first)
    state.unit_pool = [0] * len(UNITS)
    state.crisis = 1  # as the Senate Phase's start sets it (three Active wars, or one of 20)
    state._legal = None
    return state


def _best_soldiers(state: S) -> tuple[list[int], int]:
    own = [p for p in P.in_carthage(state) if state.owner[p] == 1]
    best = max(stat(p, "mil") for p in P.in_carthage(state))
    assert max(stat(p, "mil") for p in own) < best
    return own, best


def test_s6_5_7_a_computer_senate_names_its_strongest_second_commander_in_a_crisis() -> None:
    state = _crisis_chair(armies=7)
    _, best = _best_soldiers(state)
    computer_senate(state)
    [sent] = state.forces
    assert sent.war == TUNISIA and len(sent.commanders) == 2
    # Not one of the PM's own Senators of Military 1: a Senator of Military 2 goes beside him.
    assert max(stat(p, "mil") for p in sent.commanders) == best
    assert _victory_chance(state, sent) >= 0.5


def test_s6_5_7_a_computer_pm_names_the_strongest_first_commander_it_may() -> None:
    # Under the Separation of Powers any Senator free of office may lead in a Crisis: the PM
    # names the best soldier, not one of his own (whom the odds it acted on did not count).
    state = _crisis_chair(armies=7)
    own, best = _best_soldiers(state)
    state.card_loc[_give(state, 1, "SEPARATION-OF-POWERS")] = IN_PLAY  # a Law played earlier
    state.proposal = [P.WAR, TUNISIA]
    state._legal = None
    firsts = P.first_commanders(state)
    assert any(p in own for p in firsts) and any(stat(p, "mil") == best for p in firsts)
    choice = heuristics.advise(state, 1)
    assert choice is not None and stat(choice - SA.PERSON, "mil") == best


def test_s9_neutrals_name_their_own_commanders_first() -> None:
    # The Neutrals' reconstructed policy is unchanged (solitaire play and its records).
    state = _crisis_chair(armies=7)
    own, _ = _best_soldiers(state)
    state.proposal = [P.WAR, TUNISIA, state.pm]
    state._legal = None
    choice = senate_policy.POLICY.propose(state, state.legal_actions())
    assert choice - SA.PERSON in own


# -- Suffetes who can command, and Active wars before Inactive ones (issue 30, six players) ---


def _soldier_outranks_the_chair() -> tuple[S, int, int]:
    """The first Senate of a six-player game in which the PM's faction has two Senators free
    for office, both of Military 1, and another faction the best soldier in Carthage
    (Military 3): the state, the PM's faction and that soldier."""
    state = senate(players=6, seed=7)
    faction = state.owner[state.pm]
    own = [p for p in free(state) if state.owner[p] == faction]
    best = max(free(state), key=lambda p: (stat(p, "mil"), state.owner[p] == faction))
    assert len(own) >= 2 and state.owner[best] != faction
    assert all(stat(p, "mil") < stat(best, "mil") for p in own)
    return state, faction, best


def test_s6_5_2_a_computer_pm_names_the_best_soldier_in_carthage_a_suffete() -> None:
    # The Marine Suffete is the first commander the Senate may send (§6.5.3, §6.5.7): the PM
    # names its own man and the best soldier in Carthage, whoever's he is (traced at six
    # players: a Marine Suffete of Military 1 while Senators of 3 sat in Carthage).
    state, faction, best = _soldier_outranks_the_chair()
    while state.stage == "senate_propose":
        advice = heuristics.advise(state, faction)
        assert advice is not None
        state.apply_action(advice)
    assert state.proposal[0] == P.SUFFETES
    assert max(stat(p, "mil") for p in state.proposal[1:3]) == stat(best, "mil")
    assert any(state.owner[p] == faction for p in state.proposal[1:3])


def test_s6_5_2_computer_factions_elect_a_pair_that_holds_the_best_soldier() -> None:
    # A faction named in neither seat backs the pair all the same: every faction falls with
    # the Republic (§7), and each voting only for its own let the fifth proposal pass unvoted.
    state, faction, best = _soldier_outranks_the_chair()
    own = next(p for p in free(state) if state.owner[p] == faction)
    propose(state, SA.person(min(own, best)), SA.person(max(own, best)))
    assert sorted(state.proposal[1:3]) == sorted((own, best))
    third = next(f for f in range(6) if f not in (faction, state.owner[best]))
    _ayes_until_the_ballot_of(state, third)
    yes = [SA.vote(SA.YES_VOTE, i) for i in range(len(SA.BUY))]
    assert heuristics.advise(state, third) in yes
    # Neutrals keep to their own (§9: the reconstructed aide).
    aide = heuristics.as_role(state, third, heuristics.AIDE_ROLE)
    assert senate_policy.POLICY.ballot(aide, third) not in yes


def test_s6_5_3_computer_suffetes_send_the_better_soldier_to_sea() -> None:
    state = senate(players=6)
    pairs = [
        (a, b)
        for a, b in P.suffete_pairs(state)
        if state.owner[a] != state.owner[b] and stat(a, "mil") != stat(b, "mil")
    ]
    a, b = pairs[0]
    propose(state, SA.person(a), SA.person(b))
    vote(state, {})
    assert state.stage == "senate_assign" and state.current_player() == state.owner[a]
    soldier, other = sorted((a, b), key=lambda p: -stat(p, "mil"))
    assert heuristics.advise(state, state.owner[a]) == SA.person(other)
    # Asked to stay home himself, the better soldier's owner (or his colleague) disagrees.
    state.apply_action(SA.person(soldier))
    assert state.stage == "senate_assign_agree"
    assert heuristics.advise(state, state.owner[b]) == SA.PASS


def test_s6_5_7_a_computer_senate_undoubles_a_matching_war_before_it_fights_an_inactive_one() -> (
    None
):
    # Traced at six players: the 1st and 4th Sicilian Wars doubled each other while the Marine
    # Suffete took the home force to the Inactive Conquest of Tunisia; two more Sicilian wars
    # came the next turn. The computer factions give up the stronger of the pair and send the
    # force against the other, at its printed strength.
    state = _matching_pair(lost=0)
    state.war_status[TUNISIA] = WAR_INACTIVE
    state._legal = None
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    assert senate_policy.POLICY._winnable_wars(aide, senate_policy.role_of(aide, 0)) == [TUNISIA]
    first, second = WAR_INDEX["SICILIAN-1"], WAR_INDEX["SICILIAN-2"]
    computer_senate(state)
    assert state.war_status[second] == WAR_LOST
    assert [force.war for force in state.forces] == [first]
    assert state.war_status[TUNISIA] == WAR_INACTIVE


def test_s6_5_7_a_computer_senate_recruits_for_an_active_war_before_it_fights_an_inactive_one() -> (
    None
):
    # The Conquest of Tunisia (Inactive, 4) falls to what is at home; the Libyan War (Active,
    # 6) does with the Force Pool recruited. The Neutrals take the little war; the computer
    # factions recruit and send the force against the war that costs 20T a turn and counts
    # toward the four that end the Republic.
    state = _human_chair(300, war=False, legions=6, taxed=True)
    state.war_status[TUNISIA] = WAR_INACTIVE
    state.war_status[LIBYAN] = WAR_ACTIVE
    state._legal = None
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    role = senate_policy.role_of(aide, 0)
    assert senate_policy.POLICY._winnable_wars(aide, role) == [TUNISIA]
    assert senate_policy.POLICY._plan_for(aide, role, LIBYAN)
    computer_senate(state)
    assert [force.war for force in state.forces] == [LIBYAN]
    assert _victory_chance(state, state.forces[0]) >= 0.5


def test_s6_6_2_a_computer_senate_recruits_first_for_a_war_whose_family_may_still_gather() -> None:
    # Matching wars double and triple each other (§6.6.2). Traced at six players: the 2nd
    # Sicilian War, undoubled, waited while the Senate spent its treasury on fleets for the
    # Pyrrhic War's naval battle, whose Victory ends nothing; the next Sicilian war doubled it
    # again. The Neutrals recruit for the more dangerous war, the computer factions for the one
    # whose family may still gather.
    state = _human_chair(300, war=False, legions=4, taxed=True)
    sicilian, pyrrhic = WAR_INDEX["SICILIAN-1"], WAR_INDEX["PYRRHIC"]
    state.war_status[sicilian] = WAR_ACTIVE
    state.war_status[pyrrhic] = WAR_ACTIVE
    state._legal = None
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    role = senate_policy.role_of(aide, 0)
    for war in (sicilian, pyrrhic):
        assert senate_policy.POLICY._plan_for(aide, role, war)
    assert senate_policy.gathers(aide, sicilian) and not senate_policy.gathers(aide, pyrrhic)
    neutral_plan = senate_policy.POLICY._recruit_plan(aide, 0, role)
    assert neutral_plan == senate_policy.POLICY._plan_for(aide, role, pyrrhic)
    plan = senate_policy.COMPUTER_POLICY._recruit_plan(aide, 0, role)
    assert plan == senate_policy.COMPUTER_POLICY._plan_for(aide, role, sicilian)
    computer_senate(state)
    assert state.forces and state.forces[0].war == sicilian


def test_s6_6_2_a_computer_senate_undoubles_the_war_its_force_fights() -> None:
    # Traced at six players: a force stood against the 2nd Sicilian War at 9 when the 3rd came
    # and doubled it; only wars no force fought were weighed for peace, and the force and both
    # its commanders died in the next battle. The computer factions give up the newcomer.
    state = _human_chair(300, war=False, legions=0, taxed=True)
    fought, newcomer = WAR_INDEX["SICILIAN-1"], WAR_INDEX["SICILIAN-2"]
    state.war_status[fought] = WAR_ACTIVE
    state.war_status[newcomer] = WAR_ACTIVE
    general = next(p for p in free(state) if p != state.pm)
    units = [0] * len(UNITS)
    units[UNIT_INDEX["legion"]] = 12
    state.unit_active[UNIT_INDEX["legion"]] += 12
    units[P.FLEET] = senate_policy.fleets_needed(fought)  # it can give battle (§6.5.7)
    state.unit_active[P.FLEET] += units[P.FLEET]
    send(state, Force(fought, -1, (general,), tuple(units), (0,) * len(UNITS), state.turn - 1))
    state._legal = None
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    force = state.forces[0]
    doubled = senate_policy.victory_odds(aide, fought, 12, list(force.commanders))
    assert W.war_strength(state, fought, False) == 2 * WARS[fought].land and doubled < 0.5
    assert senate_policy.POLICY._peace_for_match(aide, senate_policy.role_of(aide, 0)) == []
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.SUE)
    computer_senate(state)
    assert state.war_status[newcomer] == WAR_LOST and W.in_war(state.war_status[fought])
    assert _victory_chance(state, state.forces[0]) >= 0.5


def _doubled_force(legions: int) -> tuple[S, int]:
    """The 1st Sicilian War, fought since last turn by a force of ``legions`` Legions and the
    fleets it needs, doubled by the 2nd (Active) and a Lost War's peace already spent twice."""
    state = _human_chair(300, war=False, legions=0, taxed=True)
    fought = WAR_INDEX["SICILIAN-1"]
    state.war_status[fought] = WAR_ACTIVE
    state.war_status[WAR_INDEX["SICILIAN-2"]] = WAR_ACTIVE
    for war in ("PYRRHIC", "ROMAN-1"):
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    general = next(p for p in free(state) if p != state.pm)
    units = [0] * len(UNITS)
    units[UNIT_INDEX["legion"]] = legions
    units[P.FLEET] = senate_policy.fleets_needed(fought)
    for unit, number in enumerate(units):
        state.unit_active[unit] += number
    send(state, Force(fought, -1, (general,), tuple(units), (0,) * len(UNITS), state.turn - 1))
    state._legal = None
    return state, fought


def test_s6_5_7_a_computer_senate_calls_home_a_force_that_cannot_win() -> None:
    # Traced at six players: a force stood against a Sicilian war at 9 when the next one came
    # and doubled it; no peace was left to undouble it (two Lost Wars), and the force and its
    # two commanders, the best soldiers in Carthage, died in the next battle.
    state, fought = _doubled_force(legions=4)
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.RECALL)
    assert senate_policy.POLICY._stranded(aide) == []  # the Neutrals leave it there
    force = state.forces[0]
    odds = senate_policy.victory_odds(aide, fought, 4, list(force.commanders))
    assert odds < senate_policy.HOPELESS
    computer_senate(state)
    # Home; any force against the war now went out this turn, with whatever the odds allow.
    assert all(f.sent == state.turn for f in state.forces if f.war == fought)


def test_s6_5_7_a_computer_senate_leaves_a_force_that_may_win_where_it_is() -> None:
    state, _ = _doubled_force(legions=14)
    assert make_agent("heuristic", seed=0).step(state) != SA.kind(P.RECALL)
