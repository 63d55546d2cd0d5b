"""Intrigue cards played in the Senate (§6.5, with §6.4.2.1: kept secret, played when the card
allows): Mercenary Contract, Seduction and Bribery of the Council (texts reconstructed in
hand_cards.toml, interpretations in the docs, "Intrigues played in the Senate")."""

from __future__ import annotations

import json
import random
import re

import carthago
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import senate_intrigues as SI
from carthago.games.republic_of_carthage import voting
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.forum_policy import best_attempt, policy_of
from carthago.games.republic_of_carthage.persuasion import persuasion_number
from carthago.games.republic_of_carthage.senate_policy import POLICY
from carthago.games.republic_of_carthage.stages import STAGES
from carthago.games.republic_of_carthage.state import (
    CARDS,
    DISCARD,
    FORUM,
    GOVERNOR,
    HAND,
    NEUTRAL_ROLES,
    UNIT_INDEX,
    UNITS,
    WAR_INDEX,
    WARS,
    RepublicOfCarthageState,
    describe_person,
    stat,
)
from tests.games.republic_of_carthage.support import jump, step
from tests.games.republic_of_carthage.test_s6_5_senate import (
    _give,
    _neutral_chair,
    _to_floor,
    other_business,
    propose,
    senate,
    vote,
)

S = RepublicOfCarthageState
LEGION = UNIT_INDEX["legion"]
TUNISIA = WAR_INDEX["TUNISIA"]


def _without_intrigues(state: S) -> S:
    """Other Business with no Intrigue card in any hand (a test deals the ones it needs)."""
    for card, loc in enumerate(state.card_loc):
        if loc >= HAND and CARDS[card].kind == "intrigue":
            state.card_loc[card] = DISCARD
    state._legal = None
    return state


def _other_business() -> S:
    return _without_intrigues(other_business(senate()))


def _in_discard(state: S, *card_ids: str) -> None:
    """Every copy of these cards outside the hands goes to the discard, so that whichever a
    test deals comes from the same place (deck sizes are public)."""
    for card, ref in enumerate(CARDS):
        if ref.id in card_ids and state.card_loc[card] < HAND:
            state.card_loc[card] = DISCARD


def _rival(state: S, offset: int = 1) -> int:
    """A faction other than the PM's."""
    return (state.owner[state.pm] + offset) % state.rg.num_factions


def _send_war(state: S, yes: bool = True) -> None:
    """The PM proposes to send the Marine Suffete against Tunisia with every unit he may take;
    every faction votes Yes (or No)."""
    propose(state, SA.kind(P.WAR), SA.item(TUNISIA))
    while state.stage == "senate_propose":
        legal = state.legal_actions()
        state.apply_action(max(legal) if legal[0] != SA.PASS else SA.PASS)
    while state.stage in ("senate_floor", "senate_call", "senate_ballot"):
        if state.stage == "senate_floor":
            state.apply_action(SA.PASS)
        elif state.stage == "senate_call":
            state.apply_action(min(state.legal_actions()))
        else:
            state.apply_action(SA.vote(SA.YES_VOTE if yes else SA.NO_VOTE, 0))


def _hire_turn(state: S, faction: int) -> None:
    while state.stage == "senate_hire" and state.current_player() != faction:
        state.apply_action(SA.PASS)
    assert state.stage == "senate_hire" and state.current_player() == faction


def _stage_actions(state: S, low: int, high: int) -> list[int]:
    return [a for a in state.legal_actions() if low <= a < high]


# -- Mercenary Contract -------------------------------------------------------------------------


