"""The components of The Republic of Carthage as data: loaded from ``data/*.toml`` and validated.

Every check names the file, the entry and the field, so a player correcting a reconstructed card
from the printed game sees at once what is wrong. ``load_components`` takes the parsed files so
tests can feed it broken data; ``COMPONENTS`` is the validated set the game uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, TypeVar

from carthago.core.data import field, load_toml, reference, source
from carthago.core.errors import ComponentDataError

PACKAGE: Final = "carthago.games.republic_of_carthage"
FILES: Final = (
    "senators",
    "statesmen",
    "wars",
    "hand_cards",
    "provinces",
    "offices",
    "trade",
    "tables",
    "table_events",
    "neutral_aide",
)
DECKS: Final = (1, 2)
HAND_KINDS: Final = ("intrigue", "concession", "event", "law")
NEUTRAL_ROLE_NAMES: Final = ("Imperials", "Plutocrats", "Conservatives", "Populists")
"""The four Neutral factions of the solitaire and two-player variant (rules §9.1)."""


def role_entries(data: dict[str, Any], where: str) -> dict[str, tuple[dict[str, Any], str]]:
    """A policy file's ``[[role]]`` tables by Neutral role name, each with the place to name in
    an error; every role exactly once."""
    entries: dict[str, tuple[dict[str, Any], str]] = {}
    for number, entry in enumerate(data.get("role", []), start=1):
        here = f"{where} role {number}"
        name = field(entry, "name", str, here)
        if name not in NEUTRAL_ROLE_NAMES or name in entries:
            raise ComponentDataError(f"{here}: {name!r} is not a new Neutral role")
        entries[name] = (entry, here)
    if set(entries) != set(NEUTRAL_ROLE_NAMES):
        raise ComponentDataError(f"{where}: needs every role of {NEUTRAL_ROLE_NAMES}")
    return entries


MAKE_UP: Final = {
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
_DICE: Final = re.compile(r"^(dr|DR)([+-]\d+)?$")
K = TypeVar("K", int, str)
T = TypeVar("T")


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
class NeutralTrade:
    """How a Neutral role trades (reconstructed Solitaire Player Aide, §9)."""

    id: str
    offers: bool
    counter: str
    accept_deficit: int
    source: str


LEADER_RATINGS: Final = ("military", "influence", "influence+popularity")
REVENUE_SHARES: Final = ("die", "equal", "half", "one_each")
CONTRIBUTION_RULES: Final = ("match", "none")


@dataclass(frozen=True, slots=True)
class NeutralRole:
    """What a Neutral role does outside trading: the designer's Solitaire Player Aide (§9;
    the fields are explained in ``data/neutral_aide.toml``)."""

    name: str
    leader: str
    revenue: str
    personal_income_at: int
    start_term: tuple[int, int]
    """Term track space at set-up for an (Undeveloped, Developed) province."""
    trader_talents: int
    initiative: int
    contributions: str
    source: str


def _neutral_roles(data: dict[str, Any]) -> dict[str, NeutralRole]:
    roles = {}
    for name, (entry, where) in role_entries(data, "neutral_aide.toml").items():
        terms = field(entry, "start_term", dict, where)
        start_term = tuple(
            _rating(1, 3)(terms, state, f"{where} start_term")
            for state in ("undeveloped", "developed")
        )
        roles[name] = NeutralRole(
            name=name,
            leader=_one_of(LEADER_RATINGS)(entry, "leader", where),
            revenue=_one_of(REVENUE_SHARES)(entry, "revenue", where),
            personal_income_at=_rating(1, 7)(entry, "personal_income_at", where),
            start_term=(start_term[0], start_term[1]),
            trader_talents=_rating(0, 12)(entry, "trader_talents", where),
            initiative=_rating(-1, 20)(entry, "initiative", where),
            contributions=_one_of(CONTRIBUTION_RULES)(entry, "contributions", where),
            source=source(entry, where),
        )
    return roles


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
    neutral_trade: dict[str, NeutralTrade]
    neutral_roles: dict[str, NeutralRole]

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


Reader = Callable[[dict[str, Any], str, str], Any]
"""Reads and checks one field: ``reader(entry, key, where)``."""
Build = Callable[[dict[str, Any], K, str], T]


def _table(
    data: dict[str, Any], key: str, filename: str, id_type: type[K], build: Build[K, T]
) -> dict[K, T]:
    """The ``[[key]]`` entries of ``filename.toml`` keyed by id, each made by ``build``.

    The checks every table shares come first: at least one entry, an id of the right type and
    no id twice; ``build(entry, ident, where)`` reads the rest, naming ``where`` in its errors.
    """
    table: dict[K, T] = {}
    for entry in _entries(data, key, filename):
        where = f"{filename}.toml {key} {entry.get('id', '?')!r}"
        ident = field(entry, "id", id_type, where)
        if ident in table:
            raise ComponentDataError(f"{where}: duplicate id {ident!r}")
        table[ident] = build(entry, ident, where)
    return table


def _record(
    record: Callable[..., T], /, **readers: Reader
) -> Callable[[dict[str, Any], Any, str], T]:
    """A ``build`` for ``_table``: a ``record`` with its id, each field read by its
    reader (in the order given, so the first bad field is the one named) and its source."""

    def build(entry: dict[str, Any], ident: Any, where: str) -> T:
        values = {key: read(entry, key, where) for key, read in readers.items()}
        return record(id=ident, **values, source=source(entry, where))

    return build


def _unique(ids: list[Any], what: str) -> None:
    seen: set[Any] = set()
    for ident in ids:
        if ident in seen:
            raise ComponentDataError(f"{what}: duplicate id {ident!r}")
        seen.add(ident)


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    return field(entry, key, str, where)


def _flag(entry: dict[str, Any], key: str, where: str) -> bool:
    return field(entry, key, bool, where)


def _rating(low: int, high: int) -> Reader:
    """A whole number from ``low`` to ``high``."""

    def read(entry: dict[str, Any], key: str, where: str) -> int:
        value = field(entry, key, int, where)
        if not low <= value <= high:
            raise ComponentDataError(f"{where}: {key} must be {low}..{high}, not {value}")
        return value

    return read


def _one_of(allowed: tuple[Any, ...], kind: type[Any] = str) -> Reader:
    def read(entry: dict[str, Any], key: str, where: str) -> Any:
        value = field(entry, key, kind, where)
        if value not in allowed:
            raise ComponentDataError(f"{where}: {key} must be one of {allowed}, not {value!r}")
        return value

    return read


def _stat(entry: dict[str, Any], key: str, where: str, low: int = 0, high: int = 30) -> int:
    value: int = _rating(low, high)(entry, key, where)
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


def _trade_stacks(entry: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
    stacks = _int_list(entry, key, where)
    for stack in stacks:
        if not 1 <= stack <= 9:
            raise ComponentDataError(f"{where}: there is no trade stack {stack}")
    return stacks


def _sides(entry: dict[str, Any], key: str, where: str) -> ProvinceSide:
    table = field(entry, key, dict, where)
    at = f"{where} {key}"
    return ProvinceSide(
        parse_dice(field(table, "state", str, at), at),
        parse_dice(field(table, "personal", str, at), at),
    )


def _copies(entry: dict[str, Any], key: str, where: str) -> tuple[tuple[int, int], ...]:
    copies: list[tuple[int, int]] = []
    for deck_text, count in field(entry, key, dict, where).items():
        if deck_text not in ("1", "2") or not isinstance(count, int) or count <= 0:
            raise ComponentDataError(
                f"{where}: copies maps deck 1 or 2 to a positive number, not {deck_text}={count!r}"
            )
        copies.append((int(deck_text), count))
    return tuple(sorted(copies))


DECK: Final = _one_of(DECKS, int)
RATINGS: Final = {
    "mil": _rating(0, 9),
    "ora": _rating(0, 9),
    "exp": _rating(0, 9),
    "loy": _rating(0, 20),
    "inf": _rating(0, 30),
}
"""The printed ratings of Senators and Statesmen."""
_senator = _record(Senator, name=_text, **RATINGS, deck=DECK)
_war = _record(
    War,
    name=_text,
    dates=_text,
    deck=_one_of((0, *DECKS), int),
    kind=_one_of(("war", "revolt")),
    family=_text,
    number=_rating(1, 9),
    status=_one_of(("active", "inactive")),
    land=_rating(0, 40),
    fleet_support=_rating(0, 40),
    naval=_rating(0, 40),
    disaster=_rating(3, 18),
    standoff=_rating(3, 18),
    appear_removes_trade=_trade_stacks,
    appear_deserts=_str_list,
    appear_pool=_unit_counts,
    victory_treasury=_rating(0, 200),
    victory_pool=_unit_counts,
    provinces=_str_list,
    leaders=_str_list,
    loss_effect=_text,
)
_leader = _record(
    Leader,
    name=_text,
    deck=DECK,
    family=_text,
    strength=_rating(0, 20),
    disaster=_rating(3, 18),
    standoff=_rating(3, 18),
)
_exploration = _record(
    Exploration,
    name=_text,
    dates=_text,
    deck=DECK,
    caravans=_rating(0, 200),
    fleets=_rating(0, 200),
    disaster=_rating(3, 18),
    areas=_str_list,
)
_province = _record(Province, name=_text, term=_rating(1, 9), undeveloped=_sides, developed=_sides)
_office = _record(
    Office,
    name=_text,
    committee=_flag,
    rank=_rating(1, 7),
    start_term=_rating(0, 5),
    income=_rating(0, 50),
    income_per_fleets=_rating(0, 50),
    per_trade_cards=_rating(0, 50),
)
_neutral_trade = _record(
    NeutralTrade,
    offers=_flag,
    counter=_one_of(("held", "always")),
    accept_deficit=_rating(0, 99),
)
_table_event = _record(TableEvent, name=_text, text=_text, repeat=_text)
_unit = _record(
    Unit,
    name=_text,
    cost=_rating(0, 99),
    total=_rating(0, 99),
    active_at_start=_rating(0, 99),
    pool_at_start=_rating(0, 99),
    wars=_str_list,
)


def _senators(data: dict[str, Any]) -> dict[int, Senator]:
    senators = _table(data, "senator", "senators", int, _senator)
    for ident in senators:
        if ident <= 0:
            raise ComponentDataError(
                f"senators.toml senator {ident}: a Senator id is a positive number"
            )
    return senators


def _family(senators: dict[int, Senator]) -> Reader:
    def read(entry: dict[str, Any], key: str, where: str) -> int:
        family = field(entry, key, int, where)
        if family not in senators:
            raise ComponentDataError(f"{where}: family {family!r} does not exist")
        return family

    return read


def _statesmen(data: dict[str, Any], senators: dict[int, Senator]) -> dict[str, Statesman]:
    read = _record(
        Statesman,
        family=_family(senators),
        name=_text,
        **RATINGS,
        deck=DECK,
        century=_text,
        special=_text,
        zero_loyalty_of=_int_list,
        favoured_wars=_str_list,
    )

    def build(entry: dict[str, Any], ident: str, where: str) -> Statesman:
        statesman = read(entry, ident, where)
        family = statesman.family
        if not re.fullmatch(rf"{family}[A-Z]", ident):
            raise ComponentDataError(
                f"{where}: a Statesman id is his family number and a letter, like '{family}A'"
            )
        for other in statesman.zero_loyalty_of:
            reference(str(other), {str(s) for s in senators}, "family", where)
        return statesman

    return _table(data, "statesman", "statesmen", str, build)


def _wars(data: dict[str, Any]) -> tuple[dict[str, War], dict[str, Leader], dict[str, Exploration]]:
    wars = _table(data, "war", "wars", str, _war)
    leaders = _table(data, "leader", "wars", str, _leader)
    for ident, leader in leaders.items():
        if not any(war.family == leader.family for war in wars.values()):
            raise ComponentDataError(
                f"wars.toml leader {ident!r}: no war of family {leader.family!r} for this leader"
            )
    return wars, leaders, _table(data, "exploration", "wars", str, _exploration)


def _hand_card(kind: str, entry: dict[str, Any], ident: str, where: str) -> HandCard:
    copies = _copies(entry, "copies", where)
    if kind == "concession":
        stack = _stat(entry, "stack", where, 1, 9)
        count = _stat(entry, "cards", where, 1, 9)
        effect, text = "concession", f"Draw {count} extra card(s) from stack {stack}."
    else:
        stack, count = 0, 0
        effect, text = _text(entry, "effect", where), _text(entry, "text", where)
    name = _text(entry, "name", where)
    return HandCard(ident, kind, name, effect, text, copies, stack, count, source(entry, where))


def _hand_cards(data: dict[str, Any]) -> dict[str, HandCard]:
    cards: dict[str, HandCard] = {}
    for kind in HAND_KINDS:
        part = _table(data, kind, "hand_cards", str, partial(_hand_card, kind))
        for ident in sorted(part.keys() & cards.keys()):
            raise ComponentDataError(f"hand_cards.toml {kind} {ident!r}: duplicate id {ident!r}")
        cards.update(part)
    return cards


def _offices(data: dict[str, Any]) -> dict[str, Office]:
    offices = _table(data, "office", "offices", str, _office)
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

    def area(entry: dict[str, Any], ident: str, where: str) -> Area:
        cards = _str_list(entry, "cards", where)
        for card in cards:
            reference(card, names, "commodity", where)
        return Area(ident, field(entry, "name", str, where), cards, source(entry, where))

    return tuple(commodities), tuple(removed), _table(data, "area", "trade", str, area)


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
    units = _table(data, "unit", "tables", str, _unit)
    for ident, unit in units.items():
        where = f"tables.toml unit {ident!r}"
        for war in unit.wars:
            reference(war, wars, "war", where)
        if unit.total and unit.active_at_start + unit.pool_at_start > unit.total:
            raise ComponentDataError(f"{where}: more units at start than counters ({unit.total})")
    return units


def _table_events(data: dict[str, Any]) -> tuple[dict[str, TableEvent], dict[int, tuple[str, ...]]]:
    events = _table(data, "event", "table_events", str, _table_event)
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
    provinces = _table(files["provinces"], "province", "provinces", str, _province)
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
    neutral_trade = _table(files["neutral_aide"], "trade", "neutral_aide", str, _neutral_trade)
    if sorted(neutral_trade) != sorted(NEUTRAL_ROLE_NAMES):
        raise ComponentDataError(
            f"neutral_aide.toml: [[trade]] ids must be the roles {NEUTRAL_ROLE_NAMES}, "
            f"not {tuple(neutral_trade)}"
        )
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
        neutral_trade=neutral_trade,
        neutral_roles=_neutral_roles(files["neutral_aide"]),
    )


def read_files() -> dict[str, dict[str, Any]]:
    """The parsed data files of the package, keyed by file stem."""
    return {name: load_toml(PACKAGE, f"{name}.toml") for name in FILES}


COMPONENTS: Final = load_components(read_files())
