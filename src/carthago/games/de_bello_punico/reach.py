"""Where the counter moving now can get to (§6-§8), for a player who points at a hex.

A move is taken one step or one turn at a time; a front end that lets a player click a distant
hex needs every hex the move can end on this impulse and the steps and turns that lead there.
They are found by trying the very actions the rules offer, on copies of the state, so this
never disagrees with the rules: a hex is listed only if a sequence of legal steps and turns
reaches it and the counter may stop there (or its move ends there by itself, in an enemy's
Zone of Control or with its points spent).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico.morale import ON_MAP
from carthago.games.de_bello_punico.movement import M_LAST, M_MP, M_STOP, TURNED

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

SEARCH_LIMIT: Final = 600
"""Positions tried at most: bounds the time a leader with many points on an open map takes."""


def _where(s: DbpState, piece: int) -> int:
    if piece >= s.n_units:
        return int(s.leader_hex[piece - s.n_units])
    return int(s.pos[piece]) if s.where[piece] == ON_MAP else -1


def _still_moving(s: DbpState, piece: int) -> bool:
    top = s.tasks[-1] if s.tasks else None
    return (
        top is not None
        and top[0] == "step"
        and s.mv is not None
        and s.mv[0] == piece
        and s.current_player() >= 0
    )


def _key(s: DbpState, piece: int) -> tuple[int, int, bool, bool]:
    """What decides where a move can still go, but its points: a position reached again with
    no more points left than before offers nothing new."""
    assert s.mv is not None
    facing = int(s.face[piece]) if piece < s.n_units else 0
    return (_where(s, piece), facing, s.mv[M_LAST] == TURNED, bool(s.mv[M_STOP]))


def paths(s: DbpState) -> dict[int, list[str]]:
    """Hex -> the shortest list of notations (``step N``, ``face SE``...) that ends the move in
    progress there, or may stop it there; empty when no counter is moving."""
    if s.mv is None or not _still_moving(s, s.mv[0]):
        return {}
    piece = s.mv[0]
    start = _where(s, piece)
    found: dict[int, list[str]] = {}
    best = {_key(s, piece): s.mv[M_MP]}
    queue: deque[tuple[DbpState, list[str]]] = deque([(s, [])])
    no = s.layout.no
    while queue and len(best) < SEARCH_LIMIT:
        state, path = queue.popleft()
        for action in state.legal_actions():
            if action == no:
                continue
            after = state.clone()
            notation = state.action_to_string(action)
            after.apply_action(action)
            here = _where(after, piece)
            walked = [*path, notation]
            if not _still_moving(after, piece):
                if here >= 0 and here != start:
                    found.setdefault(here, walked)
                continue
            assert after.mv is not None
            key = _key(after, piece)
            if best.get(key, -1) >= after.mv[M_MP]:
                continue
            best[key] = after.mv[M_MP]
            if here != start and no in after.legal_actions():
                found.setdefault(here, walked)
            queue.append((after, walked))
    return found