def test_s6_5_7_mercenary_contract_adds_two_armies_to_the_force_just_sent() -> None:
    state = _other_business()
    hirer = _rival(state)
    card = _give(state, hirer, "MERCENARIES")
    _send_war(state)
    assert state.stage == "senate_hire"
    _hire_turn(state, hirer)
    assert SA.HIRE + card in state.legal_actions()
    state.apply_action(SA.HIRE + card)
    force = state.forces[-1]
    assert state.card_loc[card] == DISCARD and state.hired == [force.commanders[0]]
    assert f"{state.rg.faction_names[hirer]} plays Mercenary Contract" in state.log(0)
    contract = f"Mercenary Contract with {describe_person(force.commanders[0])}"
    assert contract in state.observation(0)["cards_in_force"]
    # The battle: the force's own armies plus the two hired ones.
    rng = random.Random(0)
    while state.stage != "war_roll":
        if state.stage == "senate_propose" and SA.PASS in state.legal_actions():
            state.apply_action(SA.PASS)
        else:
            step(state, rng)
    own = sum(force.units[u] + force.veterans[u] for u in range(len(UNITS)))
    state.apply_action(10)
    battle = next(e for e in reversed(state.log(None)) if e.startswith("Battle on land"))
    found = re.search(r"force (\d+)", battle)
    assert found and int(found.group(1)) == own + SI.DATA.mercenary_armies
    assert state.hired == []  # used up by that battle


def test_s6_5_7_mercenaries_fight_one_land_battle_of_this_turn() -> None:
    state = _other_business()
    commander = P.in_carthage(state)[0]
    units = tuple(2 if u == LEGION else 0 for u in range(len(UNITS)))
    force = Force(TUNISIA, -1, (commander,), units, (0,) * len(UNITS), state.turn)
    state.hired = [commander]
    assert SI.take_mercenaries(state, force, naval=True) == 0  # armies do not fight at sea
    assert state.hired == [commander]
    assert SI.take_mercenaries(state, force, naval=False) == 2
    assert SI.take_mercenaries(state, force, naval=False) == 0  # they left after the battle
    state.hired = [commander]
    jump(state, "senate_start")  # next turn's Senate: the contract was for its own turn
    assert state.hired == []


def test_s6_5_7_mercenary_contract_only_when_the_senate_sends_a_force() -> None:
    state = _other_business()
    holder = _rival(state)
    card = _give(state, holder, "MERCENARIES")
    propose(state, SA.kind(P.TAX_DOWN))
    while state.stage in ("senate_floor", "senate_call", "senate_ballot"):
        assert not _stage_actions(state, SA.HIRE, SA.BRIBERY)
        legal = state.legal_actions()
        state.apply_action(min(legal) if state.stage != "senate_ballot" else legal[0])
    assert state.stage == "senate_propose" and state.tax == 0  # passed; no window opened
    assert not _stage_actions(state, SA.HIRE, SA.BRIBERY)
    _send_war(state, yes=False)  # a rejected war sends nobody
    if state.stage == "senate_step_down":  # every other faction said No
        state.apply_action(SA.PASS)
    assert state.stage == "senate_propose" and not state.forces
    assert state.card_loc[card] == HAND + holder


def test_s6_5_7_the_mercenary_window_asks_every_hand_whatever_it_holds() -> None:
    """Who is asked, and what player 0 sees, do not depend on whether a hand holds the card."""
    with_card = _other_business()
    _in_discard(with_card, "MERCENARIES", "RUMOUR")
    without = with_card._clone_to_change()
    _give(with_card, 1, "MERCENARIES")
    _give(without, 1, "RUMOUR")  # same hand size, no contract
    for state in (with_card, without):
        state._legal = None
        _send_war(state)
    assert with_card.stage == without.stage == "senate_hire"
    assert with_card.order == without.order
    while with_card.stage == "senate_hire":
        assert with_card.current_player() == without.current_player()
        assert with_card.observation(0) == without.observation(0)
        with_card.apply_action(SA.PASS)
        without.apply_action(SA.PASS)
    assert with_card.observation(0) == without.observation(0)


def test_s9_a_neutral_hires_mercenaries_for_its_own_or_a_weak_force() -> None:
    state = _neutral_chair(200, war=True)
    neutral = _plutocrats(state)
    card = _give(state, neutral, "MERCENARIES")
    own = next(p for p in P.in_carthage(state) if state.owner[p] == neutral)
    other = next(p for p in P.in_carthage(state) if state.owner[p] not in (neutral, -1))
    policy = STAGES["senate_hire"].neutral

    def decision(commander: int, legions: int) -> int:
        units = tuple(legions if u == LEGION else 0 for u in range(len(UNITS)))
        force = Force(TUNISIA, -1, (commander,), units, (0,) * len(UNITS), state.turn)
        state.forces = (force,)
        state.order = [commander, neutral]
        state.stage = "senate_hire"
        state._legal = None
        return policy(state)

    strong = WARS[TUNISIA].land + SI.DATA.hire_margin
    assert decision(own, strong) == SA.HIRE + card  # its own commander
    assert decision(other, strong) == SA.PASS  # another faction's force, strong enough
    assert decision(other, 0) == SA.HIRE + card  # too weak for the war


