"""punica-en.txt "Battle", "Special battle effect", "Units" (Hannibal); punica-pl.txt "Bitwa"."""

from __future__ import annotations

import pytest

from carthago.games.punica.components import CARTHAGE, ROME
from carthago.games.punica.state import ACTION, COMMIT, EFFECT, ORDER, REMOVE, PunicaState
from tests.games.punica.position import area, count, do, legal, position


def etruria_attack(edition: str) -> PunicaState:
    """Rome brings 2 armies from its Capital against 1 Carthaginian army in Etruria;
    Hannibal stands 2 movements away in Hispania."""
    state = position(edition, rome={"ROM": 2}, carthage={"ETR": 1, "CAR": 1}, hannibal="HIS")
    do(state, "play Legiones", "move army ROM-ETR", "move army ROM-ETR", "done")
    assert state.phase == COMMIT and state.attacker == ROME
    return state


def test_battle_example_en_hannibal_joins_and_ties_at_5() -> None:
    # Titus: card 3 + 2 armies = 5. Julia: card 2 with the battle symbol, whose 2 movements
    # bring Hannibal (strength 2) into the battle: 1 + 2 + 2 = 5. A tie: both lose a unit and
    # Titus retreats his last army to the region he attacked from.
    state = etruria_attack("en")
    do(state, "commit Fabius", "commit Elephanti")
    assert state.phase == EFFECT and state.current_player() == CARTHAGE
    do(state, "move Hannibal HIS-GCI", "move Hannibal GCI-ETR")
    assert any("Rome 5, Carthage 5: a tie" in line for line in state.log(None))
    assert state.phase == REMOVE and state.current_player() == CARTHAGE
    do(state, "remove army")
    assert count(state, ROME, "ETR") == 0 and count(state, ROME, "ROM") == 1
    assert state.hannibal == area(state, "ETR") and count(state, CARTHAGE, "ETR") == 0
    assert state.phase == ACTION and state.current_player() == CARTHAGE


def test_hannibal_pl_defending_is_strength_1() -> None:
    state = etruria_attack("pl")
    do(state, "commit Fabius", "commit Elephanti")
    do(state, "move Hannibal HIS-GCI", "move Hannibal GCI-ETR")
    assert any("Rome 5, Carthage 4: Rome wins" in line for line in state.log(None))


def test_hannibal_pl_attacking_is_strength_2() -> None:
    state = position("pl", rome={"GCI": 1, "ROM": 1}, carthage={"CAR": 1}, hannibal="HIS")
    state.active = state.to_move = CARTHAGE
    do(state, "move Hannibal HIS-GCI", "commit Numidae", "commit Legiones")
    assert any("Rome 2, Carthage 3: Carthage wins" in line for line in state.log(None))


def test_battle_example_pl_army_two_regions_away_ties_at_4() -> None:
    state = position("pl", rome={"ROM": 2}, carthage={"ETR": 1, "HIS": 1}, hannibal="CAR")
    do(state, "play Legiones", "move army ROM-ETR", "move army ROM-ETR", "done")
    do(state, "commit Corvus", "commit Elephanti")
    do(state, "move army HIS-GCI", "move army GCI-ETR")
    assert any("Rome 4, Carthage 4: a tie" in line for line in state.log(None))
    assert count(state, ROME, "ROM") == 1 and count(state, CARTHAGE, "ETR") == 1


@pytest.mark.parametrize(
    ("edition", "cards"), [("en", ("Consul", "Hamilcar")), ("pl", ("Fabius", "Mercenarii"))]
)
def test_battle_tie_example_both_armies_removed(edition: str, cards: tuple[str, str]) -> None:
    # Titus moves 1 army against 1 Carthaginian army; both play cards of equal strength
    # (5 in en, 3 in pl): both armies are removed and the battle ends.
    state = position(edition, rome={"ROM": 1, "MGR": 1}, carthage={"ETR": 1, "CAR": 1})
    do(state, "move army ROM-ETR", f"commit {cards[0]}", f"commit {cards[1]}")
    assert count(state, ROME, "ETR") == 0 and count(state, CARTHAGE, "ETR") == 0
    assert not state.is_terminal()


def test_battle_loser_removes_one_unit_and_retreats_the_rest() -> None:
    state = position(rome={"ROM": 1, "GCI": 3}, carthage={"HIS": 3, "CAR": 1, "MAU": 1, "BLR": 1})
    do(state, "move army GCI-HIS", "commit Consul", "commit Numidae")
    # Rome 1 + 5 = 6 beats Carthage 3 + 1 = 4: Carthage loses one army, 2 retreat by sea.
    assert count(state, CARTHAGE, "HIS") == 0 and count(state, ROME, "HIS") == 1
    assert count(state, CARTHAGE, "MAU") == 3


