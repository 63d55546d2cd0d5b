"""Counter values of every unit type (§2.4), loaded from ``data/units.toml``.

>>> UNIT_TYPES["Ha"].rout, UNIT_TYPES["Nu"].kind, UNIT_TYPES["Sk"].missile
(2, 'cavalry', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError

PACKAGE: Final = "carthago.games.de_bello_punico"
KINDS: Final = ("infantry", "cavalry", "elephant")
LEADER_MOVE: Final = 6
"""Leaders have six movement points (§13)."""
OPTIONAL_ADVANCE: Final = frozenset({"Tr", "Ha", "Pr", "Vt"})
"""Types free to decline the advance after combat (§10.8.1)."""
CROSS_FREELY: Final = frozenset({"Ve", "Sk"})
"""Types that cross or are crossed by friends without Disorder (§7.1)."""
PASS_EACH_OTHER: Final = frozenset({"Ha", "Pr"})
"""The two types that cross each other, and only each other, without Disorder (§7.1)."""


def crossing_disorders(mover: str, crossed: str) -> bool:
    """Whether a unit crossing a friend gives both a Disorder point (§7.1).

    Hastati and Principes pass through *each other* freely (the lines of the manipular
    legion changing places); a maniple crossing one of its own line does not.

    >>> pairs = (("Ha", "Pr"), ("Pr", "Ha"), ("Ha", "Ha"), ("Tr", "Ve"), ("In", "Me"))
    >>> [crossing_disorders(a, b) for a, b in pairs]
    [False, False, True, False, True]
    """
    if mover in CROSS_FREELY or crossed in CROSS_FREELY:
        return False
    return {mover, crossed} != PASS_EACH_OTHER


@dataclass(frozen=True, slots=True)
class UnitType:
    """One kind of counter: its printed values and the rules that depend on its type."""

    code: str
    name: str
    combat: int
    morale: int
    move: int
    missile: bool
    rout: int
    rear: int
    kind: str
    support: str
    source: str


def _load() -> dict[str, UnitType]:
    data = load_toml(PACKAGE, "units.toml")
    types: dict[str, UnitType] = {}
    for code, entry in data.get("types", {}).items():
        where = f"units.toml type {code!r}"
        kind = field(entry, "kind", str, where)
        if kind not in KINDS:
            raise ComponentDataError(f"{where}: kind must be one of {KINDS}, not {kind!r}")
        unit = UnitType(
            code=code,
            name=field(entry, "name", str, where),
            combat=field(entry, "combat", int, where),
            morale=field(entry, "morale", int, where),
            move=field(entry, "move", int, where),
            missile=field(entry, "missile", bool, where),
            rout=field(entry, "rout", int, where),
            rear=field(entry, "rear", int, where),
            kind=kind,
            support=field(entry, "support", str, where),
            source=source(entry, where),
        )
        if unit.morale < 1 or unit.move < 1 or unit.rear not in (1, 2):
            raise ComponentDataError(f"{where}: morale and move must be positive, rear 1 or 2")
        types[code] = unit
    if not types:
        raise ComponentDataError("units.toml defines no unit types")
    return types


UNIT_TYPES: Final[dict[str, UnitType]] = _load()
