"""Agent spec strings (``mcts:iterations=800``) and the table of agents they name.

A spec is a name, then optional ``key=value`` parameters after a colon, separated by commas.
Each agent declares its parameters with their types and defaults; anything else is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from carthago.agents.base import Agent
from carthago.core.errors import InvalidAgentSpecError, quoted

HUMAN: Final = "human"


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec.

    >>> AgentSpec.parse("mcts:iterations=800,rollout=heuristic")
    AgentSpec(name='mcts', params={'iterations': '800', 'rollout': 'heuristic'})
    >>> str(AgentSpec.parse(" random "))
    'random'
    """

    name: str
    params: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> AgentSpec:
        name, _, rest = text.strip().partition(":")
        name = name.strip().lower()
        if not name:
            raise InvalidAgentSpecError(f"agent spec {quoted(text)} has no agent name")
        params: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in rest.split(","))):
            key, sep, value = part.partition("=")
            if not sep or not key.strip() or not value.strip():
                raise InvalidAgentSpecError(
                    f"agent spec {quoted(text)}: parameter {quoted(part)} "
                    "is not of the form key=value"
                )
            params[key.strip().lower()] = value.strip()
        return cls(name, params)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())


@dataclass(frozen=True)
class AgentKind:
    """An agent's factory and the parameters its spec may set (name -> (type, default))."""

    factory: Callable[..., Agent]
    params: dict[str, tuple[type, Any]] = field(default_factory=dict)
    summary: str = ""


AGENTS: Final[dict[str, AgentKind]] = {}


def register_agent(name: str, kind: AgentKind) -> None:
    AGENTS[name] = kind


def convert_param(agent: str, key: str, kind: type, text: str) -> Any:
    """``text`` as a value of ``kind`` for parameter ``key`` of ``agent``."""
    try:
        if kind is bool:
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(text)
        value = kind(text)
    except ValueError:
        raise InvalidAgentSpecError(
            f"agent {quoted(agent)}: parameter {quoted(key)} takes a {kind.__name__}, "
            f"got {quoted(text)}"
        ) from None
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        raise InvalidAgentSpecError(
            f"agent {quoted(agent)}: parameter {quoted(key)} cannot be negative"
        )
    return value


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The computer player a spec string names, seeded with ``seed``.

    >>> make_agent("random", seed=3)
    <RandomAgent random seed=3>
    >>> make_agent("randum")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    carthago.core.errors.InvalidAgentSpecError: no agent 'randum' (agents: human, ...)
    """
    parsed = AgentSpec.parse(spec)
    if parsed.name == HUMAN:
        raise InvalidAgentSpecError("'human' is a seat for a person, not a computer agent")
    kind = AGENTS.get(parsed.name)
    if kind is None:
        names = ", ".join([HUMAN, *sorted(AGENTS)])
        raise InvalidAgentSpecError(f"no agent {quoted(parsed.name)} (agents: {names})")
    kwargs: dict[str, Any] = {}
    for key, text in parsed.params.items():
        if key not in kind.params:
            allowed = ", ".join(sorted(kind.params)) or "none"
            raise InvalidAgentSpecError(
                f"agent {quoted(parsed.name)} has no parameter {quoted(key)} "
                f"(parameters: {allowed})"
            )
        kwargs[key] = convert_param(parsed.name, key, kind.params[key][0], text)
    agent = kind.factory(seed=seed, **kwargs)
    agent.spec = str(parsed)
    return agent


def is_human(spec: str) -> bool:
    return AgentSpec.parse(spec).name == HUMAN
