"""punica-en.txt "Retreat" (armies, fleets, restrictions); punica-pl.txt "Wycofanie"."""

from __future__ import annotations

from carthago.games.punica.components import CARTHAGE, ROME
from carthago.games.punica.state import ACTION, RETREAT, PunicaState
from tests.games.punica.position import area, count, do, legal, position


def hispania_attacks(rome: dict[str, int]) -> PunicaState:
    """Carthage attacks Rome's armies in Gallia Cisalpina from Hispania and wins."""
    state = position(rome=rome, carthage={"HIS": 2, "CAR": 1}, active=CARTHAGE)
    do(state, "move army HIS-GCI", "commit Hamilcar", "commit Legiones")
    return state


# -- attacker armies -----------------------------------------------------------------------


def test_retreat_attacker_goes_back_to_the_area_it_attacked_from() -> None:
    state = position(rome={"ROM": 1, "GCI": 2}, carthage={"HIS": 2, "CAR": 1})
    do(state, "move army GCI-HIS", "commit Legiones", "commit Hamilcar")
    assert count(state, ROME, "HIS") == 0 and count(state, ROME, "GCI") == 1


def test_retreat_attacker_chooses_among_areas_attacked_from() -> None:
    state = position(rome={"ROM": 2, "GCI": 1}, carthage={"ETR": 3, "CAR": 1})
    do(state, "play Legiones", "move army ROM-ETR", "move army GCI-ETR", "done")
    do(state, "commit Fabius", "commit Hamilcar")
    assert state.phase == RETREAT and state.current_player() == ROME
    assert legal(state) == {"retreat to ROM", "retreat to GCI"}
    do(state, "retreat to GCI")
    assert count(state, ROME, "GCI") == 1 and count(state, ROME, "ETR") == 0


def test_retreat_attacker_removed_when_origin_is_taken() -> None:
    # Rome's two armies attack Etruria from Gallia Cisalpina; Carthage's battle effect moves an
    # army into the emptied Gallia Cisalpina, so Rome's surviving army cannot retreat.
    state = position(rome={"ROM": 1, "GCI": 2}, carthage={"ETR": 2, "HIS": 1, "CAR": 1})
    do(state, "play Fabius", "move army GCI-ETR", "move army GCI-ETR")
    do(state, "commit Legiones", "commit Elephanti", "move army HIS-GCI", "done")
    assert count(state, ROME, "ETR") == 0 and count(state, ROME, "GCI") == 0
    assert any("cannot retreat" in line for line in state.log(None))


# -- defender armies -----------------------------------------------------------------------


def test_retreat_defender_priority_1_adjacent_own_influence() -> None:
    # Rome defends Gallia Cisalpina against Hispania. Roma (own Capital, empty) is only
    # uncontrolled; Etruria carries Rome's influence symbol and comes first.
    state = hispania_attacks({"GCI": 2, "MGR": 1})
    assert count(state, ROME, "ETR") == 1 and count(state, ROME, "ROM") == 0


def test_retreat_defender_priority_1_choice_between_own_armies_and_influence() -> None:
    state = hispania_attacks({"GCI": 2, "ROM": 1})
    assert state.phase == RETREAT and legal(state) == {"retreat to ROM", "retreat to ETR"}


def test_retreat_defender_priority_2_adjacent_uncontrolled() -> None:
    # Carthage defends Gallia Cisalpina against Rome coming from Hispania: Hispania (attacked
    # from) and Roma (enemy Capital) are closed, Etruria is uncontrolled.
    state = position(rome={"HIS": 2, "ROM": 1}, carthage={"GCI": 2, "CAR": 1})
    do(state, "move army HIS-GCI", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "ETR") == 1


def test_retreat_defender_never_into_a_region_held_by_the_enemy() -> None:
    # Carthage defends Numidia against Rome landing from the sea: Carthago (own army) and
    # Mauretania (own influence symbol) are both priority 1, a choice; with Mauretania held by
    # Rome only Carthago is left.
    state = position(rome={"ROM": 2, "SAD": 1}, carthage={"NUM": 2, "CAR": 1})
    do(state, "move army ROM-NUM", "commit Consul", "commit Numidae")
    assert legal(state) == {"retreat to CAR", "retreat to MAU"}
    state = position(rome={"ROM": 2, "SAD": 1, "MAU": 1}, carthage={"NUM": 2, "CAR": 1})
    do(state, "move army ROM-NUM", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "CAR") == 2


def _sicily(with_army_in_gallia: bool) -> PunicaState:
    """Rome lands 2 armies on Sicily against 2 Carthaginian ones and wins. Carthage's printed
    symbol sea is cancelled by a Roman fleet; its own fleets on the Ionian and Adriatic seas
    reach Magna Graecia (one sea) and Gallia Cisalpina (two seas)."""
    carthage = {"SIC": 2, "ION": 1, "ADR": 1, "CAR": 1}
    if with_army_in_gallia:
        carthage["GCI"] = 1
    state = position(rome={"ROM": 3, "TYR": 1, "AFR": 1}, carthage=carthage)
    do(state, "play Legiones", "move army ROM-SIC", "move army ROM-SIC", "done")
    do(state, "commit Consul", "commit Numidae")
    return state


