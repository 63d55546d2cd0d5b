"""Resolving explorations (rules §6.6.1), the first step of the Exploration and Combat Phase.

Every expedition in the field rolls, in the order the Senate sent them: 3d6 plus the
commander's Exploration rating, minus 1 per 5 Trade Fleets or Caravans (or part of 5) it is short
of the card. An unmodified roll equal to the card's Disaster number loses 2d6 counters instead of
the table result. Lost expeditions roll again next turn like the others, but cannot be recalled
or sent home when another expedition reaches their destination first.

``state.pos`` counts the expeditions still to roll; they are the first ones in ``state.forces``
because each one that stays in the field moves to the end. ``state.ctx`` holds what the roll
decided: ``[result, counters still to lose or -1 before the loss roll, chits still to draw]``.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import combat_actions as K
from carthago.games.republic_of_carthage import forces as F
from carthago.games.republic_of_carthage.card_play import take_roll_bonus
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.mortality import (
    chit_text,
    kill,
    mago_stage,
    struck,
    take_chit,
)
from carthago.games.republic_of_carthage.neutral_combat import policy
from carthago.games.republic_of_carthage.specials import exploration_bonus
from carthago.games.republic_of_carthage.stages import (
    AUTO,
    Stage,
    auto,
    dice_outcomes,
    stage,
    weighted,
)
from carthago.games.republic_of_carthage.state import (
    CARDS,
    N_PERSONS,
    REMOVED,
    describe_person,
    stat,
)
from carthago.games.republic_of_carthage.war import (
    combat_wars,
    drop_absent_commanders,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.components import Exploration
    from carthago.games.republic_of_carthage.forces import Force
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

LOST: Final = 1
"""Force status of a Lost expedition."""
DISASTER: Final = "disaster"
X_RESULT: Final = 0
X_LOSE: Final = 1
X_CHITS: Final = 2
RESULTS: Final = ("disaster", "lost", "raiders", "no_progress", "success")
PER_CHIT: Final = 5
"""One Mortality chit per 5 Trade Fleets or Caravans lost, or part of 5."""
SHORT_STEP: Final = 5
EXPLORATION_BOUND: Final = N_PERSONS * (1 + 1 + 3 + 4 + 1 + 1)
"""Per turn: per expedition a roll, a loss roll, up to 3 chits (12 lost) plus 4 for the "Draw
2" chits, a Mago pick (the cup holds one chit 2), and the Raiders decision."""


def card_of(force: Force) -> Exploration:
    return C.explorations[CARDS[force.exploration].id]


def kind(force: Force) -> int:
    """The counter type this expedition needs: Trade Fleets or Caravans."""
    return F.TRADE_FLEET if card_of(force).fleets > 0 else F.CARAVAN


def difficulty(card: Exploration) -> int:
    return card.fleets + card.caravans


def reopened(card: Exploration) -> Counter[int]:
    """The commodities a success at ``card`` calls back from the reserve, each as often as its
    areas list it: each comes back while the reserve holds one (:func:`_success`)."""
    return Counter(C.commodity(name).index for area in card.areas for name in C.areas[area].cards)


def shortfall_penalty(force: Force) -> int:
    """-1 per 5 counters, or part of 5, short of the card's numbers."""
    card = card_of(force)
    short_caravans = max(0, card.caravans - force.units[F.CARAVAN])
    short_fleets = max(0, card.fleets - force.units[F.TRADE_FLEET])
    return math.ceil(short_caravans / SHORT_STEP) + math.ceil(short_fleets / SHORT_STEP)


def _pending(state: S) -> list[int]:
    return [i for i, f in enumerate(state.forces) if f.exploration >= 0][: state.pos]


def _current(state: S) -> Force:
    return state.forces[-1]


def _start(state: S) -> None:
    state.note("Exploration and Combat Phase (rules 6.6)")
    drop_absent_commanders(state)
    state.fought = []
    state.won = []
    state.order = []
    state.pos = sum(1 for f in state.forces if f.exploration >= 0)
    state.stage = "explore_next"


