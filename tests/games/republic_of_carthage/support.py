"""Driving a Republic of Carthage game to the position a test needs."""

from __future__ import annotations

import random
from collections.abc import Callable

import carthago
from carthago.agents import make_agent
from carthago.core.chance import sample_chance_outcome
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.components import COMPONENTS
from carthago.games.republic_of_carthage.phases import advance
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    COVERED,
    IN_PLAY,
    SENATOR_INDEX,
    STATESMAN_INDEX,
    RepublicOfCarthageState,
)


def new(players: int = 3, turn_limit: int = 5) -> RepublicOfCarthageState:
    state = carthago.load("republic_of_carthage", players=players, turn_limit=turn_limit)
    fresh = state.new_initial_state()
    assert isinstance(fresh, RepublicOfCarthageState)
    return fresh


def step(state: RepublicOfCarthageState, rng: random.Random) -> None:
    if state.current_player() == carthago.CHANCE:
        state.apply_action(sample_chance_outcome(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def computer_senate(state: RepublicOfCarthageState, seed: int = 0) -> RepublicOfCarthageState:
    """Play the rest of the Senate Phase with a computer faction (``heuristic``) in every seat:
    the proposals passed change the state, the Senate adjourns at the end."""
    agents = [make_agent("heuristic", seed=seed + seat) for seat in range(3)]
    rng = random.Random(seed)
    while state.stage.startswith("senate"):
        if state.current_player() == carthago.CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
        else:
            state.apply_action(agents[state.current_player()].step(state))
    return state


def run_until(
    state: RepublicOfCarthageState,
    done: Callable[[RepublicOfCarthageState], bool],
    seed: int = 0,
    passive: bool = False,
) -> RepublicOfCarthageState:
    """Play at random (or, if ``passive``, always "done" when it is legal) until ``done``."""
    rng = random.Random(seed)
    while not done(state):
        assert not state.is_terminal(), "the game ended before the wanted position"
        if passive and state.current_player() >= 0 and A.DONE in state.legal_actions():
            state.apply_action(A.DONE)
        else:
            step(state, rng)
    return state


def at_stage(stage: str) -> Callable[[RepublicOfCarthageState], bool]:
    return lambda s: s.stage == stage


def first_turn(players: int = 3, seed: int = 0) -> RepublicOfCarthageState:
    """A game whose set-up is done: the first Mortality chit is about to be drawn."""
    return run_until(new(players), at_stage("mortality_draw"), seed)


def jump(state: RepublicOfCarthageState, stage: str) -> None:
    """Put the state at the start of ``stage`` (after a test edited its fields)."""
    state.stage = stage
    state._legal = None
    advance(state)


def quiet_senate(state: RepublicOfCarthageState) -> bool:
    """In the Senate, take the choice that spends nothing and ends soonest (adjourn, no veto,
    Yes without buying votes); False outside the Senate or when only a real choice is left.

    Tests of other phases use it so that votes bought with hidden talents do not tie their
    resampled histories to Faction Treasuries they are not about."""
    if state.current_player() < 0 or not state.stage.startswith("senate"):
        return False
    legal = state.legal_actions()
    for action in (SA.PASS, SA.vote(SA.YES_VOTE, 0)):
        if action in legal:
            state.apply_action(action)
            return True
    return False


def statesman_over(state: RepublicOfCarthageState, statesman: str, faction: int) -> int:
    """Put a Statesman in play covering his Family card, in ``faction``."""
    person = STATESMAN_INDEX[statesman]
    family = SENATOR_INDEX[COMPONENTS.statesmen[statesman].family]
    for place in (state.owner[family],):
        if place >= 0 and state.faction_leader[place] == family:
            state.faction_leader[place] = -1
    state.card_loc[person] = IN_PLAY
    state.owner[person] = faction
    state.ploc[person] = CARTHAGE
    state.inf[person] = COMPONENTS.statesmen[statesman].inf
    state.card_loc[family] = IN_PLAY
    state.owner[family] = faction
    state.ploc[family] = COVERED
    state.under[person] = family
    return person
