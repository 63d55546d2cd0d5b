"""The random agent: a uniformly random legal action. The baseline every agent must beat."""

from __future__ import annotations

from carthago.agents.base import Agent
from carthago.core.state import State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, with its own seeded generator."""

    def step(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