auto("combat_start", _start)


def _next(state: S) -> None:
    pending = _pending(state)
    if not pending:
        _beaten_return(state)
        combat_wars(state)
        return
    index = pending[0]
    force = state.forces[index]
    state.forces = state.forces[:index] + state.forces[index + 1 :] + (force,)
    state.pos -= 1
    state.ctx = [0, -1, 0]
    if state.card_loc[force.exploration] == REMOVED and force.status != LOST:
        _home(state, "another expedition reached its destination")
        return
    if not force.commanders:
        # He died away from it (a Mortality chit): his death sends the rest home, as in battle.
        _home(state, "its commander is dead")
        return
    state.stage = "explore_roll"


auto("explore_next", _next)


def _roll(state: S, roll: int) -> None:
    force = _current(state)
    card = card_of(force)
    commander = force.commanders[0]
    rating = stat(commander, "exp") + exploration_bonus(commander, card.fleets > 0)
    penalty = shortfall_penalty(force)
    # Fair Winds played from hand (card_play.py) notes its own +2.
    total = roll + rating - penalty + take_roll_bonus(state, force, False)
    state.note(
        f"{describe_person(commander)} explores {card.name}: roll {roll} + Exploration "
        f"{rating} - shortfall {penalty} = {total}"
    )
    if roll == card.disaster:
        state.ctx = [RESULTS.index(DISASTER), -1, 0]
        state.note("Disaster: 2d6 Trade Fleets or Caravans are lost")
        state.stage = "explore_loss_roll"
        return
    row = next(r for r in reversed(C.exploration_table) if total >= r.low)
    state.ctx = [RESULTS.index(row.result), -1, 0]
    state.note(f"Exploration table: {row.result.replace('_', ' ')}")
    if row.result == "lost":
        F.replace(state, len(state.forces) - 1, _status(force, LOST))
    dice = row.losses[0] if isinstance(row.losses, tuple) else 0
    state.stage = "explore_loss_roll" if dice else "explore_result"


stage(
    "explore_roll",
    Stage(lambda s: -1, _roll, lambda s, a: f"roll {a}", outcomes=lambda s: dice_outcomes(3)),
)


def _status(force: Force, status: int) -> Force:
    return replace(force, status=status)


def _loss_dice(state: S) -> int:
    result = RESULTS[state.ctx[X_RESULT]]
    if result == DISASTER:
        return 2
    row = next(r for r in C.exploration_table if r.result == result)
    return row.losses[0] if isinstance(row.losses, tuple) else 0


def _lose(state: S, roll: int) -> None:
    """Lose ``roll`` counters (at most what is left); a chit per 5 lost, or part of 5."""
    force = _current(state)
    unit = kind(force)
    lost = min(roll, force.units[unit])
    units = list(force.units)
    units[unit] -= lost
    if unit == F.TRADE_FLEET:
        state.trade_fleets -= lost
    else:
        state.caravans -= lost
    F.replace(state, len(state.forces) - 1, replace(force, units=tuple(units)))
    state.note(f"The expedition loses {lost} of its counters ({units[unit]} left)")
    state.ctx[X_LOSE] = lost
    state.ctx[X_CHITS] = math.ceil(lost / PER_CHIT)
    state.stage = "explore_chit"


stage(
    "explore_loss_roll",
    Stage(
        lambda s: -1,
        _lose,
        lambda s, a: f"lose {a}",
        outcomes=lambda s: dice_outcomes(_loss_dice(s)),
    ),
)


def _chit_actor(state: S) -> int:
    return -1 if state.ctx[X_CHITS] > 0 and _current(state).commanders else AUTO


def _chit(state: S, chit: int) -> None:
    force = _current(state)
    if state.ctx[X_CHITS] == 0 or not force.commanders:
        for drawn in state.drawn_chits:
            state.cup[drawn] += 1
        state.drawn_chits = []
        state.stage = "explore_result"
        return
    family, change = take_chit(state, chit)
    state.ctx[X_CHITS] += change
    if family:
        found = struck(state, family, force.commanders, "explore_chit_mago")
        if found is None:
            return
        for person in found:
            _commander_dies(state, person)


