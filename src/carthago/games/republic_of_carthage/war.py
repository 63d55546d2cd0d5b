"""Resolving wars and the rebellion (rules §6.6.2) and adjusting unprosecuted wars (§6.6.3).

Every war with forces on it is fought, war by war in card order. When several forces face one
war, chance picks which arrives next; only the first to arrive this turn can suffer the war's
Standoff or Disaster number (§6.5.7 Multiple forces). The force fighting is moved to the end of
``state.forces`` so the ones still to arrive keep their places before it.

A battle is a chain of stages, its bookkeeping in ``state.ctx`` (layout: the ``C_*`` indices):
the 3d6 roll, each lost counter drawn at random, each Mortality chit, then the numbered steps of
the result. A naval war (one with a naval strength) is fought at sea first, by fleets only, until
a Fleet Victory marker lies on it; then on land, by armies, with the war's fleet support.

The rebellion of §6.7.3 is a war too: target ``REBEL_WAR`` (one past the last war card) in a
:class:`~forces.Force` sent by the Senate; its strength is the rebel armies plus the rebel
commanders' Military ratings.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import forces as F
from carthago.games.republic_of_carthage.card_play import take_roll_bonus
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import (
    REBEL_WAR,
    allegiance,
    allegiance_outcomes,
    allegiance_text,
    drop_allegiance,
    war_name,
)
from carthago.games.republic_of_carthage.mortality import (
    chit_text,
    kill,
    mago_stage,
    struck,
    take_chit,
)
from carthago.games.republic_of_carthage.offices import hrao, hrao_faction
from carthago.games.republic_of_carthage.senate_intrigues import take_mercenaries
from carthago.games.republic_of_carthage.specials import war_bonus
from carthago.games.republic_of_carthage.stages import (
    AUTO,
    Stage,
    auto,
    dice_outcomes,
    next_phase,
    stage,
    weighted,
)
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CAPTURED,
    CARDS,
    CARTHAGE,
    EXPEDITION,
    LEADER_ACTIVE,
    LEADER_REMOVED,
    LEADERS,
    N_PERSONS,
    PROV_FORUM,
    PROV_UNBORN,
    PROVINCE_INDEX,
    REMOVED,
    TABLE_EVENT_INDEX,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_DEFEATED,
    WAR_LOST,
    WAR_UNPROSECUTED,
    WARS,
    describe_person,
    stat,
)
from carthago.games.republic_of_carthage.table_events import (
    roll_penalty,
    war_roll_bonus,
    war_strength_modifier,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.forces import Force
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

FLEET: Final = UNIT_INDEX["fleet"]
ARMIES: Final = tuple(
    u for u, unit in enumerate(UNITS) if unit.id not in ("fleet", "trade_fleet", "caravan")
)
"""Unit types that fight land battles (every army counter)."""
VICTORIOUS: Final = 2
"""Force status: the war is won, its armies wait on the commander's card for §6.7.3."""

COUNTERS: Final = sum(unit.total for unit in UNITS)
"""Every army and fleet counter: no turn can lose more than these."""
EXTRA_CHITS: Final = 4
"""Two "Draw 2" chits in the cup: a drawing grows by four chits at most."""
COMBAT_BOUND: Final = N_PERSONS * (1 + 2 * (2 + EXTRA_CHITS + 1 + 3)) + 3 * COUNTERS
"""Stages with a decision or chance per turn in §6.6.2: per force (one commander at least) an
arrival, two battles with a Favour decision and a roll, the extra chits, the Mago pick (the cup
holds one chit 2), a Veteran, its tie and the holder's tie;
per lost counter its draw, its allegiance draw and its chit."""

STANDOFF: Final = 0
DISASTER: Final = 1
VICTORY: Final = 2
STALEMATE: Final = 3
DEFEAT: Final = 4
RESULT_NAMES: Final = ("Standoff", "Disaster", "Victory", "Stalemate", "Defeat")
_TABLE_RESULTS: Final = {"victory": VICTORY, "stalemate": STALEMATE, "defeat": DEFEAT}

# state.ctx during a war: the war, forces still to arrive, arrivals so far, whether this battle
# is at sea, its result, lost counters still to draw, chits still to draw, counters lost, the
# step reached after the losses, what a chance tie-break decides.
C_WAR: Final = 0
C_LEFT: Final = 1
C_ARRIVED: Final = 2
C_NAVAL: Final = 3
C_RESULT: Final = 4
C_LOSSES: Final = 5
C_CHITS: Final = 6
C_LOST: Final = 7
C_STEP: Final = 8
C_TIE: Final = 9
C_FAVOUR: Final = 10
"""The Favour of Baal Hammon bonus given to the roll about to be made."""
C_REBEL_LOSSES: Final = 11
"""Rebel armies still to draw as lost (§6.7.3: the rebels lose as many as the Senate)."""
C_REBEL_STRENGTH: Final = 12
"""The rebels' strength the battle was rolled against: what a Victory over them is worth."""
CTX_SIZE: Final = 13
TIE_HOLDER: Final = 0
TIE_VETERAN: Final = 1


