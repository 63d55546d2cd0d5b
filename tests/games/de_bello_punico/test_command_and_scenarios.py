"""§4 the strategic phase and the Vacuus, §5 initiative, §12 recovery, §17 scenario rules and
ends; hidden-information leak tests; random-playout fuzzing with invariants."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import carthago
from carthago.core.chance import sample_chance_outcome
from carthago.games.de_bello_punico.actions import COMBAT, FORTUNA, MOVEMENT, RECOVERY, SPECIAL
from carthago.games.de_bello_punico.morale import ELIMINATED, EXITED, ON_MAP, RESERVE
from carthago.games.de_bello_punico.movement import movement_allowance
from carthago.games.de_bello_punico.scenarios import SCENARIOS
from carthago.games.de_bello_punico.state import DRAW, DbpState
from carthago.games.de_bello_punico.units import UNIT_TYPES

from .position import CARTHAGE, ROME, blank, find, put, settle_on


def _to_strategic(scenario: str = "zama") -> DbpState:
    state = carthago.load("de_bello_punico", scenario=scenario).new_initial_state()
    assert isinstance(state, DbpState)
    while state.tasks[-1][0] in ("setup", "reserve"):
        state.apply_action(state.legal_actions()[0])
    return state


def test_s4_1_carthage_places_first_and_sides_alternate() -> None:
    state = _to_strategic()
    lay = state.layout
    owners = []
    while state.tasks and state.tasks[-1][0] == "place":
        owners.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert owners[:4] == [CARTHAGE, ROME, CARTHAGE, ROME]
    assert len(owners) == 10  # 4 points and the Vacuus each (§17.4.2)
    assert lay.place in range(lay.size)


def test_s4_1_three_a_box_and_one_in_fortuna() -> None:
    state = _to_strategic()
    lay = state.layout
    for _ in range(3):
        state.apply_action(lay.place + COMBAT)  # Carthage
        state.apply_action(lay.place + RECOVERY)  # Rome
    assert lay.place + COMBAT not in state.legal_actions()
    state.apply_action(lay.place + FORTUNA)
    state.apply_action(lay.place + FORTUNA)
    assert lay.vacuus + FORTUNA not in state.legal_actions()


def test_s4_6_movement_point_gives_one_mp_to_three_units_of_one_type() -> None:
    # One point: +1 MP to three units of one type, Hastati and Principes counting as one.
    state = blank()
    hastati = [put(state, find(state, ROME, "Ha", n), 2 + 2 * n, 12, "N") for n in (1, 2, 3)]
    principes = put(state, find(state, ROME, "Pr"), 10, 12, "N")
    velites = put(state, find(state, ROME, "Ve"), 12, 12, "N")
    state.box_real[ROME][MOVEMENT] = 1
    settle_on(state, ("move", ROME))
    lay = state.layout
    state.apply_action(lay.boost)
    state.apply_action(hastati[0])
    assert principes in state.legal_actions() and velites not in state.legal_actions()
    state.apply_action(principes)
    state.apply_action(hastati[1])
    # Three units had it: the player is back to choosing a move, the one point spent.
    assert state.tasks[-1][0] == "move" and hastati[2] in state.legal_actions()
    assert lay.boost not in state.legal_actions()
    assert [movement_allowance(state, u) for u in (*hastati, principes, velites)] == [5, 5, 4, 5, 5]


def test_s17_1_3b_no_roman_elephant_box_at_the_trebbia() -> None:
    state = _to_strategic("trebbia")
    lay = state.layout
    state.apply_action(state.legal_actions()[0])  # Carthage
    assert lay.place + SPECIAL not in state.legal_actions()
    assert lay.vacuus + SPECIAL not in state.legal_actions()


def _place_all(state: DbpState, boxes: dict[int, list[int]]) -> None:
    """Place each side's counters in order; a negative box is the Vacuus in box -b-1."""
    lay = state.layout
    while state.tasks and state.tasks[-1][0] == "place":
        side = state.current_player()
        box = boxes[side].pop(0)
        state.apply_action(lay.vacuus + (-box - 1) if box < 0 else lay.place + box)


