"""Missile volleys (§9): the passive player's missile units fire once a turn each.

Targets are enemy units in the front arc (§9: three front hexes; at two hexes, the five hexes
between the lines of those three), in range (§9.1: Skirmishers two hexes, the others one) and in
line of sight (§9.2). The Missile Volley table (reconstructed, ``data/missile.toml``) gives
the highest roll that inflicts one Disorder point (§9.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.de_bello_punico.hexgrid import front_directions
from carthago.games.de_bello_punico.morale import ON_MAP
from carthago.games.de_bello_punico.units import PACKAGE, UNIT_TYPES

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

TARGET_CLASSES: Final = ("heavy", "light", "cavalry", "elephant")


def _load() -> tuple[dict[str, str], dict[tuple[str, int], dict[str, int]]]:
    data = load_toml(PACKAGE, "missile.toml")
    classes: dict[str, str] = {}
    for name in TARGET_CLASSES:
        for code in field(field(data, "classes", dict, "missile.toml"), name, list, "classes"):
            classes[code] = name
    if set(classes) != set(UNIT_TYPES):
        raise ComponentDataError("missile.toml: every unit type needs exactly one target class")
    table: dict[tuple[str, int], dict[str, int]] = {}
    for number, row in enumerate(field(data, "fire", list, "missile.toml")):
        where = f"missile.toml fire row {number + 1}"
        source(row, where)
        shooter = field(row, "shooter", str, where)
        if shooter not in UNIT_TYPES or not UNIT_TYPES[shooter].missile:
            raise ComponentDataError(f"{where}: {shooter!r} is not a missile unit type")
        table[(shooter, field(row, "range", int, where))] = {
            name: field(row, name, int, where) for name in TARGET_CLASSES
        }
    for code, kind in UNIT_TYPES.items():
        if kind.missile and (code, 1) not in table:
            raise ComponentDataError(f"missile.toml: no row for {code} at range 1")
    return classes, table


CLASSES, TABLE = _load()


def max_range(code: str) -> int:
    """Skirmishers reach two hexes, other missile units one (§9.1)."""
    return 2 if code == "Sk" else 1


def arc(s: DbpState, hex_: int, facing: int, reach: int) -> list[tuple[int, int]]:
    """(hex, distance) of the front arc out to ``reach`` hexes."""
    g = s.grid
    out: list[tuple[int, int]] = []
    dirs = front_directions(facing)
    for d in dirs:
        near = g.neighbours[hex_][d]
        if near >= 0:
            out.append((near, 1))
    if reach >= 2:
        seen: set[int] = set()
        for i, d in enumerate(dirs):
            near = g.neighbours[hex_][d]
            if near < 0:
                continue
            for d2 in (d, dirs[i + 1]) if i < 2 else (d,):
                far = g.neighbours[near][d2]
                if far >= 0 and far not in seen:
                    seen.add(far)
                    out.append((far, 2))
    return out


def targets(s: DbpState, shooter: int) -> list[int]:
    here, side = s.pos[shooter], s.sides[shooter]
    found = []
    for target_hex, distance in arc(s, here, s.face[shooter], max_range(s.utype[shooter].code)):
        unit = s.occ[target_hex]
        if unit < 0 or s.sides[unit] == side or s.where[unit] != ON_MAP:
            continue
        if distance == 1 or s.grid.sees(here, target_hex, s.occ):
            found.append(unit)
    return found


def hit_number(s: DbpState, shooter: int, target: int) -> int:
    distance = s.grid.distance(s.pos[shooter], s.pos[target])
    row = TABLE.get((s.utype[shooter].code, distance))
    return 0 if row is None else row[CLASSES[s.utype[target].code]]
