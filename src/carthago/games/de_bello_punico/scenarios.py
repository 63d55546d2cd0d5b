"""The four battles (§17): maps, orders of battle and special rules, from ``data/<id>.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.de_bello_punico.hexgrid import BOTTOM, DIRECTIONS, TOP, Grid, grid
from carthago.games.de_bello_punico.terrain import IMPASSABLE, cost_table
from carthago.games.de_bello_punico.units import PACKAGE, UNIT_TYPES

ROME: Final = 0
CARTHAGE: Final = 1
# Typed as a tuple of any length: compiled, a fixed-length one is kept unboxed and looked up
# by a variable index it is rebuilt as a new tuple every time.
SIDES: Final[tuple[str, ...]] = ("Rome", "Carthage")
SCENARIOS: Final = ("trebbia", "beneventum", "po", "zama")


@dataclass(frozen=True, slots=True)
class Counter:
    """One unit of an order of battle and its set-up hex and facing."""

    side: int
    type: str
    hex: int
    facing: int


@dataclass(frozen=True, slots=True)
class Scenario:
    """Everything a battle fixes before the first die is rolled."""

    id: str
    title: str
    grid: Grid
    turns: int
    setup_first: int
    draw_winner: int | None
    """Who wins a draw at the end of the game (§17.1.4, §17.2.3); None: a true draw."""
    roman_elephant_box: bool
    reduced_romans: frozenset[str]
    numidian_reserve: bool
    roman_exit_recovers: bool
    # Per side, Rome's then Carthage's (tuples of any length, like SIDES, for lookups by side).
    rout: tuple[int, ...]
    command_points: tuple[int, ...]
    leader_names: tuple[str, ...]
    leader_values: tuple[int, ...]
    kinds: tuple[str, ...]
    """Terrain kind of every hex."""
    costs: tuple[int, ...]
    """Movement cost of entering every hex."""
    counters: tuple[Counter, ...]

    @property
    def home_rows(self) -> tuple[int, int]:
        """The map edge row each side flees to: Rome's is the last row, Carthage's row 0."""
        return (self.grid.height - 1, 0)

    @property
    def home_edges(self) -> tuple[str, str]:
        """Each side's own map edge (hexgrid's TOP or BOTTOM); the side edges are no one's."""
        return (BOTTOM, TOP)


def _side(value: str, where: str) -> int:
    if value not in SIDES:
        raise ComponentDataError(f"{where}: side must be one of {SIDES}, not {value!r}")
    return SIDES.index(value)


def _hex(g: Grid, value: object, where: str) -> int:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise ComponentDataError(f"{where}: a hex is [column, row], not {value!r}")
    try:
        return g.hex_of(value[0], value[1])
    except ValueError as error:
        raise ComponentDataError(f"{where}: {error}") from None


def load_scenario(scenario_id: str) -> Scenario:
    """Read and check ``data/<scenario_id>.toml``."""
    data = load_toml(PACKAGE, f"{scenario_id}.toml")
    where = f"{scenario_id}.toml"
    head = field(data, "scenario", dict, where)
    source(head, f"{where} [scenario]")
    g = grid(field(head, "width", int, where), field(head, "height", int, where))
    draw = field(head, "draw", str, where)
    rout = field(head, "rout", dict, where)
    points = field(head, "command_points", dict, where)
    terrain = field(data, "terrain", dict, where)
    source(terrain, f"{where} [terrain]")
    costs = cost_table(field(terrain, "costs", dict, where), f"{where} [terrain]")
    kinds = ["open"] * g.size
    for patch in data.get("patches", []):
        pwhere = f"{where} terrain patch"
        source(patch, pwhere)
        kind = field(patch, "kind", str, pwhere)
        if kind not in costs:
            raise ComponentDataError(f"{pwhere}: terrain {kind!r} has no cost in this scenario")
        for value in field(patch, "hexes", list, pwhere):
            kinds[_hex(g, value, pwhere)] = kind
    leaders = field(data, "leaders", dict, where)
    names: list[str] = []
    values: list[int] = []
    for side_name in SIDES:
        lwhere = f"{where} leader of {side_name}"
        entry = field(leaders, side_name, dict, f"{where} leaders")
        source(entry, lwhere)
        names.append(field(entry, "name", str, lwhere))
        values.append(field(entry, "value", int, lwhere))
    counters: list[Counter] = []
    taken: set[int] = set()
    for number, group in enumerate(field(data, "groups", list, where)):
        gwhere = f"{where} group {number + 1}"
        source(group, gwhere)
        side = _side(field(group, "side", str, gwhere), gwhere)
        code = field(group, "type", str, gwhere)
        if code not in UNIT_TYPES:
            raise ComponentDataError(f"{gwhere}: unit type {code!r} does not exist")
        facing_name = field(group, "facing", str, gwhere)
        if facing_name not in DIRECTIONS:
            raise ComponentDataError(f"{gwhere}: facing must be one of {DIRECTIONS}")
        for value in field(group, "hexes", list, gwhere):
            hex_ = _hex(g, value, gwhere)
            if hex_ in taken or costs[kinds[hex_]] >= IMPASSABLE:
                raise ComponentDataError(f"{gwhere}: hex {value} is taken or impassable")
            taken.add(hex_)
            counters.append(Counter(side, code, hex_, DIRECTIONS.index(facing_name)))
    reduced = field(head, "reduced_romans", list, where)
    if any(code not in UNIT_TYPES for code in reduced):
        raise ComponentDataError(f"{where}: reduced_romans names an unknown unit type")
    return Scenario(
        id=scenario_id,
        title=field(head, "title", str, where),
        grid=g,
        turns=field(head, "turns", int, where),
        setup_first=_side(field(head, "setup_first", str, where), where),
        draw_winner=None if draw == "draw" else _side(draw, where),
        roman_elephant_box=field(head, "roman_elephant_box", bool, where),
        reduced_romans=frozenset(reduced),
        numidian_reserve=field(head, "numidian_reserve", bool, where),
        roman_exit_recovers=field(head, "roman_exit_recovers", bool, where),
        rout=(field(rout, "Rome", int, where), field(rout, "Carthage", int, where)),
        command_points=(field(points, "Rome", int, where), field(points, "Carthage", int, where)),
        leader_names=(names[0], names[1]),
        leader_values=(values[0], values[1]),
        kinds=tuple(kinds),
        costs=tuple(costs[k] for k in kinds),
        counters=tuple(counters),
    )
