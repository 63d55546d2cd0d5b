"""What a seat can be: a person, or a computer player named by level or by agent spec."""

from __future__ import annotations

from carthago.agents import AGENTS, make_agent
from carthago.core.errors import InvalidAgentSpecError
from carthago.web.errors import BadRequest

HUMAN = "human"


def computer_levels() -> list[dict[str, str]]:
    """The computer players offered in the new-game form: named levels, then raw agents."""
    offered = [
        {"name": name, "spec": name, "summary": kind.summary}
        for name, kind in sorted(AGENTS.items())
    ]
    return offered


def resolve_seat(text: str) -> str:
    """``human`` or the agent spec a seat choice stands for; BadRequest if it names neither.

    >>> resolve_seat(" Human ")
    'human'
    >>> resolve_seat("random")
    'random'
    """
    choice = text.strip().lower()
    if choice == HUMAN:
        return HUMAN
    try:
        return make_agent(choice, seed=0).spec
    except InvalidAgentSpecError as error:
        raise BadRequest(f"seat {text!r}: {error}") from None