def test_s5_initiative_adds_real_points_only_and_reroll_ties() -> None:
    state = _to_strategic()
    # Carthage: 2 real in Initiative + the Vacuus in Initiative; Rome: none there.
    _place_all(state, {CARTHAGE: [0, 0, -1, 1, 1], ROME: [1, 1, 2, 2, -2]})
    assert state.current_player() == carthago.CHANCE
    state.apply_action(0)  # Carthage rolls 1: 1 + 2 = 3 (the Vacuus adds nothing)
    state.apply_action(2)  # Rome rolls 3: 3 + 0 = 3, a tie
    assert state.current_player() == carthago.CHANCE  # both roll again
    assert state.vac_known[CARTHAGE]  # the Vacuus in Initiative is turned up
    state.apply_action(5)
    state.apply_action(0)
    assert state.tasks[-1] == ("order", CARTHAGE)
    state.apply_action(state.layout.no)  # Carthage chooses to go second
    assert state.first == ROME


def test_leak_vacuus_placement_is_not_in_the_opponents_observation() -> None:
    state = _to_strategic()
    _place_all(state, {CARTHAGE: [1, 1, 2, -4, 4], ROME: [1, 2, 3, 3, -5]})
    snapshot = state.to_dict()
    moved = json.loads(json.dumps(snapshot))
    fields = moved["state"]
    # Carthage's Vacuus from Cavalry (3) to Combat (1), one real point the other way.
    fields["box_vac"][CARTHAGE] = 1
    fields["box_real"][CARTHAGE][1] -= 1
    fields["box_real"][CARTHAGE][3] += 1
    other = state.game.state_from_dict(moved)
    assert other.observation(ROME) == state.observation(ROME)
    assert other.observation(None) == state.observation(None)
    assert other.observation(CARTHAGE) != state.observation(CARTHAGE)
    text = json.dumps(state.observation(ROME))
    assert "Carthage places the Vacuus" not in text and "Carthage places a Command" not in text
    assert state.observation(ROME)["boxes"][CARTHAGE]["vacuus"] == "hidden"
    assert state.observation(CARTHAGE)["boxes"][CARTHAGE]["vacuus"] == 3


def test_leak_hidden_box_asks_even_when_only_the_vacuus_is_there() -> None:
    state = blank()
    a = put(state, find(state, ROME, "Ha"), 6, 8, "N")
    put(state, find(state, CARTHAGE, "In"), 6, 7, "S")
    state.leader_hex[CARTHAGE] = state.grid.hex_of(6, 3)
    state.box_vac[CARTHAGE] = COMBAT
    state.vac_known[CARTHAGE] = False
    settle_on(state, ("attack", ROME))
    state.apply_action(a)
    # Carthage is asked about its Combat box although it holds only the Vacuus.
    assert state.tasks[-1][0] == "ccp" and state.current_player() == CARTHAGE
    assert state.legal_actions() == [state.layout.no]


def test_resample_redraws_the_vacuus_and_rewrites_history() -> None:
    state = _to_strategic()
    _place_all(state, {CARTHAGE: [1, 2, 3, 4, -6], ROME: [1, 2, 3, 4, -1]})
    seen = set()
    rng = random.Random(0)
    for _ in range(40):
        copy = state.resample_from_infostate(ROME, rng)
        assert copy.observation(ROME) == state.observation(ROME)
        seen.add(copy.box_vac[CARTHAGE])
        assert state.game.replay(copy.history()).to_dict()["state"] == copy.to_dict()["state"]
    assert len(seen) > 1


def test_s12_recovery_one_point_per_command_point_in_range() -> None:
    state = blank()
    near = put(state, find(state, ROME, "Ha"), 1, 12, "N", disorder=2)
    far = put(state, find(state, ROME, "Ha", 2), 16, 1, "N", disorder=1)
    state.box_real[ROME][RECOVERY] = 2
    settle_on(state, ("recover", ROME))
    assert near in state.legal_actions() and far not in state.legal_actions()
    state.apply_action(near)
    assert state.dis[near] == 1
    assert near not in state.legal_actions()  # one point a unit an impulse (§4.1.1)


def test_s17_1_3a_trebbia_romans_start_reduced() -> None:
    state = _to_strategic("trebbia")
    for unit in state.units_of[ROME]:
        expected = 0 if state.utype[unit].code in ("Eq", "Ce") else 1
        assert state.dis[unit] == expected


def _ambush(column: int) -> DbpState:
    """Trebbia with the "ambush" option just past the reserve decision, the reserve hidden at
    ``column``."""
    game = carthago.load("de_bello_punico", scenario="trebbia", trebbia_reserve="ambush")
    state = game.new_initial_state()
    assert isinstance(state, DbpState)
    while state.tasks[-1][0] != "reserve":
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.layout.enter + column)
    return state


def _entries(state: DbpState) -> list[int]:
    return [a - state.layout.enter for a in state.legal_actions() if a >= state.layout.enter]