# -- helpers ---------------------------------------------------------------------------------


def in_war(status: int) -> bool:
    """Active wars, prosecuted or not, are the wars in the field."""
    return status in (WAR_ACTIVE, WAR_UNPROSECUTED)


def matching_factor(state: S, war: int) -> int:
    """§6.6.2: a war's strength doubles with one other matching war active, triples with two."""
    family = WARS[war].family
    others = sum(
        1
        for w, other in enumerate(WARS)
        if w != war and other.family == family and in_war(state.war_status[w])
    )
    return min(others, 2) + 1


def leaders_with(state: S, war: int) -> list[int]:
    """Enemy Leaders (indices into LEADERS) with their Active wars of the war's family."""
    family = WARS[war].family
    return [
        i
        for i, leader in enumerate(LEADERS)
        if state.leader_status[i] == LEADER_ACTIVE and leader.family == family
    ]


def rebel_strength(state: S) -> int:
    """§6.7.3: the rebel armies (Veterans worth 2) plus the rebel commanders' Military."""
    armies = sum(state.rebel_units) + sum(state.rebel_veterans)
    return armies + sum(stat(p, "mil") for p in state.rebels[1:] if state.in_play(p))


def war_strength(state: S, war: int, naval: bool) -> int:
    """The strength a force rolls against: printed strength times the matching factor, plus
    the strength of the Enemy Leaders with the war."""
    if war == REBEL_WAR:
        return rebel_strength(state)
    card = WARS[war]
    base = (card.naval if naval else card.land) * matching_factor(state, war)
    base += sum(LEADERS[i].strength for i in leaders_with(state, war))
    return max(0, base + war_strength_modifier(state, war))


def fighting(force: Force, naval: bool) -> tuple[int, ...]:
    """The unit types that fight this battle: fleets at sea, armies on land."""
    return (FLEET,) if naval else ARMIES


def force_strength(force: Force, naval: bool) -> int:
    """Each army or fleet is worth 1, a Veteran 2 (§6.6.2)."""
    return sum(force.units[u] + force.veterans[u] for u in fighting(force, naval))


def counters(force: Force, naval: bool) -> int:
    return sum(force.units[u] for u in fighting(force, naval))


def current(state: S) -> Force:
    return state.forces[-1]


def _set(state: S, force: Force) -> None:
    F.replace(state, len(state.forces) - 1, force)


def _with(force: Force, **changes: object) -> Force:
    from dataclasses import replace

    return replace(force, **changes)  # type: ignore[arg-type]


def is_naval_battle(state: S, war: int) -> bool:
    return war != REBEL_WAR and WARS[war].naval > 0 and not state.fleet_victory[war]


def ignores_numbers(commanders: tuple[int, ...] | list[int], war: int) -> bool:
    """A Statesman commanding against one of his favoured wars ignores its Disaster and
    Standoff numbers (statesmen.toml favoured_wars)."""
    if war == REBEL_WAR:
        return True
    wanted = WARS[war].id
    return any(
        CARDS[p].kind == "statesman" and wanted in C.statesmen[CARDS[p].id].favoured_wars
        for p in commanders
    )


def special_numbers(state: S, war: int) -> tuple[set[int], set[int]]:
    """The Standoff and Disaster numbers of a war and of the Enemy Leaders with it."""
    card = WARS[war]
    standoff, disaster = {card.standoff}, {card.disaster}
    for leader in leaders_with(state, war):
        standoff.add(LEADERS[leader].standoff)
        disaster.add(LEADERS[leader].disaster)
    return standoff, disaster


def assign_veteran(state: S, unit: int, person: int) -> None:
    state.veteran_of += [unit, person]


def forget_person(state: S, person: int) -> None:
    """The field forgets a dead man (``mortality.kill`` calls this for every death): his
    Veterans become unassigned, he is no longer a General nor a captive, and a rebel leaves
    the revolt; whoever comes back with his Family card starts afresh. The man who comes back
    holds the same person index, so this turn's records of who fought or won drop the index:
    the heir never gave battle (§6.7.1) nor won (§6.7.3); a Mercenary Contract listed under the
    dead man goes on with his force (``pass_contract``)."""
    pairs = state.veteran_of
    state.veteran_of = [
        v for i in range(0, len(pairs), 2) if pairs[i + 1] != person for v in pairs[i : i + 2]
    ]
    if person in state.generals:
        state.generals.remove(person)
    state.fought = [p for p in state.fought if p != person]
    state.won = [p for p in state.won if p != person]
    pass_contract(state, person)
    free_captive(state, person)
    if person in state.rebels[1:]:
        _rebel_dies(state, person)


def pass_contract(state: S, person: int) -> None:
    """A Mercenary Contract is made with the force sent, though ``state.hired`` lists it under
    one of its commanders: when he leaves the force, dead or captured, the contract passes to a
    commander still with it, and lapses with the last of them (ruling, docs)."""
    if person not in state.hired:
        return
    force = next((f for f in state.forces if person in f.commanders), None)
    rest = [p for p in force.commanders if p != person] if force else []
    state.hired = [p for p in state.hired if p != person] + rest[:1]


