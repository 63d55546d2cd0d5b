"""Where one phase's rule reaches into another's: each seam checked from both sides."""

from __future__ import annotations

from carthago.games.republic_of_carthage import forces, proposals
from carthago.games.republic_of_carthage.forces import Force
from carthago.games.republic_of_carthage.state import CARTHAGE, UNIT_INDEX, UNITS
from carthago.games.republic_of_carthage.table_events import TABLE_EVENT_INDEX
from tests.games.republic_of_carthage.support import first_turn

LEGION = UNIT_INDEX["legion"]


def test_s6_5_7_recruiting_in_the_senate_pays_the_table_events_in_force() -> None:
    state = first_turn()
    state.unit_pool[LEGION] = 1
    state.treasury = 100
    assert proposals.recruit_cost(state, LEGION) == UNITS[LEGION].cost
    state.table_event[TABLE_EVENT_INDEX["MANPOWER-SHORTAGE"]] = 1
    assert proposals.recruit_cost(state, LEGION) > UNITS[LEGION].cost
    state.table_event[TABLE_EVENT_INDEX["NO-RECRUITMENT"]] = 1
    assert proposals.recruit_cost(state, LEGION) == -1
    assert proposals._recruitable(state, LEGION) == 0


def test_s6_5_5_a_commander_brought_home_is_most_recently_out_of_office() -> None:
    state = first_turn()
    person = next(p for p, at in enumerate(state.ploc) if at == CARTHAGE and state.owner[p] >= 0)
    row = [0] * len(UNITS)
    row[LEGION] = 1
    forces.send(state, Force(0, -1, (person,), tuple(row), (0,) * len(UNITS), state.turn))
    assert state.prior[person] == 0
    forces.bring_home(state, 0)
    assert state.prior[person] == state.turn + 1
