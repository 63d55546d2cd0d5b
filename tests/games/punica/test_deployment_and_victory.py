"""punica-en.txt "Fleet deployment", "Winning the game"; the turn limit (docs/punica.md)."""

from __future__ import annotations

from carthago.games.punica.components import CARTHAGE, ROME
from carthago.games.punica.state import ACTION, CARD, COMMIT
from carthago.games.punica.victory import DRAW
from tests.games.punica.position import area, count, do, legal, position


def test_fleet_deployment_removes_an_army_and_places_a_destroyed_fleet() -> None:
    # Titus removes an army and places a fleet from off the board next to the Roman Capital.
    state = position(rome={"ROM": 2, "MGR": 1, "SAD": 2}, carthage={"CAR": 1})
    do(state, "deploy fleet removing army in MGR")
    assert count(state, ROME, "MGR") == 0 and count(state, ROME, "TYR") == 1
    assert state.current_player() == CARTHAGE and state.phase == ACTION


def test_fleet_deployment_needs_a_destroyed_fleet() -> None:
    state = position(rome={"ROM": 2, "TYR": 3}, carthage={"CAR": 1})
    assert not any(a.startswith("deploy") for a in legal(state))


def test_fleet_deployment_with_hannibal_as_the_price() -> None:
    state = position(rome={"ROM": 1}, carthage={"CAR": 1, "AFR": 2}, hannibal="HIS")
    state.active = state.to_move = CARTHAGE
    assert "deploy fleet removing Hannibal in HIS" in legal(state)
    do(state, "deploy fleet removing Hannibal in HIS")
    assert state.hannibal == -1 and count(state, CARTHAGE, "AFR") == 3


def test_fleet_deployment_onto_enemy_fleet_starts_a_battle() -> None:
    state = position(rome={"ROM": 2, "SAD": 1}, carthage={"CAR": 1, "TYR": 1})
    do(state, "deploy fleet removing army in ROM")
    assert state.phase == COMMIT and state.battle_area == area(state, "TYR")
    assert state.attacker == ROME


def test_victory_control_of_the_opposing_capital() -> None:
    state = position(rome={"ROM": 1, "GCI": 1}, carthage={"ETR": 1, "CAR": 1}, active=CARTHAGE)
    state.units[ROME][area(state, "ROM")] = 0
    do(state, "move army ETR-ROM")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert "Capital" in state.reason


def test_victory_is_immediate_even_in_the_middle_of_a_card() -> None:
    state = position(rome={"GCI": 1, "MGR": 1}, carthage={"ETR": 1, "CAR": 1}, active=CARTHAGE)
    do(state, "play Numidae", "move army ETR-ROM")
    assert state.is_terminal() and state.winner == CARTHAGE
    assert state.phase != CARD


def test_victory_three_opposing_areas_of_influence_sicily_counts() -> None:
    state = position(
        rome={"ROM": 1, "SIC": 1, "NUM": 1, "SAD": 1, "BAL": 0, "GCI": 1},
        carthage={"CAR": 1, "HIS": 1},
    )
    assert not state.is_terminal()
    do(state, "move army ROM-BAL")  # through TYR (symbol) and SAD (fleet)
    assert state.is_terminal() and state.winner == ROME
    assert "influence" in state.reason


def test_victory_sicily_counts_for_carthage_too() -> None:
    # Carthage holds Sicily and Etruria; taking Gallia Cisalpina makes three.
    state = position(
        rome={"ROM": 1}, carthage={"CAR": 1, "SIC": 1, "ETR": 1, "HIS": 1}, active=CARTHAGE
    )
    do(state, "move army HIS-GCI")
    assert state.is_terminal() and state.winner == CARTHAGE


def test_victory_two_areas_of_influence_are_not_enough() -> None:
    state = position(rome={"ROM": 1}, carthage={"CAR": 1, "ETR": 1, "HIS": 1}, active=CARTHAGE)
    do(state, "move army HIS-GCI")
    assert not state.is_terminal()


def test_victory_all_opposing_armies_removed() -> None:
    state = position(rome={"ROM": 2, "TYR": 1}, carthage={"SIC": 1, "AFR": 1})
    do(state, "move army ROM-SIC")  # TYR carries Rome's army
    do(state, "commit Consul", "commit Numidae")
    assert state.is_terminal() and state.winner == ROME
    assert "army" in state.reason


def test_victory_draw_when_both_lose_their_last_armies_together() -> None:
    state = position(rome={"GCI": 1, "TYR": 1}, carthage={"ETR": 1, "AFR": 1})
    do(state, "move army GCI-ETR", "commit Consul", "commit Hamilcar")
    assert state.is_terminal() and state.winner == DRAW and state.returns() == [0.0, 0.0]


def test_victory_removing_your_own_last_army_loses() -> None:
    state = position(rome={"ROM": 1, "TYR": 2}, carthage={"CAR": 1})
    do(state, "deploy fleet removing army in ROM")
    assert state.is_terminal() and state.winner == CARTHAGE


def test_turn_limit_ends_in_a_draw() -> None:
    state = position(rome={"ROM": 1}, carthage={"CAR": 1})
    state.turn = state.max_turns - 2
    do(state, "pass Legiones")
    assert not state.is_terminal()
    do(state, "pass Numidae")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "limit" in state.reason
    assert state.game.max_game_length >= state.max_turns
