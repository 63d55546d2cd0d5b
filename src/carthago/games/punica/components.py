"""The Punica components: the board of each edition and the 14 cards, loaded from data.

``data/map.toml`` and ``data/cards.toml`` hold the reconstructed map and cards (docs/punica.md
argues every entry). Everything is validated once at import, so a wrong edit of the data fails
loudly with the entry named, and the rules code can trust the tables it reads.

Areas are numbered regions first (0-10, in file order), then the seas of the edition (11-18 in
``en``, 11-19 in ``pl``). The numbers are the same in both editions for every region and for
the seas before the first edition-specific one, and they are what the action encoding uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from carthago.core.data import field, load_toml, reference, source
from carthago.core.errors import ComponentDataError

ROME: Final = 0
CARTHAGE: Final = 1
SIDES: Final = ("Rome", "Carthage")
EDITIONS: Final = ("en", "pl")
NUM_REGIONS: Final = 11
REGION_BITS: Final = (1 << NUM_REGIONS) - 1
"""Every region, as a bit set of areas (bit ``a``: area ``a``)."""
NUM_ISLANDS: Final = 3
SEAS_PER_EDITION: Final = {"en": 8, "pl": 9}
MAX_AREAS: Final = NUM_REGIONS + max(SEAS_PER_EDITION.values())
CARDS_PER_SIDE: Final = 7
INFLUENCE_PER_SIDE: Final = 4
"""Own areas of influence per side, Sicily (shared) not counted (punica-en.txt "Areas of
influence")."""
_PACKAGE: Final = "carthago.games.punica"


@dataclass(frozen=True, slots=True)
class Area:
    """A region or sea of the board, with where to draw it."""

    index: int
    id: str
    name: str
    is_sea: bool
    island: bool
    capital_of: int
    """The side whose Capital this is, or -1."""
    influence: tuple[int, ...]
    """The sides whose area-of-influence symbol the region carries (Sicily: both)."""
    fleet_symbol: int
    """The side whose printed Fleet symbol the sea carries, or -1."""
    x: int
    y: int
    shape: str
    radius: int
    source: str


@dataclass(frozen=True, slots=True)
class SetupSpot:
    """A numbered setup icon of the board (punica-en.txt "Setup")."""

    spot: int
    side: int
    area: int
    armies: int
    hannibal: bool
    fleets: int


@dataclass(frozen=True, slots=True)
class Card:
    """One card: strength in battle, action effect (movements), battle symbol or not."""

    side: int
    index: int
    """Position 0-6 within its side's deck: what the action encoding names."""
    name: str
    strength: int
    army_moves: int
    fleet_moves: int
    battle_symbol: bool
    source: str

    def effect_text(self) -> str:
        """The effect in words, e.g. ``'1 fleet + 1 army movement'``."""
        parts = []
        if self.fleet_moves:
            parts.append(f"{self.fleet_moves} fleet")
        if self.army_moves:
            parts.append(f"{self.army_moves} army")
        moves = " + ".join(parts) or "no"
        plural = "s" if self.fleet_moves + self.army_moves > 1 else ""
        return f"{moves} movement{plural}"


@dataclass(frozen=True, slots=True)
class Box:
    """What the box holds per side (punica-en.txt "Components")."""

    armies: tuple[int, int]
    hannibal: tuple[int, int]
    fleets: tuple[int, int]


@dataclass(frozen=True)
class Board:
    """The board of one edition, with every adjacency precomputed as tuples of area indices."""

    edition: str
    areas: tuple[Area, ...]
    land_neighbours: tuple[tuple[int, ...], ...]
    """Per area: adjacent regions (empty for seas and islands)."""
    coast_seas: tuple[tuple[int, ...], ...]
    """Per area: for a region the seas it touches, for a sea the seas it borders."""
    coast_regions: tuple[tuple[int, ...], ...]
    """Per area: for a sea the regions it touches (empty for regions)."""
    land_mask: tuple[int, ...]
    """Per area: ``land_neighbours`` as a bit set of regions (bit ``r`` for region ``r``)."""
    shore_mask: tuple[int, ...]
    """Per area: ``coast_regions`` as a bit set of regions."""
    capital: tuple[int, int]
    symbol_sea: tuple[int, int]
    """Per side: the sea holding its printed Fleet symbol."""
    influence: tuple[tuple[int, ...], tuple[int, ...]]
    """Per side: its five areas of influence (its four and Sicily)."""
    setup: tuple[SetupSpot, ...]
    box: Box
    by_id: dict[str, int]

    @property
    def num_areas(self) -> int:
        return len(self.areas)

    @property
    def seas(self) -> range:
        """The sea areas. The movement loops spell ``range(NUM_REGIONS, num_areas)`` out
        instead: compiled, only a ``for`` over a literal ``range(...)`` becomes a C loop."""
        return range(NUM_REGIONS, len(self.areas))

    def is_sea(self, area: int) -> bool:
        return area >= NUM_REGIONS


def _side(value: str, where: str) -> int:
    if value not in SIDES:
        raise ComponentDataError(f"{where}: side must be one of {SIDES}, not {value!r}")
    return SIDES.index(value)


def _ids(entry: dict[str, Any], key: str, where: str) -> list[str]:
    values = field(entry, key, list, where)
    if not all(isinstance(v, str) for v in values):
        raise ComponentDataError(f"{where}: field {key!r} must list area ids")
    return values


def _per_side(entry: dict[str, Any], key: str, where: str) -> tuple[int, int]:
    table = field(entry, key, dict, where)
    counts = tuple(field(table, side, int, f"{where}.{key}") for side in SIDES)
    return counts[0], counts[1]


def _mask(regions: set[int]) -> int:
    return sum(1 << r for r in regions)


def _board(data: dict[str, Any], edition: str) -> Board:
    regions = field(data, "regions", list, "map.toml")
    seas = [
        s
        for s in field(data, "seas", list, "map.toml")
        if edition in _ids(s, "editions", f"sea {s.get('id')!r}")
    ]
    if len(regions) != NUM_REGIONS:
        raise ComponentDataError(f"map.toml: {len(regions)} regions, the rulebook has 11")
    if len(seas) != SEAS_PER_EDITION[edition]:
        raise ComponentDataError(
            f"map.toml: {len(seas)} seas in edition {edition!r}, the rulebook has "
            f"{SEAS_PER_EDITION[edition]}"
        )
    entries = [*regions, *seas]
    by_id: dict[str, int] = {}
    for index, entry in enumerate(entries):
        area_id = field(entry, "id", str, f"area #{index}")
        if area_id in by_id:
            raise ComponentDataError(f"map.toml: area id {area_id!r} appears twice")
        by_id[area_id] = index

    def edition_field(entry: dict[str, Any], key: str, where: str) -> list[str]:
        specific = f"{key}_{edition}"
        ids = _ids(entry, specific if specific in entry else key, where)
        return [reference(i, by_id, "area", where) for i in ids]

    land: list[set[int]] = [set() for _ in entries]
    coast: list[set[int]] = [set() for _ in entries]
    shore: list[set[int]] = [set() for _ in entries]
    areas = []
    for index, entry in enumerate(entries):
        is_sea = index >= NUM_REGIONS
        where = f"{'sea' if is_sea else 'region'} {entry['id']!r}"
        capital = entry.get("capital")
        symbol = entry.get("fleet_symbol")
        influence_names = [] if is_sea else _ids(entry, "influence", where)
        influence = tuple(_side(name, where) for name in influence_names)
        areas.append(
            Area(
                index=index,
                id=entry["id"],
                name=field(entry, "name", str, where),
                is_sea=is_sea,
                island=False if is_sea else field(entry, "island", bool, where),
                capital_of=-1 if capital is None else _side(capital, where),
                influence=influence,
                fleet_symbol=-1 if symbol is None else _side(symbol, where),
                x=field(entry, "x", int, where),
                y=field(entry, "y", int, where),
                shape=field(entry, "shape", str, where),
                radius=field(entry, "radius", int, where),
                source=source(entry, where),
            )
        )
        if is_sea:
            for region_id in edition_field(entry, "coasts", where):
                region = by_id[region_id]
                if region >= NUM_REGIONS:
                    raise ComponentDataError(f"{where}: coast {region_id!r} is not a region")
                shore[index].add(region)
                coast[region].add(index)
            for sea_id in edition_field(entry, "neighbours", where):
                sea = by_id[sea_id]
                if sea < NUM_REGIONS or sea == index:
                    raise ComponentDataError(f"{where}: neighbour {sea_id!r} is not another sea")
                coast[index].add(sea)
    for border in field(data, "borders", list, "map.toml"):
        where = f"border {border.get('between')!r}"
        source(border, where)
        pair = [by_id[reference(i, by_id, "region", where)] for i in _ids(border, "between", where)]
        if len(pair) != 2 or pair[0] == pair[1] or max(pair) >= NUM_REGIONS:
            raise ComponentDataError(f"{where}: a border joins two different regions")
        land[pair[0]].add(pair[1])
        land[pair[1]].add(pair[0])

    for sea in range(NUM_REGIONS, len(entries)):
        for other in coast[sea]:
            if sea not in coast[other]:
                raise ComponentDataError(
                    f"map.toml ({edition}): sea {entries[sea]['id']!r} lists "
                    f"{entries[other]['id']!r} as a neighbour but not the other way round"
                )
        if not shore[sea]:
            raise ComponentDataError(f"map.toml: sea {entries[sea]['id']!r} touches no region")
    islands = [a for a in areas[:NUM_REGIONS] if a.island]
    if len(islands) != NUM_ISLANDS:
        raise ComponentDataError(f"map.toml: {len(islands)} islands, the rulebook has 3")
    for island in islands:
        if land[island.index]:
            raise ComponentDataError(f"map.toml: island {island.id!r} has a land border")
    for region in range(NUM_REGIONS):
        if not coast[region] and not land[region]:
            raise ComponentDataError(f"map.toml: region {areas[region].id!r} is cut off")

    capitals = []
    symbols = []
    influence_sets = []
    for side, side_name in enumerate(SIDES):
        own = [a for a in areas if a.capital_of == side]
        if len(own) != 1:
            raise ComponentDataError(f"map.toml: {side_name} must have exactly one Capital")
        capitals.append(own[0].index)
        marked = [a.index for a in areas if side in a.influence]
        shared = [a for a in marked if len(areas[a].influence) == 2]
        if len(marked) != INFLUENCE_PER_SIDE + 1 or len(shared) != 1:
            raise ComponentDataError(
                f"map.toml: {side_name} needs 4 areas of influence plus the shared Sicily"
            )
        influence_sets.append(tuple(marked))
        # The rulebook puts a Fleet symbol on exactly the seas next to a Capital.
        next_to_capital = sorted(coast[own[0].index])
        printed = sorted(a.index for a in areas if a.fleet_symbol == side)
        if printed != next_to_capital or len(printed) != 1:
            raise ComponentDataError(
                f"map.toml ({edition}): {side_name}'s Fleet symbol must be on the one sea "
                f"next to its Capital"
            )
        symbols.append(printed[0])

    box_entry = field(data, "box", dict, "map.toml")
    source(box_entry, "box")
    box = Box(
        armies=_per_side(box_entry, "armies", "box"),
        hannibal=_per_side(box_entry, "hannibal", "box"),
        fleets=_per_side(box_entry, "fleets", "box"),
    )
    setup: list[SetupSpot] = []
    for entry in field(data, "setup", list, "map.toml"):
        where = f"setup spot {entry.get('spot')!r}"
        source(entry, where)
        printed_on = _ids(entry, "editions", where) if "editions" in entry else EDITIONS
        if not set(printed_on) <= set(EDITIONS):
            raise ComponentDataError(f"{where}: editions must be among {EDITIONS}")
        if edition not in printed_on:
            continue
        area = by_id[reference(field(entry, "area", str, where), by_id, "area", where)]
        spot = SetupSpot(
            spot=field(entry, "spot", int, where),
            side=_side(field(entry, "side", str, where), where),
            area=area,
            armies=int(entry.get("armies", 0)),
            hannibal=bool(entry.get("hannibal", False)),
            fleets=int(entry.get("fleets", 0)),
        )
        if (spot.armies or spot.hannibal) and area >= NUM_REGIONS:
            raise ComponentDataError(f"{where}: armies start in a region")
        if spot.fleets and area < NUM_REGIONS:
            raise ComponentDataError(f"{where}: fleets start on a sea")
        if any(s.spot == spot.spot for s in setup):
            raise ComponentDataError(f"map.toml ({edition}): {where} appears twice")
        setup.append(spot)
    for side, side_name in enumerate(SIDES):
        placed = [s for s in setup if s.side == side]
        if sum(s.armies for s in placed) != box.armies[side]:
            raise ComponentDataError(f"map.toml: {side_name}'s setup does not place every army")
        if sum(s.hannibal for s in placed) != box.hannibal[side]:
            raise ComponentDataError(f"map.toml: {side_name}'s setup misplaces Hannibal")
        if sum(s.fleets for s in placed) != box.fleets[side]:
            raise ComponentDataError(f"map.toml: {side_name}'s setup does not place every fleet")

    return Board(
        edition=edition,
        areas=tuple(areas),
        land_neighbours=tuple(tuple(sorted(s)) for s in land),
        coast_seas=tuple(tuple(sorted(s)) for s in coast),
        coast_regions=tuple(tuple(sorted(s)) for s in shore),
        land_mask=tuple(_mask(s) for s in land),
        shore_mask=tuple(_mask(s) for s in shore),
        capital=(capitals[0], capitals[1]),
        symbol_sea=(symbols[0], symbols[1]),
        influence=(influence_sets[0], influence_sets[1]),
        setup=tuple(setup),
        box=box,
        by_id=by_id,
    )


def _cards(data: dict[str, Any]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    decks: list[list[Card]] = [[], []]
    names: set[str] = set()
    for entry in field(data, "cards", list, "cards.toml"):
        where = f"card {entry.get('name')!r}"
        side = _side(field(entry, "side", str, where), where)
        name = field(entry, "name", str, where)
        if name.casefold() in names:
            raise ComponentDataError(f"{where}: two cards share this name")
        names.add(name.casefold())
        card = Card(
            side=side,
            index=len(decks[side]),
            name=name,
            strength=field(entry, "strength", int, where),
            army_moves=field(entry, "army_moves", int, where),
            fleet_moves=field(entry, "fleet_moves", int, where),
            battle_symbol=field(entry, "battle_symbol", bool, where),
            source=source(entry, where),
        )
        if min(card.strength, card.army_moves, card.fleet_moves) < 0:
            raise ComponentDataError(f"{where}: strength and movements are never negative")
        decks[side].append(card)
    for side, deck in enumerate(decks):
        if len(deck) != CARDS_PER_SIDE:
            raise ComponentDataError(f"cards.toml: {SIDES[side]} has {len(deck)} cards, not 7")
    return tuple(decks[0]), tuple(decks[1])


_MAP: Final = load_toml(_PACKAGE, "map.toml")
BOARDS: Final[dict[str, Board]] = {edition: _board(_MAP, edition) for edition in EDITIONS}
CARDS: Final[tuple[tuple[Card, ...], tuple[Card, ...]]] = _cards(load_toml(_PACKAGE, "cards.toml"))
MAX_CARD_MOVES: Final = max(c.army_moves + c.fleet_moves for deck in CARDS for c in deck)
MAX_BATTLE_MOVES: Final = max(
    (c.army_moves + c.fleet_moves for deck in CARDS for c in deck if c.battle_symbol), default=0
)
