"""The components of Total War Cards, loaded from ``data/*.toml`` and checked at import.

Everything here is immutable and shared by every state: army decks, the tech tree, the
territory deck, the scoring tables and the fixed numbers of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from carthago.core.data import field, load_toml, reference, source
from carthago.core.errors import ComponentDataError

PACKAGE: Final = "carthago.games.total_war_cards"
REGIONS: Final = ("Gaul", "Iberia", "Italia", "Africa")
GAUL: Final = 0
IBERIA: Final = 1
ITALIA: Final = 2
AFRICA: Final = 3
AFRICA_KINDS: Final = ("Merchant", "Trade Route")
TIERS: Final = 5


@dataclass(frozen=True, slots=True)
class Branch:
    """One branch of the tech tree and the special ability card tied to it."""

    index: int
    name: str
    ability: str
    doubles: int
    """The region whose score doubles for the holder of this branch's tier-five technology."""


@dataclass(frozen=True, slots=True)
class Technology:
    index: int
    name: str
    branch: int
    tier: int
    cost: int
    requires: tuple[int, ...]
    """Every technology that must be owned first: the tier below and the cross-branch links."""

    @property
    def bit(self) -> int:
        return 1 << self.index


@dataclass(frozen=True, slots=True)
class Territory:
    index: int
    region: int
    name: str
    number: int
    """Ships (Iberia) or road number (Italia); 0 elsewhere."""
    kind: str
    """``Merchant`` or ``Trade Route`` in Africa; empty elsewhere."""
    city: str
    """Which Merchant and Trade Route belong together (Africa)."""

    @property
    def label(self) -> str:
        if self.region == IBERIA:
            ships = "ship" if self.number == 1 else "ships"
            return f"Iberia {self.name} ({self.number} {ships})"
        if self.region == ITALIA:
            return f"Italia {self.name} (road {self.number})"
        return f"{REGIONS[self.region]} {self.name}"


@dataclass(frozen=True, slots=True)
class Rules:
    """The fixed numbers of the game (all from the rulebook)."""

    turns: int
    resting: int
    face_up: int
    face_down: int
    discards: int
    gaul_points: tuple[int, ...]
    italia_points: tuple[int, ...]
    africa_pair_points: int


def _load_army() -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    data = load_toml(PACKAGE, "army.toml")
    sides = data.get("side")
    if not isinstance(sides, list) or len(sides) != 2:
        raise ComponentDataError("army.toml: exactly two [[side]] entries are needed")
    names: list[str] = []
    decks: list[tuple[int, ...]] = []
    for number, entry in enumerate(sides):
        where = f"army.toml side {number + 1}"
        names.append(field(entry, "name", str, where))
        source(entry, where)
        values = field(entry, "values", list, where)
        if len(values) != 11 or not all(isinstance(v, int) and v >= 1 for v in values):
            raise ComponentDataError(f"{where}: values must be eleven whole numbers of 1 or more")
        decks.append(tuple(sorted(values)))
    return tuple(names), tuple(decks)