# -- Seduction --------------------------------------------------------------------------------


def _seduction_floor() -> tuple[S, int, int, int, int]:
    """A tax cut on the floor; the seducer's turn (first after the PM's faction); returns the
    state, the seducer, his card, a target of the third faction (not its Faction Leader) and the
    seducer's persuader."""
    for seed in range(20):
        state = _without_intrigues(other_business(senate(seed=seed)))
        seducer, victim = _rival(state), _rival(state, 2)
        victims = [
            p
            for p in P.in_carthage(state)
            if state.owner[p] == victim and state.faction_leader[victim] != p
        ]
        if victims:
            break
    else:
        raise AssertionError("no seed gives a Senator to seduce")
    card = _give(state, seducer, "SEDUCTION")
    persuader = next(p for p in P.in_carthage(state) if state.owner[p] == seducer)
    state.inf[persuader] = 30  # a sure Persuasion Number: only 11 and 12 fail
    state.talents[persuader] = 5
    propose(state, SA.kind(P.TAX_DOWN))
    _to_floor(state, seducer)
    return state, seducer, card, victims[0], persuader


def _seduce(state: S, card: int, target: int, persuader: int, roll: int) -> list[str]:
    """Play Seduction with 2 talents, then roll; returns the stages passed through."""
    stages = []
    for action in (SA.SEDUCE + card, SA.person(target), SA.person(persuader)):
        stages.append(state.stage)
        state.apply_action(action)
    stages.append(state.stage)
    shown = state.observation(0)["senate"]["seduction"]
    assert shown["target"] == describe_person(target)  # the attempt is open to the table
    assert f"seduces {describe_person(target)}" in state.render(0)
    state.apply_action(SA.TALENTS + A.AMOUNTS.index(2))
    stages.append(state.stage)
    state.apply_action(SA.PASS)
    stages.append(state.stage)
    state.apply_action(roll)
    return stages


def test_s6_5_seduction_persuades_a_senator_on_the_floor_without_interference() -> None:
    state, seducer, card, target, persuader = _seduction_floor()
    assert SA.SEDUCE + card in state.legal_actions()
    base = persuasion_number(state, persuader, target)
    expected = stat(persuader, "ora") + 30 - stat(target, "loy") - state.talents[target] - 7
    assert base == expected
    target_talents = state.talents[target]
    stages = _seduce(state, card, target, persuader, roll=10)
    # Only the seducer decided (target, persuader, talents), then the dice: no interference.
    assert stages == [
        "senate_floor",
        "senate_seduce_target",
        "senate_seduce_persuader",
        "senate_seduce_talents",
        "senate_seduce_talents",
        "senate_seduce_roll",
    ]
    assert state.owner[target] == seducer and state.card_loc[card] == DISCARD
    assert state.talents[target] == target_talents + 2 and state.talents[persuader] == 3
    assert any(f"{describe_person(target)} joins" in e for e in state.log(None))
    assert state.stage in ("senate_floor", "senate_call")  # the floor, then the vote, go on


def test_s6_5_seduction_fails_on_11_and_12_whatever_the_number() -> None:
    state, _, card, target, persuader = _seduction_floor()
    owner = state.owner[target]
    _seduce(state, card, target, persuader, roll=11)
    assert state.owner[target] == owner and state.card_loc[card] == DISCARD
    assert any("the attempt fails" in e for e in state.log(None))


def test_s6_5_a_failed_seduction_opens_the_blackmail_window() -> None:
    state, seducer, card, target, persuader = _seduction_floor()
    blackmailer = (seducer + 1) % 3
    blackmail = _give(state, blackmailer, "BLACKMAIL")
    state.forum_held[blackmailer] = 1  # it came from a Forum draw, as Blackmail always does
    _seduce(state, card, target, persuader, roll=12)
    assert state.stage == "cards_blackmail" and state.current_player() == blackmailer
    state.apply_action(A.CARDS + blackmail)
    state.apply_action(3)
    state.apply_action(3)
    assert state.stage in ("senate_floor", "senate_call")  # back to the floor