def make_general(state: S, force: Force) -> None:
    """Standoff, Disaster, Stalemate step: the commanders hold the office of General."""
    for person in force.commanders:
        if person not in state.generals:
            state.generals.append(person)


def _remove_counter(state: S, unit: int, veteran: bool) -> None:
    """A counter lost in battle goes back to the Force Pool."""
    force = current(state)
    units = list(force.units)
    vets = list(force.veterans)
    units[unit] -= 1
    state.unit_active[unit] -= 1
    state.unit_pool[unit] += 1
    if veteran:
        vets[unit] -= 1
        state.unit_veteran[unit] -= 1
    _set(state, _with(force, units=tuple(units), veterans=tuple(vets)))


def _drop_commander(state: S, person: int) -> None:
    force = current(state)
    _set(state, _with(force, commanders=tuple(p for p in force.commanders if p != person)))


# -- the phase -------------------------------------------------------------------------------


def drop_absent_commanders(state: S) -> None:
    """Commanders who died (a Mortality Phase chit) or left the field are off their forces."""
    kept = []
    for force in state.forces:
        place = AT_WAR if force.war >= 0 else EXPEDITION
        present = tuple(p for p in force.commanders if state.ploc[p] == place)
        kept.append(force if present == force.commanders else _with(force, commanders=present))
    state.forces = tuple(kept)


def combat_wars(state: S) -> None:
    """§6.6.2: queue every war (and the rebellion) that has forces on it."""
    state.order = sorted({force.war for force in state.forces if force.war >= 0})
    state.pos = 0
    state.stage = "war_next"


def _next_war(state: S) -> None:
    while state.pos < len(state.order):
        war = state.order[state.pos]
        waiting = [
            i
            for i in F.forces_on(state, war)
            if state.forces[i].status != VICTORIOUS and state.forces[i].commanders
        ]
        if waiting:
            state.ctx = [0] * CTX_SIZE
            state.ctx[C_WAR] = war
            state.ctx[C_LEFT] = len(waiting)
            state.note(f"{war_name(war)}: {len(waiting)} force(s) to fight")
            state.stage = "war_arrival"
            return
        state.pos += 1
    state.ctx = []
    state.stage = "combat_unprosecuted"


auto("war_next", _next_war)


def _waiting(state: S) -> list[int]:
    """Forces on the war still to arrive this turn (they precede every force that fought)."""
    war = state.ctx[C_WAR]
    found = [
        i
        for i in F.forces_on(state, war)
        if state.forces[i].status != VICTORIOUS and state.forces[i].commanders
    ]
    return found[: state.ctx[C_LEFT]]


def _war_over(state: S) -> bool:
    war = state.ctx[C_WAR]
    if war == REBEL_WAR:
        return not state.rebels
    return state.war_status[war] == WAR_DEFEATED


def _arrival_actor(state: S) -> int:
    if state.ctx[C_LEFT] == 0 or _war_over(state) or len(_waiting(state)) <= 1:
        return AUTO
    return -1


def _arrive(state: S, pick: int) -> None:
    if state.ctx[C_LEFT] == 0 or _war_over(state):
        _finish_war(state)
        return
    waiting = _waiting(state)
    index = waiting[pick if pick >= 0 else 0]
    force = state.forces[index]
    state.forces = state.forces[:index] + state.forces[index + 1 :] + (force,)
    state.ctx[C_LEFT] -= 1
    _begin_battle(state)


def _finish_war(state: S) -> None:
    """The war is over or every force on it fought: forces left on a won war go home."""
    war = state.ctx[C_WAR]
    if _war_over(state):
        index = 0
        while index < len(state.forces):
            force = state.forces[index]
            if force.war == war and force.status != VICTORIOUS:
                F.bring_home(state, index)
                state.note(f"A force on {war_name(war)} returns to Carthage: the war is over")
                continue
            index += 1
    state.pos += 1
    state.stage = "war_next"


stage(
    "war_arrival",
    Stage(
        _arrival_actor,
        _arrive,
        lambda s, a: f"force {a + 1} arrives first" if a >= 0 else "arrival",
        outcomes=lambda s: [(i, 1 / len(_waiting(s))) for i in range(len(_waiting(s)))],
    ),
)


def can_give_battle(state: S, force: Force) -> bool:
    """Whether ``force`` has what its war's next battle needs: counters of the battle's kind
    (fleets at sea, armies on land) and, on land, the war's fleet support (§6.5.7)."""
    naval = is_naval_battle(state, force.war)
    if counters(force, naval) == 0:
        return False
    return naval or force.war == REBEL_WAR or force.units[FLEET] >= WARS[force.war].fleet_support


def _begin_battle(state: S) -> None:
    war = state.ctx[C_WAR]
    force = current(state)
    naval = is_naval_battle(state, war)
    state.ctx[C_NAVAL] = int(naval)
    if not can_give_battle(state, force):
        # The Senate sent what cannot fight this battle: the force waits on the war.
        state.note(f"The force on {war_name(war)} cannot give battle ({force!r})")
        state.stage = "war_arrival"
        return
    for person in force.commanders:
        if person not in state.fought:
            state.fought.append(person)
    to_roll(state)


