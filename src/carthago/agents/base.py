"""What every computer player is, and how drivers ask one for a move without letting it peek."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from mypy_extensions import mypyc_attr

from carthago.core.state import State


@mypyc_attr(allow_interpreted_subclasses=True)
class Agent(ABC):
    """A computer player. ``step`` receives a state the agent's seat cannot tell from the real
    one (see :func:`choose_action`) and returns one of its legal actions."""

    spec: str = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @property
    def think_seconds(self) -> float:
        """The most time one move may take by the agent's budget; 0 where it sets none."""
        return 0.0

    @abstractmethod
    def step(self, state: State) -> int:
        """A legal action for the player to move in ``state``."""

    def reset(self) -> None:  # noqa: B027  (an optional hook: most agents keep nothing)
        """Forget anything kept from earlier moves (called when a new game starts)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec or '?'} seed={self.seed}>"


def choose_action(agent: Agent, state: State) -> int:
    """Ask ``agent`` for a move in the true ``state``, showing it only what its seat knows.

    The agent gets ``state.resample_from_infostate(seat, agent.rng)``: hidden parts redrawn, so
    no agent can read what its seat may not see, whatever its code does with the state.
    """
    seat = state.current_player()
    if seat < 0:
        raise ValueError("choose_action needs a state where a player is to move")
    view = state.resample_from_infostate(seat, agent.rng)
    action = agent.step(view)
    if action not in state.legal_actions():
        raise RuntimeError(f"{agent!r} chose {action}, which is not legal here")
    return action
