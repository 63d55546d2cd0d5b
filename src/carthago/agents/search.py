"""What both tree searches share: their spec parameters, their budget, their playouts."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from carthago.agents.advice import GameAdvice
from carthago.agents.base import Agent
from carthago.agents.rollout import ROLLOUT_POLICIES, Rollout, make_rollout
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.game import Game
from carthago.core.state import State

DEFAULT_ITERATIONS: Final = 300
"""Iterations per move when a spec sets neither ``iterations`` nor ``seconds``."""

Clock = Callable[[], float]
"""Where a budget reads the time: wall time by default, an injected clock in tests."""


class Budget:
    """How long a search runs: ``iterations`` and/or ``seconds``, whichever ends first.

    Neither set (both 0) means :data:`DEFAULT_ITERATIONS`. An iteration budget alone keeps a
    seeded search deterministic; a time budget alone depends on the machine's speed.

    >>> budget = Budget(iterations=2, seconds=0)
    >>> [budget.more(), budget.spend(), budget.more(), budget.spend(), budget.more()]
    [True, None, True, None, False]
    """

    __slots__ = ("clock", "deadline", "done", "iterations")

    def __init__(self, iterations: int, seconds: float, clock: Clock = time.perf_counter) -> None:
        if iterations <= 0 and seconds <= 0:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.clock = clock
        self.deadline = clock() + seconds if seconds > 0 else None
        self.done = 0

    def spend(self) -> None:
        self.done += 1

    def more(self) -> bool:
        if self.iterations and self.done >= self.iterations:
            return False
        # Always at least one iteration, so a move is never chosen blind.
        return self.deadline is None or self.done == 0 or self.clock() < self.deadline


class SearchAgent(Agent):
    """A tree search with a budget (iterations and/or seconds), a playout policy, a playout
    depth cap and an exploration constant ``c``; with ``advice`` it plays the game's advice
    (:mod:`carthago.agents.advice`) where the game gives one instead of searching."""

    name = "search"
    """The spec name, used in error messages."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 0,
        seconds: float = 0.0,
        rollout: str = "random",
        depth: int | None = None,
        c: float = 1.0,
        advice: bool = True,
    ) -> None:
        super().__init__(seed)
        if rollout not in ROLLOUT_POLICIES:
            raise InvalidAgentSpecError(
                f"{self.name}: rollout must be one of {', '.join(ROLLOUT_POLICIES)}, "
                f"not {rollout!r}"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_policy = rollout
        self.depth = depth
        self.c = c
        self._advice = GameAdvice() if advice else None
        self.last_iterations = 0
        """Iterations run by the latest search (for measuring speed)."""
        self.clock: Clock = time.perf_counter
        """Where the budget's ``seconds`` are read (tests inject a clock of their own)."""
        self._game: Game | None = None
        self._rollout: Rollout | None = None

    @property
    def think_seconds(self) -> float:
        return self.seconds

    def _budget(self) -> Budget:
        return Budget(self.iterations, self.seconds, self.clock)

    def _advised(self, state: State) -> int | None:
        """The game's advice for this decision, when the agent takes advice and there is any."""
        if self._advice is None:
            return None
        action = self._advice(state)
        if action is not None:
            self.last_iterations = 0
        return action

    def _rollout_for(self, game: Game) -> Rollout:
        """The playout for ``game``, made once per game; a new game also resets the agent."""
        if self._rollout is None or game != self._game:
            self._rollout = make_rollout(game.name, self.rollout_policy, self.depth)
            self._game = game
            self.reset()
        return self._rollout