def to_roll(state: S) -> None:
    """Before a roll: the HRAO may spend the Favour of Baal Hammon on it (Table Event)."""
    state.ctx[C_FAVOUR] = 0
    if war_roll_bonus(state) > 0 and hrao(state) >= 0:
        state.stage = "war_favour"
        return
    state.stage = "war_roll"


def _favour(state: S, action: int) -> None:
    if action == K.USE_FAVOUR:
        state.ctx[C_FAVOUR] = war_roll_bonus(state)
        state.table_event[TABLE_EVENT_INDEX["BAAL-HAMMON"]] = 0
        state.note(f"The HRAO calls on the Favour of Baal Hammon: +{state.ctx[C_FAVOUR]}")
    state.stage = "war_roll"


stage(
    "war_favour",
    Stage(
        lambda s: hrao_faction(s),
        _favour,
        lambda s, a: "use the Favour of Baal Hammon" if a == K.USE_FAVOUR else "keep it",
        legal=lambda s: [K.DONE, K.USE_FAVOUR],
        neutral=lambda s: K.USE_FAVOUR,
    ),
)


def _roll(state: S, roll: int) -> None:
    war = state.ctx[C_WAR]
    force = current(state)
    naval = bool(state.ctx[C_NAVAL])
    military = sum(stat(p, "mil") for p in force.commanders)
    if war != REBEL_WAR:
        military += sum(war_bonus(p, WARS[war].family) for p in force.commanders)
    mine = force_strength(force, naval) + take_mercenaries(state, force, naval)
    theirs = war_strength(state, war, naval)
    omens = roll_penalty(state)
    favour = state.ctx[C_FAVOUR]
    # The Sacred Band played from hand (card_play.py) notes its own +2.
    total = roll + military + mine - theirs - omens + favour + take_roll_bonus(state, force, True)
    where = "at sea" if naval else "on land"
    state.note(
        f"Battle {where} against {war_name(war)}: roll {roll} + Military {military} + force "
        f"{mine} - strength {theirs}"
        + (f" - Evil Omens {omens}" if omens else "")
        + (f" + Favour of Baal Hammon {favour}" if favour else "")
        + f" = {total}"
    )
    size = counters(force, naval)
    result = -1
    if state.ctx[C_ARRIVED] == 0 and not ignores_numbers(force.commanders, war):
        standoff, disaster = special_numbers(state, war)
        if roll in disaster:
            result, losses = DISASTER, math.ceil(size / 2)
        elif roll in standoff:
            result, losses = STANDOFF, math.ceil(size / 4)
    if result < 0:
        row = next(r for r in reversed(C.combat) if total >= r.low)
        result = _TABLE_RESULTS[row.result]
        if row.losses == "all":
            losses = size
        else:
            table = row.losses
            assert isinstance(table, tuple)
            losses = min(size, table[min(total - row.low, len(table) - 1)])
    state.ctx[C_ARRIVED] += 1
    state.ctx[C_RESULT] = result
    state.ctx[C_LOSSES] = losses
    state.ctx[C_LOST] = losses
    state.ctx[C_CHITS] = losses if result != DEFEAT else 0
    state.note(f"{RESULT_NAMES[result]}: {losses} counter(s) lost")
    if war == REBEL_WAR:
        state.ctx[C_REBEL_STRENGTH] = theirs
        # On the Senate's Defeat the revolt succeeds and the rebels lose nothing.
        if result != DEFEAT:
            state.ctx[C_REBEL_LOSSES] = min(losses, sum(state.rebel_units))
    state.stage = "war_loss"


stage(
    "war_roll",
    Stage(lambda s: -1, _roll, lambda s, a: f"roll {a}", outcomes=lambda s: dice_outcomes(3)),
)


# -- losses ----------------------------------------------------------------------------------


def loss_text(outcome: int) -> str:
    """A lost counter ``2 * unit + veteran``: its type, and whether a Veteran (a force may hold
    both of one type, so the notation must tell them apart)."""
    unit, veteran = divmod(outcome, 2)
    return f"{UNITS[unit].id}{' veteran' if veteran else ''}"


def _loss_outcomes(state: S) -> list[tuple[int, float]]:
    """A lost counter drawn at random: ``2 * unit + 1`` a Veteran, ``2 * unit`` a recruit."""
    force = current(state)
    counts: dict[int, int] = {}
    for unit in fighting(force, bool(state.ctx[C_NAVAL])):
        counts[2 * unit] = force.units[unit] - force.veterans[unit]
        counts[2 * unit + 1] = force.veterans[unit]
    return weighted(counts)


def _loss_actor(state: S) -> int:
    return -1 if state.ctx[C_LOSSES] > 0 else AUTO


