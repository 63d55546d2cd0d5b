"""Playing strength of the agents on every registered game, and MCTS search speed.

For each game: ``mcts`` (its default budget) against ``random`` and against ``heuristic``, and
``heuristic`` against ``random``, ``--games`` games per pairing with the seats swapped every
game; then the iterations per second of that ``mcts`` on positions from random games.

In a game of more than two players the first agent of a pairing plays one seat against a field
of the second in all the others, moving one seat on every game (the arena's gauntlet table and
rotations); its row counts a win when it is among the winners, a draw when every return is
equal, and shows the share of seats it holds: its win rate if every seat won alike.

With ``--impulse-games N``, the first agent of every pairing also plays N games in this process
against the second, seats alternated, and the time it takes for each whole stretch of play the
game names (``segment``: a De Bello Punico impulse; elsewhere one decision) is tabled: mean, 90th
percentile and maximum, wall clock (``--impulse-cpu``: this process's CPU seconds), redraws of
the hidden parts included; ``--games 0`` plays only those.

Run: ``.venv/bin/python benchmarks/strength.py [--games 200] [--jobs 2] [--game punica]
[--option players=3] [--pairing heuristic,random] [--speed-only] [--impulse-games 2]``; prints
Markdown tables (progress goes to stderr).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import carthago
from carthago.agents import LEVELS, MCTSAgent, choose_action, make_agent
from carthago.arena.tournament import GameOutcome, TournamentResult, gauntlet, run_tournament
from carthago.cli.arena import split_specs
from carthago.cli.options import parse_options
from carthago.core.chance import sample_chance_outcome
from carthago.core.game import Game
from carthago.core.registry import segmenter
from carthago.core.state import CHANCE, State


def sample_positions(game: Game, count: int, seed: int) -> list[State]:
    """``count`` decision positions spread over random games."""
    rng = random.Random(seed)
    positions: list[State] = []
    while len(positions) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(positions) < count:
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.1:
                positions.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return positions


def iterations_per_second(
    game: Game, spec: str, positions: int = 12, seed: int = 0
) -> tuple[float, float]:
    """Search iterations of ``spec`` (an mcts spec) over sampled positions, per second of wall
    time and per second of this process's CPU time (which a busy machine disturbs far less)."""
    agent = make_agent(spec, seed=seed)
    assert isinstance(agent, MCTSAgent)
    iterations = 0
    wall = cpu = 0.0
    for state in sample_positions(game, positions, seed):
        agent.reset()
        view = state.resample_from_infostate(state.current_player(), agent.rng)
        start, start_cpu = time.perf_counter(), time.process_time()
        agent.step(view)
        wall += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        iterations += agent.last_iterations
    return iterations / wall, iterations / cpu


def seconds_per_move(game: Game, spec: str, positions: int = 12, seed: int = 0) -> list[float]:
    """How long ``spec`` takes to answer in each of ``positions`` sampled positions."""
    agent = make_agent(spec, seed=seed)
    times = []
    for state in sample_positions(game, positions, seed):
        agent.reset()
        start = time.perf_counter()
        choose_action(agent, state)
        times.append(time.perf_counter() - start)
    return times


