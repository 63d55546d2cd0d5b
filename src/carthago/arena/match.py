"""One game between computer players: the loop every non-interactive driver shares."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from carthago.agents.base import Agent, choose_action
from carthago.core.chance import sample_chance_outcome
from carthago.core.game import Game
from carthago.core.records import GameRecord
from carthago.core.state import CHANCE, State


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    on_action: Callable[[State, int, str], None] | None = None,
) -> GameRecord:
    """Play ``game`` to the end, seat i played by ``agents[i]``; chance rolled from ``seed``.

    ``on_action(state_before, action, notation)`` is called before each action is applied.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    rng = random.Random(seed)
    for agent in agents:
        agent.reset()
    state = game.new_initial_state()
    record = GameRecord.start(game, [agent.spec for agent in agents], seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance_outcome(state, rng)
        else:
            action = choose_action(agents[player], state)
        if on_action is not None:
            on_action(state, action, state.action_to_string(action))
        record.add(state, action)
    return record