def _lose(state: S, outcome: int) -> None:
    if state.ctx[C_LOSSES] == 0:
        state.stage = "war_rebel_loss"
        return
    unit, veteran = divmod(outcome, 2)
    state.ctx[C_LOSSES] -= 1
    if veteran and len(allegiance(state, unit)) > 1:
        state.ctx[C_TIE] = unit
        state.stage = "war_loss_allegiance"
        return
    if veteran:
        drop_allegiance(state, unit, next(iter(allegiance(state, unit))))
    _remove_counter(state, unit, bool(veteran))
    state.note(f"Lost: {'Veteran ' if veteran else ''}{UNITS[unit].name}")


stage(
    "war_loss",
    Stage(_loss_actor, _lose, lambda s, a: f"lose {loss_text(a)}", outcomes=_loss_outcomes),
)


def _lose_veteran(state: S, outcome: int) -> None:
    unit = state.ctx[C_TIE]
    drop_allegiance(state, unit, outcome - 1)
    _remove_counter(state, unit, True)
    state.note(f"Lost: Veteran {UNITS[unit].name}")
    state.stage = "war_loss"


stage(
    "war_loss_allegiance",
    Stage(
        lambda s: -1,
        _lose_veteran,
        lambda s, a: allegiance_text(a),
        outcomes=lambda s: allegiance_outcomes(s, s.ctx[C_TIE]),
    ),
)


def _rebel_loss_outcomes(state: S) -> list[tuple[int, float]]:
    """A lost rebel army drawn at random, as the Senate's (§6.6.2 Losing Armies)."""
    counts: dict[int, int] = {}
    for unit in ARMIES:
        counts[2 * unit] = state.rebel_units[unit] - state.rebel_veterans[unit]
        counts[2 * unit + 1] = state.rebel_veterans[unit]
    return weighted(counts)


def _lose_rebel(state: S, outcome: int) -> None:
    """§6.7.3: but for an "all" result, the rebels lose as many armies as the Senate's force."""
    if state.ctx[C_REBEL_LOSSES] == 0:
        state.stage = "war_chit"
        return
    unit, veteran = divmod(outcome, 2)
    state.ctx[C_REBEL_LOSSES] -= 1
    state.rebel_units[unit] -= 1
    state.rebel_veterans[unit] -= veteran
    state.unit_pool[unit] += 1
    state.note(f"The rebels lose: {'Veteran ' if veteran else ''}{UNITS[unit].name}")


stage(
    "war_rebel_loss",
    Stage(
        lambda s: -1 if s.ctx[C_REBEL_LOSSES] > 0 else AUTO,
        _lose_rebel,
        lambda s, a: f"the rebels lose {loss_text(a)}",
        outcomes=_rebel_loss_outcomes,
    ),
)


# -- Mortality chits (commanders only; the last one captures) --------------------------------


def _chit_targets(state: S) -> list[int]:
    """The commanders this battle's chits may strike: the force's and, against the rebellion,
    the rebels too (§6.7.3: one set of chits for every commander taking part)."""
    targets = list(current(state).commanders)
    if state.ctx[C_WAR] == REBEL_WAR:
        targets += state.rebels[1:]
    return targets


def _chit_actor(state: S) -> int:
    return -1 if state.ctx[C_CHITS] > 0 and _chit_targets(state) else AUTO


def _chit(state: S, chit: int) -> None:
    if state.ctx[C_CHITS] == 0 or not _chit_targets(state):
        for drawn in state.drawn_chits:
            state.cup[drawn] += 1
        state.drawn_chits = []
        state.ctx[C_CHITS] = 0
        state.stage = "war_result"
        return
    family, change = take_chit(state, chit)
    state.ctx[C_CHITS] += change
    if not family:
        return
    found = struck(state, family, _chit_targets(state), "war_chit_mago")
    if found is None:
        return
    for person in found:
        _strike(state, person)


def _strike(state: S, person: int) -> None:
    """A chit struck a commander of this battle: death, or capture on the last chit."""
    last = state.ctx[C_CHITS] == 0
    if person in state.rebels[1:]:
        # A rebel the Senate takes is not held for ransom: he shares the rebels' fate.
        if last:
            state.note(f"The Senate takes the rebel {describe_person(person)}")
        kill(state, person)
        return
    if last and state.ctx[C_WAR] == REBEL_WAR and not state.rebels:
        # An earlier chit ended the revolt: nobody is left to hold him (its captives were
        # freed, _revolt_ends), so he stays with his force.
        state.note(f"{describe_person(person)} is not captured: the revolt is over")
        return
    # Captured or killed while still on his force's list, so that his contract passes on.
    if last:
        capture(state, person, state.ctx[C_WAR])
    else:
        kill(state, person)
    _drop_commander(state, person)


def _mago_named(state: S, person: int) -> None:
    # Back at the chit stage first: a death may end the revolt, which reads the stage.
    state.stage = "war_chit"
    if person in _chit_targets(state):
        _strike(state, person)


stage(
    "war_chit",
    Stage(
        _chit_actor,
        _chit,
        lambda s, a: f"chit {chit_text(a)}",
        outcomes=lambda s: weighted(dict(enumerate(s.cup))),
    ),
)
mago_stage("war_chit_mago", _mago_named)


