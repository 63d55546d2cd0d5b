"""Table Events (rules §6.4.2: a 7 on the initiative roll) and what each one does.

The 18 cards and the Random Events table are data (``data/table_events.toml``, reconstructed);
their effects are rules, here. A card lies on the board from the initiative that drew it until
the next Forum Phase removes it (§6.4.1); ``state.table_event[i]`` is 1 while it lies face up
and 2 once it recurred in the same turn (upside down, the stronger ``repeat`` effect).

Effects carried out at once: Plague, Storm at Sea, Pirates, Mob Violence, Allied Enthusiasm,
Mercenary Mutiny, Fire in the Temple, Refugees from Tyre, Festival of Tanit. Effects that last
while the card lies on the board are read through the functions below by the phase concerned:
``persuasion_penalty`` (Forum), ``war_upkeep_extra`` and ``province_income_modifier``
(Revenue), ``extra_trade_draws`` and ``sale_value`` (Trade), ``recruit_cost`` (Senate),
``roll_penalty``, ``war_strength_modifier`` and ``war_roll_bonus`` (Combat, assassinations).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import (
    allegiance,
    allegiance_outcomes,
    allegiance_text,
    drop_allegiance,
    replace,
)
from carthago.games.republic_of_carthage.mortality import (
    chit_text,
    kill,
    mago_stage,
    start_draws,
    struck,
    take_chit,
)
from carthago.games.republic_of_carthage.setup import stack_counts
from carthago.games.republic_of_carthage.stages import Stage, dice_outcomes, stage, weighted
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    FORUM,
    FORUM_DOWN,
    N_CARDS,
    OFFICE_INDEX,
    TABLE_EVENT_INDEX,
    TABLE_EVENTS,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_UNPROSECUTED,
    WARS,
    describe_person,
    family_of,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

AFTER_EVENT: Final = "forum_persuade"
"""The step of the initiative that follows the roll (§6.4.2.2 Persuade a Senator)."""
FLEET: Final = UNIT_INDEX["fleet"]
MUTINEERS: Final = (UNIT_INDEX["campanian"], UNIT_INDEX["celtiberian"])
ONE_OR_TWO: Final = (1, 2)
"""Per level (face up, upside down) of the events whose repeat doubles a count."""
TREASURY_GAIN: Final = (50, 75)
TEMPLE_FIRE_COST: Final = (20, 40)
PLAGUE_CHITS: Final = (3, 6)
EVIL_OMENS: Final = (1, 2)
MANPOWER_SURCHARGE: Final = ((5, 1), (10, 2))
"""(per army or fleet, per Trade Fleet or Caravan) by level."""
NO_RECRUITMENT_FACTOR: Final = (2, 3)
DROUGHT_COST: Final = (5, 10)
SLUMP: Final = ((3, 4), (1, 2))
PIRATE_STACKS: Final = ((5, 6, 7, 8, 9), tuple(range(1, 10)))
RAIDS: Final = (-2, -4)
ENEMY_ALLY: Final = (-3, -5)
BAAL_HAMMON: Final = (2, 3)
FESTIVAL: Final = (1, 2)
SUFFETES: Final = (OFFICE_INDEX["HOME-SUFFETE"], OFFICE_INDEX["MARINE-SUFFETE"])


def level(state: S, event: str) -> int:
    """0 if the event is not on the board, 1 face up, 2 upside down."""
    return state.table_event[TABLE_EVENT_INDEX[event]]


def _by_level(state: S, event: str, values: tuple[int, ...]) -> int:
    at = level(state, event)
    return values[at - 1] if at else 0


# -- lasting effects, read by the phases they concern ------------------------------------------


def roll_penalty(state: S) -> int:
    """Evil Omens: how much every persuasion, combat and assassination roll is worsened.

    A persuasion roll must come out low, so it is raised; a combat or assassination roll must
    come out high, so it is lowered (the card's "-1" read as "1 against the roller", docs).
    """
    return _by_level(state, "EVIL-OMENS", EVIL_OMENS)


def recruit_cost(state: S, unit: int) -> int:
    """The cost of recruiting one counter of ``unit`` now, or -1 if it may not be recruited
    (No Recruitment forbids armies and fleets; Manpower Shortage adds to the cost)."""
    base = UNITS[unit].cost
    trade_unit = UNITS[unit].id in ("trade_fleet", "caravan")
    no_recruitment = level(state, "NO-RECRUITMENT")
    if no_recruitment and not trade_unit:
        return -1
    shortage = level(state, "MANPOWER-SHORTAGE")
    if shortage:
        base += MANPOWER_SURCHARGE[shortage - 1][1 if trade_unit else 0]
    if no_recruitment:
        base *= NO_RECRUITMENT_FACTOR[no_recruitment - 1]
    return base


def war_upkeep_extra(state: S) -> int:
    """Drought: talents each active and unprosecuted war costs on top of the usual (§6.2)."""
    return _by_level(state, "DROUGHT", DROUGHT_COST)


def province_income_modifier(state: S) -> int:
    """Numidian Raids: the modifier of every Province's State Income roll (§6.2 step 9)."""
    return _by_level(state, "NUMIDIAN-RAIDS", RAIDS)


def extra_trade_draws(state: S) -> tuple[int, ...]:
    """Trade Boom: the stacks every faction draws one extra card from (§6.3 step 1)."""
    at = level(state, "TRADE-BOOM")
    return (1, 2)[:at]


def sale_value(state: S, value: int) -> int:
    """Trade Slump: what a set worth ``value`` fetches (3/4 or 1/2, rounded up).

    >>> from types import SimpleNamespace
    >>> sale_value(SimpleNamespace(table_event=[0] * 18), 32)
    32
    """
    at = state.table_event[TABLE_EVENT_INDEX["TRADE-SLUMP"]]
    if not at:
        return value
    numerator, denominator = SLUMP[at - 1]
    return math.ceil(value * numerator / denominator)


def war_strength_modifier(state: S, war: int) -> int:
    """Enemy Ally Deserts: the strength change of ``war``; it falls on the weakest active war
    (land strength, ties to the first in the data), 0 for every other war."""
    at = level(state, "ENEMY-ALLY")
    active = [w for w, s in enumerate(state.war_status) if s in (WAR_ACTIVE, WAR_UNPROSECUTED)]
    if not at or not active:
        return 0
    weakest = min(active, key=lambda w: (WARS[w].land, w))
    return ENEMY_ALLY[at - 1] if war == weakest else 0


def war_roll_bonus(state: S) -> int:
    """Favour of Baal Hammon: the bonus the HRAO may give one war roll while the card lies on
    the board (the Combat Phase asks him which roll; once used it is spent)."""
    return _by_level(state, "BAAL-HAMMON", BAAL_HAMMON)


def persuasion_penalty(state: S) -> int:
    """What Evil Omens adds to a persuasion roll (§6.4.2.2 step 7)."""
    return roll_penalty(state)


# -- drawing an event ---------------------------------------------------------------------------


def event_for(total: int, colored: int) -> int:
    """The Table Event (index) a 3d6 ``total`` gives; on a row naming two events the colored
    die picks the first when odd, the second when even.

    >>> TABLE_EVENTS[event_for(3, 1)].id
    'ALLIED-ENTHUSIASM'
    >>> TABLE_EVENTS[event_for(10, 2)].id
    'TRADE-BOOM'
    """
    names = C.random_events[total]
    name = names[0] if len(names) == 1 or colored % 2 else names[1]
    return TABLE_EVENT_INDEX[name]


def colored_die_outcomes(total: int) -> list[tuple[int, float]]:
    """The colored die's face given the 3d6 total (the other two dice make up the rest)."""
    ways = {face: sum(1 for a in range(1, 7) if 1 <= total - face - a <= 6) for face in range(1, 7)}
    return weighted(ways)


def place(state: S, event: int) -> None:
    """Put Table Event ``event`` on the board (upside down if it recurs) and carry it out."""
    card = TABLE_EVENTS[event]
    repeat = state.table_event[event] > 0
    state.table_event[event] = 2 if repeat else 1
    state.note(
        f"Table Event: {card.name}{' again (upside down)' if repeat else ''}: "
        f"{card.repeat if repeat else card.text}"
    )
    state.stage = AFTER_EVENT
    at = state.table_event[event]
    effect = card.id
    if effect == "PLAGUE":
        start_draws(state, PLAGUE_CHITS[at - 1], AFTER_EVENT)
    elif effect == "STORM":
        state.stage = "forum_storm"
    elif effect == "PIRATES":
        state.ctx = list(PIRATE_STACKS[at - 1])
        _next_pirate(state)
    elif effect == "MOB-VIOLENCE":
        count = state.tax // 10 * ONE_OR_TWO[at - 1]
        if count:
            state.mortality_left = count
            state.drawn_chits = []
            state.stage = "forum_mob"
    elif effect == "ALLIED-ENTHUSIASM":
        state.treasury += TREASURY_GAIN[at - 1]
        state.note(f"The State Treasury gains {TREASURY_GAIN[at - 1]}T: {state.treasury}T")
    elif effect == "MERCENARY-MUTINY":
        state.ctx = [ONE_OR_TWO[at - 1]]
        _next_mutineer(state)
    elif effect == "TEMPLE-FIRE":
        paid = min(state.treasury, TEMPLE_FIRE_COST[at - 1])
        state.treasury -= paid
        state.note(f"The State Treasury pays {paid}T: {state.treasury}T")
    elif effect == "REFUGEES":
        _refugees(state, ONE_OR_TWO[at - 1])
    elif effect == "POPULAR-FESTIVAL":
        for office in SUFFETES:
            holder = state.office_holder[office]
            if holder >= 0:
                state.pop[holder] += FESTIVAL[at - 1]
                state.note(f"{describe_person(holder)} gains {FESTIVAL[at - 1]} Popularity")


def _refugees(state: S, count: int) -> None:
    """The lowest-numbered dead Family cards in the Forum turn face up (available again)."""
    dead = sorted(
        (
            c
            for c in range(N_CARDS)
            if state.card_loc[c] == FORUM_DOWN and CARDS[c].kind == "senator"
        ),
        key=family_of,
    )
    for card in dead[:count]:
        state.card_loc[card] = FORUM
        state.inf[card] = C.senators[family_of(card)].inf
        state.note(f"{describe_person(card)} returns face up to the Forum")
    if not dead:
        state.note("No dead Family card lies in the Forum")


# -- Storm at Sea ------------------------------------------------------------------------------


def lose_fleets(state: S, count: int) -> int:
    """Remove up to ``count`` Senate fleets, those with forces at war first (in the order the
    forces were sent), then those in Carthage; lost fleets go back to the Force Pool."""
    lost = 0
    for index, force in enumerate(state.forces):
        if force.war < 0 or lost == count:
            continue
        taken = min(force.units[FLEET], count - lost)
        if taken:
            units = list(force.units)
            veterans = list(force.veterans)
            units[FLEET] -= taken
            veterans[FLEET] = min(veterans[FLEET], units[FLEET])
            replace(
                state,
                index,
                type(force)(
                    force.war,
                    force.exploration,
                    force.commanders,
                    tuple(units),
                    tuple(veterans),
                    force.sent,
                    force.status,
                ),
            )
            lost += taken
    home = state.unit_active[FLEET] - sum(f.units[FLEET] for f in state.forces) - lost
    lost += min(home, count - lost)
    state.unit_active[FLEET] -= lost
    state.unit_pool[FLEET] += lost
    state.unit_veteran[FLEET] = min(state.unit_veteran[FLEET], state.unit_active[FLEET])
    return lost


def _storm(state: S, roll: int) -> None:
    lost = lose_fleets(state, roll)
    state.note(f"The storm sinks {lost} of {roll} fleets")
    state.stage = AFTER_EVENT


stage(
    "forum_storm",
    Stage(
        lambda s: -1,
        _storm,
        lambda s, a: f"storm {a}",
        outcomes=lambda s: dice_outcomes(level(s, "STORM")),
    ),
)


# -- Pirates -----------------------------------------------------------------------------------


def _next_pirate(state: S) -> None:
    while state.ctx and not any(stack_counts(state, state.ctx[0]).values()):
        state.ctx.pop(0)
    state.stage = "forum_pirates" if state.ctx else AFTER_EVENT


def _pirates(state: S, commodity: int) -> None:
    number = state.ctx.pop(0)
    state.stack[commodity] -= 1
    state.pirated[commodity] += 1
    state.note(f"Pirates take a card from trade stack {number}")
    _next_pirate(state)


def return_pirated(state: S) -> None:
    """The Pirates' cards go back to their stacks when the event leaves the board."""
    if any(state.pirated):
        for commodity, count in enumerate(state.pirated):
            state.stack[commodity] += count
            state.pirated[commodity] = 0
        state.note("The cards the Pirates took return to their trade stacks")


stage(
    "forum_pirates",
    Stage(
        lambda s: -1,
        _pirates,
        lambda s, a: f"pirates take {C.commodities[a].name}",
        outcomes=lambda s: weighted(stack_counts(s, s.ctx[0])),
    ),
)


# -- Mob Violence: Mortality chits against the Senators in Carthage ---------------------------


def _in_carthage(state: S, family: int) -> list[int]:
    return [
        p
        for p in range(len(state.owner))
        if family_of(p) == family and state.ploc[p] == CARTHAGE and state.owner[p] >= 0
    ]


def _mob_chit(state: S, chit: int) -> None:
    family, change = take_chit(state, chit)
    state.mortality_left += change
    if family:
        found = struck(state, family, _in_carthage(state, family), "forum_mob_mago")
        if found is None:
            return
        for person in found:
            kill(state, person)
    _after_mob_chit(state)


def _after_mob_chit(state: S) -> None:
    if state.mortality_left > 0 and any(state.cup):
        state.stage = "forum_mob"
        return
    state.mortality_left = 0
    for chit in state.drawn_chits:
        state.cup[chit] += 1
    state.drawn_chits = []
    state.stage = AFTER_EVENT


def _mob_mago(state: S, person: int) -> None:
    if person in _in_carthage(state, family_of(person)):
        kill(state, person)
    _after_mob_chit(state)


stage(
    "forum_mob",
    Stage(
        lambda s: -1,
        _mob_chit,
        lambda s, a: f"chit {chit_text(a)}",
        outcomes=lambda s: weighted(dict(enumerate(s.cup))),
    ),
)
mago_stage("forum_mob_mago", _mob_mago)


# -- Mercenary Mutiny ---------------------------------------------------------------------------


def _mutineer_counts(state: S) -> dict[int, int]:
    """Active Campanian and Celtiberian counters as outcomes ``unit * 2 + veteran``."""
    counts: dict[int, int] = {}
    for unit in MUTINEERS:
        veterans = state.unit_veteran[unit]
        counts[unit * 2] = state.unit_active[unit] - veterans
        counts[unit * 2 + 1] = veterans
    return counts


def _next_mutineer(state: S) -> None:
    if state.ctx[0] > 0 and sum(_mutineer_counts(state).values()) > 0:
        state.stage = "forum_mutiny"
        return
    state.ctx = []
    state.stage = AFTER_EVENT


def remove_active(state: S, unit: int, veteran: bool) -> None:
    """Take one active counter of ``unit`` off the board: from Carthage if one waits there,
    else from the first force in the field holding one (docs)."""
    from carthago.games.republic_of_carthage.forces import at_home, veterans_at_home

    home = (
        veterans_at_home(state, unit)
        if veteran
        else at_home(state, unit) - veterans_at_home(state, unit)
    )
    if home <= 0:
        for index, force in enumerate(state.forces):
            kind = force.veterans[unit] if veteran else force.units[unit] - force.veterans[unit]
            if kind > 0:
                units = list(force.units)
                veterans = list(force.veterans)
                units[unit] -= 1
                veterans[unit] -= int(veteran)
                replace(
                    state,
                    index,
                    type(force)(
                        force.war,
                        force.exploration,
                        force.commanders,
                        tuple(units),
                        tuple(veterans),
                        force.sent,
                        force.status,
                    ),
                )
                break
    state.unit_active[unit] -= 1
    state.unit_veteran[unit] -= int(veteran)


def _mutiny(state: S, outcome: int) -> None:
    unit, veteran = divmod(outcome, 2)
    if veteran and len(allegiance(state, unit)) > 1:
        # The mutineer loses its commander's loyalty (§6.5.7): whose is drawn with it.
        state.ctx.append(unit)
        state.stage = "forum_mutiny_allegiance"
        return
    if veteran:
        drop_allegiance(state, unit, next(iter(allegiance(state, unit))))
    _mutineer_leaves(state, unit, bool(veteran))


def _mutiny_allegiance(state: S, outcome: int) -> None:
    unit = state.ctx.pop()
    drop_allegiance(state, unit, outcome - 1)
    _mutineer_leaves(state, unit, True)


def _mutineer_leaves(state: S, unit: int, veteran: bool) -> None:
    remove_active(state, unit, veteran)
    state.unit_pool[unit] += 1
    kind = "veteran " if veteran else ""
    state.note(f"A {kind}{UNITS[unit].name} army mutinies and returns to the Force Pool")
    state.ctx[0] -= 1
    _next_mutineer(state)


def _mutiny_text(state: S, outcome: int) -> str:
    unit, veteran = divmod(outcome, 2)
    return f"mutiny {UNITS[unit].id}{' veteran' if veteran else ''}"


stage(
    "forum_mutiny",
    Stage(
        lambda s: -1,
        _mutiny,
        _mutiny_text,
        outcomes=lambda s: weighted(_mutineer_counts(s)),
    ),
)


stage(
    "forum_mutiny_allegiance",
    Stage(
        lambda s: -1,
        _mutiny_allegiance,
        lambda s, a: allegiance_text(a),
        outcomes=lambda s: allegiance_outcomes(s, s.ctx[1]),
    ),
)


def remove_all(state: S) -> None:
    """§6.4.1: the Table Events of the previous turn leave the board."""
    if any(state.table_event):
        names = [TABLE_EVENTS[i].name for i, at in enumerate(state.table_event) if at]
        state.note(f"Table Events removed: {', '.join(names)}")
    state.table_event = [0] * len(TABLE_EVENTS)
    return_pirated(state)
