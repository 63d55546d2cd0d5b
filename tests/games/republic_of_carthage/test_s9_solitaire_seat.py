"""The solitaire game (§9, one player against four Neutrals): where a computer seat alone
against the Neutrals plays otherwise than with two or more players, and what stays as it was
at three players (the computer factions' measured play)."""

from __future__ import annotations

from carthago.agents import make_agent
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage import forum_policy, heuristics, voting
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.persuasion import persuasion_number
from carthago.games.republic_of_carthage.senate_policy import POLICY
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DECK,
    FORUM,
    IN_PLAY,
    OUT,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_INDEX,
    RepublicOfCarthageState,
    family_of,
    stat,
)
from tests.games.republic_of_carthage.support import (
    at_stage,
    computer_senate,
    jump,
    new,
    run_until,
)
from tests.games.republic_of_carthage.test_s6_5_senate import chair, senate

TUNISIA, SICILY = WAR_INDEX["TUNISIA"], WAR_INDEX["SICILIAN-4"]


def _persuasion(players: int) -> tuple[RepublicOfCarthageState, int]:
    """Player 1 holds the initiative at the persuasion step, with an unaligned Senator in the
    Forum whom his Senators (Influence 20 each) persuade on a number far above 6."""
    state = run_until(new(players), at_stage("forum_roll"), 0)
    state.initiative = 0
    target = next(
        p for p, c in enumerate(CARDS) if c.kind == "senator" and state.card_loc[p] == DECK
    )
    state.card_loc[target], state.owner[target], state.ploc[target] = FORUM, -1, OUT
    for person in state.faction_persons(0):
        state.inf[person] = 20
        state.talents[person] = 8
    jump(state, "forum_persuade")
    assert state.current_player() == 0
    return state, target


def test_s9_a_solitaire_seat_persuades_by_the_plutocrats_forum_aide() -> None:
    # The one-ply look sees no gain in naming a target (the roll comes later) and a loss in
    # every talent added: it passed or named at random and never paid. Alone against the
    # Neutrals the seat persuades as the Plutocrats' aide does, with its best persuader and
    # the aide's 5T.
    state, target = _persuasion(1)
    assert forum_policy.best_attempt(state, 0)[1] == target
    for seed in range(4):
        assert make_agent("heuristic", seed=seed).step(state) == F.TARGET + target
    state.apply_action(F.TARGET + target)
    persuaders = [p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE]
    best = max(persuaders, key=lambda p: (persuasion_number(state, p, target), -p))
    assert heuristics.advise(state, 0) == F.PERSUADER + best
    state.apply_action(F.PERSUADER + best)
    before = state.talents[best]
    state.apply_action(make_agent("heuristic", seed=0).step(state))
    assert before - state.talents[best] == 5


def test_s9_with_three_players_persuasion_is_left_to_the_one_ply_look() -> None:
    state, _ = _persuasion(3)
    assert heuristics.advise(state, 0) is None


def test_s9_a_solitaire_seat_defends_its_senator_from_its_faction_treasury() -> None:
    # A Neutral (the last before player 1 round the table, so that player 1 answers first)
    # tries to persuade one of player 1's Senators; the seat spends the Plutocrats' 10T from
    # its Faction Treasury to lower the number, where the one-ply look kept its talents.
    state = run_until(new(1), at_stage("forum_roll"), 0)
    neutral = state.rg.num_factions - 1
    state.initiative = neutral
    target = next(p for p in state.faction_persons(0) if p != state.faction_leader[0])
    persuader = next(p for p in state.faction_persons(neutral) if state.ploc[p] == CARTHAGE)
    state.ploc[target] = CARTHAGE
    state.faction_treasury[0] = 30
    state.ctx = [target, persuader, 0, 0, 0, 10]
    state.stage = "forum_interfere"
    state._legal = None
    assert state.current_player() == 0
    state.apply_action(make_agent("heuristic", seed=0).step(state))
    assert 30 - state.faction_treasury[0] == forum_policy.POLICIES["Plutocrats"].defend
    assert state.ctx[2] == -forum_policy.POLICIES["Plutocrats"].defend


def _active_and_inactive(players: int, faction: int) -> RepublicOfCarthageState:
    """Other Business with ``faction`` presiding, the tax already changed this turn, 300T in
    the State Treasury and six Legions at home: enough to beat the Inactive Conquest of Tunisia
    (strength 4), not the Active 4th Sicilian War (11), which needs fleets and recruits."""
    state = chair(players, faction, 300, False, 6)
    state.tax_turn = state.turn
    state.war_status[TUNISIA] = WAR_INACTIVE
    state.war_status[SICILY] = WAR_ACTIVE
    state._legal = None
    return state


def test_s9_a_solitaire_senate_recruits_for_the_active_war_before_an_inactive_one() -> None:
    # An Active war costs 20T a turn and counts toward the four that end the Republic; the
    # Inactive one does neither. Alone with the Neutrals, the Senate recruits toward the Active
    # war and sends its force there, not against the little war the Legions beat already.
    state = _active_and_inactive(1, 1)
    assert POLICY.propose(state, state.legal_actions()) == SA.kind(P.RECRUIT)
    computer_senate(state)
    assert [force.war for force in state.forces] == [SICILY]


