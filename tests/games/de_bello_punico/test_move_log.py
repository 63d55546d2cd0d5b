"""§6: a finished move is written in the public log, so a player sees what the other side moved
(issue 28: the computer's moves shown as they happen)."""

from __future__ import annotations

from tests.games.de_bello_punico.position import ROME, blank, find, put, settle_on


def test_s6_a_finished_move_is_logged_from_where_to_where_and_facing() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    settle_on(state, ("move", ROME))
    state.apply_action(unit)
    lay = state.layout
    state.apply_action(lay.dir + 0)  # one hex north
    assert not any("moves from" in line for line in state.log(None))
    state.apply_action(lay.face + 1)  # turns to face NE, then stops
    state.apply_action(lay.no)
    name = state.unit_name(unit)
    assert f"{name} moves from 6,8 to 6,7, facing NE" in state.log(None)
    assert f"{name} moves from 6,8 to 6,7, facing NE" in state.log(1)


def test_s6_a_unit_that_only_turns_in_place_logs_no_move() -> None:
    state = blank()
    unit = put(state, find(state, ROME, "Tr"), 6, 8, "N")
    settle_on(state, ("move", ROME))
    state.apply_action(unit)
    state.apply_action(state.layout.face + 3)
    state.apply_action(state.layout.no)
    assert not any("moves from" in line for line in state.log(None))
