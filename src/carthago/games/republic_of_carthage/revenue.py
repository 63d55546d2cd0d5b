"""The Revenue Phase (rules §6.2), its twelve steps in order.

Dice are chance nodes; the decisions are the players': whether a Committee member rolls for
corruption, whether a Governor takes Personal Income, how talents are moved about in Carthage
and what is contributed. The simultaneous steps 10 and 11 are taken one faction after another
from the HRAO round the table, each with a bounded number of moves (docs).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.laws import corruption
from carthago.games.republic_of_carthage.neutral_aide import (
    ALWAYS,
    NEVER,
    aide,
    income_roll_needed,
    matching_contributor,
    share_revenue,
)
from carthago.games.republic_of_carthage.offices import clockwise, hrao_faction
from carthago.games.republic_of_carthage.stages import (
    AUTO,
    Stage,
    auto,
    dice_outcomes,
    stage,
)
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CARTHAGE,
    EXPEDITION,
    GOVERNOR,
    OFFICES,
    PROV_FORUM,
    PROV_GOVERNED,
    PROVINCES,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_LOST,
    WAR_UNPROSECUTED,
    describe_person,
)
from carthago.games.republic_of_carthage.table_events import (
    province_income_modifier,
    war_upkeep_extra,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.components import Dice
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

LEADER_INCOME: Final = 3
SENATOR_INCOME: Final = 1
STATE_INCOME: Final = 100
UNIT_UPKEEP: Final = 2
ACTIVE_WAR_COST: Final = 20
LOST_WAR_COST: Final = 25
TRADE_UNITS_PER_TALENT: Final = 5
REBEL_UPKEEP: Final = 2
DEVELOPMENT_TARGET: Final = 6
DEVELOPMENT_BONUS: Final = 1
DEVELOPMENT_INFLUENCE: Final = 3
MAX_TRANSFERS: Final = 3
MAX_CONTRIBUTIONS: Final = 2
"""Moves per faction in steps 10 and 11: the bound that keeps every game finite (docs)."""
EARNING_PLACES: Final = (CARTHAGE, GOVERNOR, AT_WAR, EXPEDITION)
"""Where a Senator still draws his income: not in exile, captivity or revolt."""
NON_MILITARY: Final = ("trade_fleet", "caravan")


def pay(state: S, amount: int, why: str) -> None:
    """The State Treasury pays; going below zero is bankruptcy (§6.2 step 12, §7)."""
    if amount <= 0:
        return
    state.treasury -= amount
    state.note(f"The State Treasury pays {amount}T ({why}): {state.treasury}T left")
    if state.treasury < 0 and not state.bankrupt:
        state.bankrupt = 1
        state.note("The State Treasury cannot make this payment")


def _committee_in_office(state: S) -> list[int]:
    """The Committee offices held now: each holder may take a corruption roll (§6.2 step 2)."""
    return [
        office
        for office, holder in enumerate(state.office_holder)
        if OFFICES[office].committee and holder >= 0
    ]


def _income(state: S) -> None:
    state.note("Revenue Phase (rules 6.2)")
    for faction in range(state.rg.num_factions):
        for person in state.faction_persons(faction):
            if state.ploc[person] in EARNING_PLACES:
                leader = state.faction_leader[faction] == person
                state.talents[person] += LEADER_INCOME if leader else SENATOR_INCOME
    state.note("Faction Leaders collect 3T, every other Senator 1T")
    fleets = state.unit_active[UNIT_INDEX["fleet"]]
    for office, holder in enumerate(state.office_holder):
        card = OFFICES[office]
        if holder < 0 or (card.income == 0 and card.income_per_fleets == 0):
            continue
        amount = card.income
        if card.income_per_fleets:
            amount += math.ceil(fleets / card.income_per_fleets)
        state.talents[holder] += amount
        state.note(f"{describe_person(holder)} earns {amount}T as {card.name}")
    state.ctx = _committee_in_office(state)
    state.stage = "revenue_corruption"


auto("revenue_start", _income)


def _corruption_actor(state: S) -> int:
    if not state.ctx:
        return AUTO
    return state.owner[state.office_holder[state.ctx[0]]]


def _corruption_apply(state: S, action: int) -> None:
    if not state.ctx:
        state.stage = "revenue_state"
    elif action == A.YES:
        needed = income_roll_needed(state, state.office_holder[state.ctx[0]])
        state.stage = "revenue_corruption_roll" if needed == ALWAYS else "revenue_corruption_die"
    else:
        state.ctx.pop(0)


def _corruption_die(state: S, roll: int) -> None:
    """A Neutral member's card takes the corruption roll only on a high enough die (§9)."""
    holder = state.office_holder[state.ctx[0]]
    if roll >= income_roll_needed(state, holder):
        state.stage = "revenue_corruption_roll"
        return
    state.note(f"{describe_person(holder)} rolls {roll} and refrains from corruption")
    state.ctx.pop(0)
    state.stage = "revenue_corruption"