def test_s9_with_three_players_the_neutrals_still_fight_the_inactive_war_first() -> None:
    # The Neutrals' policy outside the solitaire game is unchanged: the home force goes against
    # the Inactive war it beats. The computer factions, which fall with the Republic, recruit
    # for the Active war first at every number of players (issue 30, traced at six players).
    state = _active_and_inactive(3, 0)
    aide = heuristics.as_role(state, 0, heuristics.AIDE_ROLE)
    assert POLICY.propose(aide, aide.legal_actions()) == SA.kind(P.WAR)
    assert make_agent("heuristic", seed=0).step(state) == SA.kind(P.RECRUIT)
    computer_senate(state)
    assert [force.war for force in state.forces] == [SICILY]


def _seat_presiding(players: int, influence: int) -> tuple[RepublicOfCarthageState, int]:
    """Other Business with player 1's Senator presiding, no war on the board, the tax changed
    this turn, and one of player 1's Senators in Carthage at ``influence``."""
    state = chair(players, 0, 300, False)
    state.tax_turn = state.turn
    candidate = max(
        (p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE),
        key=lambda p: state.inf[p],
    )
    state.inf[candidate] = influence
    state._legal = None
    return state, candidate


def test_s7_a_solitaire_seat_proposes_its_suffete_for_life_when_the_vote_is_sure() -> None:
    # Alone against the Neutrals, who vote only for their own, a Suffete for Life is the seat's
    # way to the win (§7). With 60 Influence the candidate outvotes every Neutral's Oratory:
    # the seat proposes him first and votes for him; a Neutral may still murder him on the
    # floor (the dice decide). Elected, he is safe: the seat adjourns at once.
    elected = 0
    for seed in range(6):
        state, candidate = _seat_presiding(1, 60)
        assert make_agent("heuristic", seed=seed).step(state) == SA.kind(P.LIFE)
        computer_senate(state, seed)
        if state.in_play(candidate):
            assert state.life_suffete == candidate and state.life_turn == state.turn
            assert not any("Proposal" in line for line in state.log(None)[-3:])
            elected += 1
    assert elected


def test_s7_no_suffete_for_life_proposal_unless_the_vote_is_sure() -> None:
    # Two more Neutral Senators in Carthage: the Neutrals' Oratory then needs a candidate of
    # more than 21 Influence. A tie loses (Yes must outnumber No), one vote more wins.
    state, candidate = _seat_presiding(1, 21)
    state.faction_treasury[0] = 0
    for person in state.faction_persons(0):
        state.talents[person] = 0
    dealt = [p for p, c in enumerate(CARDS) if c.kind == "senator" and state.card_loc[p] == DECK]
    for person in dealt[:2]:
        state.card_loc[person], state.owner[person], state.ploc[person] = IN_PLAY, 1, CARTHAGE
    against = sum(voting.oratory(state, f) for f in voting.voters(state) if f != 0)
    tie = against - voting.oratory(state, 0)
    assert tie >= 21
    state.inf[candidate] = tie
    assert heuristics.advise(state, 0) != SA.kind(P.LIFE)
    state.inf[candidate] = tie + 1
    assert heuristics.advise(state, 0) == SA.kind(P.LIFE)


def test_s7_with_three_players_a_computer_pm_proposes_no_suffete_for_life() -> None:
    # Other players buy votes against a would-be tyrant: the count is not sure, and the
    # computer factions' 3-player play is unchanged.
    state, _ = _seat_presiding(3, 60)
    assert SA.kind(P.LIFE) in state.legal_actions()
    assert heuristics.advise(state, 0) != SA.kind(P.LIFE)


def _suffetes_named(
    players: int, stage: str, first_is_seat: bool
) -> tuple[RepublicOfCarthageState, int, int]:
    """Player 1's Senator and another faction's were just elected Suffetes; ``stage`` is the
    choice of the Home Suffete (by the first-named's owner) or the other's agreement."""
    state = senate(players)
    ours = next(p for p in state.faction_persons(0) if state.ploc[p] == CARTHAGE)
    theirs = next(p for p in state.faction_persons(1) if state.ploc[p] == CARTHAGE)
    state.ctx = [ours, theirs] if first_is_seat else [theirs, ours]
    if stage == "senate_assign_agree":
        state.ctx.append(theirs)
    state.stage = stage
    state._legal = None
    assert state.current_player() == 0
    return state, ours, theirs


def test_s6_5_3_a_solitaire_seat_proposes_its_own_senator_to_preside() -> None:
    # The Home Suffete presides and alone proposes: the seat's only way to put its Suffete for
    # Life to the vote. The one-ply look chose between the two at random.
    state, ours, _ = _suffetes_named(1, "senate_assign", True)
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == SA.person(ours)


def test_s6_5_3_a_solitaire_seat_refuses_a_neutral_home_suffete() -> None:
    # Refused, the dice decide: an even chance to preside instead of none.
    state, _, _ = _suffetes_named(1, "senate_assign_agree", False)
    for seed in range(8):
        assert make_agent("heuristic", seed=seed).step(state) == SA.PASS


def test_s6_5_3_with_three_players_the_better_soldier_goes_to_sea() -> None:
    # The solitaire seat's wish to preside is its own: with other players at the table the
    # computer Suffetes send the better soldier to sea (the Marine Suffete commands first),
    # whichever faction he belongs to, and agree only to that.
    for stage, first_is_seat in (("senate_assign", True), ("senate_assign_agree", False)):
        state, ours, theirs = _suffetes_named(3, stage, first_is_seat)
        home = min((ours, theirs), key=lambda p: (stat(p, "mil"), family_of(p)))
        if stage == "senate_assign":
            assert heuristics.advise(state, 0) == SA.person(home)
        else:
            assert heuristics.advise(state, 0) == (SA.AYE if theirs == home else SA.PASS)