def test_s17_1_3c_trebbia_reserve_is_hidden_at_set_up_and_enters_after_a_roman_flight() -> None:
    state = _ambush(4)
    reserve = next(u for u in state.units_of[CARTHAGE] if state.where[u] == RESERVE)
    assert state.utype[reserve].code == "Nu" and state.ambush[0] == 4
    state.box_real[CARTHAGE][3] = 1
    settle_on(state, ("move", CARTHAGE))
    assert _entries(state) == []  # no Roman unit has fled yet
    state.fled[ROME] = True
    settle_on(state, ("move", CARTHAGE))
    assert _entries(state) == [4]  # out of its ambush, nowhere else
    state.apply_action(state.layout.enter + 4)
    assert state.where[reserve] == ON_MAP
    assert state.pos[reserve] == state.grid.hex_of(4, state.grid.height - 1)
    assert state.box_used[CARTHAGE][3] == 1  # it cost the Cavalry point


def test_s17_1_3c_trebbia_reserve_enters_at_any_free_roman_edge_hex_by_default() -> None:
    state = carthago.load("de_bello_punico", scenario="trebbia").new_initial_state()
    assert isinstance(state, DbpState)
    while state.tasks[-1][0] != "reserve":
        state.apply_action(state.legal_actions()[0])
    lay = state.layout
    assert state.legal_actions() == [lay.yes, lay.no]  # nothing to hide: no column chosen
    state.apply_action(lay.yes)
    reserve = next(u for u in state.units_of[CARTHAGE] if state.where[u] == RESERVE)
    assert state.utype[reserve].code == "Nu" and state.ambush == [-1, -1]
    assert state.observation(ROME)["ambush"] is None
    edge = state.grid.height - 1
    row = [state.grid.hex_of(c, edge) for c in range(state.grid.width)]
    taken = {c for c, h in enumerate(row) if state.occ[h] >= 0 or state.scenario.costs[h] > 2}
    state.box_real[CARTHAGE][3] = 1
    state.fled[ROME] = True
    settle_on(state, ("move", CARTHAGE))
    everywhere = [c for c in range(state.grid.width) if c not in taken]
    assert _entries(state) == everywhere and len(everywhere) > 1
    state.apply_action(lay.enter + everywhere[-1])
    assert state.pos[reserve] == state.grid.hex_of(everywhere[-1], edge)
    assert state.box_used[CARTHAGE][3] == 1


def test_s17_1_3c_trebbia_reserve_needs_a_cavalry_point() -> None:
    state = _ambush(4)
    state.fled[ROME] = True
    settle_on(state, ("move", CARTHAGE))
    assert _entries(state) == []


def test_s17_1_3c_trebbia_ambush_hex_taken_enters_at_the_nearest_free_edge_hex() -> None:
    state = blank("trebbia", trebbia_reserve="ambush")
    state.ambush = [4, 2]
    reserve = find(state, CARTHAGE, "Nu")
    state.where[reserve] = RESERVE
    state.fled[ROME] = True
    state.box_real[CARTHAGE][3] = 1
    edge = state.grid.height - 1
    put(state, find(state, ROME, "Ha"), 4, edge, "N")
    settle_on(state, ("move", CARTHAGE))
    assert _entries(state) == [3]  # 3 and 5 are as near: the lower column
    put(state, find(state, ROME, "Ha", 2), 3, edge, "N")
    settle_on(state, ("move", CARTHAGE))
    assert _entries(state) == [5]
    spare = iter(u for u in state.units_of[ROME] if state.where[u] != ON_MAP)
    for column in range(state.grid.width):
        if state.occ[state.grid.hex_of(column, edge)] < 0:
            put(state, next(spare), column, edge, "N")
    state.leader_hex[ROME] = state.grid.hex_of(0, edge - 1)
    settle_on(state, ("move", CARTHAGE))
    assert _entries(state) == []  # the whole edge row is taken


def test_s17_1_3c_trebbia_no_reserve_keeps_every_numidian_on_the_map() -> None:
    state = carthago.load("de_bello_punico", scenario="trebbia").new_initial_state()
    assert isinstance(state, DbpState)
    while state.tasks[-1][0] != "reserve":
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.layout.no)
    assert RESERVE not in state.where and state.ambush == [-1, -1]


