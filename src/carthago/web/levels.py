"""What a seat can be: a person, or a computer player named by level or by agent spec, within
the thinking budget of the server (:mod:`carthago.web.limits`)."""

from __future__ import annotations

from carthago.agents import AGENTS, LEVELS, make_agent
from carthago.core.errors import InvalidAgentSpecError, quoted
from carthago.web.errors import BadRequest
from carthago.web.limits import think_seconds, within_budget

HUMAN = "human"


def computer_levels(max_seconds: float) -> list[dict[str, str]]:
    """The computer players the new-game form offers: the named levels that think within
    ``max_seconds`` a move, then each agent (a search is held to ``max_seconds``)."""
    levels = [
        {"name": level.name, "spec": level.name, "summary": level.summary}
        for level in LEVELS.values()
        if (think_seconds(level.spec) or 0) <= max_seconds
    ]
    agents = [
        {"name": name, "spec": name, "summary": kind.summary}
        for name, kind in sorted(AGENTS.items())
    ]
    return levels + agents


def resolve_seat(text: str, max_seconds: float, game_id: str | None = None) -> str:
    """``human`` or the agent spec a seat choice (a level name or a spec) stands for, its search
    held to ``max_seconds`` a move (a choice asking for longer is refused), in game ``game_id``
    where a game has levels of its own.

    >>> resolve_seat(" Human ", 5)
    'human'
    >>> resolve_seat("easy", 5)
    'heuristic'
    >>> resolve_seat("mcts:iterations=50", 2)
    'mcts:iterations=50,seconds=2'
    >>> resolve_seat("normal", 5, "de_bello_punico")
    'planner:seconds=5'
    """
    choice = text.strip().lower()
    if choice == HUMAN:
        return HUMAN
    spec = LEVELS[choice].spec_for(game_id) if choice in LEVELS else choice
    try:
        spec = make_agent(spec, seed=0).spec
    except InvalidAgentSpecError as error:
        raise BadRequest(f"seat {quoted(text)}: {error}") from None
    asked = think_seconds(spec)
    if asked is not None and asked > max_seconds:
        raise BadRequest(
            f"seat {quoted(text)} would think up to {asked:g} s a move; this server lets a "
            f"computer think at most {max_seconds:g} s (its host sets --max-think-seconds)"
        )
    return within_budget(spec, max_seconds)
