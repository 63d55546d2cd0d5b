"""Issue 30: the computer factions think where it matters, within a budget. Decisions are
weighed (``decision_weight.weigh``): trivial ones are played by the heuristic without a search,
ordinary ones get a share of the budget, weighty ones all of it; a game's searching is capped."""

from __future__ import annotations

import itertools
import random

import pytest

from carthago.agents import LEVELS, choose_action, make_agent
from carthago.agents.search import Budget
from carthago.agents.weighed import PACE, WeighedAgent
from carthago.core.chance import sample_chance_outcome
from carthago.core.decision_weight import Weight
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import voting
from carthago.games.republic_of_carthage.decision_weight import WEIGHTY_STAGES, vote_decided, weigh
from tests.games.republic_of_carthage.support import new, run_until
from tests.games.republic_of_carthage.test_s6_5_senate import S, free, propose, senate

GAME = "republic_of_carthage"


def _weighty() -> S:
    """A persuasion attempt in the first Forum: whom to persuade, several choices."""
    return run_until(
        new(3),
        lambda s: (
            s.current_player() >= 0 and s.stage in WEIGHTY_STAGES and len(s.legal_actions()) > 1
        ),
    )


def _ordinary() -> S:
    return run_until(new(3), lambda s: s.current_player() >= 0 and weigh(s) == Weight.ORDINARY)


def _last_ballot() -> S:
    """The first Suffetes' election, every faction but the last having voted Yes unbought."""
    state = senate()
    a, b = free(state)[:2]
    propose(state, SA.person(a), SA.person(b))
    while not (state.stage == "senate_ballot" and len(state.order) == 1):
        if state.stage == "senate_ballot":
            state.apply_action(SA.vote(SA.YES_VOTE, 0))
        else:
            state.apply_action(min(state.legal_actions()))
    return state


class Tick:
    """An injected clock: each reading is ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def _spied(agent: WeighedAgent) -> list[int]:
    """Count the agent's searches: the list grows by one per search."""
    calls: list[int] = []
    search = agent.searcher.step

    def spy(state: S) -> int:
        calls.append(len(state.history()))
        return search(state)

    agent.searcher.step = spy  # type: ignore[method-assign]
    return calls


def test_a_weighty_decision_is_searched_with_the_whole_budget() -> None:
    state = _weighty()
    assert weigh(state) == Weight.WEIGHTY
    agent = make_agent("weighed:iterations=40,ordinary=0.25", seed=0)
    assert isinstance(agent, WeighedAgent)
    calls = _spied(agent)
    assert agent.step(state) in state.legal_actions()
    assert len(calls) == 1 and agent.searcher.last_iterations == 40


def test_an_ordinary_decision_is_searched_with_its_share_of_the_budget() -> None:
    state = _ordinary()
    agent = make_agent("weighed:iterations=40,ordinary=0.25", seed=0)
    assert isinstance(agent, WeighedAgent)
    calls = _spied(agent)
    agent.step(state)
    assert len(calls) == 1 and agent.searcher.last_iterations == 10


def test_a_trivial_step_is_not_searched() -> None:
    # The Suffetes' election is the Senate aide's (advice); so are the proposals.
    state = _last_ballot()
    assert len(state.legal_actions()) > 1
    assert weigh(state) == Weight.TRIVIAL
    agent = make_agent("weighed:iterations=40", seed=0)
    assert isinstance(agent, WeighedAgent)
    calls = _spied(agent)
    assert agent.step(state) == make_agent("heuristic", seed=0).step(state)
    assert calls == []


def test_a_single_legal_action_is_trivial() -> None:
    state = run_until(new(3), lambda s: s.current_player() >= 0 and len(s.legal_actions()) == 1)
    assert weigh(state) == Weight.TRIVIAL