def impulse_seconds(
    game: Game,
    spec: str,
    opponent: str,
    games: int,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """Seconds of ``clock`` (wall by default) ``spec`` spends on each stretch of play in which
    it decides anything, over ``games`` games against ``opponent`` with the seats alternated."""
    segment = segmenter(game.name)
    spent: list[float] = []
    for number in range(games):
        seat = number % game.num_players
        agent = make_agent(spec, seed=seed + number)
        other = make_agent(opponent, seed=seed + number + 1000)
        rng = random.Random(seed + number)
        state = game.new_initial_state()
        stretches: dict[object, float] = {}
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            if player != seat:
                state.apply_action(choose_action(other, state))
                continue
            key = segment(state) if segment is not None else len(state.history())
            start = clock()
            action = choose_action(agent, state)
            stretches[key] = stretches.get(key, 0.0) + clock() - start
            state.apply_action(action)
        spent.extend(stretches.values())
    return spent


def timing_row(game: Game, spec: str, opponent: str, games: int, times: list[float]) -> str:
    """A Markdown row: how long ``spec`` took per stretch of play."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"| {game.name} | {options_text(game)} | {spec} | {opponent} | {games} | {len(times)} | "
        f"{sum(times) / len(times):.2f} | {p90:.2f} | {ordered[-1]:.2f} |"
    )


def progress(label: str, each: bool = False) -> Callable[[GameOutcome], None]:
    """Prints every tenth finished game to stderr (the tables go to stdout); with ``each``,
    every game's seats and returns, so that a long run stopped early still tells its games."""
    done = 0

    def tick(outcome: GameOutcome) -> None:
        nonlocal done
        done += 1
        if each:
            seats = " vs ".join(outcome.seats)
            print(
                f"{label}: game {outcome.index} ({seats}) returns {outcome.returns} "
                f"in {outcome.seconds / 60:.1f} min",
                file=sys.stderr,
                flush=True,
            )
        elif done % 10 == 0:
            print(f"{label}: {done} games", file=sys.stderr, flush=True)

    return tick


def options_text(game: Game) -> str:
    return ", ".join(f"{key}={value}" for key, value in game.options.items())


def strength_row(game: Game, result: TournamentResult, minutes: float) -> str:
    """A Markdown row: the pairing's first agent against the rest of its table."""
    if game.num_players == 2:
        (score,) = result.scores
        interval = score.score_interval()
        return (
            f"| {game.name} | {options_text(game)} | {score.first} | {score.second} | "
            f"{score.wins} | {score.draws} | {score.losses} | {score.score:.1%} | "
            f"{interval.low:.1%}-{interval.high:.1%} | 50% | {minutes:.1f} |"
        )
    (table,) = result.tables
    first = next(agent for agent in result.agents if agent.agent == table[0])
    interval = first.win_interval()
    field = f"{table[1]} x{len(table) - 1}"
    return (
        f"| {game.name} | {options_text(game)} | {first.agent} | {field} | {first.wins} | "
        f"{first.draws} | {first.losses} | {first.win_rate:.1%} | "
        f"{interval.low:.1%}-{interval.high:.1%} | {first.seat_share:.0%} | {minutes:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mcts", default="mcts", help="the search spec to measure")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument(
        "--option", action="append", default=[], help="game option key=value (every game)"
    )
    parser.add_argument(
        "--pairing",
        action="append",
        help="AGENT,OPPONENT to play (default: MCTS,random MCTS,heuristic heuristic,random)",
    )
    parser.add_argument(
        "--speed-only", action="store_true", help="only measure search speed and answer times"
    )
    parser.add_argument(
        "--no-speed", action="store_true", help="only play the pairings, measure no speed"
    )
    parser.add_argument(
        "--impulse-games",
        type=int,
        default=0,
        help="also time the first agent of each pairing per impulse over this many games",
    )
    parser.add_argument(
        "--impulse-cpu",
        action="store_true",
        help="time the impulses in this process's CPU seconds, not wall seconds (a loaded machine)",
    )
    parser.add_argument("--module", action="append", default=[], help="module registering games")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument(
        "--each-game", action="store_true", help="print every game's result to stderr"
    )
    args = parser.parse_args()
    for module in args.module:
        importlib.import_module(module)
    options = parse_options(args.option)
    pairings = (
        [tuple(split_specs([p])) for p in args.pairing]
        if args.pairing
        else [(args.mcts, "random"), (args.mcts, "heuristic"), ("heuristic", "random")]
    )
    played = (
        "speed only"
        if args.speed_only
        else f"{args.games} games per pairing, seats rotated, --jobs {args.jobs}"
    )
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; {played}, seed {args.seed}"
    )
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print()
    if not args.speed_only:
        print(
            "| game | options | agent | opponent(s) | W | D | L | score (2 players) or wins | "
            "95% CI | seat share | minutes |"
        )
        print("|---|---|---|---|---:|---:|---:|---:|---|---:|---:|")
    speeds: dict[str, tuple[float, float]] = {}
    answers: dict[str, list[float]] = {}
    report: dict[str, object] = {}
    for game_id in args.game or carthago.games():
        game = carthago.load(game_id, **options)
        results: list[TournamentResult] = []
        for first, second in [] if args.speed_only or not args.games else pairings:
            start = time.perf_counter()
            result = run_tournament(
                game,
                gauntlet([first, second], game.num_players),
                args.games,
                seed=args.seed,
                jobs=args.jobs,
                on_outcome=progress(f"{game_id} {first} vs {second}", args.each_game),
            )
            print(strength_row(game, result, (time.perf_counter() - start) / 60), flush=True)
            results.append(result)
        report[game_id] = [r.to_json() for r in results]
        if args.impulse_games and not args.speed_only:
            print()
            print(
                "| game | options | agent | opponent | games | impulses | mean s | p90 s | max s |"
            )
            print("|---|---|---|---|---:|---:|---:|---:|---:|")
            for first, second in pairings:
                clock = time.process_time if args.impulse_cpu else time.perf_counter
                times = impulse_seconds(game, first, second, args.impulse_games, args.seed, clock)
                print(timing_row(game, first, second, args.impulse_games, times), flush=True)
        if args.no_speed:
            continue
        start = time.perf_counter()
        speeds[game_id] = iterations_per_second(game, args.mcts, seed=args.seed)
        answers[game_id] = seconds_per_move(game, LEVELS["normal"].spec, seed=args.seed)
        print(
            f"{game_id}: speed measured in {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    if speeds:
        print()
        print(
            f"| game | options | {args.mcts} iterations per CPU second / per wall second | "
            "level normal "
            f"({LEVELS['normal'].spec}): mean / max seconds per move |"
        )
        print("|---|---|---:|---:|")
        for game_id, (wall, cpu) in speeds.items():
            times = answers[game_id]
            shown = options_text(carthago.load(game_id, **options))
            print(
                f"| {game_id} | {shown} | {cpu:,.0f} / {wall:,.0f} | "
                f"{sum(times) / len(times):.2f} / {max(times):.2f} |"
            )
    if args.json is not None:
        args.json.write_text(
            json.dumps(
                {"results": report, "iterations_per_second": speeds, "normal_seconds": answers}
            )
        )


if __name__ == "__main__":
    main()
