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


def resolve_seat(text: str, game_id: str | None = None) -> str:
    """``human`` or the agent spec a seat choice (a level name or a spec) stands for, in game
    ``game_id`` where a game has levels of its own.

    >>> resolve_seat(" Human ")
    'human'
    >>> resolve_seat("easy")
    'heuristic'
    >>> resolve_seat("random")
    'random'
    >>> resolve_seat("hard", "de_bello_punico")
    'planner:seconds=15'
    """
    choice = text.strip().lower()
    if choice == HUMAN:
        return HUMAN
    if choice in LEVELS:
        return LEVELS[choice].spec_for(game_id)
    try:
        return make_agent(choice, seed=0).spec
    except InvalidAgentSpecError as error:
        raise BadRequest(f"seat {text!r}: {error}") from None
