"""What the host of a server allows its computer players: a thinking budget and an idle limit.

Every search on the server stops within ``max_think_seconds`` per move: a spec asking for more
is refused when the game is created, and a search spec that names no time limit gets this one
(so ``mcts:iterations=100000000`` ends in time too). Agents that do not search answer at once.
A game no person has acted in for ``idle_minutes`` gets no more computer moves until one does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from carthago.agents import AGENTS, AgentSpec

TIME_LIMIT = "seconds"
"""The spec parameter that bounds a search's time per move."""


@dataclass(frozen=True)
class HostLimits:
    """The operator's settings (``carthago serve --max-think-seconds --idle-minutes``)."""

    max_think_seconds: float = 5.0
    idle_minutes: float = 60.0

    @property
    def idle(self) -> timedelta:
        return timedelta(minutes=self.idle_minutes)


def searches(spec: str) -> bool:
    """Whether the agent of ``spec`` searches (takes a time limit), rather than answering at once.

    >>> searches("heuristic"), searches("mcts:iterations=10")
    (False, True)
    """
    kind = AGENTS.get(AgentSpec.parse(spec).name)
    return kind is not None and TIME_LIMIT in kind.params


def think_seconds(spec: str) -> float | None:
    """The time limit ``spec`` sets per move (None: none set).

    >>> think_seconds("mcts:seconds=2.5"), think_seconds("mcts"), think_seconds("random")
    (2.5, None, None)
    """
    text = AgentSpec.parse(spec).params.get(TIME_LIMIT)
    return None if text is None else float(text)


def within_budget(spec: str, max_seconds: float) -> str:
    """``spec`` with its search limited to ``max_seconds`` per move: a time limit added where
    none is set, a longer one cut (games stored under a more generous host keep playing, within
    today's budget).

    >>> within_budget("mcts:iterations=100000000", 5)
    'mcts:iterations=100000000,seconds=5'
    >>> within_budget("ismcts:seconds=100000", 2.5)
    'ismcts:seconds=2.5'
    >>> within_budget("heuristic", 5)
    'heuristic'
    """
    if not searches(spec):
        return spec
    parsed = AgentSpec.parse(spec)
    given = think_seconds(spec)
    if given is not None and 0 < given <= max_seconds:
        return spec
    params = {**parsed.params, TIME_LIMIT: f"{max_seconds:g}"}
    return str(AgentSpec(parsed.name, params))
