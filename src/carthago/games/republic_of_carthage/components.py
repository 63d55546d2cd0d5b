"""The components of The Republic of Carthage as data: loaded from ``data/*.toml`` and validated.

Every check names the file, the entry and the field, so a player correcting a reconstructed card
from the printed game sees at once what is wrong. ``load_components`` takes the parsed files so
tests can feed it broken data; ``COMPONENTS`` is the validated set the game uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from carthago.core.data import field, load_toml, reference, source
from carthago.core.errors import ComponentDataError

PACKAGE = "carthago.games.republic_of_carthage"
FILES = (
    "senators",
    "statesmen",
    "wars",
    "hand_cards",
    "provinces",
    "offices",
    "trade",
    "tables",
    "table_events",
)
DECKS = (1, 2)
HAND_KINDS = ("intrigue", "concession", "event", "law")
MAKE_UP = {
    1: {
        "senator": 20,
        "intrigue": 14,
        "war": 9,
        "event": 7,
        "statesman": 5,
        "law": 4,
        "exploration": 3,
        "leader": 2,
    },
    2: {"intrigue": 34, "war": 7, "event": 6, "statesman": 5, "senator": 5, "law": 5, "leader": 2},
}
"""The published deck make-up (rules §2); Trade Concessions count among the Intrigues and the
Conquest of Tunisia, set aside at set-up, among the Early Republic Wars."""
_DICE = re.compile(r"^(dr|DR)([+-]\d+)?$")


@dataclass(frozen=True, slots=True)
class Senator:
    """A Family card: ``id`` is its number on the Mortality chits."""

    id: int
    name: str
    mil: int
    ora: int
    exp: int
    loy: int
    inf: int
    deck: int
    source: str


@dataclass(frozen=True, slots=True)
class Statesman:
    """A Statesman, e.g. Hannibal Mago [2A] of the Mago family [2]."""

    id: str
    family: int
    name: str
    mil: int
    ora: int
    exp: int
    loy: int
    inf: int
    deck: int
    century: str
    special: str
    zero_loyalty_of: tuple[int, ...]
    favoured_wars: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class War:
    """A War or Revolt card; ``family`` and ``number`` define matching wars."""

    id: str
    name: str
    dates: str
    deck: int
    kind: str
    family: str
    number: int
    status: str
    land: int
    fleet_support: int
    naval: int
    disaster: int
    standoff: int
    appear_removes_trade: tuple[int, ...]
    appear_deserts: tuple[str, ...]
    appear_pool: tuple[tuple[str, int], ...]
    victory_treasury: int
    victory_pool: tuple[tuple[str, int], ...]
    provinces: tuple[str, ...]
    leaders: tuple[str, ...]
    loss_effect: str
    source: str


@dataclass(frozen=True, slots=True)
class Leader:
    """An Enemy Leader; he activates and strengthens wars of his ``family``."""

    id: str
    name: str
    deck: int
    family: str
    strength: int
    disaster: int
    standoff: int
    source: str


@dataclass(frozen=True, slots=True)
class Exploration:
    """An Exploration card: the Caravans and Trade Fleets it needs, its Disaster number."""

    id: str
    name: str
    dates: str
    deck: int
    caravans: int
    fleets: int
    disaster: int
    areas: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class HandCard:
    """An Intrigue, Trade Concession, Event or Law; ``copies`` per deck (1 or 2)."""

    id: str
    kind: str
    name: str
    effect: str
    text: str
    copies: tuple[tuple[int, int], ...]
    stack: int
    cards: int
    source: str


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression of a Province card: ``dice`` six-sided dice plus ``modifier``.

    >>> parse_dice("dr-5", "x")
    Dice(dice=1, modifier=-5)
    """

    dice: int
    modifier: int

    def __str__(self) -> str:
        base = "dr" if self.dice == 1 else "DR"
        return base if self.modifier == 0 else f"{base}{self.modifier:+d}"


@dataclass(frozen=True, slots=True)
class ProvinceSide:
    state: Dice
    personal: Dice


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    term: int
    undeveloped: ProvinceSide
    developed: ProvinceSide
    source: str


