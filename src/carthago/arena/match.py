"""One game between computer players: the loop every non-interactive driver shares."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from carthago.agents.base import Agent, choose_action
from carthago.core.chance import sample_chance_outcome
from carthago.core.game import Game
from carthago.core.records import GameRecord
from carthago.core.state import CHANCE, State


@dataclass
class Thinking:
    """Seconds each seat's agent took to answer over a game (the redraw of what it cannot see
    included: a person waits for that too), in total and at its longest single answer; in wall
    seconds, and in CPU seconds of the process, which are what a free core would take whatever
    else shares the machine while it is measured."""

    total: list[float] = field(default_factory=list)
    longest: list[float] = field(default_factory=list)
    cpu_total: list[float] = field(default_factory=list)
    cpu_longest: list[float] = field(default_factory=list)

    def start(self, seats: int) -> None:
        self.total, self.longest = [0.0] * seats, [0.0] * seats
        self.cpu_total, self.cpu_longest = [0.0] * seats, [0.0] * seats

    def add(self, seat: int, seconds: float, cpu_seconds: float) -> None:
        self.total[seat] += seconds
        self.longest[seat] = max(self.longest[seat], seconds)
        self.cpu_total[seat] += cpu_seconds
        self.cpu_longest[seat] = max(self.cpu_longest[seat], cpu_seconds)


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    on_action: Callable[[State, int, str], None] | None = None,
    thinking: Thinking | None = None,
) -> GameRecord:
    """Play ``game`` to the end, seat i played by ``agents[i]``; chance rolled from ``seed``.

    ``on_action(state_before, action, notation)`` is called before each action is applied;
    ``thinking``, when given, is filled with each seat's time to answer.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    rng = random.Random(seed)
    for agent in agents:
        agent.reset()
    if thinking is not None:
        thinking.start(len(agents))
    state = game.new_initial_state()
    record = GameRecord.start(game, [agent.spec for agent in agents], seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance_outcome(state, rng)
        else:
            start, cpu_start = time.perf_counter(), time.process_time()
            action = choose_action(agents[player], state)
            if thinking is not None:
                thinking.add(player, time.perf_counter() - start, time.process_time() - cpu_start)
        if on_action is not None:
            on_action(state, action, state.action_to_string(action))
        record.add(state, action)
    return record