def _commander_dies(state: S, person: int) -> None:
    """The chit struck the expedition's commander: no more chits, the rest go home."""
    force = _current(state)
    if person not in force.commanders:
        return
    F.replace(state, len(state.forces) - 1, replace(force, commanders=()))
    kill(state, person)
    state.ctx[X_CHITS] = 0


def _mago_named(state: S, person: int) -> None:
    _commander_dies(state, person)
    state.stage = "explore_chit"


stage(
    "explore_chit",
    Stage(
        _chit_actor,
        _chit,
        lambda s, a: f"chit {chit_text(a)}",
        outcomes=lambda s: weighted(dict(enumerate(s.cup))),
    ),
)
mago_stage("explore_chit_mago", _mago_named)


def _home(state: S, why: str) -> None:
    F.bring_home(state, len(state.forces) - 1)
    state.note(f"The expedition returns to Carthage ({why})")
    state.stage = "explore_next"


def _result(state: S) -> None:
    force = _current(state)
    result = RESULTS[state.ctx[X_RESULT]]
    if not force.commanders:
        _home(state, "its commander is dead")
        return
    if force.units[kind(force)] == 0:
        _home(state, "nothing left to explore with")
        return
    if state.card_loc[force.exploration] == REMOVED:
        # Another expedition reached this destination first: only a Lost one carries on.
        if result == "lost":
            state.stage = "explore_next"
        else:
            _home(state, "the destination was reached by another expedition")
        return
    if result == "success":
        _success(state, force)
        return
    if result == "raiders":
        state.stage = "explore_raiders"
        return
    if result != "lost" and force.status == LOST:
        F.replace(state, len(state.forces) - 1, _status(force, 0))
    state.stage = "explore_next"


auto("explore_result", _result)


def _success(state: S, force: Force) -> None:
    card = card_of(force)
    commander = force.commanders[0]
    gain = difficulty(card) // 10
    state.inf[commander] += gain
    state.pop[commander] += gain
    state.note(f"Success: {describe_person(commander)} gains {gain} Influence and Popularity")
    state.won.append(commander)
    state.card_loc[force.exploration] = REMOVED
    for area_id in card.areas:
        area = C.areas[area_id]
        placed = []
        for name in area.cards:
            commodity = C.commodity(name).index
            if state.reserve[commodity] > 0:
                state.reserve[commodity] -= 1
                state.stack[commodity] += 1
                placed.append(name)
        state.note(f"{area.name} opens to trade: {', '.join(placed) or 'no card left to place'}")
    _home(state, "success")


def _raiders_actor(state: S) -> int:
    return state.owner[_current(state).commanders[0]]


def _raiders(state: S, action: int) -> None:
    if action == K.TURN_BACK:
        _home(state, "the commander turns back after the raiders")
        return
    state.note("The expedition goes on")
    state.stage = "explore_next"


def _raiders_neutral(state: S) -> int:
    """A Neutral commander goes on while the shortfall stays within its role's limit."""
    limit = policy(state, _raiders_actor(state)).raiders_max_shortfall
    return K.GO_ON if shortfall_penalty(_current(state)) <= limit else K.TURN_BACK


stage(
    "explore_raiders",
    Stage(
        _raiders_actor,
        _raiders,
        lambda s, a: "go on" if a == K.GO_ON else "turn back",
        legal=lambda s: [K.GO_ON, K.TURN_BACK],
        neutral=_raiders_neutral,
    ),
)


def _beaten_return(state: S) -> None:
    """Expeditions whose destination another one reached go home unless Lost (§6.5.7)."""
    index = 0
    while index < len(state.forces):
        force = state.forces[index]
        if (
            force.exploration >= 0
            and state.card_loc[force.exploration] == REMOVED
            and force.status != LOST
        ):
            F.bring_home(state, index)
            state.note("An expedition whose destination was reached returns to Carthage")
            continue
        index += 1