def ransom(state: S, person: int) -> int:
    """§6.6.2: the larger of 10T and twice the captive's Influence."""
    return max(10, 2 * state.inf[person])


def capture(state: S, person: int, war: int) -> None:
    pass_contract(state, person)
    state.ploc[person] = CAPTURED
    state.captives += [person, war]
    state.note(
        f"{describe_person(person)} is captured by {war_name(war)}: ransom {ransom(state, person)}T"
    )


def free_captive(state: S, person: int) -> None:
    pairs = state.captives
    for i in range(0, len(pairs), 2):
        if pairs[i] == person:
            del pairs[i : i + 2]
            return


def release(state: S, person: int) -> None:
    """A captive ransomed or set free returns to Carthage."""
    free_captive(state, person)
    state.ploc[person] = CARTHAGE


def captives_of(state: S, war: int) -> list[int]:
    """The commanders ``war`` holds for ransom."""
    pairs = state.captives
    return [pairs[i] for i in range(0, len(pairs), 2) if pairs[i + 1] == war]


def _captives_die(state: S, war: int) -> None:
    """§6.6.2: a captive whose war is defeated before his ransom is paid dies (his death frees
    him from ``state.captives``)."""
    for person in captives_of(state, war):
        state.note(f"{describe_person(person)} dies in captivity")
        kill(state, person)


# -- results ---------------------------------------------------------------------------------


def _tie_outcomes(state: S) -> list[tuple[int, float]]:
    tied = _best(current(state), state)
    return [(i, 1 / len(tied)) for i in range(len(tied))]


def _best(force: Force, state: S) -> list[int]:
    """The commanders with the highest Popularity (several when tied)."""
    if not force.commanders:
        return []
    top = max(state.pop[p] for p in force.commanders)
    return [p for p in force.commanders if state.pop[p] == top]


def _result(state: S) -> None:
    result = state.ctx[C_RESULT]
    force = current(state)
    naval = bool(state.ctx[C_NAVAL])
    war = state.ctx[C_WAR]
    if result == DEFEAT:
        for person in force.commanders:
            state.note(f"{describe_person(person)} dies in the defeat")
            kill(state, person)
        _set(state, _with(force, commanders=()))
        _move_back(state)
        if war == REBEL_WAR:
            _revolt_succeeds(state)
        return
    if result == VICTORY:
        _victory(state)
        return
    make_general(state, force)
    if result in (STANDOFF, STALEMATE) and not naval and war != REBEL_WAR:
        _start_veteran(state, "war_left_on_war")
        return
    state.stage = "war_left_on_war"


auto("war_result", _result)


def _left_on_war(state: S) -> None:
    # A revolt the chits ended leaves nothing to contest: the force goes home (_finish_war).
    if not _war_over(state):
        state.note(f"The force stays on {war_name(state.ctx[C_WAR])}")
    _move_back(state)


auto("war_left_on_war", _left_on_war)


def _move_back(state: S) -> None:
    """The fought force keeps its place after the ones still to arrive: next arrival."""
    state.stage = "war_arrival"


def _start_veteran(state: S, then: str) -> None:
    """Create a Veteran army from a participating recruit army, if any is left."""
    force = current(state)
    if not any(force.units[u] > force.veterans[u] for u in ARMIES):
        state.stage = then
        return
    state.ctx[C_STEP] = _STEP_CODES[then]
    state.stage = "war_veteran"


_STEP_CODES: Final = {"war_left_on_war": 0, "war_victory_spoils": 1}
_STEP_NAMES: Final = {code: name for name, code in _STEP_CODES.items()}


def _veteran_outcomes(state: S) -> list[tuple[int, float]]:
    force = current(state)
    return weighted({u: force.units[u] - force.veterans[u] for u in ARMIES})


def _veteran(state: S, unit: int) -> None:
    force = current(state)
    vets = list(force.veterans)
    vets[unit] += 1
    state.unit_veteran[unit] += 1
    _set(state, _with(force, veterans=tuple(vets)))
    state.ctx[C_TIE] = unit
    state.note(f"A {UNITS[unit].name} becomes a Veteran army")
    tied = _best(current(state), state)
    if len(tied) > 1:
        state.stage = "war_veteran_tie"
        return
    if tied:
        _assign(state, unit, tied[0])
    state.stage = _STEP_NAMES[state.ctx[C_STEP]]


stage(
    "war_veteran",
    Stage(
        lambda s: -1,
        _veteran,
        lambda s, a: f"{UNITS[a].id} becomes a Veteran",
        outcomes=_veteran_outcomes,
    ),
)


def _assign(state: S, unit: int, person: int) -> None:
    assign_veteran(state, unit, person)
    state.note(f"The Veteran {UNITS[unit].name} follows {describe_person(person)}")


def _veteran_tie(state: S, pick: int) -> None:
    _assign(state, state.ctx[C_TIE], _best(current(state), state)[pick])
    state.stage = _STEP_NAMES[state.ctx[C_STEP]]


