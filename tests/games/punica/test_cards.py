"""punica-en.txt "Card effect", "Pass" and the hand cycle (also in "Battle")."""

from __future__ import annotations

from carthago.games.punica.cards import cards_in
from carthago.games.punica.components import CARDS, CARTHAGE, ROME
from carthago.games.punica.state import ACTION, CARD
from tests.games.punica.position import count, do, legal, position

ROMAN = [c.name for c in CARDS[ROME]]
CARTHAGINIAN = [c.name for c in CARDS[CARTHAGE]]


def names(side: int, mask: int) -> set[str]:
    return {CARDS[side][k].name for k in cards_in(mask)}


def test_card_effect_resolve_as_much_as_you_like() -> None:
    state = position(rome={"ROM": 2}, carthage={"CAR": 1})
    do(state, "play Legiones", "move army ROM-ETR")
    assert state.phase == CARD and state.army_left == 3
    assert "done" in legal(state)
    do(state, "done")
    assert state.phase == ACTION and state.current_player() == CARTHAGE
    assert names(ROME, state.played[ROME]) == {"Legiones"}
    assert "Legiones" not in names(ROME, state.hand[ROME])


def test_card_effect_can_be_played_without_using_it() -> None:
    state = position(rome={"ROM": 1}, carthage={"CAR": 1})
    do(state, "play Consul", "done")
    assert count(state, ROME, "ROM") == 1
    assert names(ROME, state.played[ROME]) == {"Consul"}


def test_card_effect_counts_army_and_fleet_movements_separately() -> None:
    state = position(rome={"ROM": 1, "TYR": 1}, carthage={"CAR": 1})
    do(state, "play Scipio", "move fleet TYR-SAD")
    moves = legal(state)
    assert not any(m.startswith("move fleet") for m in moves)
    assert "move army ROM-NUM" in moves  # through TYR (symbol) and SAD (fleet just moved)


def test_hand_cycle_after_last_card_played_for_effect() -> None:
    state = position(rome={"ROM": 1}, carthage={"CAR": 1}, played={ROME: ROMAN[1:]})
    do(state, "play Legiones")
    assert names(ROME, state.hand[ROME]) == set(ROMAN[1:])
    assert names(ROME, state.played[ROME]) == {"Legiones"}


def test_hand_cycle_after_last_card_discarded_to_pass_julias_example() -> None:
    state = position(
        rome={"ROM": 1}, carthage={"CAR": 1}, active=CARTHAGE, played={CARTHAGE: CARTHAGINIAN[:6]}
    )
    do(state, "pass Hamilcar")
    assert names(CARTHAGE, state.hand[CARTHAGE]) == set(CARTHAGINIAN[:6])
    assert names(CARTHAGE, state.played[CARTHAGE]) == {"Hamilcar"}
    assert state.current_player() == ROME


def test_pass_discards_one_card_and_changes_nothing_else() -> None:
    state = position(rome={"ROM": 1}, carthage={"CAR": 1})
    units = [row.copy() for row in state.units]
    do(state, "pass Fabius")
    assert state.units == units
    assert names(ROME, state.played[ROME]) == {"Fabius"}
    assert len(cards_in(state.hand[ROME])) == 6


def test_hand_cycle_after_last_card_played_in_battle() -> None:
    state = position(rome={"ROM": 1}, carthage={"ETR": 1, "CAR": 1}, played={ROME: ROMAN[:6]})
    do(state, "move army ROM-ETR", "commit Consul", "commit Numidae")
    # Consul (5) + 1 beats Numidae (1) + 1; Rome's hand comes back except Consul.
    assert names(ROME, state.hand[ROME]) == set(ROMAN[:6])
    assert names(ROME, state.played[ROME]) == {"Consul"}
    assert names(CARTHAGE, state.played[CARTHAGE]) == {"Numidae"}
