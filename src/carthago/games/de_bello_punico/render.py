"""A terminal map of a battle, drawn only from an observation.

Flat-topped hexes take two text lines per row: even columns on the first, odd columns (half a
hex lower) on the second, so a hex's text may run on into the next column's blank slot. A unit
shows as its id, the one the moves name (``R.Ha1``: Rome's first Hastati), an arrow for its
facing, and a mark: ``!`` in Panic, a digit for its Disorder points, ``*`` its leader is with
it, ``f`` done for the impulse. A lone leader shows as ``*`` and its initials. Terrain: ``.``
open, ``^`` hill, ``%`` rocky, ``"`` bushes, ``~`` river (impassable). A key under the map
says all this and names the unit types on it.
"""

from __future__ import annotations

from typing import Final

from carthago.core.state import JSONDict
from carthago.games.de_bello_punico.terrain import SYMBOLS
from carthago.games.de_bello_punico.units import UNIT_TYPES

ARROWS: Final = "↑↗↘↓↙↖"
SIDE_NAMES: Final = ("Rome", "Carthage")
CELL: Final = 8
"""Characters a hex's text may take: its own column slot and the next one, blank on its line."""


def _cell(unit: JSONDict | None, leader: str, terrain: str) -> str:
    if unit is None:
        if leader:
            return f"*{leader}".ljust(CELL)
        return f" {terrain}".ljust(CELL)
    if unit["panic"]:
        mark = "!"
    elif unit["disorder"]:
        mark = str(min(unit["disorder"], 9))
    elif leader:
        mark = "*"
    elif unit["finis"]:
        mark = "f"
    else:
        mark = " "
    return f"{unit['name']}{ARROWS[unit['facing']]}{mark}".ljust(CELL)


def legend(observation: JSONDict) -> list[str]:
    """The key to the map: marks, terrain, and the unit types it shows."""
    codes = sorted({u["type"] for u in observation["units"]})
    kinds = sorted(set(observation["terrain"]), key=list(SYMBOLS.values()).index)
    names = {symbol: kind for kind, symbol in SYMBOLS.items()}
    types = [f"{code} {UNIT_TYPES[code].name}" for code in codes]
    lines = [
        "Key: units by the ids the moves use (R.Ha1: Rome's Hastati 1, C.: Carthage's),",
        "  the arrow its facing, then ! Panic, 1-9 Disorder, * leader with it, f done;",
        "  *Sc a lone leader. Terrain: " + ", ".join(f"{k} {names[k]}" for k in kinds) + ".",
        f"  Row 0 is Carthage's map edge, row {observation['height'] - 1} Rome's.",
    ]
    line = "  types:"
    for entry in types:
        if len(line) + len(entry) + 2 > 80:
            lines.append(line)
            line = "  "
        line += f" {entry},"
    lines.append(line.rstrip(","))
    return lines


def render(observation: JSONDict) -> str:
    width, height = observation["width"], observation["height"]
    terrain = observation["terrain"]
    at: dict[tuple[int, int], JSONDict] = {}
    for unit in observation["units"]:
        if unit["hex"] is not None:
            at[(unit["hex"][0], unit["hex"][1])] = unit
    leaders: dict[tuple[int, int], str] = {}
    for leader in observation["leaders"]:
        if leader["hex"] is not None:
            leaders[(leader["hex"][0], leader["hex"][1])] = leader["name"][:2]
    lines = [
        f"{observation['title']}  turn {observation['turn']}/{observation['turns']}  "
        f"{observation['phase']}",
        "    " + "".join(f"{c:<4}" for c in range(width)),
    ]
    for row in range(height):
        for parity in (0, 1):
            text = f"{row:>3} " if parity == 0 else "    "
            for column in range(parity, width, 2):
                key = (column, row)
                text = text.ljust(4 + 4 * column)
                text += _cell(at.get(key), leaders.get(key, ""), terrain[row * width + column])
            lines.append(text.rstrip())
    lines.extend(legend(observation))
    for side in (0, 1):
        boxes = observation["boxes"][side]
        shown = []
        for name, count, spent in zip(boxes["names"], boxes["counters"], boxes["spent"],
                                      strict=True):  # fmt: skip
            if count:
                shown.append(f"{name} {count - spent}/{count}")
        vacuus = boxes["vacuus"]
        where = (
            "hidden" if vacuus == "hidden"
            else "none" if vacuus is None
            else boxes["names"][vacuus]
        )  # fmt: skip
        lines.append(
            f"{SIDE_NAMES[side]}: Rout {observation['rout'][side]}/"
            f"{observation['rout_limits'][side]}  on map {observation['on_map'][side]}  "
            f"in hand {boxes['in_hand']}  Vacuus: {where}"
        )
        lines.append(f"  boxes (unspent/placed): {', '.join(shown) or 'none'}")
    off = [
        f"{u['name']} ({u['status']})"
        for u in observation["units"]
        if u["status"] in ("pursuing", "reserve")
    ]
    if off:
        lines.append("Off the map: " + ", ".join(off))
    if observation["ambush"] is not None:
        lines.append(f"Numidian ambush at column {observation['ambush']} of the Roman edge")
    if observation["moving"] is not None:
        name = (
            observation["units"][observation["moving"]["unit"]]["name"]
            if (observation["moving"]["unit"] < len(observation["units"]))
            else "leader"
        )
        lines.append(f"Moving {name}, {observation['moving']['mp']} MP left")
    for entry in observation["log"][-4:]:
        lines.append(f"> {entry}")
    return "\n".join(lines)