def test_s6_5_seduction_only_on_the_floor_and_with_someone_to_persuade() -> None:
    state = _other_business()
    pm_faction = state.owner[state.pm]
    card = _give(state, pm_faction, "SEDUCTION")
    state._legal = None
    assert state.stage == "senate_propose" and state.current_player() == pm_faction
    assert not _stage_actions(state, SA.SEDUCE, SA.HIRE)  # not when proposing
    propose(state, SA.kind(P.TAX_DOWN))
    while state.stage != "senate_ballot":
        state.apply_action(SA.PASS if state.stage == "senate_floor" else state.legal_actions()[0])
    while state.stage == "senate_ballot":
        assert not _stage_actions(state, SA.SEDUCE, SA.HIRE)  # nor at a ballot
        state.apply_action(state.legal_actions()[0])
    # Nobody to persuade: every other Senator away or a Faction Leader, no Forum Senator.
    for person in range(len(state.owner)):
        if state.owner[person] not in (pm_faction, -1):
            state.ploc[person] = GOVERNOR
        elif state.owner[person] < 0 and state.card_loc[person] == FORUM:
            state.card_loc[person] = DISCARD
    assert SI.seduction_choices(state, pm_faction) == []
    assert state.card_loc[card] == HAND + pm_faction


def test_s6_5_a_faction_seduced_out_of_carthage_loses_its_floor() -> None:
    state, seducer, card, target, persuader = _seduction_floor()
    victim = state.owner[target]
    for person in P.in_carthage(state):
        if state.owner[person] == victim and person != target:
            state.ploc[person] = GOVERNOR  # the target is his faction's last man in Carthage
    state._legal = None
    assert victim in state.ctx
    _seduce(state, card, target, persuader, roll=2)
    assert state.owner[target] == seducer
    assert victim not in state.ctx and state.current_player() != victim


def _plutocrats(state: S) -> int:
    """The Neutral faction whose aides persuade anyone and buy votes generously."""
    return next(
        f
        for f in range(1, state.rg.num_factions)
        if NEUTRAL_ROLES[state.neutral_role[f]] == "Plutocrats"
    )


def test_s9_a_neutral_seduces_as_its_forum_aide_would_persuade() -> None:
    state = _neutral_chair(200, war=False)
    neutral = _plutocrats(state)
    card = _give(state, neutral, "SEDUCTION")
    for person in P.in_carthage(state):
        state.inf[person] = 20 if state.owner[person] == neutral else 0
    legal = [SA.PASS, SA.SEDUCE + card]
    number, target, persuader = best_attempt(state, neutral)
    assert number >= policy_of(state, neutral).persuade_at
    assert SI.neutral_seduction(state, neutral, legal) == SA.SEDUCE + card
    assert SI.neutral_seduction(state, neutral, [SA.PASS]) == SA.PASS
    # Its choices follow the aide: the best target and persuader, its bribe once, then dice.
    talents = state.talents[persuader]
    state.card_loc[card] = DISCARD
    state.order = [neutral]
    jump(state, "senate_seduce_target")
    assert state.stage == "senate_seduce_roll"
    assert state.order[SI.TARGET] == target and state.order[SI.PERSUADER] == persuader
    assert state.order[SI.ADDED] <= min(policy_of(state, neutral).bribe, talents)
    for person in P.in_carthage(state):
        state.inf[person] = 0 if state.owner[person] == neutral else 20
    wants = best_attempt(state, neutral)[0] >= policy_of(state, neutral).persuade_at
    assert (SI.neutral_seduction(state, neutral, legal) != SA.PASS) == wants


# -- Bribery of the Council -------------------------------------------------------------------


def _ballot_of(state: S, faction: int) -> None:
    """Pass the floor and call ``faction`` first."""
    while state.stage == "senate_floor":
        state.apply_action(SA.PASS)
    if state.stage == "senate_call":
        state.apply_action(SA.faction(faction))
    assert state.stage == "senate_ballot" and state.current_player() == faction


def _bribery_floor() -> tuple[S, int, int]:
    """A tax cut on the floor; the briber (not the PM's faction) holds the card and 20T."""
    state = _other_business()
    briber = _rival(state)
    card = _give(state, briber, "BRIBERY")
    state.faction_treasury[briber] = 20
    propose(state, SA.kind(P.TAX_DOWN))
    return state, briber, card


