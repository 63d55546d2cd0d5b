"""Hints for a person: "what would the computer do?", from what their seat knows and no more.

The search is handed ``state.resample_from_infostate(seat, rng)``, exactly as a computer player
is (``choose_action``), so a hint can no more read the opponent's face-down card than the
computer can: two positions the seat cannot tell apart get the same hints from the same seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from carthago.agents.ismcts import ISMCTSAgent
from carthago.core.state import State

HINT_ITERATIONS: Final = 6000
HINT_SECONDS: Final = 3.0
"""The search of a hint stops at whichever comes first: the ``hard`` level's search, for at most
3 s (a person waits for it)."""


@dataclass(frozen=True)
class Hint:
    """One of the best moves: its notation, the mean result the search saw for the seat after
    it (the game's returns: -1 a loss, +1 a win in a two-player game) and the playouts behind."""

    action: int
    notation: str
    value: float
    playouts: int

    def to_json(self) -> dict[str, int | float | str]:
        return {
            "action": self.action,
            "notation": self.notation,
            "value": round(self.value, 3),
            "playouts": self.playouts,
        }


def best_moves(
    state: State,
    seat: int,
    seed: int | str,
    count: int = 3,
    iterations: int = HINT_ITERATIONS,
    seconds: float = HINT_SECONDS,
) -> list[Hint]:
    """The ``count`` moves a search rates best for ``seat``, who must be the player to move."""
    if state.current_player() != seat:
        raise ValueError(f"a hint is for the player to move, and seat {seat} is not")
    rng = random.Random(f"hint:{seed}")
    view = state.resample_from_infostate(seat, rng)
    search = ISMCTSAgent(
        seed=rng.getrandbits(32), iterations=iterations, seconds=seconds, advice=False
    )
    return [
        Hint(ranked.action, view.action_to_string(ranked.action), ranked.value, ranked.visits)
        for ranked in search.ranked(view)[:count]
    ]