@dataclass(frozen=True, slots=True)
class Office:
    id: str
    name: str
    committee: bool
    rank: int
    start_term: int
    income: int
    income_per_fleets: int
    per_trade_cards: int
    source: str


@dataclass(frozen=True, slots=True)
class Commodity:
    """A kind of Trade card; ``value`` is its stack number."""

    index: int
    name: str
    stack: int
    count: int

    @property
    def value(self) -> int:
        return self.stack


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    cards: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    name: str
    cost: int
    total: int
    active_at_start: int
    pool_at_start: int
    wars: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a table read by total: the first row from the top whose ``low`` is reached."""

    low: int
    result: str
    losses: tuple[int, ...] | str
    influence: int
    popularity: int
    text: str


@dataclass(frozen=True, slots=True)
class TableEvent:
    id: str
    name: str
    text: str
    repeat: str
    source: str


@dataclass(frozen=True, slots=True)
class CardRef:
    """One physical card of the Early or Late Republic deck; the deck holds indices of these."""

    kind: str
    id: str
    deck: int


@dataclass(frozen=True, slots=True)
class Components:
    """Every component of the game, cross-checked."""

    senators: dict[int, Senator]
    statesmen: dict[str, Statesman]
    wars: dict[str, War]
    leaders: dict[str, Leader]
    explorations: dict[str, Exploration]
    hand_cards: dict[str, HandCard]
    provinces: dict[str, Province]
    offices: dict[str, Office]
    commodities: tuple[Commodity, ...]
    stack_removed: tuple[int, ...]
    areas: dict[str, Area]
    units: dict[str, Unit]
    mortality: tuple[int, int, int]
    contributions: tuple[tuple[int, int], ...]
    combat: tuple[TableRow, ...]
    popular_appeal: tuple[int, int, dict[int, int]]
    exploration_table: tuple[TableRow, ...]
    public_reaction: tuple[TableRow, ...]
    table_events: dict[str, TableEvent]
    random_events: dict[int, tuple[str, ...]]
    cards: tuple[CardRef, ...]

    def commodity(self, name: str) -> Commodity:
        for commodity in self.commodities:
            if commodity.name == name:
                return commodity
        raise KeyError(name)


def parse_dice(text: str, where: str) -> Dice:
    """``"dr"``, ``"DR+2"``, ``"dr-5"`` → Dice; a clear error for anything else."""
    match = _DICE.match(text.replace(" ", ""))
    if not match:
        raise ComponentDataError(f"{where}: {text!r} is not a dice expression like 'dr-5'")
    return Dice(1 if match.group(1) == "dr" else 2, int(match.group(2) or 0))


def _entries(data: dict[str, Any], key: str, filename: str) -> list[dict[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not entries:
        raise ComponentDataError(f"{filename}.toml: no [[{key}]] entries")
    return entries


def _unique(ids: list[Any], what: str) -> None:
    seen: set[Any] = set()
    for ident in ids:
        if ident in seen:
            raise ComponentDataError(f"{what}: duplicate id {ident!r}")
        seen.add(ident)


def _deck(entry: dict[str, Any], where: str, allowed: tuple[int, ...] = DECKS) -> int:
    deck = field(entry, "deck", int, where)
    if deck not in allowed:
        raise ComponentDataError(f"{where}: deck must be one of {allowed}, not {deck}")
    return deck


def _stat(entry: dict[str, Any], key: str, where: str, low: int = 0, high: int = 30) -> int:
    value = field(entry, key, int, where)
    if not low <= value <= high:
        raise ComponentDataError(f"{where}: {key} must be {low}..{high}, not {value}")
    return value


def _str_list(entry: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    values = field(entry, key, list, where)
    if not all(isinstance(v, str) for v in values):
        raise ComponentDataError(f"{where}: {key} must be a list of strings")
    return tuple(values)


def _int_list(entry: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
    values = field(entry, key, list, where)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ComponentDataError(f"{where}: {key} must be a list of whole numbers")
    return tuple(values)


def _unit_counts(entry: dict[str, Any], key: str, where: str) -> tuple[tuple[str, int], ...]:
    table = field(entry, key, dict, where)
    for name, count in table.items():
        if not isinstance(count, int) or count <= 0:
            raise ComponentDataError(f"{where}: {key}.{name} must be a positive number")
    return tuple(sorted(table.items()))


def _senators(data: dict[str, Any]) -> dict[int, Senator]:
    senators: dict[int, Senator] = {}
    for entry in _entries(data, "senator", "senators"):
        where = f"senators.toml senator {entry.get('id', '?')!r}"
        ident = field(entry, "id", int, where)
        if ident <= 0:
            raise ComponentDataError(f"{where}: a Senator id is a positive number")
        if ident in senators:
            raise ComponentDataError(f"senators.toml: duplicate id {ident!r}")
        senators[ident] = Senator(
            ident,
            field(entry, "name", str, where),
            _stat(entry, "mil", where, 0, 9),
            _stat(entry, "ora", where, 0, 9),
            _stat(entry, "exp", where, 0, 9),
            _stat(entry, "loy", where, 0, 20),
            _stat(entry, "inf", where, 0, 30),
            _deck(entry, where),
            source(entry, where),
        )
    return senators


def _statesmen(data: dict[str, Any], senators: dict[int, Senator]) -> dict[str, Statesman]:
    statesmen: dict[str, Statesman] = {}
    for entry in _entries(data, "statesman", "statesmen"):
        where = f"statesmen.toml statesman {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        family = field(entry, "family", int, where)
        if family not in senators:
            raise ComponentDataError(f"{where}: family {family!r} does not exist")
        if not re.fullmatch(rf"{family}[A-Z]", ident):
            raise ComponentDataError(
                f"{where}: a Statesman id is his family number and a letter, like '{family}A'"
            )
        if ident in statesmen:
            raise ComponentDataError(f"statesmen.toml: duplicate id {ident!r}")
        zero = _int_list(entry, "zero_loyalty_of", where)
        for other in zero:
            reference(str(other), {str(s) for s in senators}, "family", where)
        statesmen[ident] = Statesman(
            ident,
            family,
            field(entry, "name", str, where),
            _stat(entry, "mil", where, 0, 9),
            _stat(entry, "ora", where, 0, 9),
            _stat(entry, "exp", where, 0, 9),
            _stat(entry, "loy", where, 0, 20),
            _stat(entry, "inf", where, 0, 30),
            _deck(entry, where),
            field(entry, "century", str, where),
            field(entry, "special", str, where),
            zero,
            _str_list(entry, "favoured_wars", where),
            source(entry, where),
        )
    return statesmen


def _wars(data: dict[str, Any]) -> tuple[dict[str, War], dict[str, Leader], dict[str, Exploration]]:
    wars: dict[str, War] = {}
    for entry in _entries(data, "war", "wars"):
        where = f"wars.toml war {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in wars:
            raise ComponentDataError(f"wars.toml: duplicate id {ident!r}")
        kind = field(entry, "kind", str, where)
        status = field(entry, "status", str, where)
        if kind not in ("war", "revolt"):
            raise ComponentDataError(f"{where}: kind must be 'war' or 'revolt', not {kind!r}")
        if status not in ("active", "inactive"):
            raise ComponentDataError(f"{where}: status must be 'active' or 'inactive'")
        removes = _int_list(entry, "appear_removes_trade", where)
        for stack in removes:
            if not 1 <= stack <= 9:
                raise ComponentDataError(f"{where}: there is no trade stack {stack}")
        wars[ident] = War(
            ident,
            field(entry, "name", str, where),
            field(entry, "dates", str, where),
            _deck(entry, where, (0, *DECKS)),
            kind,
            field(entry, "family", str, where),
            _stat(entry, "number", where, 1, 9),
            status,
            _stat(entry, "land", where, 0, 40),
            _stat(entry, "fleet_support", where, 0, 40),
            _stat(entry, "naval", where, 0, 40),
            _stat(entry, "disaster", where, 3, 18),
            _stat(entry, "standoff", where, 3, 18),
            removes,
            _str_list(entry, "appear_deserts", where),
            _unit_counts(entry, "appear_pool", where),
            _stat(entry, "victory_treasury", where, 0, 200),
            _unit_counts(entry, "victory_pool", where),
            _str_list(entry, "provinces", where),
            _str_list(entry, "leaders", where),
            field(entry, "loss_effect", str, where),
            source(entry, where),
        )
    leaders: dict[str, Leader] = {}
    for entry in _entries(data, "leader", "wars"):
        where = f"wars.toml leader {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in leaders:
            raise ComponentDataError(f"wars.toml: duplicate leader id {ident!r}")
        family = field(entry, "family", str, where)
        if not any(war.family == family for war in wars.values()):
            raise ComponentDataError(f"{where}: no war of family {family!r} for this leader")
        leaders[ident] = Leader(
            ident,
            field(entry, "name", str, where),
            _deck(entry, where),
            family,
            _stat(entry, "strength", where, 0, 20),
            _stat(entry, "disaster", where, 3, 18),
            _stat(entry, "standoff", where, 3, 18),
            source(entry, where),
        )
    explorations: dict[str, Exploration] = {}
    for entry in _entries(data, "exploration", "wars"):
        where = f"wars.toml exploration {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in explorations:
            raise ComponentDataError(f"wars.toml: duplicate exploration id {ident!r}")
        explorations[ident] = Exploration(
            ident,
            field(entry, "name", str, where),
            field(entry, "dates", str, where),
            _deck(entry, where),
            _stat(entry, "caravans", where, 0, 200),
            _stat(entry, "fleets", where, 0, 200),
            _stat(entry, "disaster", where, 3, 18),
            _str_list(entry, "areas", where),
            source(entry, where),
        )
    return wars, leaders, explorations


def _hand_cards(data: dict[str, Any]) -> dict[str, HandCard]:
    cards: dict[str, HandCard] = {}
    for kind in HAND_KINDS:
        for entry in _entries(data, kind, "hand_cards"):
            where = f"hand_cards.toml {kind} {entry.get('id', '?')!r}"
            ident = field(entry, "id", str, where)
            if ident in cards:
                raise ComponentDataError(f"hand_cards.toml: duplicate id {ident!r}")
            copies_table = field(entry, "copies", dict, where)
            copies: list[tuple[int, int]] = []
            for deck_text, count in copies_table.items():
                if deck_text not in ("1", "2") or not isinstance(count, int) or count <= 0:
                    raise ComponentDataError(
                        f"{where}: copies maps deck 1 or 2 to a positive number, "
                        f"not {deck_text}={count!r}"
                    )
                copies.append((int(deck_text), count))
            if kind == "concession":
                stack = _stat(entry, "stack", where, 1, 9)
                count = _stat(entry, "cards", where, 1, 9)
                effect, text = "concession", f"Draw {count} extra card(s) from stack {stack}."
            else:
                stack, count = 0, 0
                effect, text = field(entry, "effect", str, where), field(entry, "text", str, where)
            cards[ident] = HandCard(
                ident,
                kind,
                field(entry, "name", str, where),
                effect,
                text,
                tuple(sorted(copies)),
                stack,
                count,
                source(entry, where),
            )
    return cards


def _provinces(data: dict[str, Any]) -> dict[str, Province]:
    provinces: dict[str, Province] = {}
    for entry in _entries(data, "province", "provinces"):
        where = f"provinces.toml province {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in provinces:
            raise ComponentDataError(f"provinces.toml: duplicate id {ident!r}")
        sides = []
        for side in ("undeveloped", "developed"):
            table = field(entry, side, dict, where)
            sides.append(
                ProvinceSide(
                    parse_dice(field(table, "state", str, f"{where} {side}"), f"{where} {side}"),
                    parse_dice(field(table, "personal", str, f"{where} {side}"), f"{where} {side}"),
                )
            )
        provinces[ident] = Province(
            ident,
            field(entry, "name", str, where),
            _stat(entry, "term", where, 1, 9),
            sides[0],
            sides[1],
            source(entry, where),
        )
    return provinces


def _offices(data: dict[str, Any]) -> dict[str, Office]:
    offices: dict[str, Office] = {}
    for entry in _entries(data, "office", "offices"):
        where = f"offices.toml office {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in offices:
            raise ComponentDataError(f"offices.toml: duplicate id {ident!r}")
        offices[ident] = Office(
            ident,
            field(entry, "name", str, where),
            field(entry, "committee", bool, where),
            _stat(entry, "rank", where, 1, 7),
            _stat(entry, "start_term", where, 0, 5),
            _stat(entry, "income", where, 0, 50),
            _stat(entry, "income_per_fleets", where, 0, 50),
            _stat(entry, "per_trade_cards", where, 0, 50),
            source(entry, where),
        )
    _unique([o.rank for o in offices.values()], "offices.toml rank")
    if sum(o.committee for o in offices.values()) != 5:
        raise ComponentDataError("offices.toml: the Committee of Five needs exactly 5 offices")
    needed = {"HOME-SUFFETE", "MARINE-SUFFETE", "CENSOR", "OVERSEER", "TREASURER"}
    for ident in sorted(needed):
        reference(ident, offices, "office", "offices.toml")
    return offices


def _trade(data: dict[str, Any]) -> tuple[tuple[Commodity, ...], tuple[int, ...], dict[str, Area]]:
    commodities: list[Commodity] = []
    removed: list[int] = []
    stacks = _entries(data, "stack", "trade")
    numbers = [field(s, "number", int, f"trade.toml stack {i + 1}") for i, s in enumerate(stacks)]
    if numbers != list(range(1, 10)):
        raise ComponentDataError(f"trade.toml: stacks must be numbered 1 to 9 in order: {numbers}")
    for entry in stacks:
        where = f"trade.toml stack {entry['number']}"
        source(entry, where)
        goods = field(entry, "commodities", list, where)
        if len(goods) != 2:
            raise ComponentDataError(f"{where}: a stack holds exactly two commodities")
        total = 0
        for good in goods:
            if not isinstance(good, dict):
                raise ComponentDataError(f"{where}: a commodity is a table with name and count")
            count = _stat(good, "count", where, 1, 20)
            total += count
            commodities.append(
                Commodity(len(commodities), field(good, "name", str, where), entry["number"], count)
            )
        taken = _stat(entry, "setup_removed", where, 0, 20)
        if taken > total:
            raise ComponentDataError(f"{where}: cannot remove {taken} of {total} cards")
        removed.append(taken)
    _unique([c.name for c in commodities], "trade.toml commodity")
    names = {c.name for c in commodities}
    areas: dict[str, Area] = {}
    for entry in _entries(data, "area", "trade"):
        where = f"trade.toml area {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in areas:
            raise ComponentDataError(f"trade.toml: duplicate area id {ident!r}")
        cards = _str_list(entry, "cards", where)
        for card in cards:
            reference(card, names, "commodity", where)
        areas[ident] = Area(ident, field(entry, "name", str, where), cards, source(entry, where))
    return tuple(commodities), tuple(removed), areas


def _rows(entries: list[dict[str, Any]], what: str, losses_key: str | None) -> tuple[TableRow, ...]:
    rows: list[TableRow] = []
    for number, entry in enumerate(entries, start=1):
        where = f"tables.toml {what} row {number}"
        source(entry, where)
        losses: tuple[int, ...] | str = ()
        if losses_key == "losses":
            raw = entry.get("losses")
            losses = "all" if raw == "all" else _int_list(entry, "losses", where)
        elif losses_key == "loss_dice":
            losses = (_stat(entry, "loss_dice", where, 0, 3),)
        rows.append(
            TableRow(
                field(entry, "low", int, where),
                field(entry, "result", str, where),
                losses,
                int(entry.get("influence", 0)),
                int(entry.get("popularity", 0)),
                str(entry.get("text", "")),
            )
        )
    lows = [row.low for row in rows]
    if lows != sorted(set(lows)):
        raise ComponentDataError(f"tables.toml {what}: rows must go up by 'low' without repeats")
    return tuple(rows)


def _units(data: dict[str, Any], wars: dict[str, War]) -> dict[str, Unit]:
    units: dict[str, Unit] = {}
    for entry in _entries(data, "unit", "tables"):
        where = f"tables.toml unit {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in units:
            raise ComponentDataError(f"tables.toml: duplicate unit id {ident!r}")
        allowed = _str_list(entry, "wars", where)
        for war in allowed:
            reference(war, wars, "war", where)
        total = _stat(entry, "total", where, 0, 99)
        active = _stat(entry, "active_at_start", where, 0, 99)
        pool = _stat(entry, "pool_at_start", where, 0, 99)
        if total and active + pool > total:
            raise ComponentDataError(f"{where}: more units at start than counters ({total})")
        units[ident] = Unit(
            ident,
            field(entry, "name", str, where),
            _stat(entry, "cost", where, 0, 99),
            total,
            active,
            pool,
            allowed,
            source(entry, where),
        )
    return units


def _table_events(data: dict[str, Any]) -> tuple[dict[str, TableEvent], dict[int, tuple[str, ...]]]:
    events: dict[str, TableEvent] = {}
    for entry in _entries(data, "event", "table_events"):
        where = f"table_events.toml event {entry.get('id', '?')!r}"
        ident = field(entry, "id", str, where)
        if ident in events:
            raise ComponentDataError(f"table_events.toml: duplicate id {ident!r}")
        events[ident] = TableEvent(
            ident,
            field(entry, "name", str, where),
            field(entry, "text", str, where),
            field(entry, "repeat", str, where),
            source(entry, where),
        )
    where = "table_events.toml [random_events]"
    table = field(data, "random_events", dict, "table_events.toml")
    source(table, where)
    results: dict[int, tuple[str, ...]] = {}
    for roll in range(3, 19):
        names = _str_list(table, str(roll), where)
        if len(names) not in (1, 2):
            raise ComponentDataError(f"{where}: roll {roll} names one or two events")
        for name in names:
            reference(name, events, "table event", f"{where} roll {roll}")
        results[roll] = names
    return events, results


def _cards(
    senators: dict[int, Senator],
    statesmen: dict[str, Statesman],
    wars: dict[str, War],
    leaders: dict[str, Leader],
    explorations: dict[str, Exploration],
    hand_cards: dict[str, HandCard],
) -> tuple[CardRef, ...]:
    cards: list[CardRef] = [CardRef("senator", str(s.id), s.deck) for s in senators.values()]
    cards += [CardRef("statesman", s.id, s.deck) for s in statesmen.values()]
    cards += [CardRef("war", w.id, w.deck) for w in wars.values()]
    cards += [CardRef("leader", leader.id, leader.deck) for leader in leaders.values()]
    cards += [CardRef("exploration", e.id, e.deck) for e in explorations.values()]
    for card in hand_cards.values():
        for deck, count in card.copies:
            cards += [CardRef(card.kind, card.id, deck)] * count
    return tuple(cards)


def _check_make_up(cards: tuple[CardRef, ...]) -> None:
    for deck, wanted in MAKE_UP.items():
        counts: dict[str, int] = {}
        for card in cards:
            if card.deck == deck or (deck == 1 and card.deck == 0):
                kind = "intrigue" if card.kind == "concession" else card.kind
                counts[kind] = counts.get(kind, 0) + 1
        if counts != wanted:
            raise ComponentDataError(
                f"deck {deck} make-up {dict(sorted(counts.items()))} differs from the "
                f"published {dict(sorted(wanted.items()))}"
            )


def load_components(files: dict[str, dict[str, Any]]) -> Components:
    """Build and cross-check every component from the parsed data files (keyed by file stem)."""
    for name in FILES:
        if name not in files:
            raise ComponentDataError(f"data file {name}.toml is missing")
    senators = _senators(files["senators"])
    statesmen = _statesmen(files["statesmen"], senators)
    wars, leaders, explorations = _wars(files["wars"])
    hand_cards = _hand_cards(files["hand_cards"])
    provinces = _provinces(files["provinces"])
    offices = _offices(files["offices"])
    commodities, removed, areas = _trade(files["trade"])
    tables = files["tables"]
    for war in wars.values():
        where = f"wars.toml war {war.id!r}"
        for province in war.provinces:
            reference(province, provinces, "province", where)
        for leader in war.leaders:
            reference(leader, leaders, "leader", where)
    for statesman in statesmen.values():
        for war_id in statesman.favoured_wars:
            reference(war_id, wars, "war", f"statesmen.toml statesman {statesman.id!r}")
    for exploration in explorations.values():
        for area in exploration.areas:
            reference(area, areas, "area", f"wars.toml exploration {exploration.id!r}")
    units = _units(tables, wars)
    for war in wars.values():
        for unit, _ in (*war.appear_pool, *war.victory_pool):
            reference(unit, units, "unit", f"wars.toml war {war.id!r}")
        for unit in war.appear_deserts:
            reference(unit, units, "unit", f"wars.toml war {war.id!r}")
    if sum(1 for w in wars.values() if w.deck == 0) != 1 or "TUNISIA" not in wars:
        raise ComponentDataError("wars.toml: the Conquest of Tunisia (deck 0) must be set aside")
    mortality_table = field(tables, "mortality", dict, "tables.toml")
    source(mortality_table, "tables.toml [mortality]")
    numbered = _stat(mortality_table, "numbered", "tables.toml [mortality]", 1, 99)
    if numbered != max(senators) or sorted(senators) != list(range(1, numbered + 1)):
        raise ComponentDataError(
            f"tables.toml [mortality]: {numbered} numbered chits, but Senator ids run "
            f"{min(senators)}..{max(senators)}; they must be 1..{numbered}"
        )
    mortality = (
        numbered,
        _stat(mortality_table, "none", "tables.toml [mortality]", 0, 20),
        _stat(mortality_table, "draw_two", "tables.toml [mortality]", 0, 20),
    )
    contributions = []
    for entry in _entries(tables, "contribution", "tables"):
        where = "tables.toml contribution"
        source(entry, where)
        contributions.append(
            (field(entry, "talents", int, where), field(entry, "influence", int, where))
        )
    appeal = field(tables, "popular_appeal", dict, "tables.toml")
    source(appeal, "tables.toml [popular_appeal]")
    swing = {int(k): int(v) for k, v in field(appeal, "swing", dict, "popular appeal").items()}
    table_events, random_events = _table_events(files["table_events"])
    cards = _cards(senators, statesmen, wars, leaders, explorations, hand_cards)
    _check_make_up(cards)
    return Components(
        senators=senators,
        statesmen=statesmen,
        wars=wars,
        leaders=leaders,
        explorations=explorations,
        hand_cards=hand_cards,
        provinces=provinces,
        offices=offices,
        commodities=commodities,
        stack_removed=removed,
        areas=areas,
        units=units,
        mortality=mortality,
        contributions=tuple(sorted(contributions)),
        combat=_rows(_entries(tables, "combat", "tables"), "combat", "losses"),
        popular_appeal=(
            field(appeal, "killed_at_or_below", int, "popular appeal"),
            field(appeal, "freed_at_or_above", int, "popular appeal"),
            swing,
        ),
        exploration_table=_rows(
            _entries(tables, "exploration_result", "tables"), "exploration", "loss_dice"
        ),
        public_reaction=_rows(_entries(tables, "public_reaction", "tables"), "reaction", None),
        table_events=table_events,
        random_events=random_events,
        cards=cards,
    )


def read_files() -> dict[str, dict[str, Any]]:
    """The parsed data files of the package, keyed by file stem."""
    return {name: load_toml(PACKAGE, f"{name}.toml") for name in FILES}


COMPONENTS = load_components(read_files())
