"""Agents choose only legal moves on every registered game, are seeded, and search soundly."""

from __future__ import annotations

import random

import pytest

import carthago
from carthago.agents import (
    LEVELS,
    ISMCTSAgent,
    MCTSAgent,
    choose_action,
    level_spec,
    make_agent,
)
from carthago.agents.ismcts import view_key
from carthago.core.chance import sample_chance_outcome
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.registry import game_class
from carthago.core.state import CHANCE, State

CHEAP_SPECS = [
    "random",
    "heuristic",
    "mcts:iterations=12,depth=20",
    "mcts:iterations=8,depth=6,rollout=heuristic",
    "ismcts:iterations=12,depth=20",
]


def play_some(game: carthago.Game, spec: str, seed: int, decisions: int) -> State:
    """Up to ``decisions`` agent moves from the start (each checked legal by choose_action)."""
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=seed + seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    while not state.is_terminal() and decisions > 0:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, rng))
            continue
        legal = state.legal_actions()
        action = choose_action(agents[state.current_player()], state)
        assert action in legal
        state.apply_action(action)
        decisions -= 1
    return state


VARIANTS = [
    (game_id, dict(options))
    for game_id in carthago.games()
    for options in game_class(game_id).VARIANTS
]


@pytest.mark.parametrize("spec", CHEAP_SPECS)
@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_agents_choose_only_legal_actions(
    game_id: str, options: dict[str, object], spec: str
) -> None:
    game = carthago.load(game_id, **options)
    for seed in range(2):
        play_some(game, spec, seed, decisions=25)


@pytest.mark.parametrize(
    "spec", ["mcts:iterations=60", "mcts:iterations=40,rollout=heuristic", "ismcts:iterations=60"]
)
@pytest.mark.parametrize("game_id", ["guessing", "nim"])
def test_same_seed_same_moves(game_id: str, spec: str) -> None:
    game = carthago.load(game_id)
    first = play_some(game, spec, seed=11, decisions=40)
    second = play_some(game, spec, seed=11, decisions=40)
    assert first.history() == second.history()


@pytest.mark.parametrize("spec", ["mcts:iterations=1500", "ismcts:iterations=1500"])
@pytest.mark.parametrize(("pile", "winning_take"), [(13, 1), (10, 2), (7, 3)])
def test_search_finds_the_forced_win_at_nim(spec: str, pile: int, winning_take: int) -> None:
    state = carthago.load("nim", pile=pile).new_initial_state()
    for seed in range(3):
        action = choose_action(make_agent(spec, seed=seed), state)
        assert state.action_to_string(action) == f"take {winning_take}"


def perfect_nim(state: State, player: int) -> float:
    """Nim solved: the player to move loses exactly when the pile is a multiple of 4."""
    pile = state.observation(None)["pile"]
    mover_wins = pile % 4 != 0
    return 1.0 if mover_wins == (state.current_player() == player) else -1.0


def test_heuristic_plays_the_move_the_evaluation_prefers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("carthago.agents.heuristic.evaluator", lambda game_id: perfect_nim)
    state = carthago.load("nim", pile=13).new_initial_state()
    for seed in range(5):
        assert state.action_to_string(choose_action(make_agent("heuristic", seed), state)) == (
            "take 1"
        )


def test_heuristic_without_evaluation_takes_an_immediate_win() -> None:
    state = carthago.load("nim", pile=3).new_initial_state()
    for seed in range(5):
        action = choose_action(make_agent("heuristic", seed=seed), state)
        assert state.action_to_string(action) == "take 3"


def test_depth_cap_scores_the_cut_with_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    # With playouts cut after one move, only the evaluation at the cut can tell the moves apart.
    monkeypatch.setattr("carthago.agents.rollout.evaluator", lambda game_id: perfect_nim)
    state = carthago.load("nim", pile=37).new_initial_state()
    agent = make_agent("mcts:iterations=300,depth=1", seed=0)
    assert state.action_to_string(choose_action(agent, state)) == "take 1"


def test_tree_is_reused_when_the_game_continues_from_the_searched_root() -> None:
    state = carthago.load("nim", pile=20).new_initial_state()
    agent = make_agent("mcts:iterations=400", seed=0)
    assert isinstance(agent, MCTSAgent)
    state.apply_action(choose_action(agent, state))
    state.apply_action(state.legal_actions()[0])
    kept = agent._reused_root(state, state.history())
    assert kept.visits > 0
    agent.reset()
    assert agent._reused_root(state, state.history()).visits == 0


def test_tree_is_not_reused_when_a_hidden_history_entry_differs() -> None:
    game = carthago.load("guessing", rounds=3)
    agent = make_agent("mcts:iterations=200", seed=0)
    assert isinstance(agent, MCTSAgent)
    # Keeper's first-round card was 0 in the searched state and 2 in the later one.
    searched = game.replay([0, 0])
    agent.step(searched)
    later = game.replay([2, 0, 0, 1, 1])
    assert agent._reused_root(later, later.history()).visits == 0
    same = game.replay([0, 0, 0, 1, 1])
    assert agent._reused_root(same, same.history()).visits > 0


