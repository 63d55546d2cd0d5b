"""Forces in the field (§6.5.7 / §6.6): counters stay counted, commanders go with their force."""

from __future__ import annotations

import pytest

from carthago.core.errors import InvalidStateError
from carthago.games.republic_of_carthage import forces
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CARTHAGE,
    EXPEDITION,
    UNIT_INDEX,
    UNITS,
    RepublicOfCarthageState,
)
from tests.games.republic_of_carthage.support import first_turn

LEGION = UNIT_INDEX["legion"]


def _units(**counts: int) -> tuple[int, ...]:
    row = [0] * len(UNITS)
    for name, n in counts.items():
        row[UNIT_INDEX[name]] = n
    return tuple(row)


def _commander(state: RepublicOfCarthageState) -> int:
    return next(p for p, at in enumerate(state.ploc) if at == CARTHAGE and state.owner[p] >= 0)


def test_s6_5_7_sent_force_leaves_carthage_but_stays_under_senate_control() -> None:
    state = first_turn()
    person = _commander(state)
    active = state.unit_active[LEGION]
    assert active == 2
    forces.send(state, Force(0, -1, (person,), _units(legion=2), _units(), state.turn))
    assert state.ploc[person] == AT_WAR
    assert forces.at_home(state, LEGION) == 0
    assert state.unit_active[LEGION] == active, "upkeep still counts armies in the field"
    with pytest.raises(ValueError, match="legion"):
        forces.send(state, Force(1, -1, (), _units(legion=1), _units(), state.turn))
    home = forces.bring_home(state, 0)
    assert home.commanders == (person,)
    assert state.ploc[person] == CARTHAGE
    assert forces.at_home(state, LEGION) == active


def test_s6_6_1_expedition_takes_trade_fleets_from_the_treasury_tracks() -> None:
    state = first_turn()
    person = _commander(state)
    state.trade_fleets = 10
    forces.send(state, Force(-1, 0, (person,), _units(trade_fleet=6), _units(), state.turn))
    assert state.ploc[person] == EXPEDITION
    assert forces.at_home(state, UNIT_INDEX["trade_fleet"]) == 4
    assert forces.forces_on(state, 0) == []


def test_forces_survive_snapshots_and_bad_ones_are_named() -> None:
    state = first_turn()
    person = _commander(state)
    state.unit_veteran[LEGION] = 1
    forces.send(state, Force(2, -1, (person,), _units(legion=1), _units(legion=1), 4, status=1))
    game = state.game
    again = game.state_from_dict(state.to_dict())
    assert again.forces == state.forces
    broken = state.to_dict()
    broken["state"]["forces"] = [[2, -1, 1, 4, 1, person, 1]]
    with pytest.raises(InvalidStateError, match="forces"):
        game.state_from_dict(broken)