def test_leak_trebbia_ambush_column_is_not_in_romes_observation() -> None:
    state = _ambush(4)
    snapshot = json.loads(json.dumps(state.to_dict()))
    snapshot["state"]["ambush"][0] = 11
    snapshot["history"][state.ambush[1]] = state.layout.enter + 11
    snapshot["log"] = [
        [public, [[p, text.replace("column 4", "column 11")] for p, text in private]]
        for public, private in snapshot["log"]
    ]
    other = state.game.state_from_dict(snapshot)
    assert isinstance(other, DbpState) and other.ambush[0] == 11
    for viewer in (ROME, None):
        assert other.observation(viewer) == state.observation(viewer)
        assert other.render(viewer) == state.render(viewer)
        assert "column 4" not in json.dumps(state.observation(viewer))
        assert state.observation(viewer)["ambush"] is None
    assert other.observation(CARTHAGE) != state.observation(CARTHAGE)
    assert state.observation(CARTHAGE)["ambush"] == 4
    assert "column 4" in json.dumps(state.observation(CARTHAGE))
    # Once a Roman has fled, Carthage is asked in its movement impulse wherever the ambush is.
    for s in (state, other):
        s.fled[ROME] = True
        s.box_vac[CARTHAGE], s.vac_known[CARTHAGE] = 3, False
        settle_on(s, ("move", CARTHAGE))
    assert other.observation(ROME) == state.observation(ROME)


def test_leak_trebbia_ambush_column_is_revealed_when_the_reserve_enters() -> None:
    state = _ambush(6)
    state.fled[ROME] = True
    state.box_real[CARTHAGE][3] = 1
    settle_on(state, ("move", CARTHAGE))
    state.apply_action(state.layout.enter + 6)
    seen = state.observation(ROME)
    assert seen["ambush"] == 6
    assert any("The ambush lay at column 6" in line for line in seen["log"])


def test_resample_redraws_the_ambush_and_rewrites_history() -> None:
    state = _ambush(4)
    while state.tasks[-1][0] == "place":
        state.apply_action(state.legal_actions()[0])
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        copy = state.resample_from_infostate(ROME, rng)
        assert copy.observation(ROME) == state.observation(ROME)
        seen.add(copy.ambush[0])
        assert copy.history()[copy.ambush[1]] == copy.layout.enter + copy.ambush[0]
        assert state.game.replay(copy.history()).to_dict()["state"] == copy.to_dict()["state"]
    assert len(seen) > 3
    # Carthage knows its own ambush: its resampled states keep it.
    assert {state.resample_from_infostate(CARTHAGE, rng).ambush[0] for _ in range(10)} == {4}


def test_s17_1_4_trebbia_roman_exit_recovers_rout_points() -> None:
    state = blank("trebbia")
    unit = put(state, find(state, ROME, "Ha"), 6, 0, "N")
    state.rout[ROME] = 5
    settle_on(state, ("move", ROME))
    state.apply_action(unit)
    state.apply_action(state.layout.dir + 0)
    assert state.where[unit] == EXITED and state.rout[ROME] == 3


def test_s17_1_4_trebbia_leaving_by_a_side_edge_is_not_the_carthaginian_edge() -> None:
    state = blank("trebbia")
    width = state.grid.width
    lay = state.layout
    state.rout[ROME] = 5
    for number, (column, facing, sideways) in enumerate(
        ((0, "NW", (4, 5)), (width - 1, "NE", (1, 2))), start=1
    ):
        unit = put(state, find(state, ROME, "Ha", number), column, 5, facing)
        settle_on(state, ("move", ROME))
        state.apply_action(unit)
        assert not {lay.dir + d for d in sideways} & set(state.legal_actions())
        assert state.where[unit] == ON_MAP and state.rout[ROME] == 5
    # At the top corner only the step north leaves by Carthage's edge.
    unit = put(state, find(state, ROME, "Ha", 3), 0, 0, "N")
    settle_on(state, ("move", ROME))
    state.apply_action(unit)
    assert lay.dir + 5 not in state.legal_actions()
    state.apply_action(lay.dir + 0)
    assert state.where[unit] == EXITED and state.rout[ROME] == 3


@pytest.mark.parametrize(
    ("scenario", "winner"),
    [("trebbia", ROME), ("beneventum", CARTHAGE), ("po", DRAW), ("zama", DRAW)],
)
def test_s17_end_of_the_last_turn(scenario: str, winner: int) -> None:
    state = blank(scenario)
    state.turn = state.scenario.turns
    state.stage = 10
    state.tasks = []
    state._settle()
    assert state.is_terminal() and state.winner == winner


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("side", [ROME, CARTHAGE])
def test_s16_1_each_army_is_worth_more_rout_points_than_its_rout_level(
    scenario: str, side: int
) -> None:
    # Else an army routs only when its leader falls (§13): the battle could not be won by
    # breaking it. The leader's 5 points are left out on purpose.
    sc = carthago.load("de_bello_punico", scenario=scenario).scenario
    worth = sum(UNIT_TYPES[c.type].rout for c in sc.counters if c.side == side)
    assert worth > sc.rout[side]