def test_battle_winner_attacker_keeps_the_area() -> None:
    state = position(rome={"ROM": 1, "GCI": 2}, carthage={"HIS": 1, "CAR": 1})
    do(state, "move army GCI-HIS", "commit Consul", "commit Numidae")
    assert count(state, ROME, "HIS") == 1 and count(state, CARTHAGE, "HIS") == 0


def test_battle_cards_are_chosen_secretly_attacker_first() -> None:
    state = position(rome={"ROM": 1, "GCI": 2}, carthage={"HIS": 1, "CAR": 1})
    do(state, "move army GCI-HIS")
    assert state.current_player() == ROME
    do(state, "commit Consul")
    assert state.current_player() == CARTHAGE
    assert state.observation(CARTHAGE)["players"][ROME]["committed"] == "face down"
    assert state.observation(ROME)["players"][ROME]["committed"] == "Consul"


def test_battle_several_battles_active_player_orders_them() -> None:
    state = position(rome={"ROM": 2, "SAD": 1, "BLR": 1}, carthage={"NUM": 1, "MAU": 1, "CAR": 1})
    do(state, "play Legiones", "move army ROM-NUM", "move army ROM-MAU", "done")
    assert state.phase == ORDER and state.current_player() == ROME
    assert legal(state) == {"battle at NUM", "battle at MAU"}
    do(state, "battle at MAU")
    assert state.battle_area == area(state, "MAU")
    do(state, "commit Consul", "commit Numidae")
    # The first battle is fully over; the second starts by itself.
    assert state.battle_area == area(state, "NUM") and state.phase == COMMIT


def test_battle_after_any_action_fleet_battle_counts_fleets() -> None:
    state = position(rome={"ROM": 1, "TYR": 2}, carthage={"CAR": 1, "SAD": 1})
    do(state, "move fleet TYR-SAD", "commit Legiones", "commit Classis")
    # Rome: 1 fleet + 1 = 2; Carthage: 1 fleet + 2 = 3. Rome's fleet is lost.
    assert count(state, ROME, "SAD") == 0 and count(state, CARTHAGE, "SAD") == 1
    assert count(state, ROME, "TYR") == 1


def test_battle_symbol_attacker_resolves_first() -> None:
    state = position(rome={"ROM": 1, "GCI": 1, "MGR": 1}, carthage={"ETR": 1, "CAR": 1, "HIS": 1})
    do(state, "move army GCI-ETR", "commit Socii", "commit Elephanti")
    assert state.phase == EFFECT and state.current_player() == ROME
    do(state, "done")
    assert state.phase == EFFECT and state.current_player() == CARTHAGE


def test_battle_symbol_effect_cannot_move_units_out_of_the_battle() -> None:
    state = position(rome={"ROM": 1, "GCI": 2}, carthage={"ETR": 1, "CAR": 1, "HIS": 1})
    do(state, "move army GCI-ETR", "commit Socii", "commit Numidae")
    moves = legal(state)
    assert not any(m.startswith("move army ETR-") for m in moves)
    assert "move army ROM-ETR" in moves and "move army GCI-ETR" in moves


def test_battle_symbol_effect_cannot_use_fleets_engaged_in_the_battle() -> None:
    # Battle on the Tyrrhenian Sea: Rome's own fleets there are engaged and carry no army.
    state = position(rome={"ROM": 1, "TYR": 1}, carthage={"CAR": 1, "SAD": 1})
    state.active = state.to_move = CARTHAGE
    do(state, "move fleet SAD-TYR", "commit Numidae", "commit Socii")
    assert state.phase == EFFECT and state.current_player() == ROME
    assert "move army ROM-SIC" not in legal(state)
    # Outside a battle the same Roman fleet would carry the army.
    calm = position(rome={"ROM": 1, "TYR": 1}, carthage={"CAR": 1})
    assert "move army ROM-SIC" in legal(calm)


def test_battle_symbol_effect_cannot_start_another_battle() -> None:
    state = position(rome={"ROM": 1, "GCI": 1}, carthage={"ETR": 1, "CAR": 1, "HIS": 1})
    do(state, "move army ROM-ETR", "commit Socii", "commit Numidae")
    assert "move army GCI-HIS" not in legal(state)
    assert "move army GCI-ETR" in legal(state)
