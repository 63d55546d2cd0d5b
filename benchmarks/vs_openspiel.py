"""carthago's MCTS against OpenSpiel's MCTSBot on the same game, machine and run.

Run: ``.venv/bin/python benchmarks/vs_openspiel.py [--game punica] [--iterations 200]
[--positions 20] [--seconds 0.5] [--games 20]``; prints two Markdown tables.

1. Speed: both searches at the same iteration count, set up as the same algorithm (UCT with
   constant 2, one random playout to the end of the game per iteration, no solving, no tree
   kept between moves), on the same positions (taken from random games): iterations per second
   of each and their ratio.
2. Strength: both at the same time budget per move, head to head, seats alternating, chance
   drawn from a seeded generator: carthago's score (win 1, draw 1/2) with a 95% Wilson interval.
   OpenSpiel's MCTSBot has no time limit, so it gets the simulations it ran in that time in
   part 1 (its measured iterations per second times the budget).

Both searches see only what their seat may know: carthago's agent through ``choose_action``,
OpenSpiel's bot a state redrawn by ``resample_from_infostate`` (the adapter's, which is
carthago's), so neither peeks at hidden cards.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import carthago
from carthago.agents import AGENTS, choose_action, make_agent
from carthago.agents.base import Agent
from carthago.core.chance import sample_chance_outcome
from carthago.core.state import CHANCE, State
from carthago.interop.openspiel import CarthagoSpielState, load_game

UCT_C = 2.0


# What makes carthago's search the same algorithm as OpenSpiel's MCTSBot, for each parameter
# the agent has: random playouts to the end of the game (no depth cap, no heuristic), the same
# exploration constant, and no tree kept between moves (MCTSBot keeps none).
SAME_ALGORITHM = {"rollout": "random", "depth": "0", "c": str(UCT_C), "reuse": "false"}


def carthago_spec(budget: str) -> str:
    """The spec of carthago's MCTS with ``budget`` (``iterations=N`` or ``seconds=S``) set up
    as OpenSpiel's MCTSBot is."""
    if "mcts" not in AGENTS:
        raise SystemExit("carthago has no 'mcts' agent yet (carthago.agents.mcts): cannot run")
    params = AGENTS["mcts"].params
    same = [f"{key}={value}" for key, value in SAME_ALGORITHM.items() if key in params]
    return ",".join([f"mcts:{budget}", *same])


def sample_positions(game: carthago.Game, count: int, seed: int) -> list[State]:
    """Positions where a player is to move, spread over random games."""
    rng = random.Random(seed)
    positions: list[State] = []
    while len(positions) < count:
        state = game.new_initial_state()
        decisions: list[State] = []
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            if len(state.legal_actions()) > 1:
                decisions.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        positions.extend(rng.sample(decisions, min(len(decisions), count - len(positions), 3)))
    return positions


def spiel_state_of(game: pyspiel.Game, state: State) -> CarthagoSpielState:
    spiel_state: CarthagoSpielState = game.new_initial_state()
    for action in state.history():
        spiel_state.apply_action(action)
    return spiel_state


def openspiel_bot(game: pyspiel.Game, simulations: int, seed: int) -> mcts.MCTSBot:
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(
        game,
        uct_c=UCT_C,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        # Solving stops a search early once the root's value is proven; carthago's search does
        # not solve, so neither does this one, and both run exactly their iterations.
        solve=False,
        random_state=rng,
    )


def openspiel_move(bot: mcts.MCTSBot, state: CarthagoSpielState, rng: random.Random) -> int:
    seat = state.current_player()
    view = state.resample_from_infostate(seat, rng)
    action: int = bot.step(view)
    return action


def speed(game_id: str, iterations: int, positions: list[State], seed: int) -> tuple[float, float]:
    """Iterations per second of carthago's MCTS and OpenSpiel's MCTSBot on ``positions``."""
    spiel_game = load_game(game_id)
    ours = make_agent(carthago_spec(f"iterations={iterations}"), seed=seed)
    theirs = openspiel_bot(spiel_game, iterations, seed)
    rng = random.Random(seed)
    spiel_positions = [spiel_state_of(spiel_game, p) for p in positions]

    start = time.perf_counter()
    for position in positions:
        choose_action(ours, position)
    ours_seconds = time.perf_counter() - start

    start = time.perf_counter()
    for spiel_position in spiel_positions:
        openspiel_move(theirs, spiel_position, rng)
    theirs_seconds = time.perf_counter() - start

    total = iterations * len(positions)
    return total / ours_seconds, total / theirs_seconds


def head_to_head(
    game_id: str, seconds: float, openspiel_simulations: int, games: int, seed: int
) -> tuple[float, int, int, int]:
    """carthago's score over ``games`` games (seats alternating): (score, wins, draws, losses)."""
    spiel_game = load_game(game_id)
    players = spiel_game.num_players()
    wins = draws = losses = 0
    for number in range(games):
        our_seat = number % players
        ours: Agent = make_agent(carthago_spec(f"seconds={seconds}"), seed=seed + number)
        theirs = openspiel_bot(spiel_game, openspiel_simulations, seed + number)
        rng = random.Random(seed + number)
        state: CarthagoSpielState = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance_outcome(state.carthago_state, rng)
            elif state.current_player() == our_seat:
                action = choose_action(ours, state.carthago_state)
            else:
                action = openspiel_move(theirs, state, rng)
            state.apply_action(action)
        returns = state.returns()
        best = max(returns)
        if returns[our_seat] == best and returns.count(best) == 1:
            wins += 1
        elif returns[our_seat] == best:
            draws += 1
        else:
            losses += 1
        print(f"  game {number + 1}: carthago seat {our_seat}, returns {returns}", flush=True)
    return (wins + draws / 2) / games, wins, draws, losses


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``score`` over ``n`` trials.

    >>> [round(x, 3) for x in wilson_interval(0.5, 100)]
    [0.404, 0.596]
    """
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="punica")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.5, help="time budget per move")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, open_spiel {pyspiel.__version__}"
    )
    game = carthago.load(args.game)
    positions = sample_positions(game, args.positions, args.seed)
    ours, theirs = speed(args.game, args.iterations, positions, args.seed)
    print(
        f"\n{args.game}: {args.iterations} iterations, random rollouts, {len(positions)} positions"
    )
    print("| search | iterations/s |")
    print("|---|---:|")
    print(f"| carthago mcts | {ours:,.0f} |")
    print(f"| OpenSpiel MCTSBot (through the adapter) | {theirs:,.0f} |")
    print(f"| ratio carthago / OpenSpiel | {ours / theirs:.2f} |")

    simulations = max(1, round(theirs * args.seconds))
    print(
        f"\nhead to head, {args.seconds} s per move (OpenSpiel: {simulations} simulations), "
        f"{args.games} games:"
    )
    score, wins, draws, losses = head_to_head(
        args.game, args.seconds, simulations, args.games, args.seed
    )
    low, high = wilson_interval(score, args.games)
    print("| carthago wins | draws | OpenSpiel wins | carthago score | 95% interval |")
    print("|---:|---:|---:|---:|---|")
    print(f"| {wins} | {draws} | {losses} | {score:.2f} | {low:.2f} to {high:.2f} |")


if __name__ == "__main__":
    main()
