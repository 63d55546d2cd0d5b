"""Whether the impulse planner's aimed plans (``planner:aims=3``) beat the heuristic's plan of a
De Bello Punico movement impulse, judged on fresh luck rather than the luck that chose them.

Positions: the first decision of every movement impulse of ``--games`` heuristic-against-
heuristic battles, on even turns, where the mover has aims. In each, the planner (``aims=3``,
``--playouts`` playouts, ``horizon`` ``--choose``) picks a plan; then that plan and the
heuristic's own are played on ``--fresh`` new common seeds to ``--judge`` stretches of play past
the impulse (2: just after the combat that follows; 6: after the opponent's movement and combat
too) and scored by the heuristic's evaluation. Prints the mean difference (picked less
heuristic's) per position and over all positions, with its standard error: a difference the
choosing luck made shrinks to nothing on fresh luck, a real one stays.

Run: ``python benchmarks/aimed_plans.py [--scenario zama] [--games 2] [--choose 2] [--judge 6]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import carthago
from carthago.agents import choose_action, make_agent
from carthago.agents.planner import Impulse, ImpulseBudget, Luck, PlannerAgent
from carthago.core.chance import sample_chance_outcome
from carthago.core.state import CHANCE, State
from carthago.games.de_bello_punico.intents import aims
from carthago.games.de_bello_punico.state import DbpState


def movement_positions(scenario: str, games: int, seed: int) -> list[State]:
    """The first decision of each movement impulse on an even turn, where the mover has aims."""
    positions: list[State] = []
    for game in range(games):
        state = carthago.load("de_bello_punico", scenario=scenario).new_initial_state()
        rng = random.Random(seed + game)
        heuristic = make_agent("heuristic", seed=seed + game)
        seen = set()
        while not state.is_terminal():
            assert isinstance(state, DbpState)
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance_outcome(state, rng))
                continue
            key = (state.turn, state.stage)
            if state.stage >= 3 and state.impulse()[0] == 0 and key not in seen:
                seen.add(key)
                if state.turn % 2 == 0 and aims(state, player):
                    positions.append(state.clone())
            state.apply_action(choose_action(heuristic, state))
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description="aimed plans against the heuristic's")
    parser.add_argument("--scenario", default="zama")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=50)
    parser.add_argument("--playouts", type=int, default=60, help="the choosing planner's budget")
    parser.add_argument("--choose", type=int, default=2, help="the choosing planner's horizon")
    parser.add_argument("--judge", type=int, default=6, help="the judging playouts' horizon")
    parser.add_argument("--fresh", type=int, default=12, help="fresh seeds per position")
    args = parser.parse_args()
    positions = movement_positions(args.scenario, args.games, args.seed)
    print(f"{len(positions)} positions", flush=True)
    differences = []
    for index, state in enumerate(positions):
        me = state.current_player()
        start = time.process_time()
        chooser = PlannerAgent(index, 0, args.playouts, aims=3, horizon=args.choose)
        judge = PlannerAgent(index, 0, args.playouts, horizon=args.judge)
        chooser.step(state)
        judge.step(state)  # binds it to the game
        picked = chooser._impulse.plan if chooser._impulse else None
        impulse = Impulse(judge._key(state, me), ImpulseBudget(0, 1, time.process_time))
        rng = random.Random(1000 + index)
        luck = Luck(rng.getrandbits(32), rng.getrandbits(32))
        own = judge._playout(state, me, impulse, None, None, 0.0, luck)
        if picked is None or own is None or picked.actions == own.actions:
            print(f"{index}: the heuristic's plan", flush=True)
            differences.append(0.0)
            continue
        row = []
        for _ in range(args.fresh):
            luck = Luck(rng.getrandbits(32), rng.getrandbits(32))
            ours = judge._playout(state, me, impulse, picked.actions, None, 0.0, luck)
            theirs = judge._playout(state, me, impulse, own.actions, None, 0.0, luck)
            assert ours is not None and theirs is not None
            row.append(ours.value - theirs.value)
        mean = statistics.mean(row)
        error = statistics.stdev(row) / len(row) ** 0.5
        seconds = time.process_time() - start
        print(f"{index}: picked - heuristic's {mean:+.4f} (se {error:.4f}), {seconds:.1f} s")
        differences.append(mean)
    mean = statistics.mean(differences)
    error = statistics.stdev(differences) / len(differences) ** 0.5
    print(f"over {len(differences)} positions: {mean:+.4f} (se {error:.4f})")


if __name__ == "__main__":
    main()
