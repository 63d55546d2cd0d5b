"""§9 missile volleys; the terminal map; the tensor and heuristic stay in range and blind."""

from __future__ import annotations

import json
from itertools import pairwise

import carthago
from carthago.games.de_bello_punico import heuristics, missile, tensor
from carthago.games.de_bello_punico.movement import FIRED

from .position import CARTHAGE, ROME, blank, find, put, settle_on


def test_s9_1_skirmishers_reach_two_hexes_others_one() -> None:
    state = blank("po")  # Zama has no Skirmisher units (its slingers are in the first line)
    sk = put(state, find(state, CARTHAGE, "Sk"), 6, 5, "S")
    target = put(state, find(state, ROME, "Ha"), 6, 7, "N")
    assert missile.targets(state, sk) == [target]
    state.occ[state.pos[sk]] = -1
    ve = put(state, find(state, ROME, "Ve"), 6, 5, "S")
    # Velites (range 1) do not reach a Carthaginian two hexes off.
    foe = put(state, find(state, CARTHAGE, "In"), 6, 3, "S")
    state.face[ve] = 0
    assert foe not in missile.targets(state, ve)


def test_s9_fire_only_into_the_front_arc() -> None:
    state = blank()
    ve = put(state, find(state, ROME, "Ve"), 6, 8, "N")
    behind = put(state, find(state, CARTHAGE, "In"), 6, 9, "N")
    assert missile.targets(state, ve) == []
    state.face[ve] = 3
    assert missile.targets(state, ve) == [behind]


def test_s9_3_volley_hits_on_the_table_number_or_less() -> None:
    state = blank()
    ve = put(state, find(state, ROME, "Ve"), 6, 8, "N")
    foe = put(state, find(state, CARTHAGE, "In"), 6, 7, "S")
    assert missile.hit_number(state, ve, foe) == 2
    settle_on(state, ("volley", ROME))
    state.apply_action(ve)
    state.apply_action(foe)
    assert state.current_player() == carthago.CHANCE
    state.apply_action(2 - 1)
    assert state.dis[foe] == 1 and state.flags[ve] & FIRED
    assert ve not in state.legal_actions()  # one volley a turn


def test_render_shows_units_facing_disorder_panic_and_boxes() -> None:
    state = blank()
    ha = put(state, find(state, ROME, "Ha"), 6, 8, "N", disorder=2)
    foe = put(state, find(state, CARTHAGE, "Me"), 6, 6, "S")
    state.panic[foe] = True
    state.box_real[CARTHAGE][1] = 2
    state.box_vac[CARTHAGE] = 2
    state.vac_known[CARTHAGE] = False
    settle_on(state, ("volley", ROME))
    text = state.render(ROME)
    # Units by the ids the moves name them with, and a key to the map.
    assert f"{state.unit_name(ha)}↑2" in text and f"{state.unit_name(foe)}↓!" in text
    assert "Key: units by the ids the moves use" in text and "Me Mercenaries" in text
    assert "Vacuus: hidden" in text and "Combat 2/2" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "Vacuus: Recovery" in state.render(CARTHAGE)


def test_tensor_and_heuristic_are_blind_to_the_vacuus() -> None:
    game = carthago.load("de_bello_punico")
    state = blank()
    put(state, find(state, ROME, "Ha"), 6, 8, "N")
    state.box_real[CARTHAGE] = [0, 1, 1, 0, 0, 0, 0]
    state.box_vac[CARTHAGE] = 3
    state.vac_known[CARTHAGE] = False
    settle_on(state, ("volley", ROME))
    other = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert isinstance(other, type(state))
    other.box_real[CARTHAGE] = [0, 1, 0, 1, 0, 0, 0]
    other.box_vac[CARTHAGE] = 2
    first = tensor.encode(game, state.observation(ROME))
    assert first == tensor.encode(game, other.observation(ROME))
    planes, height, width = tensor.shape(game)
    assert len(first) == planes * height * width
    assert heuristics.evaluate(state, ROME) == heuristics.evaluate(other, ROME)
    assert -1.0 <= heuristics.evaluate(state, CARTHAGE) <= 1.0


def test_heuristic_prefers_standing_in_the_enemys_rear() -> None:
    values = []
    for enemy_facing in ("N", "S"):  # N: Rome stands in its rear (§10.5); S: face to face
        state = blank()
        put(state, find(state, ROME, "Ha"), 6, 8, "N")
        put(state, find(state, CARTHAGE, "In"), 6, 7, enemy_facing)
        values.append(heuristics.evaluate(state, ROME))
    assert values[0] > values[1]


def test_heuristic_values_enemy_disorder_and_a_unit_near_breaking_most() -> None:
    values = []
    for disorder in (0, 1, 2, 3):
        state = blank()
        put(state, find(state, ROME, "Ha"), 6, 12, "N")
        put(state, find(state, CARTHAGE, "Vt"), 6, 3, "S", disorder=disorder)
        values.append(heuristics.evaluate(state, ROME))
    gains = [b - a for a, b in pairwise(values)]
    assert all(g > 0 for g in gains) and gains[2] > gains[0]


def test_heuristic_is_blind_to_the_trebbia_ambush_column() -> None:
    state = blank("trebbia")
    put(state, find(state, ROME, "Ha"), 6, 8, "N")
    state.where[find(state, CARTHAGE, "Nu")] = 3  # in reserve
    values = set()
    for column in (0, 7, 15):
        state.ambush = [column, 2]
        values.add(heuristics.evaluate(state, ROME))
    assert len(values) == 1
