"""Random forces thrown at random wars and explorations each turn, then random play: the
counters, chits and people stay conserved through the Combat and Revolution Phases."""

from __future__ import annotations

import random

import pytest

from carthago.games.republic_of_carthage import forces
from carthago.games.republic_of_carthage import war as W
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CAPTURED,
    CARDS,
    CARTHAGE,
    IN_PLAY,
    N_PERSONS,
    OUT,
    REBEL,
    UNITS,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WARS,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import jump, new, step

EXPLORATIONS = [i for i, c in enumerate(CARDS) if c.kind == "exploration"]


def _check(state: RepublicOfCarthageState) -> None:
    assert sum(state.cup) + len(state.drawn_chits) == 31
    for unit in range(len(UNITS)):
        total = (
            state.unit_pool[unit]
            + state.unit_active[unit]
            + state.unit_unavailable[unit]
            + state.rebel_units[unit]
        )
        assert total == UNITS[unit].total, UNITS[unit].id
        assert 0 <= state.unit_veteran[unit] <= state.unit_active[unit]
        assert 0 <= state.rebel_veterans[unit] <= state.rebel_units[unit]
        assert forces.away(state, unit) <= max(state.unit_active[unit], 0) or unit >= 10
    for person in range(N_PERSONS):
        assert (state.owner[person] >= 0) == (state.ploc[person] != OUT)
    assert len(state.veteran_of) % 2 == 0 and len(state.captives) % 2 == 0
    # The dead hold no place in the field: every one listed is alive where the list says.
    assert all(state.ploc[p] == CAPTURED for p in state.captives[::2])
    # (a rebel is still at war while the Revolution Phase hears his and his allies' revolt)
    assert all(state.ploc[p] in (REBEL, AT_WAR) for p in state.rebels[1:])
    assert all(state.in_play(p) for p in state.veteran_of[1::2])
    assert min(state.talents) >= 0


def _send_forces(state: RepublicOfCarthageState, rng: random.Random) -> None:
    """What a Senate might send: random commanders from Carthage with what is at home."""
    free = [p for p in range(N_PERSONS) if state.ploc[p] == CARTHAGE and state.owner[p] >= 0]
    rng.shuffle(free)
    for war in rng.sample(range(len(WARS)), 3):
        active = sum(1 for status in state.war_status if status in (WAR_ACTIVE, 3))
        allowed = (WAR_ACTIVE, WAR_INACTIVE, 3) if active >= 2 else (0, WAR_ACTIVE, WAR_INACTIVE, 3)
        if state.war_status[war] not in allowed or len(free) < 2:
            continue
        state.war_status[war] = WAR_ACTIVE
        for unit in range(len(UNITS) - 2):
            state.unit_active[unit] += state.unit_pool[unit]
            state.unit_pool[unit] = 0
        people = tuple(free.pop() for _ in range(rng.choice((1, 1, 2))))
        counts = [rng.randint(0, forces.at_home(state, u)) for u in range(len(UNITS) - 2)]
        counts[W.FLEET] = max(counts[W.FLEET], WARS[war].fleet_support)
        counts[W.FLEET] = min(counts[W.FLEET], forces.at_home(state, W.FLEET))
        row = (*counts, 0, 0)
        vets = tuple(min(n, forces.veterans_at_home(state, u)) for u, n in enumerate(row))
        forces.send(state, Force(war, -1, people, row, vets, state.turn))
    if state.rebels and free:
        forces.send(
            state, Force(W.REBEL_WAR, -1, (free.pop(),), (0,) * len(UNITS), (0,) * len(UNITS), 1)
        )
    card = rng.choice(EXPLORATIONS)
    if state.card_loc[card] != 8 and free:
        state.card_loc[card] = IN_PLAY
        state.caravans += 40
        units = [0] * len(UNITS)
        units[forces.CARAVAN] = min(40, forces.at_home(state, forces.CARAVAN))
        forces.send(
            state, Force(-1, card, (free.pop(),), tuple(units), (0,) * len(UNITS), state.turn)
        )


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (3, 1), (2, 2), (6, 3), (1, 4), (4, 5)])
def test_random_forces_keep_the_invariants(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new(players, 6)
    last_turn = -1
    while not state.is_terminal():
        if state.stage == "mortality_draw" and state.turn != last_turn and state.turn >= 1:
            last_turn = state.turn
            _send_forces(state, rng)
            jump(state, "combat_start")
            _check(state)
            continue
        step(state, rng)
        if state.turn >= 1:
            _check(state)
    assert state.ended