def test_s6_5_a_vote_that_cannot_change_the_outcome_is_trivial() -> None:
    state = _last_ballot()
    last = state.order[0]
    factions = state.rg.num_factions
    # Close: the last faction's Oratory and every talent it could spend (at the Bribery of the
    # Council's rate) outweigh the Yes already cast, so its ballot decides.
    state.faction_treasury[last] = 100
    assert not vote_decided(state)
    # Decided: a faction that voted Yes bought more votes than the last one could ever cast.
    first_yes = next(f for f in range(factions) if state.ballots[f] == SA.YES_VOTE)
    state.ballots[factions + first_yes] = 1000
    assert vote_decided(state)
    assert weigh(state) == Weight.TRIVIAL
    # Decided the other way: a No that nothing left can outvote.
    state.ballots[factions + first_yes] = 0
    state.ballots[first_yes] = SA.NO_VOTE
    state.ballots[factions + first_yes] = 1000
    state.faction_treasury[last] = 0
    assert vote_decided(state)
    yes, no, abstain = voting.tally(state)
    assert yes <= no + abstain


def test_a_search_stops_at_its_budget_by_the_injected_clock() -> None:
    # Quarters of a second, exact in binary: the deadline is read at 1.25 = 0.25 + 1.
    budget = Budget(iterations=0, seconds=1.0, clock=Tick(0.25))
    runs = 0
    while budget.more():
        budget.spend()
        runs += 1
    # The first iteration always runs; then the readings 0.5, 0.75 and 1.0 allow three more.
    assert runs == 4


def test_a_weighed_search_stops_at_its_seconds_by_the_injected_clock() -> None:
    state = _weighty()
    agent = make_agent("weighed:seconds=1,ordinary=0.5", seed=0)
    assert isinstance(agent, WeighedAgent)
    # Each reading 1/64 s later (exact in binary): a second's budget allows 64 iterations, an
    # ordinary decision's half second 32; wall time plays no part.
    agent.clock = Tick(1 / 64)
    agent.step(state)
    assert agent.searcher.last_iterations == 64
    ordinary = _ordinary()
    agent.clock = Tick(1 / 64)
    agent.step(ordinary)
    assert agent.searcher.last_iterations == 32


def test_a_game_s_thinking_stops_at_its_game_budget() -> None:
    state = _weighty()
    agent = make_agent("weighed:seconds=1,game=100", seed=0)
    assert isinstance(agent, WeighedAgent)
    agent.clock = Tick(1 / 64)
    calls = _spied(agent)
    agent.step(state)  # 100 s left: PACE of it is 2 s, so the whole second
    assert agent.searcher.last_iterations == 64
    assert agent.spent == pytest.approx(1.0, abs=0.05)
    agent.spent = 99.0  # 1 s left: a search gets PACE of it
    agent.step(state)
    assert agent.searcher.seconds == pytest.approx(PACE * 1.0)
    assert agent.searcher.last_iterations <= 2
    agent.spent = 100.0  # nothing left: the heuristic plays
    agent.step(state)
    assert len(calls) == 2
    agent.reset()  # a new game, a new budget
    assert agent.spent == 0.0
    agent.step(state)
    assert len(calls) == 3


def _play(spec: str, seed: int, decisions: int) -> list[int]:
    game = new(3)
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=seed + seat) for seat in range(3)]
    played = []
    while len(played) < decisions and not game.is_terminal():
        player = game.current_player()
        if player < 0:
            game.apply_action(sample_chance_outcome(game, rng))
            continue
        action = choose_action(agents[player], game)
        played.append(action)
        game.apply_action(action)
    return played


def test_a_seeded_weighed_search_plays_the_same_game() -> None:
    spec = "weighed:search=mcts,iterations=30,ordinary=0.2"
    first = _play(spec, 7, 150)
    assert first == _play(spec, 7, 150)
    assert first != _play(spec, 8, 150)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_republic_s_normal_and_hard_levels_weigh_their_decisions(level: str) -> None:
    spec = LEVELS[level].spec_for(GAME)
    agent = make_agent(spec, seed=0)
    assert isinstance(agent, WeighedAgent)
    assert 0 < agent.seconds <= 5  # no single wait over 5 s
    assert 0 < agent.game_seconds <= (180 if level == "normal" else 600)


def test_weights_are_ordered() -> None:
    assert list(itertools.pairwise(sorted(Weight))) == [
        (Weight.TRIVIAL, Weight.ORDINARY),
        (Weight.ORDINARY, Weight.WEIGHTY),
    ]
