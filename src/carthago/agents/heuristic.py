"""The heuristic agent: one-ply greedy on the game's own evaluation.

It tries every legal action on a copy of the state it is given and plays the one whose successor
the game's ``evaluate(state, player)`` (``games/<id>/heuristics.py``) scores best, breaking ties
with its seeded generator. A finished successor scores its actual return instead.

Where the game's heuristics module also gives ``advise(state, player)``, its advice is played
when it is legal: a game whose decisions show their worth only several steps later (a Senate
proposal built step by step) says there what its own aide would do.

A game without a heuristic leaves only the returns of finished successors to go on: the agent
then takes a win when one is on the board, avoids an immediate loss when it can, and otherwise
moves at random.
"""

from __future__ import annotations

from carthago.agents.advice import GameAdvice
from carthago.agents.base import Agent
from carthago.agents.rollout import greedy_action
from carthago.core.registry import Evaluator, evaluator
from carthago.core.state import State


class HeuristicAgent(Agent):
    """Greedy on the game's evaluation, random among equals."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._game_id: str | None = None
        self._evaluate: Evaluator | None = None
        self._advice = GameAdvice()

    def step(self, state: State) -> int:
        game_id = state.game.name
        if game_id != self._game_id:
            self._evaluate = evaluator(game_id)
            self._game_id = game_id
        advice = self._advice(state)
        if advice is not None:
            return advice
        return greedy_action(state, state.current_player(), self._evaluate, self.rng)
