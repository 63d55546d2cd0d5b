"""A Gymnasium environment: one seat of a carthago game, the others played by carthago agents.

>>> from carthago.interop.gymnasium import CarthagoEnv
>>> environment = CarthagoEnv("punica", seat="Carthage", opponents="random")
>>> observation, info = environment.reset(seed=1)
>>> observation["observation"].shape == environment.observation_space["observation"].shape
True
>>> environment.state_now.current_player() == environment.seat
True

Observations are those of the PettingZoo environment (``carthago.interop.spaces``): the seat's
tensor and its action mask. The reward is 0 until the game ends, then the seat's return. An
illegal action raises ``IllegalActionError`` (``illegal_action="raise"``, the default) or, with
``illegal_action="lose"``, ends the episode with reward -1, the worst return, and the game
unchanged (for learners that sample actions without the mask, and Gymnasium's checker).
Opponents are agent specs (``carthago.agents.make_agent``) and move through
``carthago.agents.choose_action``, so they see only what their own seat may see. Chance and
opponents are seeded by ``reset(seed=...)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from carthago.agents.base import Agent, choose_action
from carthago.agents.spec import make_agent
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import load
from carthago.core.state import CHANCE, State
from carthago.interop.spaces import Observation, observation_space, observe

RENDER_MODES = ("ansi",)
ILLEGAL_ACTION_POLICIES = ("raise", "lose")
LOSS = -1.0
"""The reward of an illegal action under ``illegal_action="lose"``: the lowest return."""


class CarthagoEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Play ``seat`` of ``game_id`` against ``opponents`` (one spec for every other seat, or one
    spec per other seat in seat order)."""

    # Gymnasium declares ``metadata`` an instance attribute set on the class.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        render_mode: str | None = None,
        illegal_action: str = "raise",
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        if illegal_action not in ILLEGAL_ACTION_POLICIES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION_POLICIES}")
        self.illegal_action = illegal_action
        self.game = load(game_id, **options)
        self.render_mode = render_mode
        names = self.game.player_names
        if isinstance(seat, str):
            if seat not in names:
                raise ValueError(f"{game_id} has no seat {seat!r} (seats: {', '.join(names)})")
            seat = names.index(seat)
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be 0..{self.game.num_players - 1}, got {seat}")
        self.seat = seat
        others = [s for s in range(self.game.num_players) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(specs)} opponent specs given for {len(others)} other seats")
        self._specs = dict(zip(others, specs, strict=True))
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._rng = random.Random()
        self._opponents = self._make_opponents(None)
        self._state: State | None = None
        self._forfeited = False

    def _make_opponents(self, seed: int | None) -> dict[int, Agent]:
        return {
            seat: make_agent(spec, seed=None if seed is None else seed + 1 + seat)
            for seat, spec in self._specs.items()
        }

    @property
    def state_now(self) -> State:
        """The carthago state being played."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self._opponents = self._make_opponents(seed)
        for agent in self._opponents.values():
            agent.reset()
        self._state = self.game.new_initial_state()
        self._forfeited = False
        self._advance()
        return observe(self._state, self.seat), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        state = self.state_now
        if state.is_terminal() or self._forfeited:
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        if self.illegal_action == "lose" and action not in state.legal_actions():
            self._forfeited = True
            return observe(state, self.seat), LOSS, True, False, {"illegal_action": action}
        state.apply_action(action)  # IllegalActionError names what is wrong
        self._advance()
        done = state.is_terminal()
        reward = float(state.returns()[self.seat]) if done else 0.0
        return observe(state, self.seat), reward, done, False, {}

    def _advance(self) -> None:
        """Play chance and the opponents until the seat is to move or the game is over."""
        state = self.state_now
        while not state.is_terminal() and state.current_player() != self.seat:
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance_outcome(state, self._rng))
            else:
                state.apply_action(choose_action(self._opponents[state.current_player()], state))

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.state_now.render(self.seat)
