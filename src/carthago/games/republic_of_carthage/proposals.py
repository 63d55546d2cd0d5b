"""Senate proposals (§6.5): what each kind needs, who may be named, and what a passed one does.

A proposal is built as a list of ints in ``state.proposal``: its kind first, then one parameter
per choice (a person, a war, a province, a force, a unit type, a count, or -1 for "none").
:func:`options` gives the actions the presiding Senator may take for the next parameter, or
``None`` once the proposal is complete; :func:`carry_out` makes a passed proposal real.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import table_events
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import (
    CARAVAN,
    REBEL_WAR,
    TRADE_FLEET,
    Force,
    at_home,
    bring_home,
    commanding,
    forces_on,
    replace,
    send,
    veterans_at_home,
    war_name,
)
from carthago.games.republic_of_carthage.forum_cards import leaders_stand_down
from carthago.games.republic_of_carthage.laws import law_in_force
from carthago.games.republic_of_carthage.offices import holds_office, office_of, vacate
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CARDS,
    CARTHAGE,
    EXILE,
    FORUM,
    GOVERNOR,
    IN_PLAY,
    N_PERSONS,
    OFFICE_INDEX,
    OFFICES,
    OUT,
    PROV_FORUM,
    PROV_GOVERNED,
    PROVINCES,
    SENATOR_INDEX,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_LOST,
    WAR_STATUS_NAMES,
    WAR_UNPROSECUTED,
    WARS,
    describe_person,
    family_of,
    stat,
)
from carthago.games.republic_of_carthage.succession import succeed

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

(
    SUFFETES,
    COMMITTEE,
    MINOR,
    MAJOR,
    GOVERNOR_KIND,
    RECRUIT,
    DISBAND,
    WAR,
    AUGMENT,
    SUE,
    TAX_UP,
    TAX_DOWN,
    RECALL,
    RECALL_EXILE,
    CONCESSION,
    LIFE,
    EXPEDITION,
) = range(17)
KIND_NAMES: Final = (
    "elect Suffetes",
    "fill a Committee seat",
    "minor prosecution",
    "major prosecution",
    "appoint a Governor",
    "recruit",
    "disband",
    "prosecute a war",
    "augment a force",
    "sue for peace",
    "raise the Tax Rate",
    "lower the Tax Rate",
    "recall a commander",
    "recall a Statesman from exile",
    "assign a Trade Concession",
    "elect a Suffete for Life",
    "send an expedition",
)
OTHER_BUSINESS: Final = (
    WAR,
    TAX_UP,
    RECRUIT,
    EXPEDITION,
    AUGMENT,
    DISBAND,
    SUE,
    TAX_DOWN,
    RECALL,
    GOVERNOR_KIND,
    RECALL_EXILE,
    CONCESSION,
    LIFE,
)
"""The kinds the PM may propose in Other Business (§6.5.7), in the order legal actions list
them: war and taxes first, what keeps the Republic alive."""
NONE: Final = -1
"""A parameter left empty (no second commander, no replacement commander)."""

HOME: Final = OFFICE_INDEX["HOME-SUFFETE"]
MARINE: Final = OFFICE_INDEX["MARINE-SUFFETE"]
SUFFETE_INFLUENCE: Final = 5
COMMITTEE_INFLUENCE: Final = 3
GENERAL_INFLUENCE: Final = 3
COMMITTEE_TERM: Final = 3
PENTARCHY_TERM: Final = 4
MAX_TAX: Final = 90
TAX_STEP: Final = 10
SPONSOR_POPULARITY: Final = 3
COSPONSOR_POPULARITY: Final = 1
LIFE_INFLUENCE: Final = 21
EXPEDITION_INFLUENCE: Final = 3
FLEET: Final[int] = UNIT_INDEX["fleet"]
TRADE_UNITS: Final = (TRADE_FLEET, CARAVAN)
ARMIES: Final = tuple(u for u in range(len(UNITS)) if u != FLEET and u not in TRADE_UNITS)
MILITARY: Final[tuple[int, ...]] = (*ARMIES, FLEET)
"""Armies, then fleets: a force's counts are chosen in this order (fleets last, so the fleet
support a war asks for is known when its fleets are chosen)."""
assert REBEL_WAR < SA.N_ITEMS, "the rebellion is named by an item action like the war cards"


# -- who may be named -----------------------------------------------------------------------


def in_carthage(state: S) -> list[int]:
    """Faction Senators and Statesmen in Carthage."""
    return [p for p in range(N_PERSONS) if state.ploc[p] == CARTHAGE and state.owner[p] >= 0]


def free_of_office(state: S, person: int) -> bool:
    """In Carthage and holding no office, Governorship or command (§6.5.2)."""
    return (
        state.ploc[person] == CARTHAGE
        and state.owner[person] >= 0
        and not holds_office(state, person)
        and not commanding(state, person)
    )


def office_candidates(state: S) -> list[int]:
    return [p for p in in_carthage(state) if free_of_office(state, p)]


def committee_candidates(state: S, office: int) -> list[int]:
    """§6.5.4: those not yet rejected for ``office`` this turn, members whose term just ran out
    among them (they must consent, unless they are the only candidate)."""
    return [p for p in office_candidates(state) if not was_rejected(state, [COMMITTEE, office, p])]


def suffete_pairs(state: S) -> list[tuple[int, int]]:
    """Pairs of eligible candidates not yet rejected this turn."""
    free = office_candidates(state)
    return [
        (a, b)
        for i, a in enumerate(free)
        for b in free[i + 1 :]
        if not was_rejected(state, [SUFFETES, a, b])
    ]


def first_commanders(state: S) -> list[int]:
    """§6.5.7: the Suffetes in Carthage, the Marine Suffete before the Home Suffete; in a Crisis
    under the Separation of Powers any Senator in Carthage free of office may lead too."""
    marine, home = state.office_holder[MARINE], state.office_holder[HOME]
    found = []
    if marine >= 0 and state.ploc[marine] == CARTHAGE:
        found.append(marine)
    elif home >= 0 and state.ploc[home] == CARTHAGE:
        found.append(home)
    if state.crisis and law_in_force(state, "separation_of_powers"):
        found += [p for p in office_candidates(state) if p not in found]
    return found


def second_commanders(state: S, first: int) -> list[int]:
    """§6.5.7 Crisis: any other Senator in Carthage, whatever office he holds; before the
    Separation of Powers one of the two must be a Suffete."""
    suffetes = (state.office_holder[HOME], state.office_holder[MARINE])
    return [
        p
        for p in in_carthage(state)
        if p != first and not commanding(state, p) and (first in suffetes or p in suffetes)
    ]


def unit_allowed(unit: int, war: int) -> bool:
    """Sikels and Gallic Swordsmen fight only in the wars the Recruiting table names; against
    the rebellion only armies go (§6.7.3: fleets play no part in a revolt), and not those two,
    whose wars the table lists."""
    allowed = UNITS[unit].wars
    if war == REBEL_WAR:
        return unit in ARMIES and not allowed
    return not allowed or WARS[war].id in allowed


def prosecutable_wars(state: S) -> list[int]:
    """The wars on the board the Senate may send a force to, and the rebellion while a revolt
    is under way (§6.7.3: it is a war for the Senate to defeat)."""
    found = [
        w
        for w, status in enumerate(state.war_status)
        if status in (WAR_INACTIVE, WAR_ACTIVE, WAR_UNPROSECUTED)
    ]
    return [*found, REBEL_WAR] if state.rebels else found


def _is_army(unit: int) -> bool:
    return unit in ARMIES


def _force_valid(war: int, armies: int, fleets: int, new_war: bool = True) -> bool:
    """A force needs a counter; a new force for a war with a naval part needs fleets, and its
    armies need the war's fleet support (§6.5.7). An augmentation only needs a counter, and so
    does a force against the rebellion, which has neither a naval part nor fleet support."""
    if armies + fleets == 0:
        return False
    if not new_war or war == REBEL_WAR:
        return True
    card = WARS[war]
    if card.naval and fleets == 0:
        return False
    return not (armies and fleets < card.fleet_support)


def _completable(war: int, armies: tuple[int, int], fleets_high: int, new_war: bool) -> bool:
    """Whether some number of armies in ``armies`` (low, high) and of fleets up to
    ``fleets_high`` makes a valid force."""
    low, high = armies
    for number in {low, max(low, min(1, high))}:
        if number > high:
            continue
        if any(_force_valid(war, number, f, new_war) for f in range(fleets_high + 1)):
            return True
    return False


def _home_for(state: S, unit: int, war: int) -> int:
    """Counters of ``unit`` in Carthage that may go to ``war``."""
    return at_home(state, unit) if unit_allowed(unit, war) else 0


def war_feasible(state: S, war: int) -> bool:
    armies = sum(_home_for(state, u, war) for u in ARMIES)
    return _completable(war, (0, armies), _home_for(state, FLEET, war), True)


# -- the rejected proposals of this turn --------------------------------------------------


def _entries(state: S) -> list[list[int]]:
    found, i = [], 0
    while i < len(state.failed):
        size = state.failed[i]
        found.append(state.failed[i + 1 : i + 1 + size])
        i += 1 + size
    return found


def was_rejected(state: S, proposal: list[int]) -> bool:
    # Most turns reject nothing: no entries to build and search.
    return bool(state.failed) and proposal in _entries(state)


def reject(state: S, proposal: list[int]) -> None:
    """§6.5: a rejected (or vetoed) proposal may not be made again this turn."""
    state.failed = [*state.failed, len(proposal), *proposal]


def concession_proposed(state: S, card: int) -> bool:
    return any(e[0] == CONCESSION and e[1] == card for e in _entries(state))


# -- the choices, one parameter at a time ---------------------------------------------------


def _persons(found: list[int]) -> list[int]:
    return [SA.person(p) for p in found]


def _unit_slots(state: S, war: int, base: int, proposal: list[int]) -> list[int] | None:
    """Counts of each army type, then of fleets, each followed by how many are Veterans.

    ``base`` is where the counts start in ``proposal``; ``war`` limits Sikels and Gauls; every
    count offered leaves a way to a valid force (:func:`_force_valid`).
    """
    new_war = proposal[0] == WAR
    chosen = proposal[base:]
    armies = 0
    for slot, unit in enumerate(MILITARY):
        if 2 * slot >= len(chosen):
            home = min(_home_for(state, unit, war), SA.MAX_COUNT - 1)
            if unit == FLEET:
                found = [n for n in range(home + 1) if _force_valid(war, armies, n, new_war)]
            else:
                rest = sum(_home_for(state, u, war) for u in ARMIES[slot + 1 :])
                fleets = _home_for(state, FLEET, war)
                found = [
                    n
                    for n in range(home + 1)
                    if _completable(war, (armies + n, armies + n + rest), fleets, new_war)
                ]
            return [SA.count(n) for n in found]
        number = chosen[2 * slot]
        if 2 * slot + 1 >= len(chosen):
            recruits = at_home(state, unit) - veterans_at_home(state, unit)
            low = max(0, number - recruits)
            high = min(number, veterans_at_home(state, unit))
            return [SA.count(v) for v in range(low, high + 1)]
        if unit != FLEET:
            armies += number
    return None


def _augmentable(state: S) -> list[int]:
    return [
        i
        for i, force in enumerate(state.forces)
        if force.war >= 0
        and force.commanders
        and any(at_home(state, u) and unit_allowed(u, force.war) for u in MILITARY)
    ]


def recallable(state: S) -> list[int]:
    """Forces at war sent on an earlier turn, those whose commanders all died or were captured
    included: their counters wait on the war until the Senate names a new commander or calls
    them home (docs, "Recall a commander")."""
    return [i for i, force in enumerate(state.forces) if force.war >= 0 and force.sent < state.turn]


def _recruitable(state: S, unit: int) -> int:
    """How many counters of ``unit`` the Senate could recruit now (pool and treasury)."""
    cost = recruit_cost(state, unit)
    if cost <= 0 or state.treasury < cost:
        return 0
    pool = SA.MAX_COUNT - 1 if unit in TRADE_UNITS else state.unit_pool[unit]
    return min(pool, state.treasury // cost, SA.MAX_COUNT - 1)


def recruit_cost(state: S, unit: int) -> int:
    """The Recruiting table's price of one counter (§6.5.7) as the Table Events in force make
    it (Manpower Shortage, No Recruitment); -1 when it may not be recruited at all."""
    return table_events.recruit_cost(state, unit)


def _governor_provinces(state: S, other_business: bool) -> list[int]:
    """Step 6: provinces in the Forum; in Other Business also governed provinces whose
    Governor was not elected this turn (a recall by electing his replacement)."""
    found = [p for p, loc in enumerate(state.prov_loc) if loc == PROV_FORUM]
    if other_business:
        found += [
            p
            for p, loc in enumerate(state.prov_loc)
            if loc == PROV_GOVERNED and state.gov_turn[p] != state.turn
        ]
    return found


def prosecution_targets(state: S, kind: int) -> list[int]:
    from carthago.games.republic_of_carthage.prosecution import eligible

    return [p for p in in_carthage(state) if eligible(state, p, kind)]


def prosecution_cost(state: S, kind: int, accused: int) -> int:
    from carthago.games.republic_of_carthage.prosecution import cost

    return cost(state, kind, accused)


def kinds(state: S) -> list[int]:
    """The kinds of Other Business the PM may propose now."""
    found = []
    for k in OTHER_BUSINESS:
        if _may_begin(state, k):
            found.append(k)
    return found


def _may_begin(state: S, kind: int) -> bool:
    """Whether ``options(state, [kind])`` offers a choice, or ``[kind]`` is a whole proposal
    not rejected this turn; the first way on is enough (kinds runs at every proposal prompt)."""
    proposal = [kind]
    found = _options(state, proposal, True)
    if found is None:
        return not was_rejected(state, proposal)
    if SHORT_KINDS.get(kind, 0) > len(proposal):
        return any(options(state, [kind, parameter(a)], True) for a in found)
    return bool(_unrejected(state, proposal, found, True))


SHORT_KINDS: Final = {
    SUE: 1,
    RECALL_EXILE: 1,
    LIFE: 1,
    RECRUIT: 2,
    DISBAND: 2,
    CONCESSION: 2,
    TAX_UP: 2,
}
"""Other Business kinds with few parameters, by their number: none of their choices may lead
only to a proposal rejected this turn."""


def options(state: S, proposal: list[int], other_business: bool = False) -> list[int] | None:
    """The actions for the next parameter of ``proposal``, or None when it is complete; [] when
    it cannot be made now."""
    return _unrejected(state, proposal, _options(state, proposal, other_business), other_business)


def _unrejected(
    state: S, proposal: list[int], found: list[int] | None, other_business: bool
) -> list[int] | None:
    """``found`` (the choices :func:`_options` gives) less those that lead only to a proposal
    rejected this turn."""
    size = SHORT_KINDS.get(proposal[0], 0)
    if found is None or len(proposal) > size:
        return found
    if len(proposal) == size:
        if not state.failed:
            return found
        rejected = _entries(state)
        return [a for a in found if [*proposal, parameter(a)] not in rejected]
    return [a for a in found if options(state, [*proposal, parameter(a)], other_business)]


def _options(state: S, proposal: list[int], other_business: bool) -> list[int] | None:
    kind, params = proposal[0], proposal[1:]
    if kind == SUFFETES:
        pairs = suffete_pairs(state)
        if not params:
            return _persons(sorted({a for a, _ in pairs}))
        if len(params) == 1:
            return _persons([b for a, b in pairs if a == params[0]])
        return None
    if kind == COMMITTEE:
        if len(params) == 1:
            return _persons(committee_candidates(state, params[0]))
        return None
    if kind in (MINOR, MAJOR):
        if not params:
            return _persons(
                [
                    p
                    for p in prosecution_targets(state, kind)
                    if prosecution_cost(state, kind, p) + state.prosecutions <= 2
                    and any(
                        not was_rejected(state, [kind, p, q]) for q in in_carthage(state) if q != p
                    )
                ]
            )
        if len(params) == 1:
            return _persons(
                [
                    q
                    for q in in_carthage(state)
                    if q != params[0] and not was_rejected(state, [kind, params[0], q])
                ]
            )
        return None
    if kind == GOVERNOR_KIND:
        if not params:
            return [
                SA.item(p)
                for p in _governor_provinces(state, other_business)
                if any(not was_rejected(state, [kind, p, q]) for q in office_candidates(state))
            ]
        if len(params) == 1:
            return _persons(
                [p for p in office_candidates(state) if not was_rejected(state, [*proposal, p])]
            )
        return None
    if kind == RECRUIT:
        if not params:
            return [SA.item(u) for u in range(len(UNITS)) if _recruitable(state, u)]
        if len(params) == 1:
            return [SA.count(n) for n in range(1, _recruitable(state, params[0]) + 1)]
        return None
    if kind == DISBAND:
        if not params:
            return [SA.item(u) for u in range(len(UNITS)) if at_home(state, u) > 0]
        if len(params) == 1:
            most = min(at_home(state, params[0]), SA.MAX_COUNT - 1)
            return [SA.count(n) for n in range(1, most + 1)]
        return None
    if kind == WAR:
        if not params:
            if not first_commanders(state):
                return []
            return [SA.item(w) for w in prosecutable_wars(state) if war_feasible(state, w)]
        if len(params) == 1:
            return _persons(first_commanders(state))
        if len(params) == 2:
            if not state.crisis:
                return [SA.PASS]
            return [SA.PASS, *_persons(second_commanders(state, params[1]))]
        return _unit_slots(state, params[0], 4, proposal)
    if kind == AUGMENT:
        if not params:
            return [SA.item(i) for i in _augmentable(state)]
        return _unit_slots(state, state.forces[params[0]].war, 2, proposal)
    if kind == SUE:
        if not params:
            return [
                SA.item(w)
                for w, status in enumerate(state.war_status)
                if status in (WAR_ACTIVE, WAR_UNPROSECUTED)
            ]
        return None
    if kind == TAX_UP:
        if state.tax_turn == state.turn or state.tax + TAX_STEP > MAX_TAX:
            return []
        if not params:
            return _persons(in_carthage(state)) if len(in_carthage(state)) > 1 else []
        if len(params) == 1:
            return _persons([p for p in in_carthage(state) if p != params[0]])
        return None
    if kind == TAX_DOWN:
        if state.tax_turn == state.turn or state.tax < TAX_STEP or was_rejected(state, [kind]):
            return []
        return None
    if kind == RECALL:
        if not params:
            return [SA.item(i) for i in recallable(state)]
        if len(params) == 1:
            return [SA.PASS, *_persons(first_commanders(state))]
        return None
    if kind == RECALL_EXILE:
        if not params:
            return _persons([p for p in range(N_PERSONS) if state.ploc[p] == EXILE])
        return None
    if kind == CONCESSION:
        if not params:
            return [
                SA.item(c)
                for c, loc in enumerate(state.card_loc)
                if loc == FORUM
                and CARDS[c].kind == "concession"
                and not concession_proposed(state, c)
            ]
        if len(params) == 1:
            return _persons(in_carthage(state))
        return None
    if kind == EXPEDITION:
        return _expedition_options(state, params)
    if kind == LIFE:
        if state.life_proposed == state.turn:
            return []
        if not params:
            return _persons([p for p in in_carthage(state) if state.inf[p] >= LIFE_INFLUENCE])
        return None
    raise ValueError(f"unknown proposal kind {kind}")


def explorations(state: S) -> list[int]:
    """Exploration cards on the board (the Forum Phase puts them in the Inactive Wars area,
    ``card_loc`` IN_PLAY)."""
    return [
        c
        for c, loc in enumerate(state.card_loc)
        if loc == IN_PLAY and CARDS[c].kind == "exploration"
    ]


def expedition_units(card: int) -> list[int]:
    """What an Exploration card asks for: Caravans, Trade Fleets or either."""
    record = C.explorations[CARDS[card].id]
    return [u for u, need in ((CARAVAN, record.caravans), (TRADE_FLEET, record.fleets)) if need]


def _expedition_cost(state: S, unit: int, number: int) -> int:
    """Counters in Carthage go first; the rest are recruited at 1T each (§6.5.7)."""
    return max(0, number - at_home(state, unit)) * recruit_cost(state, unit)


def _expedition_options(state: S, params: list[int]) -> list[int] | None:
    """Card, commander (free of office), Caravans or Trade Fleets, how many."""
    if not params:
        if not office_candidates(state):
            return []
        return [
            SA.item(c)
            for c in explorations(state)
            if any(_expedition_cost(state, u, 1) <= state.treasury for u in expedition_units(c))
        ]
    if len(params) == 1:
        return _persons(office_candidates(state))
    if len(params) == 2:
        return [
            SA.item(u)
            for u in expedition_units(params[0])
            if _expedition_cost(state, u, 1) <= state.treasury
        ]
    if len(params) == 3:
        unit = params[2]
        return [
            SA.count(n)
            for n in range(1, SA.MAX_COUNT)
            if _expedition_cost(state, unit, n) <= state.treasury
        ]
    return None


def parameter(action: int) -> int:
    """The value an action adds to a proposal."""
    if action == SA.PASS:
        return NONE
    if SA.PERSON <= action < SA.PERSON + 100:
        return action - SA.PERSON
    if SA.ITEM <= action < SA.ITEM + SA.N_ITEMS:
        return action - SA.ITEM
    if SA.COUNT <= action < SA.COUNT + SA.MAX_COUNT:
        return action - SA.COUNT
    raise ValueError(f"action {action} is no proposal parameter")


# -- what a proposal says -------------------------------------------------------------------


def _unit_text(units: tuple[int, ...], veterans: tuple[int, ...]) -> str:
    parts = []
    for unit, number in enumerate(units):
        if number:
            vets = f" ({veterans[unit]} veteran)" if veterans[unit] else ""
            parts.append(f"{number} {UNITS[unit].name}{vets}")
    return ", ".join(parts) or "nothing"


def force_units(proposal: list[int], base: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    units = [0] * len(UNITS)
    veterans = [0] * len(UNITS)
    for slot, unit in enumerate(MILITARY):
        units[unit] = proposal[base + 2 * slot]
        veterans[unit] = proposal[base + 2 * slot + 1]
    return tuple(units), tuple(veterans)


def text(state: S, proposal: list[int]) -> str:
    """The proposal in words (complete or as far as it is built)."""
    kind, p = proposal[0], proposal[1:]
    name = KIND_NAMES[kind]
    if kind == SUFFETES and len(p) == 2:
        return f"elect {describe_person(p[0])} and {describe_person(p[1])} Suffetes"
    if kind == COMMITTEE and len(p) == 2:
        return f"elect {describe_person(p[1])} {OFFICES[p[0]].name}"
    if kind in (MINOR, MAJOR) and len(p) == 2 and p[1] == NONE:
        return f"trial of {describe_person(p[0])}, whose faction's assassin was caught"
    if kind in (MINOR, MAJOR) and len(p) == 2:
        return f"{name} of {describe_person(p[0])}, prosecutor {describe_person(p[1])}"
    if kind == GOVERNOR_KIND and len(p) == 2:
        return f"appoint {describe_person(p[1])} Governor of {PROVINCES[p[0]].name}"
    if kind in (RECRUIT, DISBAND) and len(p) == 2:
        return f"{name} {p[1]} {UNITS[p[0]].name}"
    if kind == WAR and len(p) == 3 + 2 * len(MILITARY):
        second = f" and {describe_person(p[2])}" if p[2] != NONE else ""
        units, veterans = force_units(proposal, 4)
        return (
            f"send {describe_person(p[1])}{second} against {war_name(p[0])} "
            f"with {_unit_text(units, veterans)}"
        )
    if kind == AUGMENT and len(p) == 1 + 2 * len(MILITARY):
        units, veterans = force_units(proposal, 2)
        war = war_name(state.forces[p[0]].war) if p[0] < len(state.forces) else "?"
        return f"augment the force against {war} with {_unit_text(units, veterans)}"
    if kind == SUE and p:
        return f"sue for peace in {WARS[p[0]].name}"
    if kind == TAX_UP and len(p) == 2:
        return (
            f"raise the Tax Rate to {state.tax + TAX_STEP}% (sponsor {describe_person(p[0])}, "
            f"co-sponsor {describe_person(p[1])})"
        )
    if kind == TAX_DOWN:
        return f"lower the Tax Rate to {state.tax - TAX_STEP}%"
    if kind == RECALL and len(p) == 2:
        force = state.forces[p[0]] if p[0] < len(state.forces) else None
        if force is not None and not force.commanders:
            if p[1] == NONE:
                return f"call home the force against {war_name(force.war)} (no commander)"
            return (
                f"give the force against {war_name(force.war)} (no commander) to "
                f"{describe_person(p[1])}"
            )
        who = ", ".join(describe_person(c) for c in force.commanders) if force else "?"
        new = f", replaced by {describe_person(p[1])}" if p[1] != NONE else ""
        return f"recall {who}{new}"
    if kind == RECALL_EXILE and p:
        return f"recall {describe_person(p[0])} from exile"
    if kind == CONCESSION and len(p) == 2:
        return f"give {C.hand_cards[CARDS[p[0]].id].name} to {describe_person(p[1])}"
    if kind == LIFE and p:
        return f"elect {describe_person(p[0])} Suffete for Life"
    if kind == EXPEDITION and len(p) == 4:
        target = C.explorations[CARDS[p[0]].id].name
        return f"send {describe_person(p[1])} to {target} with {p[3]} {UNITS[p[2]].name}"
    return name


def parameter_text(state: S, action: int) -> str:
    if action == SA.PASS:
        return "none"
    value = parameter(action)
    if SA.PERSON <= action < SA.PERSON + 100:
        return describe_person(value)
    if SA.COUNT <= action < SA.COUNT + SA.MAX_COUNT:
        return str(value)
    kind = state.proposal[0] if state.proposal else -1
    if kind in (WAR, SUE):
        if value == REBEL_WAR:
            return war_name(value)
        return f"{WARS[value].name} ({WAR_STATUS_NAMES[state.war_status[value]]})"
    if kind == GOVERNOR_KIND:
        return PROVINCES[value].name
    if kind in (RECRUIT, DISBAND):
        return UNITS[value].name
    if kind == CONCESSION:
        return C.hand_cards[CARDS[value].id].name
    if kind == EXPEDITION and len(state.proposal) == 1:
        return C.explorations[CARDS[value].id].name
    if kind == EXPEDITION:
        return UNITS[value].name
    if kind in (AUGMENT, RECALL) and value < len(state.forces):
        return f"the force against {war_name(state.forces[value].war)}"
    return str(value)


# -- making a passed proposal real ---------------------------------------------------------


def gain_influence(state: S, person: int, amount: int) -> None:
    state.inf[person] = max(0, state.inf[person] + amount)


OUT_SUFFETE: Final = 0
OUT_GENERAL: Final = 1
OUT_EXPLORER: Final = 2
OUT_KINDS: Final = ("Suffete", "General", "Expedition commander")
"""What a man leaves that makes him "most recently out-of-office" (§6.5.5)."""


def mark_out_of_office(state: S, person: int, kind: int) -> None:
    """Record that ``person`` just left a Suffete's office or a command (``kind``): until
    somebody leaves one of that kind in a later turn he is among the "most recently
    out-of-office" a prosecution may target (§6.5.5).

    ``forces.bring_home`` calls this for every commander it brings back to Carthage."""
    state.prior[person] = state.turn + 1
    state.prior_kind[person] = kind
    state.last_out[kind] = state.turn + 1


def carry_out(state: S, proposal: list[int]) -> str:
    """Make a passed proposal real; returns the stage to go to next ("" for the usual)."""
    kind, p = proposal[0], proposal[1:]
    if kind == SUFFETES:
        for office in (HOME, MARINE):
            holder = state.office_holder[office]
            if holder >= 0:
                mark_out_of_office(state, holder, OUT_SUFFETE)
                vacate(state, office)
        for person in p:
            gain_influence(state, person, SUFFETE_INFLUENCE)
        state.ctx = list(p)
        return "senate_assign"
    if kind == COMMITTEE:
        office, person = p
        state.office_holder[office] = person
        pentarchy = law_in_force(state, "pentarchies")
        state.office_term[office] = PENTARCHY_TERM if pentarchy else COMMITTEE_TERM
        gain_influence(state, person, COMMITTEE_INFLUENCE)
        state.note(f"{describe_person(person)} is {OFFICES[office].name} (+3 Influence)")
        return ""
    if kind == GOVERNOR_KIND:
        province, person = p
        previous = state.prov_gov[province]
        if previous >= 0:
            state.ploc[previous] = CARTHAGE
            state.note(f"{describe_person(previous)} is recalled from {PROVINCES[province].name}")
        state.prov_loc[province] = PROV_GOVERNED
        state.prov_gov[province] = person
        state.prov_term[province] = PROVINCES[province].term
        state.gov_turn[province] = state.turn
        state.ploc[person] = GOVERNOR
        state.note(f"{describe_person(person)} leaves to govern {PROVINCES[province].name}")
        return ""
    if kind == RECRUIT:
        unit, number = p
        cost = recruit_cost(state, unit) * number
        state.treasury -= cost
        if unit == TRADE_FLEET:
            state.trade_fleets += number
        elif unit == CARAVAN:
            state.caravans += number
        else:
            state.unit_pool[unit] -= number
            state.unit_active[unit] += number
        state.note(f"Carthage recruits {number} {UNITS[unit].name} for {cost}T")
        return ""
    if kind == DISBAND:
        unit, number = p
        if unit == TRADE_FLEET:
            state.trade_fleets -= number
        elif unit == CARAVAN:
            state.caravans -= number
        else:
            recruits = at_home(state, unit) - veterans_at_home(state, unit)
            state.unit_veteran[unit] -= max(0, number - recruits)
            state.unit_active[unit] -= number
            state.unit_pool[unit] += number
        state.note(f"Carthage disbands {number} {UNITS[unit].name}")
        return ""
    if kind == WAR:
        war, first, second = p[0], p[1], p[2]
        units, veterans = force_units(proposal, 4)
        commanders = (first,) if second == NONE else (first, second)
        send(state, Force(war, -1, commanders, units, veterans, state.turn))
        if second != NONE and second not in (
            state.office_holder[HOME],
            state.office_holder[MARINE],
        ):
            # Any other Senator, a Committee member too, is elected General (§6.5.7 Crisis).
            gain_influence(state, second, GENERAL_INFLUENCE)
            state.note(f"{describe_person(second)} is elected General (+3 Influence)")
        if war != REBEL_WAR and state.war_status[war] == WAR_UNPROSECUTED:
            state.war_status[war] = WAR_ACTIVE
        state.note(f"The Senate sends a force against {war_name(war)}")
        return ""
    if kind == AUGMENT:
        index = p[0]
        force = state.forces[index]
        units, veterans = force_units(proposal, 2)
        for unit, number in enumerate(units):
            if number > at_home(state, unit) or veterans[unit] > veterans_at_home(state, unit):
                raise ValueError(f"not enough {UNITS[unit].id} in Carthage")
        replace(
            state,
            index,
            Force(
                force.war,
                force.exploration,
                force.commanders,
                tuple(a + b for a, b in zip(force.units, units, strict=True)),
                tuple(a + b for a, b in zip(force.veterans, veterans, strict=True)),
                force.sent,
                force.status,
            ),
        )
        state.note(f"The force against {war_name(force.war)} is augmented")
        return ""
    if kind == SUE:
        war = p[0]
        for index in reversed(forces_on(state, war)):
            bring_home(state, index)
        state.war_status[war] = WAR_LOST
        state.note(f"Carthage sues for peace: {WARS[war].name} is a Lost War")
        leaders_stand_down(state, WARS[war].family)
        return ""
    if kind in (TAX_UP, TAX_DOWN):
        state.tax += TAX_STEP if kind == TAX_UP else -TAX_STEP
        state.tax_turn = state.turn
        state.note(f"The Tax Rate is now {state.tax}%")
        if kind == TAX_UP:
            state.pop[p[0]] += SPONSOR_POPULARITY
            state.pop[p[1]] += COSPONSOR_POPULARITY
        return ""
    if kind == RECALL:
        index, replacement = p
        force = state.forces[index]
        state.ctx = [c for c in force.commanders if state.ploc[c] != OUT]
        if replacement == NONE:
            bring_home(state, index)
            state.note(f"The force against {war_name(force.war)} returns to Carthage")
        else:
            for person in force.commanders:
                if state.ploc[person] != OUT:
                    state.ploc[person] = CARTHAGE
            replace(
                state,
                index,
                Force(
                    force.war,
                    force.exploration,
                    (replacement,),
                    force.units,
                    force.veterans,
                    force.sent,
                    force.status,
                ),
            )
            state.ploc[replacement] = AT_WAR
            state.note(
                f"{describe_person(replacement)} takes command of the force against "
                f"{war_name(force.war)}"
            )
        for person in state.ctx:
            mark_out_of_office(state, person, OUT_GENERAL)
        return "senate_reaction" if state.ctx else ""
    if kind == RECALL_EXILE:
        recall_from_exile(state, p[0])
        return ""
    if kind == CONCESSION:
        card, person = p
        state.card_loc[card] = IN_PLAY
        state.card_holder[card] = person
        state.note(f"{describe_person(person)} receives {C.hand_cards[CARDS[card].id].name}")
        return ""
    if kind == EXPEDITION:
        card, commander, unit, number = p
        cost = _expedition_cost(state, unit, number)
        recruited = number - min(number, at_home(state, unit))
        state.treasury -= cost
        if unit == TRADE_FLEET:
            state.trade_fleets += recruited
        else:
            state.caravans += recruited
        counts = [0] * len(UNITS)
        counts[unit] = number
        send(state, Force(-1, card, (commander,), tuple(counts), (0,) * len(UNITS), state.turn))
        gain_influence(state, commander, EXPEDITION_INFLUENCE)
        state.note(
            f"{describe_person(commander)} leads an expedition (+3 Influence); "
            f"{recruited} {UNITS[unit].name} recruited for {cost}T"
        )
        return ""
    if kind == LIFE:
        state.life_suffete = p[0]
        state.life_turn = state.turn
        state.note(f"{describe_person(p[0])} is Suffete for Life")
        return ""
    raise ValueError(f"{KIND_NAMES[kind]} is carried out by its own module")


def recall_from_exile(state: S, statesman: int) -> None:
    """§6.5.7: back to the Forum, or to the faction holding his Family card.

    A Family card under a Statesman is still held by his faction (it went into exile with him,
    or lies under the other Mago Statesman), so the recalled man rejoins that faction; he covers
    the card only when it is not already under a Statesman."""
    family = SENATOR_INDEX[family_of(statesman)]
    holder = state.owner[family]
    if holder >= 0:
        state.owner[statesman] = holder
        state.ploc[statesman] = CARTHAGE
        state.card_loc[statesman] = IN_PLAY
        if state.in_play(family):
            succeed(state, family, statesman)
        state.note(f"{describe_person(statesman)} returns from exile to his family's faction")
        return
    state.owner[statesman] = -1
    state.ploc[statesman] = OUT
    state.card_loc[statesman] = FORUM
    state.note(f"{describe_person(statesman)} returns from exile to the Forum")


def office_text(state: S, person: int) -> str:
    office = office_of(state, person)
    return OFFICES[office].name if office >= 0 else ""


def military(person: int) -> int:
    return stat(person, "mil")
