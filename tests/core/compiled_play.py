"""Plays seeded games of every registered game and prints what happened, as JSON.

Run once compiled and once with CARTHAGO_PURE_PYTHON=1 by tests/core/test_compiled.py, which
compares the two outputs: the same seeds must give the same games either way.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import carthago
from carthago.agents import make_agent
from carthago.arena.match import play_match
from carthago.compiled import running_compiled
from carthago.core.registry import game_class

SEEDS = (0, 1)
AGENTS = ("random", "mcts:iterations=6,depth=8", "ismcts:iterations=6,depth=8")
"""Random play walks the rules; the searches add clone, resample and their own loops."""


def played(game_id: str) -> list[dict[str, Any]]:
    games = []
    for options in game_class(game_id).VARIANTS:
        game = carthago.load(game_id, **options)
        for seed in SEEDS:
            specs = [AGENTS[(seed + seat) % len(AGENTS)] for seat in range(game.num_players)]
            agents = [make_agent(spec, seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
            record = play_match(game, agents, seed=seed)
            final = game.replay(record.actions)
            games.append(
                {
                    "options": options,
                    "agents": specs,
                    "actions": record.actions,
                    "notation": record.notation,
                    "result": record.result,
                    "snapshot": final.to_dict(),
                    "observation": final.observation(0),
                }
            )
    return games


def main() -> None:
    game_ids = sys.argv[1:] or carthago.games()
    print(json.dumps({"compiled": running_compiled(), "games": {g: played(g) for g in game_ids}}))


if __name__ == "__main__":
    main()