def test_s6_5_bribery_of_the_council_doubles_the_votes_bought() -> None:
    state, briber, card = _bribery_floor()
    assert not _stage_actions(state, SA.BRIBERY, SA.TALENTS)  # not on the floor
    _ballot_of(state, briber)
    assert SA.BRIBERY + card in state.legal_actions()
    state.apply_action(SA.BRIBERY + card)
    assert state.card_loc[card] == DISCARD and state.bribed == [briber]
    assert state.stage == "senate_ballot" and state.current_player() == briber
    assert not _stage_actions(state, SA.BRIBERY, SA.TALENTS)  # once a vote
    funds = voting.funds(state, briber)
    state.apply_action(SA.vote(SA.YES_VOTE, SA.BUY.index(5)))
    factions = state.rg.num_factions
    assert state.ballots[factions + briber] == 10 and voting.funds(state, briber) == funds - 5
    assert voting.weight(state, briber) == voting.oratory(state, briber) + 10
    assert state.observation(0)["senate"]["ballots"][0]["bribery"]
    assert any("buys 10 votes for 5T" in e for e in state.log(None))


def test_s6_5_bribery_counts_for_one_proposal_only() -> None:
    state, briber, card = _bribery_floor()
    _ballot_of(state, briber)
    state.apply_action(SA.BRIBERY + card)
    vote(state, {})
    assert state.bribed == []
    propose(state, SA.kind(P.RECRUIT), SA.item(UNIT_INDEX["fleet"]), SA.count(1))
    _ballot_of(state, briber)
    state.apply_action(SA.vote(SA.YES_VOTE, SA.BUY.index(5)))
    assert state.ballots[state.rg.num_factions + briber] == 5


def test_s6_5_bribery_needs_talents_to_spend() -> None:
    state = _other_business()
    briber = _rival(state)
    _give(state, briber, "BRIBERY")
    state.faction_treasury[briber] = 0
    for person in P.in_carthage(state):
        if state.owner[person] == briber:
            state.talents[person] = 0
    propose(state, SA.kind(P.TAX_DOWN))
    _ballot_of(state, briber)
    assert not _stage_actions(state, SA.BRIBERY, SA.TALENTS)


def test_s9_a_neutral_plays_bribery_when_it_buys_votes() -> None:
    state = _neutral_chair(200, war=False)
    neutral = _plutocrats(state)
    state.faction_treasury[neutral] = 50
    state.proposal = [P.TAX_DOWN]
    voting.start(state)
    buying = SA.vote(SA.YES_VOTE, SA.BUY.index(SI.DATA.bribe_at))
    cheap = SA.vote(SA.YES_VOTE, SA.BUY.index(1))
    assert SI.neutral_bribery(state, neutral, buying) == buying  # no card, no play
    card = _give(state, neutral, "BRIBERY")
    assert SI.neutral_bribery(state, neutral, buying) == SA.BRIBERY + card
    assert SI.neutral_bribery(state, neutral, cheap) == cheap
    # Through the stage: a Neutral whose Senator is named buys votes, Bribery first.
    named = next(p for p in P.in_carthage(state) if state.owner[p] == neutral)
    state.inf[named] = 25
    state.proposal = [P.LIFE, named]
    voting.start(state)
    state.pos = neutral
    state.stage = "senate_ballot"
    assert SA.BUY[SA.decode_vote(POLICY.ballot(state, neutral))[1]] >= SI.DATA.bribe_at
    assert STAGES["senate_ballot"].neutral(state) == SA.BRIBERY + card


# -- hidden until played ------------------------------------------------------------------------


def test_hidden_senate_intrigues_are_secret_until_played() -> None:
    """Player 0 sees the same whether faction 1 holds Seduction, Bribery or a Mercenary Contract
    (only the hand's size shows), and no card's name reaches its observation."""
    base = _other_business()
    _in_discard(base, "SEDUCTION", "BRIBERY", "MERCENARIES")
    views = []
    for card_id in ("SEDUCTION", "BRIBERY", "MERCENARIES"):
        state = base._clone_to_change()
        _give(state, 1, card_id)
        state._legal = None
        views.append(state.observation(0))
        text = json.dumps(state.observation(0))
        assert "Seduction" not in text and "Bribery" not in text and "Mercenary" not in text
    assert views[0] == views[1] == views[2]


