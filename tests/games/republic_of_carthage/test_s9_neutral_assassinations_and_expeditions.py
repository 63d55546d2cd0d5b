"""§9: when each Neutral role attempts an assassination (§6.5.9, and §8 under the option
``assassination = "optional"``) and when, as PM, it sends an expedition (§6.5.7)."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.republic_of_carthage import assassination
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.forces import TRADE_FLEET
from carthago.games.republic_of_carthage.senate import OTHER_STEP, _floor_legal
from carthago.games.republic_of_carthage.senate_policy import POLICY, ROLES
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DISCARD,
    HAND,
    IN_PLAY,
    NEUTRAL_ROLES,
    OFFICE_INDEX,
    RepublicOfCarthageState,
    stat,
)
from tests.games.republic_of_carthage.support import jump, run_until

S = RepublicOfCarthageState
HOME = OFFICE_INDEX["HOME-SUFFETE"]
HIMILCO = 3
"""Himilco [4], Exploration 4: the best explorer among the Senators of the first turn."""
VOYAGE = next(
    c for c, ref in enumerate(CARDS) if ref.kind == "exploration" and ref.id == "HIMILCO-VOYAGE"
)
"""The Voyage of Himilco: 30 Trade Fleets."""


def _solitaire_senate(option: str = "standard") -> S:
    game = carthago.load("republic_of_carthage", players=1, turn_limit=5, assassination=option)
    fresh = game.new_initial_state()
    assert isinstance(fresh, RepublicOfCarthageState)
    state = run_until(fresh, lambda s: s.stage.startswith("senate"), 0, passive=True)
    for card, loc in enumerate(state.card_loc):
        if HAND <= loc < HAND + state.rg.num_factions:
            state.card_loc[card] = DISCARD  # no Laws or Outcries to play first
    state.sub, state.proposal, state.ballots, state.order = OTHER_STEP, [], [], []
    state.proposals, state.attempts, state.forces = 0, [], ()
    return state


def _faction(state: S, role: str) -> int:
    return state.neutral_role.index(NEUTRAL_ROLES.index(role))


def _members(state: S, faction: int) -> list[int]:
    return [p for p in P.in_carthage(state) if state.owner[p] == faction]


# -- assassinations ----------------------------------------------------------------------------


def _floor(role: str, option: str, proposal_kind: int, influence: int) -> tuple[S, int, int]:
    """The floor before a vote, the Neutral ``role`` to act; the human's Senator ``victim``
    has ``influence`` and is named Suffete for Life when ``proposal_kind`` is P.LIFE."""
    state = _solitaire_senate(option)
    faction = _faction(state, role)
    victim = next(p for p in _members(state, 0) if p != state.faction_leader[0])
    state.inf[victim] = influence
    state.proposal = [P.LIFE, victim] if proposal_kind == P.LIFE else [P.TAX_DOWN]
    state.ctx = [faction]
    return state, faction, victim


def _attempt(state: S, faction: int) -> tuple[int, int] | None:
    choice = POLICY.floor(state, _floor_legal(state))
    return assassination.decode(choice) if choice >= SA.ASSASSINATE else None


TYRANT = {
    "standard": {"Imperials": True, "Plutocrats": False, "Conservatives": True, "Populists": True},
    "optional": {"Imperials": True, "Plutocrats": True, "Conservatives": True, "Populists": False},
}


@pytest.mark.parametrize("option", ["standard", "optional"])
@pytest.mark.parametrize("role", NEUTRAL_ROLES)
def test_s9_neutrals_strike_at_a_rival_suffete_for_life_by_role_and_rule(
    role: str, option: str
) -> None:
    state, faction, victim = _floor(role, option, P.LIFE, 25)
    attempt = _attempt(state, faction)
    assert (attempt is not None) == TYRANT[option][role]
    if attempt is not None:
        assassin, target = attempt
        assert target == victim and state.owner[assassin] == faction
        assert assassin != state.faction_leader[faction] or len(_members(state, faction)) == 1


@pytest.mark.parametrize("option", ["standard", "optional"])
@pytest.mark.parametrize("role", NEUTRAL_ROLES)
def test_s9_neutrals_never_strike_at_their_own_candidate_for_suffete_for_life(
    role: str, option: str
) -> None:
    state, faction, _ = _floor(role, option, P.LIFE, 1)
    own = _members(state, faction)[0]
    state.inf[own] = 25
    state.proposal = [P.LIFE, own]
    assert _attempt(state, faction) is None


def test_s9_a_suffete_for_life_elected_this_turn_is_struck_at_a_later_vote() -> None:
    state, faction, victim = _floor("Conservatives", "standard", P.TAX_DOWN, 25)
    assert _attempt(state, faction) is None
    state.life_suffete, state.life_turn = victim, state.turn
    attempt = _attempt(state, faction)
    assert attempt is not None and attempt[1] == victim
    state.life_turn = state.turn - 1  # an older election has already been judged (§7)
    assert _attempt(state, faction) is None


@pytest.mark.parametrize(
    ("option", "influence", "striking"),
    [
        ("standard", 15, set()),
        ("standard", 16, {"Imperials"}),
        ("optional", 18, set()),
        ("optional", 19, {"Imperials"}),
    ],
)
def test_s9_only_the_imperials_strike_at_a_rising_rival(
    option: str, influence: int, striking: set[str]
) -> None:
    for role in NEUTRAL_ROLES:
        state, faction, victim = _floor(role, option, P.TAX_DOWN, influence)
        for person in P.in_carthage(state):
            if person != victim and state.owner[person] != faction:
                state.inf[person] = min(state.inf[person], influence - 1)
        attempt = _attempt(state, faction)
        assert (attempt is not None) == (role in striking), role
        if attempt is not None:
            assert attempt[1] == victim


def test_s9_no_neutral_attempts_a_second_murder_in_a_turn() -> None:
    state, faction, _ = _floor("Imperials", "standard", P.LIFE, 25)
    state.attempts = [faction, 2 if faction != 2 else 3]
    assert _attempt(state, faction) is None
    state, faction, _ = _floor("Imperials", "standard", P.LIFE, 25)
    state.attempts = [1 if faction != 1 else 2, 0]  # the human faction was a target already
    assert _attempt(state, faction) is None


def test_s9_the_engine_carries_out_a_neutral_attempt_on_the_floor() -> None:
    state, faction, victim = _floor("Imperials", "standard", P.LIFE, 25)
    jump(state, "senate_floor")
    assert state.attempts == [faction, 0]
    assert state.order[1] == victim and state.owner[state.order[0]] == faction
    assert state.stage == "senate_bodyguard" and state.current_player() == 0


# -- expeditions -------------------------------------------------------------------------------


def _neutral_pm(role: str, short: int) -> tuple[S, int]:
    """Other Business with the Neutral ``role`` presiding, the Voyage of Himilco on the board,
    Himilco [4] free in its faction, and a State Treasury that pays for 30 - ``short`` Trade
    Fleets above the role's reserve. No war, no tax to raise."""
    state = _solitaire_senate()
    faction = _faction(state, role)
    state.owner[HIMILCO] = faction
    state.ploc[HIMILCO] = CARTHAGE
    state.office_holder = [-1 if h == HIMILCO else h for h in state.office_holder]
    chair = next(p for p in _members(state, faction) if p != HIMILCO)
    state.pm = chair
    state.office_holder[HOME] = chair
    state.war_status = [0] * len(state.war_status)
    state.tax, state.tax_turn = 50, -1
    state.card_loc[VOYAGE] = IN_PLAY
    number = 30 - short
    state.treasury = ROLES[role].explore_reserve + P._expedition_cost(state, TRADE_FLEET, number)
    state.stage = "senate_propose"
    state._legal = None
    return state, faction


