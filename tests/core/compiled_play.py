"""Plays seeded games of every shipped game and prints what happened, as JSON.

Run once compiled and once with CARTHAGO_PURE_PYTHON=1 by tests/core/test_compiled.py, which
compares the two outputs: the same seeds must give the same games either way.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import carthago
from carthago.agents import make_agent
from carthago.arena.match import play_match
from carthago.compiled import running_compiled
from carthago.core.registry import game_class
from carthago.core.state import CHANCE

SEARCHES = ("mcts:iterations=4,depth=6", "ismcts:iterations=4,depth=6")
"""Searching seats add clone, resampling and the search loops to what random play walks."""
SEARCHED_GAMES = ("punica", "total_war_cards", "de_bello_punico")
"""The Republic of Carthage is left out of the searching games (minutes interpreted); its
resampling is compared along its random games instead."""
RESAMPLE_EVERY = 37


def digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def outcome(game: carthago.Game, specs: list[str], seed: int) -> dict[str, Any]:
    agents = [make_agent(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
    record = play_match(game, agents, seed=seed)
    state = game.new_initial_state()
    resamples = []
    for step, action in enumerate(record.actions):
        if step % RESAMPLE_EVERY == 0 and state.current_player() != CHANCE:
            seat = state.current_player()
            resampled = state.resample_from_infostate(seat, random.Random(step))
            resamples.append(digest(resampled.to_dict()))
        state.apply_action(action)
    return {
        "options": game.options,
        "agents": specs,
        "actions": record.actions,
        "notation": record.notation,
        "result": record.result,
        "snapshot": digest(state.to_dict()),
        "observation": digest(state.observation(0)),
        "resamples": resamples,
    }


def played(game_id: str) -> list[dict[str, Any]]:
    games = []
    for number, options in enumerate(game_class(game_id).VARIANTS):
        game = carthago.load(game_id, **options)
        games.append(outcome(game, ["random"] * game.num_players, seed=number))
        if number == 0 and game_id in SEARCHED_GAMES:
            specs = [SEARCHES[seat % len(SEARCHES)] for seat in range(game.num_players)]
            games.append(outcome(game, specs, seed=number))
    return games


def main() -> None:
    game_ids = sys.argv[1:] or list(SEARCHED_GAMES)
    print(json.dumps({"compiled": running_compiled(), "games": {g: played(g) for g in game_ids}}))


if __name__ == "__main__":
    main()
