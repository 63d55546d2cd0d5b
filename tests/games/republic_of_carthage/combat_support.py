"""Positions for the Exploration and Combat Phase tests: forces put in the field by hand."""

from __future__ import annotations

import carthago
from carthago.games.republic_of_carthage import forces
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    DISCARD,
    HAND,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_INDEX,
    WAR_UNSEEN,
    RepublicOfCarthageState,
    family_of,
)
from tests.games.republic_of_carthage.support import first_turn, jump

S = RepublicOfCarthageState


def quiet_state(players: int = 3, seed: int = 0) -> S:
    """Turn 1 before its Mortality chit, every war off the board but the ones a test adds."""
    state = first_turn(players, seed)
    state.war_status = [WAR_UNSEEN] * len(state.war_status)
    # Hand cards dealt at set-up would be asked about in the Revolution Phase: set them aside.
    for card, loc in enumerate(state.card_loc):
        if loc >= HAND:
            state.card_loc[card] = DISCARD
    return state


def commanders(state: S, count: int = 1, faction: int = 0) -> list[int]:
    """Persons of ``faction`` in Carthage, lowest family first (distinct families)."""
    found = [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]
    found.sort(key=family_of)
    return found[:count]


def units(**counts: int) -> tuple[int, ...]:
    row = [0] * len(UNITS)
    for name, count in counts.items():
        row[UNIT_INDEX[name]] = count
    return tuple(row)


def field_force(
    state: S,
    war: str,
    people: list[int],
    veterans: dict[str, int] | None = None,
    status: int = WAR_ACTIVE,
    **counts: int,
) -> Force:
    """Recruit the counters, then send them with ``people`` to ``war``."""
    index = WAR_INDEX[war]
    if state.war_status[index] in (WAR_UNSEEN, WAR_INACTIVE):
        state.war_status[index] = status
    for name, count in counts.items():
        unit = UNIT_INDEX[name]
        state.unit_active[unit] += max(0, count - forces.at_home(state, unit))
    vets = units(**(veterans or {}))
    for unit, count in enumerate(vets):
        state.unit_veteran[unit] += max(0, count - forces.veterans_at_home(state, unit))
    force = Force(index, -1, tuple(people), units(**counts), vets, state.turn)
    forces.send(state, force)
    return force


def start_combat(state: S) -> None:
    jump(state, "combat_start")


def chance(state: S, *outcomes: int) -> None:
    """Apply chance outcomes one by one, each at a chance node."""
    for outcome in outcomes:
        assert state.current_player() == carthago.CHANCE, state.stage
        state.apply_action(outcome)
