"""Throughput of a game's engine: what ``carthago bench GAME`` measures.

Random playouts measure ``legal_actions`` + ``apply_action`` together (actions per second and
games per second); a separate loop measures ``clone``, which every search leans on.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from carthago.core.chance import sample_chance_outcome
from carthago.core.game import Game
from carthago.core.state import CHANCE


@dataclass(frozen=True)
class Throughput:
    games: int
    actions: int
    playout_seconds: float
    clones: int
    clone_seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.playout_seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.playout_seconds

    @property
    def clones_per_second(self) -> float:
        return self.clones / self.clone_seconds


def measure_throughput(game: Game, seconds: float = 3.0, seed: int = 0) -> Throughput:
    """Random playouts for about ``seconds``, then clones for about a third of that."""
    rng = random.Random(seed)
    games = actions = 0
    sample = game.new_initial_state()
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance_outcome(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            if actions % 97 == 0:
                sample = state
        games += 1
    playout_seconds = time.perf_counter() - start

    clones = 0
    start = time.perf_counter()
    while clones == 0 or time.perf_counter() - start < seconds / 3:
        for _ in range(100):
            sample.clone()
        clones += 100
    clone_seconds = time.perf_counter() - start
    return Throughput(games, actions, playout_seconds, clones, clone_seconds)
