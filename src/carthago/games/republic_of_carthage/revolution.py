"""The Revolution Phase (rules §6.7): Public Reaction, ransoms, hand cards, return or revolt.

Steps, each a run of stages:

1. ``revolution_reaction``: every commander who gave battle this turn without a Victory rolls
   2d6 + Popularity on the Public Reaction table (a captive cannot: he is not in Carthage).
2. ``revolution_ransom``: factions holding a captured commander may pay his ransom (§6.6.2),
   from his own talents first, then the Faction Treasury; he comes home at once.
3. ``revolution_cards``: from the HRAO's faction clockwise, each faction plays Statesmen,
   Trade Concessions and Intrigues, trades hand cards (``hand_trades``) and discards down to
   five hand cards (§6.7.2).
4. ``revolution_revolt_*``: each victorious force (armies waiting on its commander's card), from
   the HRAO's faction clockwise, returns to the board or revolts (§6.7.3).

``state.order`` lists the factions or the victorious commanders of the step under way,
``state.pos`` the one acting; ``state.ctx`` holds the step's working values.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Final, TypeVar

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import forces as F
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.hand_trades import (
    HAND_LIMIT,
    TRADE_BOUND,
    card_label,
    discard,
    hand,
    neutral_offer,
    offer_actions,
    open_offer,
)
from carthago.games.republic_of_carthage.laws import public_reaction_modifier
from carthago.games.republic_of_carthage.mortality import MAGO, kill
from carthago.games.republic_of_carthage.neutral_combat import policy
from carthago.games.republic_of_carthage.offices import (
    HOME_SUFFETE,
    clockwise,
    hrao_faction,
    office_of,
    vacate,
)
from carthago.games.republic_of_carthage.setup import play_concession
from carthago.games.republic_of_carthage.specials import allegiance_bonus
from carthago.games.republic_of_carthage.stages import (
    AUTO,
    Stage,
    auto,
    dice_outcomes,
    next_phase,
    stage,
)
from carthago.games.republic_of_carthage.state import (
    CAPTURED,
    CARDS,
    CARTHAGE,
    COVERED,
    DECK,
    FORUM,
    FORUM_DOWN,
    IN_PLAY,
    LATE_DECK,
    N_PERSONS,
    OFFICE_INDEX,
    REBEL,
    SENATOR_INDEX,
    STATESMAN_INDEX,
    UNITS,
    describe_person,
    family_of,
    stat,
)
from carthago.games.republic_of_carthage.succession import succeed
from carthago.games.republic_of_carthage.war import (
    ARMIES,
    COUNTERS,
    VICTORIOUS,
    drop_absent_commanders,
    ransom,
    rebel_strength,
    release,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.forces import Force
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

T = TypeVar("T", bound="S")

LOYAL_UP_TO: Final = {1: 4, 2: 3}
"""§6.7.3 Army Allegiance: the highest roll that stays Loyal, by era."""
MAX_ADDED: Final = 5
"""Talents beyond +5 cannot change a d6 allegiance roll."""
REVOLUTION_BOUND: Final = (
    5 * N_PERSONS + 2 * 6 + len(CARDS) + COUNTERS * (MAX_ADDED + 3 + 4) + TRADE_BOUND
)
"""Per turn: reactions, ransoms, revolt and joining decisions and accomplices per person; a
play or discard per card; per army counter whom it follows, its added talents and roll (or
its owner's decision), its bribery draw, two bids and a tie; the trades of hand cards."""
MARINE_SUFFETE: Final = OFFICE_INDEX["MARINE-SUFFETE"]
SUFFETES: Final = (HOME_SUFFETE, MARINE_SUFFETE)


# -- 1. Public Reaction ----------------------------------------------------------------------


def _start(state: S) -> None:
    state.note("Revolution Phase (rules 6.7)")
    drop_absent_commanders(state)
    state.ctx = [
        p
        for p in dict.fromkeys(state.fought)
        if p not in state.won and state.in_play(p) and state.ploc[p] != CAPTURED
    ]
    state.stage = "revolution_reaction"


auto("revolution_start", _start)


def _reaction(state: S, roll: int) -> None:
    if not state.ctx:
        _start_ransoms(state)
        return
    person = state.ctx.pop(0)
    total = roll + state.pop[person] + public_reaction_modifier(state)
    row = next(r for r in reversed(C.public_reaction) if total >= r.low)
    state.note(f"Public Reaction for {describe_person(person)}: {total}: {row.text}")
    if row.result == "mob":
        kill(state, person)
        return
    state.inf[person] = max(0, state.inf[person] + row.influence)
    state.pop[person] += row.popularity


stage(
    "revolution_reaction",
    Stage(
        lambda s: -1 if s.ctx else AUTO,
        _reaction,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(2),
    ),
)


# -- 2. Ransoms ------------------------------------------------------------------------------


def _captives_of(state: S, faction: int) -> list[int]:
    pairs = state.captives
    return [pairs[i] for i in range(0, len(pairs), 2) if state.owner[pairs[i]] == faction]


def _funds(state: S, person: int) -> int:
    return state.talents[person] + state.faction_treasury[state.owner[person]]


def _payable(state: S, faction: int) -> list[int]:
    return [p for p in _captives_of(state, faction) if _funds(state, p) >= ransom(state, p)]


def _start_ransoms(state: S) -> None:
    # Every faction with a captive is asked (Faction Treasuries are hidden: who can pay must
    # not show); one that cannot pay only has "done".
    state.order = [f for f in clockwise(state, hrao_faction(state)) if _captives_of(state, f)]
    state.pos = 0
    state.stage = "revolution_ransom"


def _ransom_actor(state: S) -> int:
    return state.order[state.pos] if state.pos < len(state.order) else AUTO


def _ransom(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _start_cards(state)
        return
    faction = state.order[state.pos]
    if action == K.DONE:
        state.pos += 1
        return
    person = action - K.RANSOM
    due = ransom(state, person)
    own = min(due, state.talents[person])
    state.talents[person] -= own
    state.faction_treasury[faction] -= due - own
    release(state, person)
    state.note(f"{describe_person(person)} is ransomed for {due}T and returns to Carthage")
    if not _captives_of(state, faction):
        state.pos += 1


stage(
    "revolution_ransom",
    Stage(
        _ransom_actor,
        _ransom,
        lambda s, a: "done" if a == K.DONE else f"ransom {describe_person(a - K.RANSOM)}",
        legal=lambda s: [K.DONE] + [K.pay_ransom(p) for p in _payable(s, s.order[s.pos])],
        neutral=lambda s: (
            K.pay_ransom(_payable(s, s.order[s.pos])[0])
            if policy(s, s.order[s.pos]).pay_ransom and _payable(s, s.order[s.pos])
            else K.DONE
        ),
    ),
)


# -- 3. Hand cards (§6.7.2) ------------------------------------------------------------------


def playable_statesman(state: S, faction: int, card: int) -> bool:
    """§4: the Family card is in the faction (he covers it) or nowhere in play or on the board;
    §2: only the Mago family's two Statesmen may both be in play, the second only if the first
    is in no other faction (the Barca note forbids it outright, and the permission is Mago's).
    A Statesman lying in the Forum is in play (``counts_in_play``)."""
    if CARDS[card].kind != "statesman":
        return False
    family = SENATOR_INDEX[family_of(card)]
    for other in STATESMAN_INDEX.values():
        if other == card or family_of(other) != family_of(card):
            continue
        if not state.counts_in_play(other):
            continue
        if CARDS[card].id not in MAGO or state.owner[other] not in (-1, faction):
            return False
    if state.owner[family] == faction and state.ploc[family] != COVERED:
        return state.under[family] < 0 and not any(
            state.under[s] == family for s in STATESMAN_INDEX.values()
        )
    return state.card_loc[family] in (DECK, LATE_DECK) or (
        state.card_loc[family] not in (FORUM, FORUM_DOWN, IN_PLAY) and state.owner[family] < 0
    )


def play_statesman(state: S, faction: int, card: int) -> None:
    """The Statesman enters the faction; over his own Family card he takes its place."""
    family = SENATOR_INDEX[family_of(card)]
    state.card_loc[card] = IN_PLAY
    state.owner[card] = faction
    state.inf[card] = C.statesmen[CARDS[card].id].inf
    state.ploc[card] = CARTHAGE
    if state.owner[family] == faction and state.in_play(family):
        succeed(state, family, card)
    state.note(f"{state.rg.faction_names[faction]} plays the Statesman {describe_person(card)}")


def _card_choices(state: S, faction: int) -> list[int]:
    cards = hand(state, faction)
    choices = [K.play_card(c) for c in cards if playable_statesman(state, faction, c)]
    if state.faction_persons(faction):
        # A concession goes to one of the faction's Senators: a faction whose last one died
        # keeps it in hand.
        choices += [K.play_card(c) for c in cards if CARDS[c].kind == "concession"]
    if len(cards) > HAND_LIMIT:
        choices += [K.drop_card(c) for c in cards]
    else:
        choices.insert(0, K.DONE)
    return choices + offer_actions(state, faction)


def _start_cards(state: S) -> None:
    state.order = clockwise(state, hrao_faction(state))
    state.pos = 0
    state.hand_offers = [0] * state.rg.num_factions
    state.stage = "revolution_cards"


def _cards_actor(state: S) -> int:
    """Every human faction is asked, whatever its hand holds: whether it could play a card
    must not show (hands are hidden); a Neutral's open hand is looked at."""
    while state.pos < len(state.order):
        faction = state.order[state.pos]
        if state.human(faction) or _card_choices(state, faction) != [K.DONE]:
            return faction
        state.pos += 1
    return AUTO


def _cards(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        _start_revolts(state)
        return
    faction = state.order[state.pos]
    if action == K.DONE:
        state.pos += 1
        return
    what, card = K.decode(action)
    if what == "drop":
        discard(state, faction, card)
    elif what == "offer":
        open_offer(state, faction, card)
    elif CARDS[card].kind == "statesman":
        play_statesman(state, faction, card)
    else:
        state.ctx = [card]
        state.stage = "revolution_concession_target"


def _cards_neutral(state: S) -> int:
    """§9: a Neutral plays every playable Statesman and concession; over the limit it offers
    its excess if its role gives it away (hand_trades), else drops its first card."""
    faction = state.order[state.pos]
    choices = _card_choices(state, faction)
    plays = [a for a in choices if a != K.DONE and K.decode(a)[0] == "play"]
    if plays:
        return plays[0]
    offer = neutral_offer(state, faction)
    return offer if offer >= 0 else choices[0]


def _card_text(state: S, action: int) -> str:
    if action == K.DONE:
        return "done"
    what, card = K.decode(action)
    if what == "offer":
        return f"offer hand cards to {state.rg.faction_names[card]}"
    return f"{what} {card_label(card)}"


stage(
    "revolution_cards",
    Stage(
        _cards_actor,
        _cards,
        _card_text,
        legal=lambda s: _card_choices(s, s.order[s.pos]),
        neutral=_cards_neutral,
    ),
)


def _concession_targets(state: S) -> list[int]:
    return [A.PERSON + p for p in state.faction_persons(state.order[state.pos])]


def _concession_target(state: S, action: int) -> None:
    play_concession(state, state.ctx.pop(), action - A.PERSON)
    state.stage = "revolution_cards"


def _concession_neutral(state: S) -> int:
    """§9.1: the Senator with the fewest concessions, ties to the most Influence."""
    persons = state.faction_persons(state.order[state.pos])
    held = [sum(1 for h in state.card_holder if h == p) for p in range(N_PERSONS)]
    return A.PERSON + min(persons, key=lambda p: (held[p], -state.inf[p], family_of(p)))


stage(
    "revolution_concession_target",
    Stage(
        lambda s: s.order[s.pos],
        _concession_target,
        lambda s, a: f"on {describe_person(a - A.PERSON)}",
        legal=_concession_targets,
        neutral=_concession_neutral,
    ),
)


# -- 4. Return or revolt (§6.7.3) ------------------------------------------------------------

# state.ctx while a commander considers revolt: the holder, the deciding stage's person, the
# type of the army being decided on, talents added to its roll, whom it follows (RECRUIT, -1 an
# unassigned Veteran, else the person); then the force's armies still to decide (two rows).
R_HOLDER: Final = 0
R_PERSON: Final = 1
R_UNIT: Final = 2
R_ADDED: Final = 3
R_FOLLOWS: Final = 4
RECRUIT: Final = -2


def _victorious(state: S, holder: int) -> int:
    for index, force in enumerate(state.forces):
        if force.status == VICTORIOUS and force.commanders and force.commanders[0] == holder:
            return index
    return -1


def _start_revolts(state: S) -> None:
    index = 0
    while index < len(state.forces):
        force = state.forces[index]
        if force.status == VICTORIOUS and not force.commanders:
            F.bring_home(state, index)  # nobody left to hold the armies: back on the board
            continue
        index += 1
    seats = clockwise(state, hrao_faction(state))
    holders = [f.commanders[0] for f in state.forces if f.status == VICTORIOUS and f.commanders]
    state.order = sorted(holders, key=lambda p: (seats.index(state.owner[p]), family_of(p)))
    state.pos = 0
    state.ctx = []
    state.stage = "revolution_revolt_next"


def suffete(state: S, person: int) -> bool:
    return office_of(state, person) in SUFFETES


def decider(state: S, force: Force) -> int:
    """Who may start a revolt: the Suffete of a Suffete-and-General command, else the holder."""
    for person in force.commanders:
        if suffete(state, person):
            return person
    return force.commanders[0]


def strength_of(state: S, force: Force) -> int:
    armies = sum(force.units[u] + force.veterans[u] for u in ARMIES)
    return armies + sum(stat(p, "mil") for p in force.commanders)


def expected_rebel_strength(state: S, force: Force, person: int) -> float:
    """What ``person`` can count on if he revolts with ``force`` (§6.7.3): the Veterans assigned
    to him (they follow without a roll, worth 2 each), every other army of the force as often as
    its allegiance roll (with his Statesman's bonus, no talents added) beats the era's Loyal
    range, and his Military."""
    own = sum(1 for i in range(1, len(state.veteran_of), 2) if state.veteran_of[i] == person)
    armies = sum(force.units[u] + force.veterans[u] for u in ARMIES)
    own_in_force = min(own, sum(force.veterans[u] for u in ARMIES))
    rolls_won = 6 - LOYAL_UP_TO[state.era] + allegiance_bonus(person)
    follows = min(6, max(0, rolls_won)) / 6
    return 2 * own + follows * (armies - 2 * own_in_force) + stat(person, "mil")


def may_revolt(state: S, force: Force) -> bool:
    """No revolt while a rebel from an earlier turn stands; within this step a later one must
    be stronger than the rebel already declared (§6.7.3 Multiple rebels)."""
    if not any(force.units[u] for u in ARMIES):
        return False
    if not state.rebels:
        return True
    if state.rebel_turn < state.turn:
        return False
    return state.rebels[0] != state.owner[force.commanders[0]] and strength_of(
        state, force
    ) > rebel_strength(state)


def _next_revolt(state: S) -> None:
    while state.pos < len(state.order):
        holder = state.order[state.pos]
        index = _victorious(state, holder)
        if index < 0:
            state.pos += 1
            continue
        force = state.forces[index]
        if len(force.commanders) == 2 and _needs_bribery(state, force):
            _start_bribery(state, index)
            return
        person = decider(state, force)
        state.ctx = [holder, person, -1, 0, 0]
        state.stage = "revolution_revolt"
        return
    state.ctx = []
    state.order = []
    state.pos = 0
    next_phase(state, "revolution_start")


auto("revolution_revolt_next", _next_revolt)


def deciding_force(state: S) -> Force:
    """The victorious force whose holder is deciding."""
    return state.forces[_victorious(state, state.ctx[R_HOLDER])]


def _return(state: S, holder: int) -> None:
    index = _victorious(state, holder)
    if index >= 0:
        F.bring_home(state, index)
        state.note(f"{describe_person(holder)} returns the armies to the board")
    state.pos += 1
    state.stage = "revolution_revolt_next"


def _revolt_legal(state: S) -> list[int]:
    force = deciding_force(state)
    return [K.LOYAL, K.REVOLT] if may_revolt(state, force) else [K.LOYAL]


def _revolt_decision(state: S, action: int) -> None:
    holder = state.ctx[R_HOLDER]
    if action == K.LOYAL:
        _return(state, holder)
        return
    index = _victorious(state, holder)
    force = state.forces[index]
    person = state.ctx[R_PERSON]
    if state.rebels:
        _displace_rebel(state)
    faction = state.owner[person]
    state.rebels = [faction, person]
    state.rebel_turn = state.turn
    state.note(f"{describe_person(person)} revolts against Carthage")
    # The armies wait on his card while their allegiance is rolled (still Senate counters
    # until they join him): the rows after the five working values count them.
    state.ctx = [holder, person, -1, 0, 0]
    state.ctx += [*force.units, *force.veterans]
    others = [p for p in force.commanders if p != person]
    F.replace(state, index, replace(force, units=(0,) * len(UNITS), veterans=(0,) * len(UNITS)))
    _own_veterans(state, person)
    if (others and state.owner[others[0]] == faction) or (others and suffete(state, person)):
        state.stage = "revolution_co_commander"
        return
    state.stage = "revolution_next_army"


def _revolt_neutral(state: S) -> int:
    """A Neutral revolts only if its role does and the force is strong enough."""
    force = deciding_force(state)
    wanted = policy(state, state.owner[state.ctx[R_PERSON]]).revolt_min_strength
    if wanted and strength_of(state, force) >= wanted and K.REVOLT in _revolt_legal(state):
        return K.REVOLT
    return K.LOYAL


stage(
    "revolution_revolt",
    Stage(
        lambda s: s.owner[s.ctx[R_PERSON]],
        _revolt_decision,
        lambda s, a: "revolt" if a == K.REVOLT else "return the armies",
        legal=_revolt_legal,
        neutral=_revolt_neutral,
    ),
)


def _pending_units(state: S) -> list[int]:
    return state.ctx[5 : 5 + len(UNITS)]


def _pending_vets(state: S) -> list[int]:
    return state.ctx[5 + len(UNITS) : 5 + 2 * len(UNITS)]


def _own_veterans(state: S, person: int) -> None:
    """Veterans assigned to the rebel join him without a roll, in the force or not."""
    pairs = list(state.veteran_of)
    for i in range(0, len(pairs), 2):
        unit, follows = pairs[i], pairs[i + 1]
        if follows != person:
            continue
        if _pending_vets(state)[unit] > 0:
            state.ctx[5 + len(UNITS) + unit] -= 1
            state.ctx[5 + unit] -= 1
        elif F.veterans_at_home(state, unit) <= 0:
            continue
        state.unit_active[unit] -= 1
        state.unit_veteran[unit] -= 1
        F.drop_allegiance(state, unit, person)
        _to_rebels(state, unit, True)


def _to_rebels(state: S, unit: int, veteran: bool) -> None:
    state.rebel_units[unit] += 1
    if veteran:
        state.rebel_veterans[unit] += 1
    state.note(f"{'A Veteran ' if veteran else 'A '}{UNITS[unit].name} joins the rebels")


def _co_commander(state: S, action: int) -> None:
    holder = state.ctx[R_HOLDER]
    force = state.forces[_victorious(state, holder)]
    other = next(p for p in force.commanders if p != state.ctx[R_PERSON])
    if action == K.JOIN:
        state.rebels.append(other)
        _own_veterans(state, other)
        state.note(f"{describe_person(other)} joins the revolt")
    else:
        # His Veterans in the force follow him, not the rebel: no roll for them.
        pairs = state.veteran_of
        for i in range(0, len(pairs), 2):
            unit = pairs[i]
            if pairs[i + 1] == other and _pending_vets(state)[unit] > 0:
                state.ctx[5 + len(UNITS) + unit] -= 1
                state.ctx[5 + unit] -= 1
    state.stage = "revolution_next_army"


def _co_actor(state: S) -> int:
    force = deciding_force(state)
    other = next(p for p in force.commanders if p != state.ctx[R_PERSON])
    return state.owner[other]


stage(
    "revolution_co_commander",
    Stage(
        _co_actor,
        _co_commander,
        lambda s, a: "join the revolt" if a == K.JOIN else "stay loyal",
        legal=lambda s: [K.LOYAL, K.JOIN],
        neutral=lambda s: _join_neutral(s, _co_actor(s)),
    ),
)


def _join_neutral(state: S, faction: int) -> int:
    """A Neutral joins a revolt of its own faction if its role does."""
    own = bool(state.rebels) and state.rebels[0] == faction
    return K.JOIN if own and policy(state, faction).join_revolt else K.LOYAL


def _follower_outcomes(state: S) -> list[tuple[int, float]]:
    """Whom the next Veteran follows: drawn among the Veterans of its type, leaving out the
    force's commanders', who were counted out of the force first."""
    return F.allegiance_outcomes(state, state.ctx[R_UNIT], deciding_force(state).commanders)


def _next_army(state: S) -> None:
    """The next army of the force: its recruits roll first, then each Veteran not accounted
    for: whom it follows is drawn when Veterans of its type follow several (§6.7.3)."""
    units, vets = _pending_units(state), _pending_vets(state)
    for unit in range(len(UNITS)):
        if units[unit] > vets[unit]:
            state.ctx[R_UNIT], state.ctx[R_FOLLOWS] = unit, RECRUIT
            state.stage = "revolution_allegiance"
            return
    for unit in range(len(UNITS)):
        if vets[unit] > 0:
            state.ctx[R_UNIT] = unit
            outcomes = _follower_outcomes(state)
            if len(outcomes) > 1:
                state.stage = "revolution_veteran_draw"
            else:
                _follows(state, outcomes[0][0] - 1 if outcomes else -1)
            return
    _accomplices(state)


auto("revolution_next_army", _next_army)


def _follows(state: S, person: int) -> None:
    """A Veteran assigned to another commander joins at his owner's discretion; an unassigned
    one (or one whose commander has no faction) rolls like a recruit (§6.7.3)."""
    state.ctx[R_FOLLOWS] = person
    owned = person >= 0 and state.owner[person] >= 0
    state.stage = "revolution_veteran_owner" if owned else "revolution_allegiance"


stage(
    "revolution_veteran_draw",
    Stage(
        lambda s: -1,
        lambda s, a: _follows(s, a - 1),
        lambda s, a: F.allegiance_text(a),
        outcomes=_follower_outcomes,
    ),
)


def _take_pending(state: S) -> tuple[int, bool]:
    """The army decided on leaves the force's pending rows: its type and whether a Veteran."""
    unit = state.ctx[R_UNIT]
    veteran = state.ctx[R_FOLLOWS] != RECRUIT
    state.ctx[5 + unit] -= 1
    if veteran:
        state.ctx[5 + len(UNITS) + unit] -= 1
    return unit, veteran


def _rebels_take(state: S, unit: int, veteran: bool) -> None:
    """The army leaves the Senate for the rebels; a Veteran forgets whom it followed."""
    state.unit_active[unit] -= 1
    if veteran:
        state.unit_veteran[unit] -= 1
        F.drop_allegiance(state, unit, state.ctx[R_FOLLOWS])
    _to_rebels(state, unit, veteran)


def _veteran_owner(state: S, action: int) -> None:
    unit, veteran = _take_pending(state)
    follows = describe_person(state.ctx[R_FOLLOWS])
    if action == K.JOIN:
        state.note(f"The Veteran {UNITS[unit].name} of {follows} is sent to join the revolt")
        _rebels_take(state, unit, veteran)
    else:
        state.note(f"The Veteran {UNITS[unit].name} of {follows} stays loyal")
    state.stage = "revolution_next_army"


def _lend_neutral(state: S) -> int:
    """A Neutral sends its Veteran to a revolt of its own faction if its role does."""
    faction = state.owner[state.ctx[R_FOLLOWS]]
    own = state.rebels[0] == faction
    return K.JOIN if own and policy(state, faction).lend_veterans else K.LOYAL


stage(
    "revolution_veteran_owner",
    Stage(
        lambda s: s.owner[s.ctx[R_FOLLOWS]],
        _veteran_owner,
        lambda s, a: "send the Veteran to the revolt" if a == K.JOIN else "keep the Veteran loyal",
        legal=lambda s: [K.LOYAL, K.JOIN],
        neutral=_lend_neutral,
    ),
)


def _allegiance_legal(state: S) -> list[int]:
    person = state.ctx[R_PERSON]
    if state.talents[person] > 0 and state.ctx[R_ADDED] < MAX_ADDED:
        return [K.ROLL, K.ADD_TALENT]
    return [K.ROLL]


def _allegiance(state: S, action: int) -> None:
    if action == K.ADD_TALENT:
        state.talents[state.ctx[R_PERSON]] -= 1
        state.ctx[R_ADDED] += 1
        return
    state.stage = "revolution_allegiance_roll"


def _allegiance_neutral(state: S) -> int:
    """Add the role's talents to each roll (one at a time), then roll."""
    faction = state.owner[state.ctx[R_PERSON]]
    wanted = policy(state, faction).add_talents
    if state.ctx[R_ADDED] < wanted and K.ADD_TALENT in _allegiance_legal(state):
        return K.ADD_TALENT
    return K.ROLL


stage(
    "revolution_allegiance",
    Stage(
        lambda s: s.owner[s.ctx[R_PERSON]],
        _allegiance,
        lambda s, a: "add 1T to the roll" if a == K.ADD_TALENT else "roll",
        legal=_allegiance_legal,
        neutral=_allegiance_neutral,
    ),
)


def _allegiance_roll(state: S, roll: int) -> None:
    unit, veteran = _take_pending(state)
    total = roll + state.ctx[R_ADDED] + allegiance_bonus(state.ctx[R_PERSON])
    state.ctx[R_ADDED] = 0
    if total > LOYAL_UP_TO[state.era]:
        _rebels_take(state, unit, veteran)
    else:
        state.note(f"Allegiance roll {total}: a {UNITS[unit].name} stays loyal")
    state.stage = "revolution_next_army"


stage(
    "revolution_allegiance_roll",
    Stage(
        lambda s: -1,
        _allegiance_roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(1),
    ),
)


def _accomplices(state: S) -> None:
    """The force is gone from the field; the rest of the faction declares (§6.7.3)."""
    holder = state.ctx[R_HOLDER]
    index = _victorious(state, holder)
    if index >= 0:
        force = state.forces[index]
        state.forces = state.forces[:index] + state.forces[index + 1 :]
        for person in force.commanders:
            if person not in state.rebels:
                state.ploc[person] = CARTHAGE
    for person in state.rebels[1:]:
        _turn_rebel(state, person)
    faction = state.rebels[0]
    state.ctx = [
        p
        for p in state.faction_persons(faction)
        if state.ploc[p] == CARTHAGE and p not in state.rebels
    ]
    state.stage = "revolution_accomplice"


def _turn_rebel(state: S, person: int) -> None:
    state.ploc[person] = REBEL
    office = office_of(state, person)
    if office >= 0:
        vacate(state, office)
    if person in state.generals:
        state.generals.remove(person)


def _accomplice(state: S, action: int) -> None:
    if not state.ctx:
        state.pos += 1
        state.stage = "revolution_revolt_next"
        return
    person = state.ctx.pop(0)
    if action == K.JOIN:
        state.rebels.append(person)
        _turn_rebel(state, person)
        _own_veterans_home(state, person)
        state.note(f"{describe_person(person)} joins the revolt")


def _own_veterans_home(state: S, person: int) -> None:
    """An accomplice's Veterans in Carthage join the rebel army with him."""
    pairs = list(state.veteran_of)
    for i in range(0, len(pairs), 2):
        unit = pairs[i]
        if pairs[i + 1] == person and F.veterans_at_home(state, unit) > 0:
            state.unit_active[unit] -= 1
            state.unit_veteran[unit] -= 1
            F.drop_allegiance(state, unit, person)
            _to_rebels(state, unit, True)


stage(
    "revolution_accomplice",
    Stage(
        lambda s: s.rebels[0] if s.ctx else AUTO,
        _accomplice,
        lambda s, a: (
            ("join the revolt" if a == K.JOIN else "stay in Carthage")
            + (f" ({describe_person(s.ctx[0])})" if s.ctx else "")
        ),
        legal=lambda s: [K.LOYAL, K.JOIN],
        neutral=lambda s: _join_neutral(s, s.rebels[0]),
    ),
)


def _displace_rebel(state: S) -> None:
    """A stronger rebel takes precedence in this step: the earlier one's revolt is undone."""
    for person in state.rebels[1:]:
        if state.ploc[person] == REBEL:
            state.ploc[person] = CARTHAGE
    for unit, count in enumerate(state.rebel_units):
        state.unit_active[unit] += count
        state.unit_veteran[unit] += state.rebel_veterans[unit]
        state.rebel_units[unit] = 0
        state.rebel_veterans[unit] = 0
    state.note("The earlier rebel is outmatched: his armies return to the board")
    state.rebels = []


# -- joint commands of equal office: bribery -------------------------------------------------

# state.ctx during bribery: the holder, the army being bid for (unit * 2 + veteran or -1),
# the first bid (-1 until made), then the armies still to draw (units then veterans rows).
B_HOLDER: Final = 0
B_ARMY: Final = 1
B_FIRST: Final = 2


def _needs_bribery(state: S, force: Force) -> bool:
    first, second = force.commanders
    if state.owner[first] == state.owner[second]:
        return False
    if suffete(state, first) != suffete(state, second):
        return False
    return any(force.units[u] for u in ARMIES)


def _start_bribery(state: S, index: int) -> None:
    force = state.forces[index]
    state.ctx = [force.commanders[0], -1, -1]
    state.ctx += [force.units[u] if u in ARMIES else 0 for u in range(len(UNITS))]
    state.ctx += [force.veterans[u] if u in ARMIES else 0 for u in range(len(UNITS))]
    # The armies start split between two forces: the holder's and his colleague's.
    first, second = force.commanders
    empty = (0,) * len(UNITS)
    fleets_home = replace(force, commanders=(first,), units=empty, veterans=empty)
    F.replace(state, index, fleets_home)
    state.forces = (
        *state.forces,
        replace(force, commanders=(second,), units=empty, veterans=empty),
    )
    state.note("Joint command of equal office: the armies' allegiance goes to the higher bribe")
    state.stage = "revolution_bribe_draw"


def _bribe_pool(state: S) -> dict[int, int]:
    units = state.ctx[3 : 3 + len(UNITS)]
    vets = state.ctx[3 + len(UNITS) : 3 + 2 * len(UNITS)]
    counts: dict[int, int] = {}
    for unit in range(len(UNITS)):
        counts[2 * unit] = units[unit] - vets[unit]
        counts[2 * unit + 1] = vets[unit]
    return {k: n for k, n in counts.items() if n > 0}


def _bribe_draw_actor(state: S) -> int:
    return -1 if _bribe_pool(state) else AUTO


def _bribe_draw(state: S, army: int) -> None:
    if not _bribe_pool(state):
        state.order.insert(state.pos + 1, _second_holder(state))
        state.ctx = []
        state.stage = "revolution_revolt_next"
        return
    unit, veteran = divmod(army, 2)
    state.ctx[3 + unit] -= 1
    if veteran:
        state.ctx[3 + len(UNITS) + unit] -= 1
    state.ctx[B_ARMY] = army
    state.ctx[B_FIRST] = -1
    state.stage = "revolution_bribe"


def _weights(state: S) -> list[tuple[int, float]]:
    pool = _bribe_pool(state)
    total = sum(pool.values())
    return [(k, n / total) for k, n in sorted(pool.items())]


stage(
    "revolution_bribe_draw",
    Stage(
        _bribe_draw_actor,
        _bribe_draw,
        lambda s, a: f"{'veteran ' if a % 2 else ''}{UNITS[a // 2].id} is bid for",
        outcomes=_weights,
    ),
)


def _pair(state: S) -> tuple[int, int]:
    holder = state.ctx[B_HOLDER]
    return holder, _second_holder(state)


def _second_holder(state: S) -> int:
    return state.forces[-1].commanders[0]


def _bidder(state: S) -> int:
    first, second = _pair(state)
    return first if state.ctx[B_FIRST] < 0 else second


def _bid_legal(state: S) -> list[int]:
    person = _bidder(state)
    return [K.bribe(t) for t in range(min(K.MAX_BRIBE, state.talents[person]) + 1)]


def _bid(state: S, action: int) -> None:
    amount = action - K.BRIBE
    if state.ctx[B_FIRST] < 0:
        state.ctx[B_FIRST] = amount
        return
    first_bid, second_bid = state.ctx[B_FIRST], amount
    state.ctx[B_FIRST] = second_bid  # both revealed now
    if first_bid == second_bid:
        state.ctx.append(first_bid)
        state.stage = "revolution_bribe_tie"
        return
    _award(state, 0 if first_bid > second_bid else 1, max(first_bid, second_bid))


def _award(state: S, side: int, paid: int) -> None:
    first, second = _pair(state)
    winner = (first, second)[side]
    state.talents[winner] -= paid
    unit, veteran = divmod(state.ctx[B_ARMY], 2)
    index = _victorious(state, first) if side == 0 else len(state.forces) - 1
    force = state.forces[index]
    units, vets = list(force.units), list(force.veterans)
    units[unit] += 1
    vets[unit] += veteran
    F.replace(state, index, replace(force, units=tuple(units), veterans=tuple(vets)))
    state.note(f"{describe_person(winner)} pays {paid}T and claims a {UNITS[unit].name}")
    state.stage = "revolution_bribe_draw"


def _bid_neutral(state: S) -> int:
    """A Neutral holds its role's bribe, or all it has if that is less."""
    person = _bidder(state)
    wanted = policy(state, state.owner[person]).bribe
    return K.bribe(min(wanted, state.talents[person], K.MAX_BRIBE))


stage(
    "revolution_bribe",
    Stage(
        lambda s: s.owner[_bidder(s)],
        _bid,
        lambda s, a: f"bribe {a - K.BRIBE}T",
        legal=_bid_legal,
        neutral=_bid_neutral,
    ),
)


def _bribe_tie(state: S, side: int) -> None:
    paid = state.ctx.pop()
    _award(state, side, paid)


stage(
    "revolution_bribe_tie",
    Stage(
        lambda s: -1,
        _bribe_tie,
        lambda s, a: f"the tie goes to commander {a + 1}",
        outcomes=lambda s: [(0, 0.5), (1, 0.5)],
    ),
)


def resample_bribe(state: T, player: int, rng: random.Random) -> T:
    """The first bid of a bribery is hidden from the second bidder: when ``player`` has not
    seen it, redraw it among the amounts the first bidder could hold. The first bid changes
    nothing but ``ctx[B_FIRST]`` and is the last entry of the history (the second bidder has
    not answered yet), so both are rewritten in place: the copy is what its history replays to.
    """
    if state.stage != "revolution_bribe" or state.ctx[B_FIRST] < 0:
        return state
    first = state.ctx[B_HOLDER]
    if state.owner[first] == player or not state.human(state.owner[first]):
        return state
    amount = rng.randint(0, min(K.MAX_BRIBE, state.talents[first]))
    state._unshare()  # the resample keeps a clone of the copy (hidden.Infostate)
    state.ctx[B_FIRST] = amount
    state._rewrite_history(state._moves - 1, K.bribe(amount))
    return state