def test_retreat_defender_priority_3_closest_own_armies_by_sea_before_uncontrolled() -> None:
    state = _sicily(with_army_in_gallia=True)
    assert count(state, CARTHAGE, "GCI") == 2 and count(state, CARTHAGE, "MGR") == 0


def test_retreat_defender_priority_4_closest_uncontrolled_by_sea() -> None:
    state = _sicily(with_army_in_gallia=False)
    assert count(state, CARTHAGE, "MGR") == 1 and count(state, CARTHAGE, "GCI") == 0


def test_retreat_defender_removed_when_nowhere_to_go() -> None:
    state = position(rome={"ROM": 3, "AFR": 1, "TYR": 1}, carthage={"SIC": 2, "CAR": 1})
    do(state, "play Legiones", "move army ROM-SIC", "move army ROM-SIC", "done")
    do(state, "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "SIC") == 0 and count(state, ROME, "SIC") == 2
    assert sum(state.units[CARTHAGE][r] for r in range(11)) == 1


def test_retreat_never_to_the_opponents_capital() -> None:
    # Carthage's defenders in Etruria could only go to Roma (empty): forbidden, so removed.
    state = position(rome={"GCI": 2, "MGR": 1}, carthage={"ETR": 2, "CAR": 1})
    do(state, "move army GCI-ETR", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "ROM") == 0 and count(state, CARTHAGE, "ETR") == 0


def test_retreat_never_into_a_pending_battle() -> None:
    # Rome lands in Numidia and Mauretania; Numidia is fought first. Mauretania (own army, own
    # influence) would be Carthage's first choice but a battle is pending there: Carthago,
    # empty, is taken instead.
    state = position(rome={"ROM": 2, "SAD": 1, "BLR": 1}, carthage={"NUM": 2, "MAU": 1, "HIS": 1})
    do(state, "play Legiones", "move army ROM-NUM", "move army ROM-MAU", "done")
    do(state, "battle at NUM", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "CAR") == 1 and count(state, CARTHAGE, "MAU") == 1


# -- fleets --------------------------------------------------------------------------------


def test_retreat_fleets_en_go_to_the_sea_next_to_their_capital() -> None:
    state = position(rome={"ROM": 1, "LIG": 1}, carthage={"CAR": 1, "SAD": 2})
    do(state, "move fleet LIG-SAD", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "SAD") == 0 and count(state, CARTHAGE, "AFR") == 1


def test_retreat_fleets_en_battle_at_home_sea_with_enemy_fleets() -> None:
    state = position(rome={"ROM": 1, "LIG": 1, "AFR": 1}, carthage={"CAR": 1, "SAD": 2})
    do(state, "move fleet LIG-SAD", "commit Consul", "commit Numidae")
    # The retreating Carthaginian fleet meets Rome's fleet on Mare Africum: a new battle,
    # Carthage having moved in.
    assert state.battle_area == area(state, "AFR") and state.attacker == CARTHAGE


def test_retreat_fleets_en_removed_when_home_sea_is_the_battle() -> None:
    state = position(rome={"ROM": 1, "TYR": 2}, carthage={"CAR": 1, "AFR": 2})
    do(state, "move fleet TYR-AFR", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "AFR") == 0 and count(state, ROME, "AFR") == 1


def test_retreat_fleets_pl_to_adjacent_sea_with_own_fleet() -> None:
    state = position("pl", rome={"ROM": 1, "LIG": 1}, carthage={"CAR": 1, "SAD": 2, "BLR": 1})
    do(state, "move fleet LIG-SAD", "commit Consul", "commit Numidae")
    assert count(state, CARTHAGE, "BLR") == 2 and count(state, CARTHAGE, "AFR") == 0


def test_retreat_fleets_pl_else_adjacent_sea_without_enemy_never_enemy_capital_sea() -> None:
    state = position("pl", rome={"ROM": 1, "LIG": 1, "BLR": 1}, carthage={"CAR": 1, "SAD": 2})
    do(state, "move fleet LIG-SAD", "commit Consul", "commit Numidae")
    # Mare Sardoum borders TYR (Rome's Capital sea: never), AFR, LIG (attacked from), GAL and
    # BLR (Roman fleet). Left: AFR and GAL.
    assert state.phase == RETREAT and legal(state) == {"retreat to AFR", "retreat to GAL"}


def test_retreat_fleets_pl_removed_when_no_sea_is_open() -> None:
    state = position("pl", rome={"ROM": 1, "ION": 1, "TYR": 1}, carthage={"CAR": 1, "ADR": 1})
    do(state, "move fleet ION-ADR", "commit Consul", "commit Numidae")
    # The Adriatic borders only the Ionian, from where Rome attacked.
    assert count(state, CARTHAGE, "ADR") == 0 and count(state, CARTHAGE, "ION") == 0
    assert state.phase == ACTION
