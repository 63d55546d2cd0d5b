"""The strategic phase (§4): Command Points placed alternately in the Command boxes.

Each side places its leader's Command Points and one false one, the Vacuus, face down, one at
a time, Carthage first (§4.1). The opponent sees how many counters lie in each box, never which
one is the Vacuus: that stays out of its observation until it matters (the Initiative box is
turned up at the initiative roll, every box at the end of the turn, all of them when the leader
falls). A counter is spent face up, so a spent one is always real. Decisions that depend on a
box are offered whenever an unspent counter lies there, so that being asked never tells the
opponent whether the counter is real; only the owner's list of legal answers differs.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico.actions import (
    BOXES,
    FORTUNA,
    INITIATIVE,
    SPECIAL,
    box_name,
)
from carthago.games.de_bello_punico.scenarios import ROME

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

BOX_LIMIT: Final = 3
"""At most three counters in a box (§4.1), one in Fortuna (§4.9)."""


def box_capacity(box: int) -> int:
    return 1 if box == FORTUNA else BOX_LIMIT


def start_turn(s: DbpState) -> None:
    """Hand each side its counters: the leader's value plus the Vacuus, none once it fell (§13)."""
    for side in (0, 1):
        alive = s.leader_hex[side] >= 0
        s.hand[side] = [s.scenario.command_points[side] if alive else 0, 1 if alive else 0]
        s.box_real[side] = [0] * 7
        s.box_used[side] = [0] * 7
        s.box_vac[side] = -1
        s.vac_known[side] = False
        s.placed[side] = []


def placeable_boxes(s: DbpState, side: int) -> list[int]:
    boxes = []
    for box in range(7):
        if box == SPECIAL and side == ROME and not s.scenario.roman_elephant_box:
            continue  # Trebbia: no Roman Elephant command (§17.1.3b)
        count = s.box_real[side][box] + (1 if s.box_vac[side] == box else 0)
        if count < box_capacity(box):
            boxes.append(box)
    return boxes


def counters_in_hand(s: DbpState, side: int) -> int:
    return s.hand[side][0] + s.hand[side][1]


def place(s: DbpState, side: int, box: int, vacuus: bool) -> None:
    if vacuus:
        s.hand[side][1] -= 1
        s.box_vac[side] = box
    else:
        s.hand[side][0] -= 1
        s.box_real[side][box] += 1
    s.placed[side].append((s._moves, box, 1 if vacuus else 0))
    name = box_name(box, side)
    what = "the Vacuus" if vacuus else "a Command Point"
    s._add_log(
        f"{s.side_name(side)} places a counter in {name}",
        {side: f"{s.side_name(side)} places {what} in {name}"},
    )


def unspent(s: DbpState, side: int, box: int) -> int:
    """Counters the opponent sees unspent in a box (the unrevealed Vacuus included)."""
    hidden = 1 if s.box_vac[side] == box and not s.vac_known[side] else 0
    return s.box_real[side][box] - s.box_used[side][box] + hidden


def real_left(s: DbpState, side: int, box: int) -> int:
    """Real Command Points still to spend in a box (what the owner may use)."""
    if s.leader_hex[side] < 0:
        return 0
    return s.box_real[side][box] - s.box_used[side][box]


def spend(s: DbpState, side: int, box: int, purpose: str) -> None:
    s.box_used[side][box] += 1
    s._add_log(f"{s.side_name(side)} spends a Command Point from {box_name(box, side)} {purpose}")


def reveal_initiative(s: DbpState, side: int) -> int:
    """Turn up the Initiative box at the roll (§5); the number of real counters in it."""
    real = s.box_real[side][INITIATIVE]
    s.box_used[side][INITIATIVE] = real
    if s.box_vac[side] == INITIATIVE and not s.vac_known[side]:
        s.vac_known[side] = True
        s._add_log(f"{s.side_name(side)}'s Initiative box holds the Vacuus")
    return real


def reveal_all(s: DbpState, side: int, why: str) -> None:
    """Turn every counter up (end of turn, or the leader fell and they are void)."""
    s.box_used[side] = list(s.box_real[side])
    if not s.vac_known[side] and s.box_vac[side] >= 0:
        s._add_log(f"{s.side_name(side)}'s Vacuus was in {box_name(s.box_vac[side], side)} ({why})")
    s.vac_known[side] = True


def resample_vacuus(s: DbpState, side: int, rng: random.Random) -> None:
    """Redraw where ``side``'s unrevealed Vacuus is, rewriting the placement history with it.

    Each counter the opponent cannot tell from the Vacuus is equally likely: the unspent real
    ones in every box not yet turned up, and the counters still in hand.
    """
    if s.vac_known[side] or (s.box_vac[side] < 0 and s.hand[side][1] == 0):
        return
    options: list[int] = []  # a box, or -1 for "still in hand"
    for box in range(len(BOXES)):
        options.extend([box] * (s.box_real[side][box] - s.box_used[side][box]))
    if s.box_vac[side] >= 0:
        options.append(s.box_vac[side])
    options.extend([-1] * counters_in_hand(s, side))
    choice = rng.choice(options)
    old = s.box_vac[side]
    if choice == old:
        return
    layout = s.layout
    entries = s.placed[side]
    if old >= 0:
        index = next(i for i, e in enumerate(entries) if e[2])
        hist, box, _ = entries[index]
        entries[index] = (hist, box, 0)
        s._rewrite_history(hist, layout.place + box)
        s.box_real[side][old] += 1
    else:
        s.hand[side][0] += 1
        s.hand[side][1] = 0
    if choice >= 0:
        index = max(i for i, e in enumerate(entries) if e[1] == choice and not e[2])
        hist, box, _ = entries[index]
        entries[index] = (hist, box, 1)
        s._rewrite_history(hist, layout.vacuus + box)
        s.box_real[side][choice] -= 1
    else:
        s.hand[side][0] -= 1
        s.hand[side][1] = 1
    s.box_vac[side] = choice
