"""Playouts and leaf values shared by the tree searches (``mcts`` and ``ismcts``).

A search runs a playout from the leaf it just added: random moves, or moves chosen by the game's
heuristic, until the game ends or a depth cap is reached. At the cap the position is scored with
the game's heuristic (``games/<id>/heuristics.py``); a game without one scores an unfinished
position as a draw (0 for every player), so a capped search then only sees real results.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import Evaluator, evaluator
from carthago.core.state import CHANCE, State

ROLLOUT_POLICIES: Final = ("random", "heuristic")

Rollout = Callable[[State, random.Random], list[float]]
"""Plays ``state`` on (in place) and returns one value per player, each in [-1, 1]."""


def leaf_values(state: State, evaluate: Evaluator | None) -> list[float]:
    """The returns of a finished game, else the heuristic's view of every player (or zeros)."""
    if state.is_terminal():
        return state.returns()
    players = state.game.num_players
    if evaluate is None:
        return [0.0] * players
    return [evaluate(state, player) for player in range(players)]


def greedy_action(
    state: State, player: int, evaluate: Evaluator | None, rng: random.Random, limit: int = 0
) -> int:
    """The legal action whose successor scores best for ``player``, ties broken by ``rng``.

    A finished successor scores its return; an unfinished one the heuristic (0 without one),
    so with no heuristic this wins at once when it can and otherwise moves at random.
    ``limit`` > 0 looks at only that many actions drawn at random (cheap playout moves).
    """
    actions = state.legal_actions()
    if limit and len(actions) > limit:
        actions = rng.sample(actions, limit)
    best: list[int] = []
    best_value = -float("inf")
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            value = child.returns()[player]
        elif evaluate is None:
            value = 0.0
        else:
            value = evaluate(child, player)
        if value > best_value + 1e-12:
            best, best_value = [action], value
        elif value >= best_value - 1e-12:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


DEFAULT_DEPTH: Final = 20
"""The playout cap when a spec sets none and the game has a heuristic to score the cut."""


def playout_cap(depth: int | None, evaluate: Evaluator | None) -> int:
    """The number of moves a playout may last (0: to the end of the game).

    ``None`` (no ``depth=`` in the spec) caps at :data:`DEFAULT_DEPTH` only when the game has a
    heuristic: without one, a cut position would be worth nothing, so playouts run to the end.

    >>> playout_cap(None, None), playout_cap(None, lambda state, player: 0.0), playout_cap(5, None)
    (0, 20, 5)
    """
    if depth is None:
        return DEFAULT_DEPTH if evaluate is not None else 0
    return depth


def make_rollout(game_id: str, policy: str, depth: int | None, epsilon: float = 0.2) -> Rollout:
    """The playout of ``policy`` for ``game_id``, capped by :func:`playout_cap`.

    The heuristic policy plays the greedy move among up to 8 sampled actions, and a random move
    with probability ``epsilon`` so that playouts stay varied.
    """
    if policy not in ROLLOUT_POLICIES:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUT_POLICIES)}, not {policy!r}")
    evaluate = evaluator(game_id)
    cap = playout_cap(depth, evaluate)
    greedy = policy == "heuristic"

    def rollout(state: State, rng: random.Random) -> list[float]:
        steps = 0
        while not state.is_terminal():
            if cap and steps >= cap:
                break
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance_outcome(state, rng))
            elif greedy and rng.random() >= epsilon:
                state.apply_action(greedy_action(state, player, evaluate, rng, limit=8))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return leaf_values(state, evaluate)

    return rollout
