"""punica-en.txt "Fleet deployment", "Winning the game", "Control"; our turn limit.

The readings are argued in docs/punica.md.
"""

from __future__ import annotations

from carthago.games.punica.components import CARTHAGE, ROME
from carthago.games.punica.state import ACTION, CARD, COMMIT, EFFECT
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


def test_control_an_area_holding_enemy_units_is_controlled_by_nobody() -> None:
    # Rome holds Sicily and the Baleares and walks into Numidia, where a Carthaginian army
    # stands: sharing the area with it, Rome does not control a third area of influence yet.
    state = position(
        rome={"ROM": 1, "SIC": 1, "BAL": 1, "SAR": 1, "SAD": 1},
        carthage={"CAR": 1, "NUM": 1, "HIS": 1},
    )
    do(state, "move army SAR-NUM")  # SAD carries it
    assert not state.is_terminal()
    assert state.phase == COMMIT and state.battle_area == area(state, "NUM")


def test_control_hannibal_alone_controls_an_area() -> None:
    # Hannibal is a unit like any army: standing alone in the empty Roman Capital he holds it.
    state = position(
        rome={"GCI": 1, "MGR": 1}, carthage={"CAR": 1}, hannibal="ETR", active=CARTHAGE
    )
    do(state, "move Hannibal ETR-ROM")
    assert state.is_terminal() and state.winner == CARTHAGE and "Capital" in state.reason


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


def test_victory_battle_tie_in_the_opposing_capital_wins_nothing() -> None:
    # punica-en.txt "Battle": on a tie both remove a unit and the attacker retreats all it has
    # left, and the battle is resolved fully before anything else. Rome ties 4-4 in Carthago
    # (2 armies + 2 against 1 army + 3): after the removals only Rome stands there, but its
    # last army must go back to Numidia, so nobody wins.
    state = position(rome={"NUM": 2, "ROM": 1}, carthage={"CAR": 1, "MAU": 1})
    do(state, "play Fabius", "move army NUM-CAR", "move army NUM-CAR")
    do(state, "commit Corvus", "commit Mercenarii")
    assert any("Rome 4, Carthage 4: a tie" in line for line in state.log(None))
    assert not state.is_terminal()
    assert count(state, ROME, "CAR") == 0 and count(state, ROME, "NUM") == 1
    assert count(state, CARTHAGE, "CAR") == 0
    assert state.current_player() == CARTHAGE and state.phase == ACTION


def test_victory_battle_tie_in_a_third_area_of_influence_wins_nothing() -> None:
    # Rome holds Sicily and the Baleares; a tie in Numidia leaves its army there only until
    # the retreat, so it never holds three Carthaginian areas of influence.
    state = position(
        rome={"ROM": 1, "SIC": 1, "BAL": 1, "SAR": 2, "SAD": 1},
        carthage={"CAR": 1, "NUM": 1, "HIS": 1},
    )
    do(state, "play Fabius", "move army SAR-NUM", "move army SAR-NUM")
    do(state, "commit Corvus", "commit Mercenarii")
    assert not state.is_terminal()
    assert count(state, ROME, "NUM") == 0 and count(state, ROME, "SAR") == 1
    assert count(state, CARTHAGE, "NUM") == 0


def test_victory_battle_won_in_the_opposing_capital_wins_after_the_retreat() -> None:
    # The defender loses: one army removed, the other retreats to Numidia, then Rome holds
    # Carthago and wins; the log shows the retreat before the victory.
    state = position(rome={"TYR": 1, "AFR": 1, "ROM": 3}, carthage={"CAR": 2, "MAU": 1})
    do(state, "play Fabius", "move army ROM-CAR", "move army ROM-CAR")
    do(state, "commit Consul", "commit Numidae")
    assert state.is_terminal() and state.winner == ROME and "Capital" in state.reason
    log = state.log(None)
    retreat = next(i for i, line in enumerate(log) if "retreats from CAR" in line)
    assert retreat < next(i for i, line in enumerate(log) if line.startswith("Rome wins"))


def test_victory_taken_by_a_battle_effect_waits_for_the_battle_to_end() -> None:
    # punica-en.txt "Battle", "Special battle effect": Carthage's Elephanti walks an army into
    # the empty Roman Capital during the battle in Etruria. The battle is still resolved
    # (strengths, removal, retreat) before Carthage is declared the winner.
    state = position(rome={"GCI": 1, "MGR": 1}, carthage={"ETR": 1, "CAR": 1, "HIS": 1})
    do(state, "move army GCI-ETR", "commit Consul", "commit Elephanti")
    assert state.phase == EFFECT and state.current_player() == CARTHAGE
    do(state, "move army HIS-GCI")
    assert not state.is_terminal()
    do(state, "move army GCI-ROM")
    assert state.is_terminal() and state.winner == CARTHAGE and "Capital" in state.reason
    log = state.log(None)
    strength = next(i for i, line in enumerate(log) if line.startswith("Strength in Etruria"))
    assert strength < next(i for i, line in enumerate(log) if line.startswith("Carthage wins"))
