"""Every carthago game as a PettingZoo AEC environment.

>>> from carthago.interop.pettingzoo import env
>>> environment = env("punica", edition="pl", render_mode="ansi")
>>> environment.reset(seed=1)
>>> environment.agent_selection
'Rome'

Agents are the game's player names. Each observation is a dict: ``"observation"``, the game's
tensor of ``state.observation(seat)`` (float32, fixed size), and ``"action_mask"`` (int8, one
per action of the game; all zeros when the seat is not to move). Chance nodes are played by the
environment with its own ``random.Random``, seeded by ``reset(seed=...)``, so a seed fixes the
whole game given the agents' actions. Rewards come at the end: each seat's return.
``render_mode="ansi"`` returns the game's text for a spectator (nothing hidden).
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import load
from carthago.core.state import CHANCE, State
from carthago.interop.spaces import Observation, observation_space, observe

RENDER_MODES = ("ansi",)


class CarthagoAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A carthago game as an agent-environment-cycle environment (unwrapped)."""

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        self.game = load(game_id, **options)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"carthago_{game_id}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = list(self.game.player_names)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = observation_space(self.game)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        actions = spaces.Discrete(self.game.num_distinct_actions)
        self.action_spaces = {agent: actions for agent in self.possible_agents}
        self._rng = random.Random()
        self._state: State | None = None

    @property
    def state_now(self) -> State:
        """The carthago state being played (for inspection; agents should use ``observe``)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self._state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def observe(self, agent: str) -> Observation:
        return observe(self.state_now, self._seats[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action, not None")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.state_now.apply_action(int(action))  # IllegalActionError names what is wrong
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        """Play chance nodes, then select the agent to move, or end the game for everyone."""
        state = self.state_now
        while state.current_player() == CHANCE:
            state.apply_action(sample_chance_outcome(state, self._rng))
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, state.returns(), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.state_now.render(None)

    def close(self) -> None:
        self._state = None


def raw_env(game_id: str, render_mode: str | None = None, **options: Any) -> CarthagoAECEnv:
    """The environment of ``game_id`` without PettingZoo's checking wrappers."""
    return CarthagoAECEnv(game_id, render_mode=render_mode, **options)


def env(game_id: str, render_mode: str | None = None, **options: Any) -> AECEnv[str, Any, Any]:
    """The environment of ``game_id`` with ``options``, wrapped as PettingZoo's classic games
    are (actions checked against the action space, calls checked for order)."""
    environment: AECEnv[str, Any, Any] = raw_env(game_id, render_mode=render_mode, **options)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)