@pytest.mark.parametrize(
    ("role", "proposes_at", "declines_at"),
    [
        ("Imperials", 0, 5),  # needs 14 - 4 = 10 with the full 30; 11 with 25
        ("Plutocrats", 10, 15),  # 12 with 20 Trade Fleets; 13 with 15
        ("Populists", 5, 10),
    ],
)
def test_s9_a_neutral_pm_sends_its_explorer_while_the_odds_suit_its_role(
    role: str, proposes_at: int, declines_at: int
) -> None:
    assert stat(HIMILCO, "exp") == 4
    state, faction = _neutral_pm(role, proposes_at)
    assert POLICY.propose(state, state.legal_actions()) == SA.kind(P.EXPEDITION)
    assert POLICY.expedition(state, faction) == (VOYAGE, HIMILCO, TRADE_FLEET, 30 - proposes_at)
    state, faction = _neutral_pm(role, declines_at)
    assert POLICY.propose(state, state.legal_actions()) != SA.kind(P.EXPEDITION)
    assert POLICY.expedition(state, faction) is None


def test_s9_the_conservatives_never_send_an_expedition() -> None:
    state, faction = _neutral_pm("Conservatives", 0)
    state.treasury = 500
    assert POLICY.expedition(state, faction) is None
    assert POLICY.propose(state, state.legal_actions()) != SA.kind(P.EXPEDITION)


def test_s9_a_neutral_keeps_its_reserve_and_sends_nobody_of_another_faction() -> None:
    state, faction = _neutral_pm("Plutocrats", 0)
    state.treasury = ROLES["Plutocrats"].explore_reserve
    assert POLICY.expedition(state, faction) is None  # not one Trade Fleet above the reserve
    state, faction = _neutral_pm("Plutocrats", 0)
    state.owner[HIMILCO] = 0  # the best explorer is the human's: no glory for a rival
    plan = POLICY.expedition(state, faction)
    assert plan is None or (plan[1] != HIMILCO and state.owner[plan[1]] == faction)


def test_s9_the_engine_sends_the_neutral_expedition_and_no_second_one() -> None:
    state, faction = _neutral_pm("Populists", 0)
    treasury = state.treasury
    jump(state, "senate_propose")
    assert state.proposal == [P.EXPEDITION, VOYAGE, HIMILCO, TRADE_FLEET, 30]
    while state.proposal:  # the human lets the vote go on and votes Yes
        assert state.current_player() == 0
        legal = state.legal_actions()
        state.apply_action(SA.vote(SA.YES_VOTE, 0) if SA.vote(SA.YES_VOTE, 0) in legal else SA.PASS)
    sent = [f for f in state.forces if f.exploration == VOYAGE]
    assert len(sent) == 1 and sent[0].commanders == (HIMILCO,)
    assert sent[0].units[TRADE_FLEET] == 30 and state.treasury < treasury
    assert POLICY.expedition(state, faction) is None  # the card is pursued already


def test_s6_5_9_at_an_assassins_trial_the_victims_neutral_faction_votes_guilty() -> None:
    state = _solitaire_senate()
    plutocrats = _faction(state, "Plutocrats")
    populists = _faction(state, "Populists")
    state.attempts = [0, plutocrats]  # the human's assassin struck at the Plutocrats
    state.proposal = [P.MAJOR, state.faction_leader[0], P.NONE]
    assert SA.decode_vote(POLICY.ballot(state, plutocrats))[0] == SA.YES_VOTE
    assert SA.decode_vote(POLICY.ballot(state, populists))[0] == SA.NO_VOTE
    assert SA.decode_vote(POLICY.ballot(state, _faction(state, "Conservatives")))[0] == (
        SA.YES_VOTE
    )