def _neutral_income(person: Callable[[S], int]) -> Callable[[S], int]:
    """The Neutral's answer to taking Personal Income for ``person``: Yes unless its card
    never takes it (a card that takes it on a roll then rolls, :func:`_corruption_die`)."""
    return lambda s: A.DONE if income_roll_needed(s, person(s)) == NEVER else A.YES


def _corruption_roll(state: S, roll: int) -> None:
    roll = corruption(state, roll)
    holder = state.office_holder[state.ctx.pop(0)]
    state.talents[holder] += roll
    state.liable[holder] = 1
    state.note(f"{describe_person(holder)} pockets {roll}T and is Liable")
    pay(state, roll, "corruption")
    state.stage = "revenue_corruption"


def _member(state: S) -> str:
    return describe_person(state.office_holder[state.ctx[0]])


stage(
    "revenue_corruption",
    Stage(
        _corruption_actor,
        _corruption_apply,
        lambda s, a: f"{_member(s)} {'rolls for' if a == A.YES else 'refrains from'} corruption",
        legal=lambda s: [A.DONE, A.YES],
        neutral=_neutral_income(lambda s: s.office_holder[s.ctx[0]]),
    ),
)
stage(
    "revenue_corruption_die",
    Stage(
        lambda s: -1,
        _corruption_die,
        lambda s, a: f"corruption decision roll {a}",
        outcomes=lambda s: dice_outcomes(1),
    ),
)
stage(
    "revenue_corruption_roll",
    Stage(
        lambda s: -1,
        _corruption_roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(1),
    ),
)


def state_dues(state: S) -> list[tuple[int, str]]:
    """Steps 6 to 8, what the State Treasury pays as the board stands: (talents, why) for the
    upkeep of the Senate's fleets and armies, the active and lost wars, the trade units."""
    military = sum(
        state.unit_active[i] for i, unit in enumerate(UNITS) if unit.id not in NON_MILITARY
    )
    active = sum(1 for s in state.war_status if s in (WAR_ACTIVE, WAR_UNPROSECUTED))
    lost = sum(1 for s in state.war_status if s == WAR_LOST)
    per_war = ACTIVE_WAR_COST + war_upkeep_extra(state)  # Drought (Table Event)
    trade_cost = math.ceil(state.trade_fleets / TRADE_UNITS_PER_TALENT) + math.ceil(
        state.caravans / TRADE_UNITS_PER_TALENT
    )
    return [
        (UNIT_UPKEEP * military, f"upkeep of {military} fleets and armies"),
        (per_war * active + LOST_WAR_COST * lost, f"{active} active, {lost} lost wars"),
        (trade_cost, "Trade Fleets and Caravans"),
    ]


def revenue_risk(state: S) -> int:
    """What the next Revenue Phase may take from the State Treasury besides ``state_dues``, at
    its worst, as the board stands: each Committee member's corruption die (paid before the
    State's income arrives) and each governed Province's State and Personal Income where their
    dice may fall below zero (the State pays the shortfall)."""
    highest, _ = dice_outcomes(1)[-1]
    risk = len(_committee_in_office(state)) * corruption(state, highest)
    for province, where in enumerate(state.prov_loc):
        if where != PROV_GOVERNED:
            continue
        income, personal = _side_of(state, province)
        lowest = income.dice + income.modifier + province_income_modifier(state)
        risk += max(0, -lowest) + max(0, -(personal.dice + personal.modifier))
    return risk


def _state_accounts(state: S) -> None:
    state.treasury += STATE_INCOME
    state.note(f"The State receives {STATE_INCOME}T: {state.treasury}T")
    _rebel_upkeep(state)
    for amount, why in state_dues(state):
        pay(state, amount, why)
    state.ctx = [p for p, loc in enumerate(state.prov_loc) if loc == PROV_GOVERNED]
    state.stage = "revenue_province_state"


auto("revenue_state", _state_accounts)


