"""The registry of stages: each step of the sequence of play says who acts and what happens.

A stage's ``actor`` is a faction, CHANCE, or AUTO (the engine carries it out at once); a
Neutral faction's decisions are taken by the stage's ``neutral`` policy (§9), so only human
players and chance ever face the outside world.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

AUTO: Final = -2


def _none(state: S) -> list[int]:
    return []


def _no_outcomes(state: S) -> list[tuple[int, float]]:
    return []


def _no_neutral(state: S) -> int:
    raise AssertionError(f"stage {state.stage} has no Neutral policy")


@dataclass(frozen=True, slots=True)
class Stage:
    actor: Callable[[S], int]
    apply: Callable[[S, int], None]
    describe: Callable[[S, int], str]
    legal: Callable[[S], list[int]] = _none
    outcomes: Callable[[S], list[tuple[int, float]]] = _no_outcomes
    neutral: Callable[[S], int] = _no_neutral


STAGES: Final[dict[str, Stage]] = {}


def actor(state: S) -> int:
    """Who acts at the state's stage: a faction, CHANCE or AUTO."""
    return STAGES[state.stage].actor(state)


def stage(name: str, definition: Stage) -> None:
    if name in STAGES:
        raise ValueError(f"stage {name!r} defined twice")
    STAGES[name] = definition


def auto(name: str, run: Callable[[S], None]) -> None:
    """A stage the engine carries out by itself."""
    stage(name, Stage(lambda s: AUTO, lambda s, a: run(s), lambda s, a: name))


PHASES_AFTER_TRADE: Final = (
    ("forum_start", "Forum Phase (rules 6.4)"),
    ("senate_start", "Senate Phase (rules 6.5)"),
    ("combat_start", "Exploration and Combat Phase (rules 6.6)"),
    ("revolution_start", "Revolution Phase (rules 6.7)"),
    ("turn_rest", "End of turn"),
)
"""The phases that follow the Trade Phase (§5), by the stage each begins with."""


def next_phase(state: S, finished: str) -> None:
    """Go on to the phase after the one whose first stage is ``finished``.

    A phase whose stages are not registered yet is noted in the log as skipped, so a game of
    the rules built so far still runs whole turns.
    """
    entries = [entry for entry, _ in PHASES_AFTER_TRADE]
    following = entries.index(finished) + 1 if finished in entries else 0
    for entry, name in PHASES_AFTER_TRADE[following:]:
        if entry in STAGES:
            state.stage = entry
            return
        state.note(f"{name}: skipped, not implemented yet")
    raise AssertionError("the end-of-turn stage is not registered")


def dice_outcomes(dice: int) -> list[tuple[int, float]]:
    """The totals of ``dice`` six-sided dice with their probabilities.

    >>> dice_outcomes(2)[5]
    (7, 0.16666666666666666)
    """
    counts: dict[int, int] = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    whole = 6**dice
    return [(total, ways / whole) for total, ways in sorted(counts.items())]


def weighted(counts: dict[int, int]) -> list[tuple[int, float]]:
    """Outcomes drawn from a multiset: each kind with its share of the whole."""
    total = sum(counts.values())
    return [(kind, n / total) for kind, n in sorted(counts.items()) if n > 0]