def test_hidden_resampling_holds_around_a_mercenary_window() -> None:
    """A set-up Mercenary Contract in another human hand is redrawn by resampling, before and
    after the window; every copy replays to itself (found by play, no edits)."""
    for seed in range(40):
        game = carthago.load("republic_of_carthage", players=3, turn_limit=5)
        state = game.new_initial_state()
        assert isinstance(state, RepublicOfCarthageState)
        state = other_business(
            _run_to_senate(state, seed),
        )
        holders = [
            f
            for f in (1, 2)
            for c in SI.cards_in_hand(state, f, SI.MERCENARIES)
            if state.card_origin[c] >= 0
        ]
        if holders and TUNISIA in P.prosecutable_wars(state) and P.first_commanders(state):
            break
    else:
        raise AssertionError("no seed deals a Mercenary Contract to players 1 or 2")
    holder = holders[0]
    _send_war(state)
    assert state.stage == "senate_hire"
    _check_resamples(state, holder)
    _hire_turn(state, holder)
    state.apply_action(SA.HIRE + SI.cards_in_hand(state, holder, SI.MERCENARIES)[0])
    _check_resamples(state, holder)


def _run_to_senate(state: S, seed: int) -> S:
    rng = random.Random(seed)
    while not state.stage.startswith("senate"):
        if state.current_player() >= 0 and A.DONE in state.legal_actions():
            state.apply_action(A.DONE)
        else:
            step(state, rng)
    return state


def _check_resamples(state: S, holder: int) -> None:
    rng = random.Random(5)
    truth = state.observation(0)
    held = []
    for _ in range(12):
        copy = state.resample_from_infostate(0, rng)
        assert copy.observation(0) == truth
        replayed = state.game.replay(copy.history())
        assert replayed.to_dict()["state"] == copy.to_dict()["state"]
        held.append(bool(SI.cards_in_hand(copy, holder, SI.MERCENARIES)))
    if SI.cards_in_hand(state, holder, SI.MERCENARIES):
        assert not all(held)  # the hidden card was redrawn


# -- random Senates with the cards in hand --------------------------------------------------------


WINDOWS = ("senate_floor", "senate_hire", "senate_ballot")
"""Where Seduction, Mercenary Contract and Bribery of the Council may be played (in that
order of their action ranges)."""


def test_s6_5_random_senates_with_every_senate_intrigue_in_hand_play_through() -> None:
    """Every faction gets each card at the first Senate; random play (Neutrals by their policy)
    runs to the end within the game's bound, each card is offered only in its window, and a card
    leaves the hands only for the discard."""
    played = 0
    for players, seed in ((1, 0), (3, 1), (3, 2), (6, 3)):
        game = carthago.load("republic_of_carthage", players=players, turn_limit=2)
        state = game.new_initial_state()
        assert isinstance(state, RepublicOfCarthageState)
        rng = random.Random(seed)
        while not state.stage.startswith("senate"):
            step(state, rng)
        dealt = []
        for faction in range(state.rg.num_factions):
            for card_id in ("SEDUCTION", "BRIBERY", "MERCENARIES"):
                spare = [c for c, ref in enumerate(CARDS) if ref.id == card_id]
                spare = [c for c in spare if state.card_loc[c] < HAND]
                if spare:
                    state.card_loc[spare[0]] = HAND + faction
                    dealt.append(spare[0])
        state._legal = None
        moves = len(state.history())
        while not state.is_terminal():
            if state.current_player() >= 0:
                for action in state.legal_actions():
                    if SA.SEDUCE <= action < SA.TALENTS:
                        assert state.stage == WINDOWS[(action - SA.SEDUCE) // SA.CARD_SLOTS]
            step(state, rng)
            moves += 1
        assert moves <= game.max_game_length
        for card in dealt:
            # Still in a hand (Influence Peddling may have moved it) or played and discarded.
            assert state.card_loc[card] >= HAND or state.card_loc[card] == DISCARD
            played += state.card_loc[card] == DISCARD
    assert played > 0