def _rebel_upkeep(state: S) -> None:
    """§6.2 step 5: the rebel pays 2T per rebel army; unpaid armies return to the Senate."""
    if not state.rebels:
        return
    faction, commanders = state.rebels[0], state.rebels[1:]
    # Veterans assigned to rebels need no maintenance (§6.7.3 Maintenance).
    armies = sum(state.rebel_units) - sum(state.rebel_veterans)
    funds = state.faction_treasury[faction] + sum(state.talents[p] for p in commanders)
    kept = min(armies, funds // REBEL_UPKEEP)
    cost = kept * REBEL_UPKEEP
    # The rebels' own talents first, as for bought votes (voting.spend): what the table sees
    # must not depend on the hidden Faction Treasury.
    for person in commanders:
        taken = min(cost, state.talents[person])
        state.talents[person] -= taken
        cost -= taken
    state.faction_treasury[faction] -= cost
    for _ in range(armies - kept):
        unit = max(range(len(UNITS)), key=lambda u: state.rebel_units[u] - state.rebel_veterans[u])
        state.rebel_units[unit] -= 1
        state.unit_active[unit] += 1
    state.note(UPKEEP_NOTE.format(kept=kept, armies=armies))


UPKEEP_NOTE: Final = "The rebels maintain {kept} of {armies} armies"
_UPKEEP_READ: Final = re.compile(UPKEEP_NOTE.format(kept=r"(\d+)", armies=r"(\d+)"))


def upkeep_cap(note: str | None, talents_left: int) -> int | None:
    """The most the rebel Faction Treasury can hold after a rebel upkeep that kept fewer armies
    than it had (None for any other note): every talent the rebels held went to the armies they
    kept, so what is left is less than one army's upkeep, less still if the commanders, who pay
    first, have ``talents_left``. The table sees how many armies came back, so this much of the
    hidden Faction Treasury is public.

    >>> upkeep_cap("The rebels maintain 1 of 4 armies", 0)
    1
    >>> upkeep_cap("The rebels maintain 1 of 4 armies", 3)
    0
    >>> upkeep_cap("The rebels maintain 4 of 4 armies", 0) is None
    True
    """
    read = _UPKEEP_READ.fullmatch(note or "")
    if read is None or int(read[1]) == int(read[2]):
        return None
    return max(0, REBEL_UPKEEP - 1 - talents_left)


def _province(state: S) -> int:
    return state.ctx[0]


def _side_of(state: S, province: int) -> tuple[Dice, Dice]:
    card = PROVINCES[province]
    side = card.developed if state.prov_dev[province] else card.undeveloped
    return side.state, side.personal


def _governed_actor(state: S) -> int:
    return -1 if state.ctx else AUTO


def _state_income(state: S, roll: int) -> None:
    if not state.ctx:
        state.stage = "revenue_redistribute_start"
        return
    province = _province(state)
    dice = _side_of(state, province)[0]
    value = roll + dice.modifier + province_income_modifier(state)  # Numidian Raids
    name = PROVINCES[province].name
    state.note(f"{name}: State Income {dice} rolls {roll}, giving {value}T")
    if value >= 0:
        state.treasury += value
    else:
        pay(state, -value, f"{name} State Income")
    state.sub = 0
    state.stage = "revenue_personal"


stage(
    "revenue_province_state",
    Stage(
        _governed_actor,
        _state_income,
        lambda s, a: f"State Income roll {a}",
        outcomes=lambda s: dice_outcomes(_side_of(s, _province(s))[0].dice),
    ),
)


def _governor(state: S) -> int:
    return state.prov_gov[_province(state)]


def _personal_choice(state: S, action: int) -> None:
    if action != A.YES:
        _develop_or_term(state)
    elif income_roll_needed(state, _governor(state)) == ALWAYS:
        state.sub = 1
        state.stage = "revenue_personal_roll"
    else:
        state.stage = "revenue_personal_die"


def _personal_die(state: S, roll: int) -> None:
    """A Neutral Governor's card takes Personal Income only on a high enough die (§9)."""
    governor = _governor(state)
    if roll >= income_roll_needed(state, governor):
        state.sub = 1
        state.stage = "revenue_personal_roll"
        return
    state.note(f"{describe_person(governor)} rolls {roll} and declines Personal Income")
    _develop_or_term(state)


stage(
    "revenue_personal",
    Stage(
        lambda s: s.owner[_governor(s)],
        _personal_choice,
        lambda s, a: (
            f"{describe_person(_governor(s))} "
            f"{'takes' if a == A.YES else 'declines'} Personal Income"
        ),
        legal=lambda s: [A.DONE, A.YES],
        neutral=_neutral_income(_governor),
    ),
)
stage(
    "revenue_personal_die",
    Stage(
        lambda s: -1,
        _personal_die,
        lambda s, a: f"Personal Income decision roll {a}",
        outcomes=lambda s: dice_outcomes(1),
    ),
)


def _personal_roll(state: S, roll: int) -> None:
    governor = _governor(state)
    dice = _side_of(state, _province(state))[1]
    value = roll + dice.modifier
    state.liable[governor] = 1
    if value >= 0:
        state.talents[governor] += value
        state.note(f"{describe_person(governor)} takes {value}T Personal Income and is Liable")
    else:
        state.note(f"{describe_person(governor)}'s Personal Income is {value}T and he is Liable")
        pay(state, -value, "negative Personal Income")
    _develop_or_term(state)


stage(
    "revenue_personal_roll",
    Stage(
        lambda s: -1,
        _personal_roll,
        lambda s, a: f"Personal Income roll {a}",
        outcomes=lambda s: dice_outcomes(_side_of(s, _province(s))[1].dice),
    ),
)


def _develop_or_term(state: S) -> None:
    if state.prov_dev[_province(state)]:
        _term(state)
    else:
        state.stage = "revenue_develop"


def _develop(state: S, roll: int) -> None:
    province = _province(state)
    total = roll + (0 if state.sub else DEVELOPMENT_BONUS)
    if total >= DEVELOPMENT_TARGET:
        state.prov_dev[province] = 1
        governor = _governor(state)
        state.inf[governor] += DEVELOPMENT_INFLUENCE
        state.note(
            f"{PROVINCES[province].name} develops (roll {roll}, total {total}); "
            f"{describe_person(governor)} gains {DEVELOPMENT_INFLUENCE} Influence"
        )
    else:
        state.note(f"{PROVINCES[province].name} stays Undeveloped (roll {roll}, total {total})")
    _term(state)


stage(
    "revenue_develop",
    Stage(
        lambda s: -1,
        _develop,
        lambda s, a: f"development roll {a}",
        outcomes=lambda s: dice_outcomes(1),
    ),
)


def _term(state: S) -> None:
    province = state.ctx.pop(0)
    state.prov_term[province] -= 1
    if state.prov_term[province] <= 0:
        governor = state.prov_gov[province]
        state.prov_loc[province] = PROV_FORUM
        state.prov_gov[province] = -1
        state.ploc[governor] = CARTHAGE
        state.note(
            f"{describe_person(governor)}'s term ends: {PROVINCES[province].name} goes to the "
            "Forum and he returns to Carthage"
        )
    state.stage = "revenue_province_state"


# -- steps 10 and 11: redistribution and contributions ---------------------------------------


def _start_round(state: S, next_stage: str) -> None:
    state.order = [f for f in clockwise(state, hrao_faction(state)) if state.human(f)]
    state.pos = 0
    state.sub = 0
    state.stage = next_stage


def _redistribute_start(state: S) -> None:
    state.ctx = [f for f in clockwise(state, hrao_faction(state)) if not state.human(f)]
    state.stage = "revenue_neutral_share"


auto("revenue_redistribute_start", _redistribute_start)


def _share_actor(state: S) -> int:
    """Chance for a Neutral whose card sends one die of talents to its Treasury, else AUTO."""
    return -1 if state.ctx and aide(state, state.ctx[0]).revenue == "die" else AUTO


def _share_apply(state: S, roll: int) -> None:
    if not state.ctx:
        _start_round(state, "revenue_redistribute")
        return
    share_revenue(state, state.ctx.pop(0), roll)


stage(
    "revenue_neutral_share",
    Stage(
        _share_actor,
        _share_apply,
        lambda s, a: f"revenue die {a}",
        outcomes=lambda s: dice_outcomes(1),
    ),
)


def _in_carthage(state: S, faction: int) -> list[int]:
    return [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]


def _round_actor(state: S) -> int:
    return state.order[state.pos] if state.pos < len(state.order) else AUTO


def _redistribute_legal(state: S) -> list[int]:
    faction = state.order[state.pos]
    legal = [A.DONE]
    if state.sub >= MAX_TRANSFERS:
        return legal
    present = _in_carthage(state, faction)
    sources = [(p, state.talents[p]) for p in present]
    sources.append((A.OWN_TREASURY, state.faction_treasury[faction]))
    places = [*present, A.OWN_TREASURY]
    places += [A.OWN_TREASURY + 1 + f for f in range(state.rg.num_factions) if f != faction]
    for source, available in sources:
        if available <= 0:
            continue
        for destination in places:
            if destination == source:
                continue
            legal.extend(A.transfer(source, destination, i) for i in A.amount_choices(available))
    return legal


def _available(state: S, faction: int, source: int) -> int:
    if source == A.OWN_TREASURY:
        return state.faction_treasury[faction]
    return state.talents[source]


def _place_name(state: S, faction: int, place: int) -> str:
    if place < A.OWN_TREASURY:
        return describe_person(place)
    if place == A.OWN_TREASURY:
        return "the Faction Treasury"
    return f"{state.rg.faction_names[place - A.OWN_TREASURY - 1]}'s Faction Treasury"


def _redistribute_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _start_round(state, "revenue_contribute")
        # Each faction's contributions of this phase, for the Neutrals that match them.
        state.ctx = [0] * state.rg.num_factions
        return
    if action == A.DONE:
        state.pos += 1
        state.sub = 0
        return
    faction = state.order[state.pos]
    source, destination, index = A.decode_transfer(action)
    moved = A.amount(index, _available(state, faction, source))
    if source == A.OWN_TREASURY:
        state.faction_treasury[faction] -= moved
    else:
        state.talents[source] -= moved
    if destination < A.OWN_TREASURY:
        state.talents[destination] += moved
    elif destination == A.OWN_TREASURY:
        state.faction_treasury[faction] += moved
    else:
        state.faction_treasury[destination - A.OWN_TREASURY - 1] += moved
    state.sub += 1
    name = state.rg.faction_names[faction]
    text = (
        f"{name} moves {moved}T from {_place_name(state, faction, source)} to "
        f"{_place_name(state, faction, destination)}"
    )
    if source == A.OWN_TREASURY and destination > A.OWN_TREASURY:
        # Treasury to treasury: both face down, so only the two factions learn the amount.
        receiver = destination - A.OWN_TREASURY - 1
        state.note(
            f"{name} passes talents to {state.rg.faction_names[receiver]}'s Faction Treasury",
            {faction: text, receiver: text},
        )
    else:
        state.note(text)


def _redistribute_text(state: S, action: int) -> str:
    if action == A.DONE:
        return "done redistributing"
    faction = state.order[state.pos]
    source, destination, index = A.decode_transfer(action)
    return (
        f"move {A.amount_text(index)} from {_place_name(state, faction, source)} to "
        f"{_place_name(state, faction, destination)}"
    )


stage(
    "revenue_redistribute",
    Stage(_round_actor, _redistribute_apply, _redistribute_text, legal=_redistribute_legal),
)


def contribution_influence(talents: int) -> int:
    """The Contributions table (§6.2 step 11).

    >>> [contribution_influence(t) for t in (9, 10, 24, 25, 49, 50, 80)]
    [0, 1, 1, 3, 3, 7, 7]
    """
    earned = 0
    for threshold, influence in C.contributions:
        if talents >= threshold:
            earned = influence
    return earned


def _contribute_legal(state: S) -> list[int]:
    legal = [A.DONE]
    if state.sub >= MAX_CONTRIBUTIONS:
        return legal
    for person in _in_carthage(state, state.order[state.pos]):
        legal.extend(A.contribute(person, i) for i in A.amount_choices(state.talents[person]))
    return legal


def _contribute_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _neutral_contributions(state)
        state.stage = "revenue_end"
        return
    if action == A.DONE:
        state.pos += 1
        state.sub = 0
        return
    person, index = A.decode_person_amount(action, A.CONTRIBUTE)
    given = A.amount(index, state.talents[person])
    state.ctx[state.order[state.pos]] += given
    _contribute(state, person, given)


def _contribute(state: S, person: int, given: int) -> None:
    state.talents[person] -= given
    state.treasury += given
    earned = contribution_influence(given)
    state.inf[person] += earned
    state.sub += 1
    state.note(
        f"{describe_person(person)} contributes {given}T to the State ({state.treasury}T)"
        + (f" and gains {earned} Influence" if earned else "")
    )


def _neutral_contributions(state: S) -> None:
    """The Neutrals whose cards match the players' contributions give what the most generous
    player faction gave this phase (§9)."""
    most = max(state.ctx, default=0)
    for faction in clockwise(state, hrao_faction(state)):
        if not state.human(faction):
            person, given = matching_contributor(state, faction, most)
            if given > 0:
                _contribute(state, person, given)


def _contribute_text(state: S, action: int) -> str:
    if action == A.DONE:
        return "done contributing"
    person, index = A.decode_person_amount(action, A.CONTRIBUTE)
    return f"{describe_person(person)} contributes {A.amount_text(index)}"


stage(
    "revenue_contribute",
    Stage(_round_actor, _contribute_apply, _contribute_text, legal=_contribute_legal),
)


def _end(state: S) -> None:
    if state.bankrupt:
        from carthago.games.republic_of_carthage.phases import end_game

        end_game(state, "bankruptcy", [])
        return
    state.stage = "trade_start"


auto("revenue_end", _end)
