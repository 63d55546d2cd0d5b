"""punica-en.txt "Movement"; punica-pl.txt "Ruch"."""

from __future__ import annotations

from carthago.games.punica.components import BOARDS, CARTHAGE, NUM_REGIONS, ROME
from carthago.games.punica.movement import LANDINGS, sea_reach
from carthago.games.punica.state import ACTION, CARD, COMMIT
from tests.games.punica.position import area, count, do, legal, position


def test_movement_army_to_adjacent_region_julias_example() -> None:
    # Julia moves an army from her Capital to an adjacent region.
    state = position(carthage={"CAR": 2}, rome={"ROM": 1}, active=CARTHAGE)
    assert "move army CAR-NUM" in legal(state)
    do(state, "move army CAR-NUM")
    assert count(state, CARTHAGE, "NUM") == 1 and count(state, CARTHAGE, "CAR") == 1
    assert state.current_player() == ROME and state.phase == ACTION


def test_movement_islands_are_not_reached_over_land() -> None:
    state = position(rome={"MGR": 1, "ROM": 1, "TYR": 0}, carthage={"CAR": 1, "TYR": 1})
    # The Carthaginian fleet cancels Rome's printed symbol on the Tyrrhenian Sea.
    moves = legal(state)
    assert "move army MGR-SIC" not in moves
    assert "move army MGR-ROM" in moves


def test_movement_via_printed_symbol_and_two_fleets_titus_example() -> None:
    # Titus moves from his Capital through the Tyrrhenian Sea (printed symbol, no fleet) and
    # two seas holding his fleets to a Carthaginian area of influence.
    state = position(rome={"ROM": 1, "SAD": 1, "BLR": 1}, carthage={"CAR": 1})
    assert "move army ROM-MAU" in legal(state)
    do(state, "move army ROM-MAU")
    assert count(state, ROME, "MAU") == 1


def test_movement_chain_breaks_without_a_fleet() -> None:
    state = position(rome={"ROM": 1, "SAD": 1}, carthage={"CAR": 1})
    moves = legal(state)
    assert "move army ROM-NUM" in moves  # TYR (symbol) then SAD (fleet)
    assert "move army ROM-MAU" not in moves  # BLR holds no Roman fleet


def test_movement_enemy_fleet_cancels_printed_symbol() -> None:
    state = position(rome={"ROM": 1, "SAD": 1, "BLR": 1}, carthage={"CAR": 1, "TYR": 1})
    moves = legal(state)
    assert "move army ROM-MAU" not in moves
    assert "move army ROM-SIC" not in moves


def test_movement_own_fleet_carries_despite_enemy_symbol() -> None:
    # A Roman fleet on the Carthaginian symbol sea carries Roman armies (no enemy fleet there).
    state = position(rome={"ROM": 1, "AFR": 1}, carthage={"NUM": 1})
    assert "move army ROM-CAR" in legal(state)


def test_movement_fleet_moves_to_any_sea() -> None:
    state = position(carthage={"AFR": 1, "CAR": 1}, rome={"ROM": 1}, active=CARTHAGE)
    moves = legal(state)
    for sea in ("TYR", "ION", "ADR", "LIG", "SAD", "BLR", "ALB"):
        assert f"move fleet AFR-{sea}" in moves
    do(state, "move fleet AFR-ALB")  # not adjacent to AFR
    assert count(state, CARTHAGE, "ALB") == 1


def test_movement_fleet_into_enemy_fleet_starts_a_battle() -> None:
    state = position(carthage={"AFR": 1, "CAR": 1}, rome={"ROM": 1, "SAD": 1}, active=CARTHAGE)
    do(state, "move fleet AFR-SAD")
    assert state.phase == COMMIT and state.battle_area == area(state, "SAD")
    assert state.attacker == CARTHAGE


def test_movement_stops_on_contact() -> None:
    # Legiones gives 4 army movements; the army entering an enemy region may not go on.
    state = position(rome={"ROM": 2}, carthage={"ETR": 1, "CAR": 1})
    do(state, "play Legiones", "move army ROM-ETR")
    assert state.phase == CARD
    moves = legal(state)
    assert not any(m.startswith("move army ETR-") for m in moves)
    assert "move army ROM-ETR" in moves  # another army may join the battle


def test_movement_titus_four_movements_example() -> None:
    # Titus plays a card with 4 army movements: 1 army by fleets to an island, 1 army two
    # steps to a region with a Carthaginian army, and 1 more army into that region.
    state = position(
        rome={"ROM": 3, "TYR": 1}, carthage={"GCI": 1, "CAR": 1, "AFR": 1}, hannibal="HIS"
    )
    do(state, "play Legiones", "move army ROM-SIC")
    assert count(state, ROME, "SIC") == 1
    do(state, "move army ROM-ETR", "move army ETR-GCI", "move army ROM-GCI")
    # All four movements used: the card is over and the battle in GCI begins.
    assert state.phase == COMMIT and state.battle_area == area(state, "GCI")
    assert count(state, ROME, "GCI") == 2 and count(state, ROME, "SIC") == 1


def test_card_effect_fleet_then_army_julias_example() -> None:
    # Julia moves a fleet, then an army through the just-moved fleet to a Roman area of
    # influence, which she then controls.
    state = position(carthage={"HIS": 1, "CAR": 1, "AFR": 1}, rome={"ROM": 1}, active=CARTHAGE)
    assert "move army HIS-ETR" not in legal(state)
    do(state, "play Classis", "move fleet AFR-LIG", "move army HIS-ETR")
    assert count(state, CARTHAGE, "ETR") == 1
    assert state.current_player() == ROME and state.phase == ACTION


def test_movement_landing_table_matches_the_search_through_seas() -> None:
    # The table built at import must give, for every set of usable seas, what the
    # breadth-first search through those seas finds, plus the land neighbours.
    for edition, board in BOARDS.items():
        for seas in range(1 << (board.num_areas - NUM_REGIONS)):
            usable = seas << NUM_REGIONS
            for origin in range(NUM_REGIONS):
                expected = set(board.land_neighbours[origin]) | set(
                    sea_reach(board, usable, origin)
                )
                expected.discard(origin)
                row = LANDINGS[edition][seas][origin]
                assert {r for r in range(NUM_REGIONS) if (row >> r) & 1} == expected