def guesses_right(spec: str, games: int, peek: bool) -> int:
    """Correct guesses of a Guesser played by ``spec`` over one-round games of Guessing."""
    game = carthago.load("guessing", rounds=1)
    right = 0
    for seed in range(games):
        # The dealer's generator must not be the agent's: equal seeds would give equal draws.
        rng = random.Random(f"deal {seed}")
        guesser = make_agent(spec, seed=seed)
        state = game.new_initial_state()
        state.apply_action(sample_chance_outcome(state, rng))
        state.apply_action(rng.choice(state.legal_actions()))
        # peek: the control, handing the agent the true state, which choose_action never does.
        action = guesser.step(state) if peek else choose_action(guesser, state)
        right += action == state.to_dict()["state"]["card"]
    return right


GAMES = 600
# One-sided bound at about 3.3 standard deviations above a third: a fair guesser stays below it
# except with probability ~1/2000; a guesser that peeks is right nearly every time.
CHANCE_BOUND = GAMES / 3 + 3.3 * (GAMES * (1 / 3) * (2 / 3)) ** 0.5


@pytest.mark.parametrize("spec", ["mcts:iterations=20", "ismcts:iterations=20"])
def test_search_cannot_guess_a_hidden_card_better_than_chance(spec: str) -> None:
    assert guesses_right(spec, GAMES, peek=False) < CHANCE_BOUND


def test_the_chance_test_catches_a_peeking_search() -> None:
    assert guesses_right("mcts:iterations=20", 30, peek=True) == 30


@pytest.mark.parametrize("spec", ["ismcts:iterations=20", "ismcts:iterations=20,redraw=5"])
def test_ismcts_draws_its_own_guesses_even_from_the_true_state(spec: str) -> None:
    # ISMCTS redraws every hidden part itself, so even the true state tells it nothing.
    assert guesses_right(spec, GAMES, peek=True) < CHANCE_BOUND


@pytest.mark.parametrize(("redraw", "draws"), [(1, 30), (4, 8), (30, 1), (50, 1)])
def test_ismcts_redraw_draws_a_fresh_guess_every_n_iterations(
    redraw: int, draws: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = carthago.load("guessing", rounds=2)
    state = game.replay([1, 0, 2, 0, 1])  # the Guesser to move in round two
    drawn: list[State] = []
    resample = type(state).resample_from_infostate

    def counted(self: State, player: int, rng: random.Random) -> State:
        drawn.append(resample(self, player, rng))
        return drawn[-1]

    monkeypatch.setattr(type(state), "resample_from_infostate", counted)
    agent = make_agent(f"ismcts:iterations=30,redraw={redraw}", seed=0)
    assert isinstance(agent, ISMCTSAgent)
    before = state.to_dict()
    agent.step(state)
    assert (len(drawn), agent.last_draws, agent.last_iterations) == (draws, draws, 30)
    assert state.to_dict() == before
    if redraw > 1:
        # Iterations play on copies: every kept draw is still where it was drawn.
        assert all(len(guess.history()) == len(state.history()) for guess in drawn)


def test_levels_name_agents_that_exist() -> None:
    assert level_spec() == LEVELS["normal"].spec
    for level in LEVELS.values():
        assert make_agent(level.spec, seed=0).spec == level.spec
    with pytest.raises(InvalidAgentSpecError, match="no level"):
        level_spec("grandmaster")


def test_bad_search_parameters_are_refused() -> None:
    with pytest.raises(InvalidAgentSpecError, match="rollout"):
        make_agent("mcts:rollout=clever")
    with pytest.raises(InvalidAgentSpecError, match="parameter"):
        make_agent("ismcts:reuse=yes")
    with pytest.raises(InvalidAgentSpecError, match="redraw must be at least 1"):
        make_agent("ismcts:redraw=0")
    with pytest.raises(InvalidAgentSpecError, match="redraw= applies to search=ismcts"):
        make_agent("weighed:search=mcts,iterations=5,redraw=4")


def test_ismcts_keys_a_hidden_deal_by_what_the_observer_sees() -> None:
    game = carthago.load("guessing", rounds=2)
    guesser, keeper = 0, 1
    before = game.replay([0, 0, 1])  # round one over; the next deal is a chance node
    seen = {p: len(before.log(p)) for p in (guesser, keeper)}
    keys: dict[int, set[object]] = {guesser: set(), keeper: set()}
    for card in range(3):
        dealt = before.clone()
        dealt.apply_action(card)
        for player in (guesser, keeper):
            keys[player].add(view_key(dealt, player, seen[player])[0])
    assert len(keys[guesser]) == 1  # the Guesser cannot tell the deals apart
    assert len(keys[keeper]) == 3  # the Keeper sees its card