def _load_tech_tree() -> tuple[tuple[Branch, ...], tuple[Technology, ...]]:
    data = load_toml(PACKAGE, "technologies.toml")
    branches: list[Branch] = []
    for number, entry in enumerate(data.get("branch", [])):
        where = f"technologies.toml branch {number + 1}"
        source(entry, where)
        doubles = field(entry, "doubles", str, where)
        reference(doubles, set(REGIONS), "region", where)
        branches.append(
            Branch(
                number,
                field(entry, "name", str, where),
                field(entry, "ability", str, where),
                REGIONS.index(doubles),
            )
        )
    if len(branches) != 4 or sorted(b.doubles for b in branches) != [0, 1, 2, 3]:
        raise ComponentDataError("technologies.toml: four branches, each doubling another region")
    cost_entry = data.get("tier_cost")
    if not isinstance(cost_entry, dict):
        raise ComponentDataError("technologies.toml: [tier_cost] is missing")
    source(cost_entry, "technologies.toml [tier_cost]")
    costs = field(cost_entry, "costs", list, "technologies.toml [tier_cost]")
    if len(costs) != TIERS or not all(isinstance(c, int) and c >= 1 for c in costs):
        raise ComponentDataError("technologies.toml: tier_cost needs five positive costs")
    by_name = {b.name: b for b in branches}
    raw: list[dict[str, Any]] = data.get("technology", [])
    names = [str(entry.get("name")) for entry in raw]
    if len(set(names)) != len(names):
        raise ComponentDataError("technologies.toml: two technologies share a name")
    slots: dict[tuple[int, int], str] = {}
    for number, entry in enumerate(raw):
        where = f"technology {names[number]!r}"
        source(entry, where)
        branch = by_name[reference(field(entry, "branch", str, where), by_name, "branch", where)]
        tier = field(entry, "tier", int, where)
        if not 1 <= tier <= TIERS or (branch.index, tier) in slots:
            raise ComponentDataError(f"{where}: tier {tier} is out of range or taken")
        slots[(branch.index, tier)] = names[number]
    if len(slots) != 4 * TIERS:
        raise ComponentDataError("technologies.toml: every branch needs one technology per tier")
    technologies: list[Technology] = []
    for number, entry in enumerate(raw):
        where = f"technology {names[number]!r}"
        branch = by_name[entry["branch"]]
        tier = entry["tier"]
        requires = [slots[(branch.index, tier - 1)]] if tier > 1 else []
        for other in field(entry, "requires", list, where):
            other_name = reference(str(other), set(names), "prerequisite", where)
            if by_name[raw[names.index(other_name)]["branch"]] is branch:
                raise ComponentDataError(f"{where}: prerequisite {other_name!r} is own-branch")
            if raw[names.index(other_name)]["tier"] >= tier:
                raise ComponentDataError(f"{where}: prerequisite {other_name!r} is not lower")
            requires.append(other_name)
        technologies.append(
            Technology(
                number,
                names[number],
                branch.index,
                tier,
                costs[tier - 1],
                tuple(sorted(names.index(n) for n in requires)),
            )
        )
    return tuple(branches), tuple(technologies)


def _load_territories() -> tuple[Territory, ...]:
    data = load_toml(PACKAGE, "territories.toml")
    cards: list[Territory] = []
    for number, entry in enumerate(data.get("territory", [])):
        where = f"territories.toml card {number + 1}"
        source(entry, where)
        region = REGIONS.index(
            reference(field(entry, "region", str, where), set(REGIONS), "region", where)
        )
        value = entry.get("number", 0)
        kind = str(entry.get("kind", ""))
        city = str(entry.get("city", ""))
        if region in (IBERIA, ITALIA) and not (isinstance(value, int) and 1 <= value <= 8):
            raise ComponentDataError(f"{where}: Iberia and Italia cards need a number 1-8")
        if region == AFRICA and (kind not in AFRICA_KINDS or not city):
            raise ComponentDataError(f"{where}: an Africa card needs a kind and a city")
        cards.append(Territory(number, region, field(entry, "name", str, where), value, kind, city))
    if len(cards) != 32 or any(sum(c.region == r for c in cards) != 8 for r in range(4)):
        raise ComponentDataError("territories.toml: 32 cards, eight in each region")
    if len({c.label for c in cards}) != len(cards):
        raise ComponentDataError("territories.toml: two cards share a name")
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class RegionLook:
    """How a region's cards look on the table, and its scoring in words."""

    colour: str
    icon: str
    value: str
    """What the card's own value is (ships, a road number...)."""
    scoring: str


@dataclass(frozen=True, slots=True)
class Explanations:
    """What each component does, in words (``data/explanations.toml``)."""

    army: str
    regions: tuple[RegionLook, ...]
    """In the order of ``REGIONS``."""
    abilities: tuple[str, ...]
    """Each branch's special ability card, in the order of ``BRANCHES``."""
    meanings: tuple[str, ...]
    """Each technology's name in English, in the order of ``TECHNOLOGIES``."""