def test_s17_2_2_beneventum_orders_of_battle() -> None:
    # Livy 24.15: Hanno's 17,000 foot and 1,200 horse, nearly all Numidians; Gracchus' two
    # legions with their horse and as many allied foot (Polybius 6.26); docs/de_bello_punico.md,
    # the orders of battle.
    sc = carthago.load("de_bello_punico", scenario="beneventum").scenario
    armies = [Counter(c.type for c in sc.counters if c.side == side) for side in (ROME, CARTHAGE)]
    assert armies[CARTHAGE] == {"In": 8, "Me": 4, "Sk": 2, "Nu": 2}
    assert armies[ROME] == {"Ve": 3, "Ha": 4, "Pr": 4, "Tr": 2, "So": 6, "Eq": 4}
    worth = [sum(UNIT_TYPES[code].rout * n for code, n in army.items()) for army in armies]
    assert worth == [33, 12] and sc.rout == (10, 9)  # §17.2.3
    # The maniples a lane apart, each Principes straight behind a Hastati, the Velites in the
    # lanes of the Hastati's row: none stands in front of a maniple it would flee through.
    romans = [c for c in sc.counters if c.side == ROME]
    where = {
        code: sorted(sc.grid.column_row(c.hex) for c in romans if c.type == code)
        for code in ("Ve", "Ha", "Pr")
    }
    assert [(column, row + 1) for column, row in where["Ha"]] == where["Pr"]
    lanes = [(column + 1, row) for column, row in where["Ha"][:-1]]
    assert where["Ve"] == lanes


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_s16_rout_level_ends_the_battle_at_the_interphase(scenario: str) -> None:
    for rout, winner in (((1, 0), CARTHAGE), ((0, 1), ROME), ((1, 1), DRAW)):
        state = blank(scenario)
        state.rout = [r * limit for r, limit in zip(rout, state.scenario.rout, strict=True)]
        state.stage = 10
        state.tasks = []
        state._settle()
        assert state.winner == winner
        assert state.turn == 1


def _check_invariants(state: DbpState, before_where: list[int]) -> None:
    seen = set()
    moving = state.mv[0] if state.mv is not None else -1
    for unit in range(state.n_units):
        if state.where[unit] == ON_MAP:
            here = state.pos[unit]
            assert here >= 0
            if unit != moving:
                assert state.occ[here] == unit
                assert here not in seen
                seen.add(here)
        else:
            assert state.pos[unit] == -1
            # A unit leaves the map only by Panic, pursuit, an exit or the reserve.
            if before_where[unit] == ON_MAP:
                assert state.panic[unit] or state.where[unit] in (2, EXITED, RESERVE)
            if state.where[unit] == ELIMINATED:
                assert state.panic[unit]
    assert sum(1 for h in state.occ if h >= 0) == len(seen)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_fuzz_random_playouts_keep_the_invariants(scenario: str) -> None:
    game = carthago.load("de_bello_punico", scenario=scenario)
    rng = random.Random(11)
    state = game.new_initial_state()
    assert isinstance(state, DbpState)
    steps = 0
    while not state.is_terminal():
        before = list(state.where)
        if state.current_player() == carthago.CHANCE:
            action = sample_chance_outcome(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        _check_invariants(state, before)
        steps += 1
    assert state.turn <= state.scenario.turns
    replayed = game.replay(state.history())
    assert replayed.to_dict() == state.to_dict()


def test_leak_movement_prompt_asks_with_only_the_vacuus_in_cavalry() -> None:
    state = blank()
    rider = find(state, CARTHAGE, "Eq")
    state.where[rider] = 2  # pursuing off the map, next to its exit hex
    state.exit_hex[rider] = state.grid.hex_of(6, 15)
    state.leader_hex[CARTHAGE] = state.grid.hex_of(17, 0)
    state.moved_leaders[CARTHAGE] = True
    state.box_vac[CARTHAGE] = 3
    state.vac_known[CARTHAGE] = False
    settle_on(state, ("move", CARTHAGE))
    assert state.tasks[-1][0] == "move" and state.legal_actions() == [state.layout.no]
    state.box_vac[CARTHAGE] = -1
    state.box_real[CARTHAGE][3] = 1
    settle_on(state, ("move", CARTHAGE))
    assert state.tasks[-1][0] == "move" and rider in state.legal_actions()
