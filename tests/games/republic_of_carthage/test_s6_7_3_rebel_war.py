"""The rebel war (rules §6.7.3): the Senate sends armies against a revolt under way, as against
any war, and may not sue for peace with the rebels; the Senate aide does the same (§9). The
rulings where the rulebook is silent: a dead rebel leaves the revolt, which collapses with its
last rebel, and the rebellion's captives share the fate of any war's (§6.6.2)."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.forces import Force, allegiance, at_home, send
from carthago.games.republic_of_carthage.offices import office_of
from carthago.games.republic_of_carthage.revenue import STATE_INCOME, state_dues
from carthago.games.republic_of_carthage.senate_policy import POLICY
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CAPTURED,
    CARDS,
    CARTHAGE,
    CHIT_NONE,
    IN_PLAY,
    OUT,
    REBEL,
    REMOVED,
    SENATOR_INDEX,
    STATESMAN_INDEX,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INDEX,
    WAR_LOST,
    WAR_UNSEEN,
    family_of,
    stat,
)
from tests.games.republic_of_carthage.combat_support import chance, quiet_state, start_combat, units
from tests.games.republic_of_carthage.support import jump, statesman_over
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
CELTIBERIAN = UNIT_INDEX["celtiberian"]
CAMPANIAN = UNIT_INDEX["campanian"]
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


def test_s9_the_senate_aide_recruits_against_the_rebellion_only_what_the_state_can_pay() -> None:
    # Three Lost and three Active Wars cost 135T a turn: recruits the State Treasury pays now
    # but whose upkeep would leave the next Revenue Phase short would make the Republic
    # bankrupt (§6.2, §7); any force sent keeps the revolt from winning unfought (§6.7.3).
    state = chair(1, 1, treasury=100, war=False)
    state.unit_active[LEGION] -= at_home(state, LEGION)
    _no_wars(state)
    for war in ("SICILIAN-1", "SICILIAN-2", "SICILIAN-3"):
        state.war_status[WAR_INDEX[war]] = WAR_LOST
    for war in ("LIBYAN", "MOROCCAN", "NUMIDIAN-1"):
        state.war_status[WAR_INDEX[war]] = WAR_ACTIVE
    _revolt(state, 0, legions=6)
    while state.stage.startswith("senate"):
        if state.stage == "senate_propose":
            state.apply_action(POLICY.propose(state, state.legal_actions()))
        else:
            vote(state, {})
    assert [force.war for force in state.forces] == [W.REBEL_WAR]
    dues = sum(amount for amount, _ in state_dues(state))
    assert state.treasury + STATE_INCOME - dues >= 0


# -- rulings: the death of rebels and the rebellion's captives ---------------------------------


def _free(state: S, faction: int, leader: bool = False) -> list[int]:
    """Senators of ``faction`` in Carthage without an office (enough of them in the tests' four
    player game), its leader only if ``leader``."""
    return [
        p
        for p in state.faction_persons(faction)
        if state.ploc[p] == CARTHAGE
        and office_of(state, p) < 0
        and (state.faction_leader[faction] == p) == leader
    ]


def _counters(state: S) -> list[int]:
    """Every army and fleet counter, by type, wherever it is: none may be created or lost."""
    return [
        state.unit_pool[u] + state.unit_active[u] + state.unit_unavailable[u] + state.rebel_units[u]
        for u in range(len(UNITS))
    ]


def _recruit(state: S, name: str, count: int) -> None:
    """``count`` armies of type ``name`` come from the Force Pool to Carthage."""
    unit = UNIT_INDEX[name]
    assert state.unit_pool[unit] >= count
    state.unit_pool[unit] -= count
    state.unit_active[unit] += count


def _rebels(
    state: S, faction: int, rebels: list[int], celtiberians: int, veterans: int = 0
) -> None:
    """``rebels`` of ``faction`` revolted last turn with Celtiberians of the Senate's (as
    ``revolution._rebels_take`` moves them), ``veterans`` of them Veterans."""
    _recruit(state, "celtiberian", celtiberians)
    state.unit_active[CELTIBERIAN] -= celtiberians
    state.rebel_units[CELTIBERIAN] = celtiberians
    state.rebel_veterans[CELTIBERIAN] = veterans
    state.rebels = [faction, *rebels]
    for person in rebels:
        state.ploc[person] = REBEL
    state.rebel_turn = state.turn - 1


def _against_the_rebels(state: S, general: int, campanians: int) -> None:
    """``general`` leads the two Legions of the game and ``campanians`` Campanians against the
    rebels."""
    _recruit(state, "campanian", campanians)
    force = units(legion=2, campanian=campanians)
    send(state, Force(W.REBEL_WAR, -1, (general,), force, units(), state.turn))


def test_s6_7_3_the_last_rebel_dies_in_the_mortality_phase_and_the_revolt_collapses() -> None:
    state = quiet_state(players=4)
    rebel = _free(state, 0)[0]
    _rebels(state, 0, [rebel], celtiberians=3, veterans=1)
    captive, general = _free(state, 1)[:2]
    # Last turn's battle against the rebels was a Stalemate: the force stayed on the
    # rebellion, and the rebels captured its other commander.
    _against_the_rebels(state, general, campanians=1)
    state.ploc[captive] = CAPTURED
    state.captives = [captive, W.REBEL_WAR]
    active, veterans = state.unit_active[CELTIBERIAN], state.unit_veteran[CELTIBERIAN]
    counters = _counters(state)

    assert state.stage == "mortality_draw"
    chance(state, family_of(rebel) - 1)

    # He died a rebel; his Family card goes face down to the Forum, no rebel.
    assert state.ploc[rebel] == OUT and state.owner[rebel] == -1
    assert state.rebels == [] and not state.revolt_won
    # The rebel armies are the Senate's again, their Veteran with no allegiance.
    assert state.rebel_units == [0] * len(UNITS) and state.rebel_veterans == [0] * len(UNITS)
    assert state.unit_active[CELTIBERIAN] == active + 3
    assert state.unit_veteran[CELTIBERIAN] == veterans + 1
    assert allegiance(state, CELTIBERIAN) == {-1: 1}
    # The force sent against the rebellion and the rebels' captive are home.
    assert state.forces == () and state.ploc[general] == CARTHAGE
    assert at_home(state, LEGION) == 2 and at_home(state, CAMPANIAN) == 1
    assert state.captives == [] and state.ploc[captive] == CARTHAGE
    assert _counters(state) == counters
    # Three wars and no rebellion are not the four active wars of §7.
    for name in ("SICILIAN-1", "PYRRHIC", "LIBYAN"):
        state.war_status[WAR_INDEX[name]] = WAR_ACTIVE
    jump(state, "combat_end")
    assert state.ended != "four active wars"


def test_s6_7_3_a_dead_rebel_leaves_the_revolt_and_the_next_rebel_leads_it_on() -> None:
    state = quiet_state(players=4)
    [leader] = _free(state, 2, leader=True)
    accomplice = _free(state, 2)[0]
    assert CARDS[leader].kind == "senator"
    _rebels(state, 2, [leader, accomplice], celtiberians=2)
    strength = W.rebel_strength(state)

    chance(state, family_of(leader) - 1)

    # The Faction Leader's heir stays with the faction, in Carthage, loyal: he may hold office.
    assert state.ploc[leader] == CARTHAGE and state.faction_leader[2] == leader
    assert state.rebels == [2, accomplice] and state.ploc[accomplice] == REBEL
    assert state.rebel_units[CELTIBERIAN] == 2
    assert W.rebel_strength(state) == strength - stat(leader, "mil")


def _held_by_the_rebels(state: S, rebels: int, campanians: int) -> tuple[int, int]:
    """A revolt of faction 1 with ``rebels`` Celtiberians, fought by a general of faction 0;
    the rebels hold another commander of faction 0. Returns the general and the captive."""
    _rebels(state, 1, [_free(state, 1)[0]], celtiberians=rebels)
    general, captive = _free(state, 0)[:2]
    _against_the_rebels(state, general, campanians)
    state.ploc[captive] = CAPTURED
    state.captives = [captive, W.REBEL_WAR]
    return general, captive


def test_s6_6_2_a_captive_of_the_rebellion_dies_when_the_revolt_is_crushed() -> None:
    state = quiet_state(players=4)
    general, captive = _held_by_the_rebels(state, rebels=1, campanians=3)
    counters = _counters(state)
    start_combat(state)
    chance(state, 18)
    while state.stage in ("war_loss", "war_rebel_loss", "war_chit"):
        chance(state, CHIT_NONE if state.stage == "war_chit" else state.chance_outcomes()[0][0])
    assert state.rebels == [] and state.forces == ()
    assert state.ploc[general] == CARTHAGE and general in state.won
    # The rebellion was defeated before his ransom was paid.
    assert state.captives == [] and state.ploc[captive] == OUT and state.owner[captive] == -1
    assert _counters(state) == counters


def test_s6_6_2_a_captive_of_a_revolt_that_succeeds_stays_captive() -> None:
    state = quiet_state(players=4)
    _, captive = _held_by_the_rebels(state, rebels=4, campanians=0)
    start_combat(state)
    chance(state, 3)
    while state.stage == "war_loss":
        chance(state, state.chance_outcomes()[0][0])
    assert state.revolt_won
    assert state.captives == [captive, W.REBEL_WAR] and state.ploc[captive] == CAPTURED


# -- rulings: one set of chits for both sides (§6.7.3 Fighting the rebel, §6.6.2) -------------


def _battle(state: S, total: int, general: int) -> None:
    """Roll the battle against the rebels to ``total``, then lose the first counter drawn on
    each side until the chits are reached."""
    force = W.current(state)
    start = total - stat(general, "mil") - W.force_strength(force, False) + W.rebel_strength(state)
    assert state.stage == "war_roll" and 3 <= start <= 18
    chance(state, start)
    while state.stage in ("war_loss", "war_rebel_loss"):
        chance(state, state.chance_outcomes()[0][0])
    assert state.stage == "war_chit"


def _chit(person: int) -> int:
    return family_of(person) - 1


def test_s6_7_3_a_chit_kills_a_rebel_and_the_last_one_captures_for_the_rebels() -> None:
    state = quiet_state(players=4)
    leader, accomplice = _free(state, 1)[:2]
    _rebels(state, 1, [leader, accomplice], celtiberians=4)
    [general] = _free(state, 0)[:1]
    _against_the_rebels(state, general, campanians=2)
    counters = _counters(state)
    start_combat(state)
    _battle(state, 11, general)  # a Stalemate losing 2 on each side: two chits
    assert state.rebel_units[CELTIBERIAN] == 2

    chance(state, _chit(leader))
    assert state.ploc[leader] == OUT and state.owner[leader] == -1
    assert state.rebels == [1, accomplice] and state.rebel_units[CELTIBERIAN] == 2
    # The last chit: the rebellion takes the Senate's general, as any war would.
    chance(state, _chit(general))
    assert state.captives == [general, W.REBEL_WAR] and state.ploc[general] == CAPTURED
    assert state.rebels == [1, accomplice] and not state.revolt_won
    [force] = state.forces
    assert force.war == W.REBEL_WAR and force.commanders == ()
    assert _counters(state) == counters


def test_s6_7_3_the_last_chit_on_a_rebel_takes_him_and_he_dies() -> None:
    state = quiet_state(players=4)
    rebel = _free(state, 1)[0]
    _rebels(state, 1, [rebel], celtiberians=3)
    [general] = _free(state, 0)[:1]
    _against_the_rebels(state, general, campanians=0)
    counters = _counters(state)
    start_combat(state)
    _battle(state, 12, general)  # a Stalemate losing 1 on each side: one chit, the last

    chance(state, _chit(rebel))
    # Not held for ransom: he dies a rebel, and with him the revolt.
    assert state.captives == [] and state.ploc[rebel] == OUT and state.owner[rebel] == -1
    assert state.rebels == [] and not state.revolt_won
    assert state.rebel_units == [0] * len(UNITS)
    # Nothing is left to contest: the Stalemate leaves no force on the rebellion.
    assert state.forces == () and state.ploc[general] == CARTHAGE
    assert general in state.generals and general in state.fought and general not in state.won
    assert _counters(state) == counters


def test_s6_7_3_a_victory_after_the_chits_killed_the_last_rebel() -> None:
    state = quiet_state(players=4)
    rebel = _free(state, 1)[0]
    _rebels(state, 1, [rebel], celtiberians=4)
    captive, general = _free(state, 0)[:2]
    state.ploc[captive] = CAPTURED
    state.captives = [captive, W.REBEL_WAR]
    _against_the_rebels(state, general, campanians=3)
    strength = W.rebel_strength(state)
    influence, popularity = state.inf[general], state.pop[general]
    counters = _counters(state)
    start_combat(state)
    _battle(state, 16, general)  # a Victory losing 2 on each side: two chits

    chance(state, _chit(rebel))
    assert state.rebels == [] and state.ploc[rebel] == OUT
    # The revolt ended, not defeated: its captive is freed; the battle's force is still out.
    assert state.captives == [] and state.ploc[captive] == CARTHAGE
    assert W.current(state).commanders == (general,)
    # The last chit finds no rebellion left to hold the general.
    chance(state, _chit(general))
    assert state.ploc[general] == CARTHAGE and state.captives == []
    # The Victory is his, worth half the rebel strength he rolled against, counted once.
    assert general in state.won
    assert state.inf[general] - influence == state.pop[general] - popularity
    assert state.inf[general] - influence == -(-strength // 2)
    assert state.forces == () and state.ploc[captive] == CARTHAGE
    assert state.rebel_units == [0] * len(UNITS) and not state.revolt_won
    assert _counters(state) == counters


@pytest.mark.parametrize("rebel_chit", [True, False])
def test_s6_7_3_the_log_tells_a_revolt_crushed_from_one_the_chits_ended(rebel_chit: bool) -> None:
    state = quiet_state(players=4)
    rebel = _free(state, 1)[0]
    _rebels(state, 1, [rebel], celtiberians=4)
    [general] = _free(state, 0)[:1]
    _against_the_rebels(state, general, campanians=3)
    start_combat(state)
    _battle(state, 16, general)  # a Victory losing 2 on each side: two chits
    chance(state, _chit(rebel) if rebel_chit else CHIT_NONE, CHIT_NONE)
    log = state.log(None)
    assert state.rebels == [] and state.ploc[rebel] == OUT and general in state.won
    assert ("The revolt fails" in log) != rebel_chit
    ended = "Victory over the rebels: the chits had already ended their revolt"
    assert (ended in log) == rebel_chit


def _mago_pair(state: S, faction: int) -> tuple[int, int]:
    """Both Mago Statesmen in play in ``faction``, in Carthage: 2A over the Family card."""
    first = statesman_over(state, "2A", faction)
    second = STATESMAN_INDEX["2B"]
    state.card_loc[second] = IN_PLAY
    state.owner[second] = faction
    state.ploc[second] = CARTHAGE
    return first, second


@pytest.mark.parametrize("named", [0, 1])
def test_s2_a_mago_chit_strikes_one_statesman_across_the_rebel_battle(named: int) -> None:
    state = quiet_state(players=4)
    rebel, general = _mago_pair(state, 1)
    # 2A leads his faction's revolt; the Senate sends 2B against him.
    _rebels(state, 1, [rebel], celtiberians=4)
    _against_the_rebels(state, general, campanians=2)
    start_combat(state)
    _battle(state, 11, general)  # a Stalemate losing 2 on each side: two chits

    chance(state, family_of(rebel) - 1)
    # One chit, one man: chance names the Statesman it concerns, as in the Mortality Phase.
    assert state.stage == "war_chit_mago"
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    chance(state, named)
    dead, alive = (rebel, general) if named == 0 else (general, rebel)
    assert state.card_loc[dead] == REMOVED and state.ploc[dead] == OUT
    assert state.ploc[alive] in (REBEL, AT_WAR) and state.card_loc[alive] == IN_PLAY
    if named == 0:
        assert state.rebels == [] and W.current(state).commanders == (general,)
    else:
        assert state.rebels == [1, rebel] and W.current(state).commanders == ()
    # The Family card moves under the Statesman still living (§2).
    assert state.under[alive] == SENATOR_INDEX[2]