def _named_texts(
    entries: list[dict[str, Any]], names: list[str], keys: tuple[str, ...], table: str
) -> list[tuple[str, ...]]:
    """One entry per name, in the order of ``names``: the entry's ``keys``, all text."""
    found: dict[str, tuple[str, ...]] = {}
    for entry in entries:
        where = f"explanations.toml {table} {entry.get('name')!r}"
        name = reference(field(entry, "name", str, where), set(names), table, where)
        source(entry, where)
        if name in found:
            raise ComponentDataError(f"{where}: explained twice")
        found[name] = tuple(field(entry, key, str, where) for key in keys)
    missing = [name for name in names if name not in found]
    if missing:
        raise ComponentDataError(f"explanations.toml: {table} {missing[0]!r} is not explained")
    return [found[name] for name in names]


def _load_explanations() -> Explanations:
    data = load_toml(PACKAGE, "explanations.toml")
    army = data.get("army")
    if not isinstance(army, dict):
        raise ComponentDataError("explanations.toml: [army] is missing")
    source(army, "explanations.toml [army]")
    regions = _named_texts(
        data.get("region", []), list(REGIONS), ("colour", "icon", "value", "scoring"), "region"
    )
    abilities = _named_texts(
        data.get("branch", []), [b.name for b in BRANCHES], ("effect",), "branch"
    )
    meanings = _named_texts(
        data.get("technology", []), [t.name for t in TECHNOLOGIES], ("meaning",), "technology"
    )
    return Explanations(
        army=field(army, "text", str, "explanations.toml [army]"),
        regions=tuple(RegionLook(*look) for look in regions),
        abilities=tuple(effect for (effect,) in abilities),
        meanings=tuple(meaning for (meaning,) in meanings),
    )


def _load_rules() -> Rules:
    data = load_toml(PACKAGE, "scoring.toml")
    for table in ("gaul", "italia", "iberia", "africa", "game"):
        if not isinstance(data.get(table), dict):
            raise ComponentDataError(f"scoring.toml: [{table}] is missing")
        source(data[table], f"scoring.toml [{table}]")
    gaul = field(data["gaul"], "points", list, "scoring.toml [gaul]")
    italia = field(data["italia"], "points", list, "scoring.toml [italia]")
    if len(gaul) != 9 or len(italia) != 9:
        raise ComponentDataError("scoring.toml: the Gaul and Italia tables need nine entries")
    game = data["game"]
    where = "scoring.toml [game]"
    return Rules(
        turns=field(game, "turns", int, where),
        resting=field(game, "hand_resting", int, where),
        face_up=field(game, "territories_face_up", int, where),
        face_down=field(game, "territories_face_down", int, where),
        discards=field(game, "setup_discards", int, where),
        gaul_points=tuple(gaul),
        italia_points=tuple(italia),
        africa_pair_points=field(data["africa"], "pair_points", int, "scoring.toml [africa]"),
    )


SIDES, DECKS = _load_army()
BRANCHES, TECHNOLOGIES = _load_tech_tree()
TERRITORIES: Final = _load_territories()
RULES: Final = _load_rules()
EXPLANATIONS: Final = _load_explanations()
DEAL: Final = RULES.face_up + RULES.face_down
if RULES.face_down != 1:
    # The state keeps one face-down territory per deal (the rulebook's number).
    raise ComponentDataError("scoring.toml: exactly one territory is dealt face down")
if RULES.discards + RULES.turns * DEAL != len(TERRITORIES):
    raise ComponentDataError("the territory deck does not last exactly six deals")

VALUES: Final[tuple[int, ...]] = tuple(sorted({v for deck in DECKS for v in deck}))
"""Every distinct army card value; actions name a card by its value's place here."""
VALUE_INDEX: Final = {value: number for number, value in enumerate(VALUES)}
HAND_SIZE: Final = len(DECKS[0]) - RULES.resting
MAX_IN_PLAY: Final = RULES.turns * DEAL
"""Undecided territories stay in play, so at most every dealt card is in play at once."""
HUMANITAS, CLASSIARIUS, INSTRUMENTA_BELLA, ARS_MILITARIS = (
    next(b.index for b in BRANCHES if b.name == name)
    for name in ("HUMANITAS", "CLASSIARIUS", "INSTRUMENTA BELLA", "ARS MILITARIS")
)
