"""Strength levels a player can pick (``--level easy|normal|hard``), mapped to agent specs.

``normal`` is the default computer opponent of ``carthago play``: its search stops at a fixed
number of iterations or after 0.9 seconds, whichever comes first, so it answers within about a
second even on a slow machine and plays the same moves from the same seed whenever the
iteration count is reached first.
"""

from __future__ import annotations

from dataclasses import dataclass

from carthago.core.errors import InvalidAgentSpecError


@dataclass(frozen=True)
class Level:
    """A named strength: the agent spec it plays and what a player should expect."""

    name: str
    spec: str
    summary: str


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", "heuristic", "plays the move that looks best right now; answers at once"),
        Level(
            "normal",
            "mcts:iterations=1000,seconds=0.9",
            "searches ahead for up to about a second per move",
        ),
        Level(
            "hard",
            "ismcts:iterations=6000,seconds=5",
            "reasons over what it cannot see, for up to about five seconds per move",
        ),
    )
}

DEFAULT_LEVEL = "normal"


def level_spec(name: str = DEFAULT_LEVEL) -> str:
    """The agent spec of level ``name``.

    >>> level_spec("easy")
    'heuristic'
    >>> level_spec("expert")
    Traceback (most recent call last):
    ...
    carthago.core.errors.InvalidAgentSpecError: no level 'expert' (levels: easy, normal, hard)
    """
    level = LEVELS.get(name.strip().lower())
    if level is None:
        raise InvalidAgentSpecError(f"no level {name!r} (levels: {', '.join(LEVELS)})")
    return level.spec


def level_of(spec: str) -> str | None:
    """The name of the level that plays ``spec``, or None for a spec no level plays.

    >>> level_of("heuristic")
    'easy'
    >>> level_of("mcts:iterations=5") is None
    True
    """
    for level in LEVELS.values():
        if level.spec == spec:
            return level.name
    return None


def computer_label(spec: str) -> str:
    """How a computer seat is named to players: its level, else its spec.

    >>> computer_label("ismcts:iterations=6000,seconds=5")
    'hard'
    >>> computer_label("random")
    'random'
    """
    return level_of(spec) or spec