stage(
    "war_veteran_tie",
    Stage(lambda s: -1, _veteran_tie, lambda s, a: f"tie won by {a + 1}", outcomes=_tie_outcomes),
)


def _victory(state: S) -> None:
    war = state.ctx[C_WAR]
    force = current(state)
    naval = bool(state.ctx[C_NAVAL])
    if war == REBEL_WAR:
        _rebels_crushed(state)
        return
    card = WARS[war]
    _honours(state, force, card.naval if naval else card.land)
    if naval:
        state.fleet_victory[war] = 1
        armies = sum(force.units[u] for u in ARMIES)
        if armies and force.units[FLEET] >= card.fleet_support:
            state.note(f"Fleet Victory: the force lands to fight {card.name} on land")
            state.ctx[C_NAVAL] = 0
            # The landing is the same force's own battle: the war's numbers count again.
            state.ctx[C_ARRIVED] -= 1
            to_roll(state)
            return
        state.note(f"Fleet Victory on {card.name}: the force returns to Carthage")
        _won_battle(state, force)
        F.bring_home(state, len(state.forces) - 1)
        _move_back(state)
        return
    # Step 3: the fleets go home; step 5: the armies wait on the commander's card.
    units = list(force.units)
    vets = list(force.veterans)
    units[FLEET] = vets[FLEET] = 0
    _set(state, _with(force, units=tuple(units), veterans=tuple(vets), status=VICTORIOUS))
    tied = _best(current(state), state)
    if len(tied) > 1:
        state.stage = "war_holder_tie"
        return
    _holder(state, 0)


def _honours(state: S, force: Force, strength: int) -> None:
    """Victory step 4: half the war's strength, shared evenly, fractions rounded up."""
    if not force.commanders:
        return
    share = math.ceil(math.ceil(strength / 2) / len(force.commanders))
    for person in force.commanders:
        state.inf[person] += share
        state.pop[person] += share
        state.note(f"{describe_person(person)} gains {share} Influence and Popularity")


def _won_battle(state: S, force: Force) -> None:
    for person in force.commanders:
        if person not in state.won:
            state.won.append(person)


def _holder(state: S, pick: int) -> None:
    """Victory step 5: the armies go to the most popular commander, put first."""
    force = current(state)
    tied = _best(force, state)
    if tied:
        holder = tied[pick]
        rest = tuple(p for p in force.commanders if p != holder)
        _set(state, _with(force, commanders=(holder, *rest)))
        state.note(f"The armies go to {describe_person(holder)}'s card")
    _won_battle(state, current(state))
    _start_veteran(state, "war_victory_spoils")


stage(
    "war_holder_tie",
    Stage(lambda s: -1, _holder, lambda s, a: f"tie won by {a + 1}", outcomes=_tie_outcomes),
)


def _spoils(state: S) -> None:
    """Victory steps 7-10."""
    war = state.ctx[C_WAR]
    card = WARS[war]
    later = any(
        other.family == card.family
        and other.number > card.number
        and state.war_status[w] == WAR_DEFEATED
        for w, other in enumerate(WARS)
    )
    if later:
        state.note(f"{card.name} counts as a revolt: no spoils")
    else:
        state.treasury += card.victory_treasury
        state.note(f"Spoils: {card.victory_treasury}T to the State Treasury ({state.treasury}T)")
    for unit_id, count in card.victory_pool:
        unit = UNIT_INDEX[unit_id]
        # New counters come from those not yet in play: never more than the printed total.
        added = min(count, F.not_yet_in_play(state, unit))
        if added > 0:
            state.unit_unavailable[unit] -= added
            state.unit_pool[unit] += added
            state.note(f"{added} {UNITS[unit].name} join the Force Pool")
    state.war_status[war] = WAR_DEFEATED
    _deserters_return(state, war)
    for province in card.provinces:
        index = PROVINCE_INDEX[province]
        if state.prov_loc[index] == PROV_UNBORN:
            state.prov_loc[index] = PROV_FORUM
            state.note(f"The province {C.provinces[province].name} goes to the Forum")
    card_index = CARDS.index(next(c for c in CARDS if c.kind == "war" and c.id == card.id))
    state.card_loc[card_index] = REMOVED
    _leaders_fall(state, war)
    _captives_die(state, war)
    state.note(f"{card.name} is defeated")
    _move_back(state)


auto("war_victory_spoils", _spoils)


def _deserters_return(state: S, war: int) -> None:
    """Armies that deserted when the war appeared (``war_deserters``, §6.4.2 War) come back to
    the Force Pool."""
    for unit in range(len(UNITS)):
        count = state.war_deserters[war * len(UNITS) + unit]
        if count:
            state.war_deserters[war * len(UNITS) + unit] = 0
            state.unit_unavailable[unit] -= count
            state.unit_pool[unit] += count
            state.note(f"The deserted {UNITS[unit].name} ({count}) return to the Force Pool")


