"""Strength levels a player can pick (``--level easy|normal|hard``), mapped to agent specs.

``normal`` is the default computer opponent of ``carthago play``: its search stops at a fixed
number of iterations or after 0.9 seconds, whichever comes first, so it answers within about a
second even on a slow machine and plays the same moves from the same seed whenever the
iteration count is reached first.

A game may have levels of its own. De Bello Punico's decisions come in impulses of dozens of
small steps (a unit's every hex and facing), so there ``normal`` and ``hard`` are the impulse
planner, with 5 and 15 seconds for a whole impulse rather than a budget for each step; it
spends them where dice decide (combat, volleys, recovery), ``hard`` on more of the heuristic's
moves with more playouts each. The
Republic of Carthage puts about 1,300 decisions with a choice to each faction in a game, most of
them small steps, so there the searches spend by the decision's weight (``weighed``): nothing on
a trivial one, a twentieth (normal) or a tenth (hard) of the budget on an ordinary one, the
whole on a weighty one, and 140 (normal) or 540 (hard) seconds of answering in a whole game;
``hard``'s information-set search draws a fresh guess of the hidden parts every 25 iterations
(a draw replays the whole game, as long as some fifty iterations), not every one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from carthago.core.errors import InvalidAgentSpecError

DBP_HARD: Final = "planner:seconds=15,width=6,samples=12"
ROC_NORMAL: Final = "weighed:search=mcts,iterations=1000,seconds=1.5,ordinary=0.05,game=140"
ROC_HARD: Final = "weighed:search=ismcts,iterations=6000,seconds=4,ordinary=0.1,game=540,redraw=25"


@dataclass(frozen=True)
class Level:
    """A named strength: the agent spec it plays and what a player should expect."""

    name: str
    spec: str
    summary: str
    games: dict[str, str] = field(default_factory=dict)
    """Game id -> the spec this level plays in that game instead of ``spec``."""

    def spec_for(self, game_id: str | None) -> str:
        """The spec of this level in game ``game_id`` (None: the level's general spec)."""
        return self.games.get(game_id, self.spec) if game_id is not None else self.spec


LEVELS: Final[dict[str, Level]] = {
    level.name: level
    for level in (
        Level("easy", "heuristic", "plays the move that looks best right now; answers at once"),
        Level(
            "normal",
            "mcts:iterations=1000,seconds=0.9",
            "searches ahead for up to about a second per move "
            "(De Bello Punico: plans each impulse for up to 5 seconds; The Republic of Carthage: "
            "up to 1.5 seconds on a weighty decision, 3 minutes a game)",
            {
                "de_bello_punico": "planner:seconds=5",
                "republic_of_carthage": ROC_NORMAL,
            },
        ),
        Level(
            "hard",
            "ismcts:iterations=6000,seconds=5",
            "reasons over what it cannot see, for up to about five seconds per move "
            "(De Bello Punico: plans each impulse for up to 15 seconds; The Republic of "
            "Carthage: up to 4 seconds on a weighty decision, 10 minutes a game)",
            {
                "de_bello_punico": DBP_HARD,
                "republic_of_carthage": ROC_HARD,
            },
        ),
    )
}

DEFAULT_LEVEL: Final = "normal"


def level_spec(name: str = DEFAULT_LEVEL, game_id: str | None = None) -> str:
    """The agent spec of level ``name`` (in game ``game_id``, where a game has its own).

    >>> level_spec("easy")
    'heuristic'
    >>> level_spec("normal", "de_bello_punico")
    'planner:seconds=5'
    >>> level_spec("expert")
    Traceback (most recent call last):
    ...
    carthago.core.errors.InvalidAgentSpecError: no level 'expert' (levels: easy, normal, hard)
    """
    level = LEVELS.get(name.strip().lower())
    if level is None:
        raise InvalidAgentSpecError(f"no level {name!r} (levels: {', '.join(LEVELS)})")
    return level.spec_for(game_id)


def level_of(spec: str) -> str | None:
    """The name of the level that plays ``spec`` (in any game), or None for a spec no level plays.

    >>> level_of("heuristic"), level_of("planner:seconds=15,width=6,samples=12")
    ('easy', 'hard')
    >>> level_of("mcts:iterations=5") is None
    True
    """
    for level in LEVELS.values():
        if spec == level.spec or spec in level.games.values():
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
