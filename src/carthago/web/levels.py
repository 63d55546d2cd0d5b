"""What a seat can be: a person, or a computer player named by level or by agent spec."""

from __future__ import annotations

from carthago.agents import AGENTS, LEVELS, make_agent
from carthago.core.errors import InvalidAgentSpecError
from carthago.web.errors import BadRequest

HUMAN = "human"


def computer_levels() -> list[dict[str, str]]:
    """The computer players the new-game form offers: the named levels, then each agent."""
    levels = [
        {"name": level.name, "spec": level.name, "summary": level.summary}
        for level in LEVELS.values()
    ]
    agents = [
        {"name": name, "spec": name, "summary": kind.summary}
        for name, kind in sorted(AGENTS.items())
    ]
    return levels + agents


def think_seconds(spec: str) -> float:
    """The longest a move of the computer seat ``spec`` may take by its budget (0: none set, or a
    stored spec this version no longer reads).

    >>> think_seconds("ismcts:seconds=5"), think_seconds("heuristic"), think_seconds("gone:x=1")
    (5.0, 0.0, 0.0)
    """
    try:
        return make_agent(spec, seed=0).think_seconds
    except InvalidAgentSpecError:
        return 0.0


def resolve_seat(text: str) -> str:
    """``human`` or the agent spec a seat choice (a level name or a spec) stands for.

    >>> resolve_seat(" Human ")
    'human'
    >>> resolve_seat("easy")
    'heuristic'
    >>> resolve_seat("random")
    'random'
    """
    choice = text.strip().lower()
    if choice == HUMAN:
        return HUMAN
    if choice in LEVELS:
        return LEVELS[choice].spec
    try:
        return make_agent(choice, seed=0).spec
    except InvalidAgentSpecError as error:
        raise BadRequest(f"seat {text!r}: {error}") from None
