"""Building Punica positions for rules tests: any units on any areas, any cards in hand."""

from __future__ import annotations

import carthago
from carthago.games.punica.cards import FULL_HAND
from carthago.games.punica.components import CARDS, CARTHAGE, ROME
from carthago.games.punica.state import PunicaState


def position(
    edition: str = "en",
    *,
    rome: dict[str, int] | None = None,
    carthage: dict[str, int] | None = None,
    hannibal: str | None = None,
    active: int = ROME,
    played: dict[int, list[str]] | None = None,
) -> PunicaState:
    """A state at the start of ``active``'s turn with exactly these units on the board.

    ``rome`` and ``carthage`` map area ids to armies (regions) or fleets (seas); ``played``
    lists per side the cards already face up (the rest are in hand).
    """
    game = carthago.load("punica", edition=edition)
    state = game.new_initial_state()
    assert isinstance(state, PunicaState)
    board = state.board
    state.units = [[0] * board.num_areas, [0] * board.num_areas]
    for side, placed in ((ROME, rome), (CARTHAGE, carthage)):
        for area_id, count in (placed or {}).items():
            state.units[side][board.by_id[area_id]] = count
    state.hannibal = board.by_id[hannibal] if hannibal else -1
    state.active = state.to_move = active
    for side, names in (played or {}).items():
        mask = 0
        for name in names:
            mask |= 1 << next(c.index for c in CARDS[side] if c.name == name)
        state.played[side] = mask
        state.hand[side] = FULL_HAND & ~mask
    return state


def do(state: PunicaState, *notations: str) -> None:
    """Apply each action named by its notation, in order."""
    for text in notations:
        state.apply_action(state.string_to_action(text))


def legal(state: PunicaState) -> set[str]:
    """The notations of every legal action."""
    return {state.action_to_string(a) for a in state.legal_actions()}


def count(state: PunicaState, side: int, area_id: str) -> int:
    """``side``'s regular armies or fleets in an area."""
    return state.units[side][state.board.by_id[area_id]]


def area(state: PunicaState, area_id: str) -> int:
    return state.board.by_id[area_id]