def _leaders_fall(state: S, war: int) -> None:
    """An Enemy Leader with no matching war left in the field leaves play with his last war."""
    for leader in leaders_with(state, war):
        family = LEADERS[leader].family
        if not any(
            other.family == family and in_war(state.war_status[w]) for w, other in enumerate(WARS)
        ):
            state.leader_status[leader] = LEADER_REMOVED
            card = next(i for i, c in enumerate(CARDS) if c.id == LEADERS[leader].id)
            state.card_loc[card] = REMOVED
            state.note(f"{LEADERS[leader].name} leaves play")


# -- the rebellion's results (§6.7.3 Fighting the rebel) -------------------------------------


def _rebels_crushed(state: S) -> None:
    """Victory: the rebellion is a defeated war, so its captives die first (§6.6.2); then the
    rebels die, and the death of the last ends the revolt (``_revolt_ends``). The victors gain
    half the rebel strength they rolled against, even when the chits have already killed the
    last rebel and nobody is left to die here."""
    force = current(state)
    _honours(state, force, state.ctx[C_REBEL_STRENGTH])
    _won_battle(state, force)
    if state.rebels:
        state.note("The revolt fails")
    else:
        state.note("Victory over the rebels: the chits had already ended their revolt")
    _captives_die(state, REBEL_WAR)
    for person in list(state.rebels[1:]):
        state.note(f"The rebel {describe_person(person)} dies")
        kill(state, person)
    _move_back(state)


def _rebel_dies(state: S, person: int) -> None:
    """A dead rebel leaves the revolt; the next rebel of his faction leads it on, and with the
    last one the revolt ends."""
    leader = state.rebels[1] == person
    state.rebels = [state.rebels[0], *(p for p in state.rebels[1:] if p != person)]
    if len(state.rebels) == 1:
        _revolt_ends(state)
    elif leader:
        state.note(f"{describe_person(state.rebels[1])} leads the revolt")


def _revolt_ends(state: S) -> None:
    """No rebel is left: the rebel armies return to the Senate's control, as armies the rebels
    cannot maintain do, and their Veterans, like any dead commander's, stay Veterans with no
    allegiance. Commanders the rebels still hold come home with those armies (a captive dies
    only when the rebellion is defeated in battle, ``_rebels_crushed``). With no rebellion to
    fight, forces sent against it come home too, and it no longer counts as a war; in a
    battle against it (a chit killed the last rebel) they wait for the battle's end, which
    brings every force on an ended war home (``_finish_war``)."""
    for unit, count in enumerate(state.rebel_units):
        state.unit_active[unit] += count
        state.unit_veteran[unit] += state.rebel_veterans[unit]
        state.rebel_units[unit] = 0
        state.rebel_veterans[unit] = 0
    for person in captives_of(state, REBEL_WAR):
        release(state, person)
        state.note(f"{describe_person(person)} is freed and returns to Carthage")
    if not _fighting_rebels(state):
        for index in reversed(F.forces_on(state, REBEL_WAR)):
            F.bring_home(state, index)
    state.rebels = []
    state.revolt_won = 0
    state.rebel_turn = 0
    state.note("The revolt is over: its armies return to the Senate")


def _fighting_rebels(state: S) -> bool:
    """A battle against the rebellion is under way: its force is ``current`` until the
    result is applied."""
    return state.stage in ("war_chit", "war_result") and state.ctx[C_WAR] == REBEL_WAR


def _revolt_succeeds(state: S) -> None:
    state.revolt_won = 1
    state.note("The revolt succeeds: the rebels win if Carthage survives the turn")


# -- §6.6.3 and the end of the phase ---------------------------------------------------------


def _unprosecuted(state: S) -> None:
    """§6.6.3: an active war the Senate sent no force to moves to Unprosecuted; a prosecuted
    one comes back (``state.order`` holds this turn's targets)."""
    sent = set(state.order) | {force.war for force in state.forces}
    state.order = []
    state.pos = 0
    for war, status in enumerate(state.war_status):
        if status == WAR_ACTIVE and war not in sent:
            state.war_status[war] = WAR_UNPROSECUTED
            state.note(f"{WARS[war].name} is unprosecuted")
        elif status == WAR_UNPROSECUTED and war in sent:
            state.war_status[war] = WAR_ACTIVE
    if state.rebels and state.rebel_turn < state.turn and REBEL_WAR not in sent:
        state.note("The Senate sent no army against the rebellion")
        state.revolt_won = 1
    state.stage = "combat_end"


auto("combat_unprosecuted", _unprosecuted)


def _combat_end(state: S) -> None:
    """§7 Failure: four or more active (the rebellion counts) or lost wars end the Republic."""
    from carthago.games.republic_of_carthage.phases import FALL_LIMIT, end_game

    active = sum(1 for s in state.war_status if in_war(s)) + (1 if state.rebels else 0)
    lost = sum(1 for s in state.war_status if s == WAR_LOST)
    if active >= FALL_LIMIT:
        end_game(state, "four active wars", [])
        return
    if lost >= FALL_LIMIT:
        end_game(state, "four lost wars", [])
        return
    next_phase(state, "combat_start")


auto("combat_end", _combat_end)
