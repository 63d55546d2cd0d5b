"""The integer action space, fixed per scenario (DESIGN.md), and its blocks.

With ``U`` counters (the scenario's units, then the two leaders) and a map ``W`` columns wide:

=================  =========================================================================
``0 .. U-1``       select a counter (to move, fire, attack, target, support, recover, ...)
``U .. U+5``       a direction N NE SE S SW NW (a step, a withdrawal, a re-entry hex)
``U+6 .. U+11``    face a direction (§8.1; also the facing after an advance or an entry)
``U+12 .. U+18``   place a Command Point in box 0..6 (§4.1)
``U+19 .. U+25``   place the false Command Point (Vacuus) in box 0..6
``U+26``           yes (use Fortuna, go first, advance, charge, avoid pursuit, ...)
``U+27``           no / pass / done
``U+28``           spend a Movement Command Point (§4.6)
``U+29 ..``        Trebbia reserve, column 0..W-1 of the Roman edge (§17.1.3c): in a movement
                   impulse, enter there; with the "ambush" option, at set-up, hide it there
=================  =========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.games.de_bello_punico.hexgrid import DIRECTIONS

# Typed as a tuple of any length: compiled, a fixed-length one is kept unboxed and looked up
# by a variable index it is rebuilt as a new tuple every time.
BOXES: Final[tuple[str, ...]] = (
    "Initiative", "Combat", "Recovery", "Cavalry", "Movement", "Special", "Fortuna",
)  # fmt: skip
INITIATIVE: Final = 0
COMBAT: Final = 1
RECOVERY: Final = 2
CAVALRY: Final = 3
MOVEMENT: Final = 4
SPECIAL: Final = 5
FORTUNA: Final = 6
SPECIAL_NAMES: Final[tuple[str, ...]] = ("Elephants", "Furor")
"""Box 5 is Rome's Elephants box (§4.8) and Carthage's Furor box (§4.7)."""


def box_name(box: int, side: int) -> str:
    return SPECIAL_NAMES[side] if box == SPECIAL else BOXES[box]


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each block of the action space starts for a scenario."""

    counters: int
    width: int

    @property
    def dir(self) -> int:
        return self.counters

    @property
    def face(self) -> int:
        return self.counters + 6

    @property
    def place(self) -> int:
        return self.counters + 12

    @property
    def vacuus(self) -> int:
        return self.counters + 19

    @property
    def yes(self) -> int:
        return self.counters + 26

    @property
    def no(self) -> int:
        return self.counters + 27

    @property
    def boost(self) -> int:
        return self.counters + 28

    @property
    def enter(self) -> int:
        return self.counters + 29

    @property
    def size(self) -> int:
        return self.counters + 29 + self.width


if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

_SELECT_VERBS: Final = {
    "setup": "leader joins",
    "move": "move",
    "eltable": "scare",
    "boost": "boost",
    "volley": "fire with",
    "vtarget": "fire at",
    "attack": "attack with",
    "atarget": "attack",
    "support": "support with",
    "recover": "recover",
}
_YES_NO: Final = {
    "reserve": ("hold a Numidian unit in reserve", "no reserve"),
    "order": ("go first", "go second"),
    "fortuna": ("reroll (Fortuna)", "keep the roll"),
    "ccp": ("command point", "no command point"),
    "charge": ("charge (Furor)", "no charge"),
    "advance": ("advance", "stay"),
    "pursue": ("halt the pursuit", "pursue"),
    "reenter": ("enter at the exit hex", "no entry"),
}


def describe(s: DbpState, action: int) -> str:
    """The notation of ``action`` in the decision now pending (or the die at a chance node)."""
    lay: Layout = s.layout
    if not 0 <= action < lay.size:
        raise ValueError(f"{action} is outside the action space")
    top = s.tasks[-1] if s.tasks else ("none", 0)
    kind = top[0]
    if kind == "die":
        return f"roll {action + 1}"
    if action < lay.counters:
        if action >= s.n_units:
            name = s.scenario.leader_names[action - s.n_units]
        else:
            name = s.unit_name(action)
        if kind == "move" and action < s.n_units and s.where[action] == 2:
            return f"recall {name}"
        return f"{_SELECT_VERBS.get(kind, 'select')} {name}"
    if action < lay.face:
        verb = {"withdraw": "withdraw", "lwithdraw": "leader back", "reenter": "enter"}
        return f"{verb.get(kind, 'step')} {DIRECTIONS[action - lay.dir]}"
    if action < lay.place:
        return f"face {DIRECTIONS[action - lay.face]}"
    side = int(top[1]) if kind == "place" else 0
    if action < lay.vacuus:
        return f"command point to {box_name(action - lay.place, side)}"
    if action < lay.yes:
        return f"vacuus to {box_name(action - lay.vacuus, side)}"
    if action in (lay.yes, lay.no):
        yes, no = _YES_NO.get(kind, ("yes", "stop" if kind == "step" else "done"))
        return yes if action == lay.yes else no
    if action == lay.boost:
        return "spend a movement point"
    if kind == "reserve":
        return f"ambush at column {action - lay.enter}"
    return f"enter the reserve at column {action - lay.enter}"
