"""punica-en.txt "Setup", "Gameplay", "Components"; punica-pl.txt "Przygotowanie", "Rozgrywka"."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.punica.cards import FULL_HAND
from carthago.games.punica.components import BOARDS, CARTHAGE, ROME
from carthago.games.punica.state import PunicaState
from tests.games.punica.position import count, do, legal, position


def initial(edition: str) -> PunicaState:
    state = carthago.load("punica", edition=edition).new_initial_state()
    assert isinstance(state, PunicaState)
    return state


@pytest.mark.parametrize("edition", ["en", "pl"])
def test_setup_places_every_unit_on_its_spot(edition: str) -> None:
    state = initial(edition)
    board = state.board
    spots = {spot.spot: spot for spot in board.setup}
    # Rome: spot 1 four armies, spots 2 and 3 one each, spot 4 two, spot 5 three fleets.
    assert [spots[n].armies for n in (1, 2, 3, 4)] == [4, 1, 1, 2]
    assert spots[5].fleets == 3
    # Carthage: spot 7 four armies including Hannibal; en spots 8-10 one each and 11 three
    # fleets, pl spot 8 one, spot 9 two and 10 three fleets (test_setup_pl_carthage_...).
    assert spots[7].armies + spots[7].hannibal == 4 and spots[7].hannibal
    armies = {"en": [1, 1, 1], "pl": [1, 2]}[edition]
    assert [spots[n].armies for n in range(8, 8 + len(armies))] == armies
    assert spots[8 + len(armies)].fleets == 3
    for spot in board.setup:
        assert state.units[spot.side][spot.area] == spot.armies + spot.fleets
    assert state.hannibal == spots[7].area
    regions, seas = range(11), board.seas
    assert sum(state.units[ROME][r] for r in regions) == 8
    assert sum(state.units[CARTHAGE][r] for r in regions) == 6
    assert sum(state.units[ROME][s] for s in seas) == 3
    assert sum(state.units[CARTHAGE][s] for s in seas) == 3
    assert state.hand == [FULL_HAND, FULL_HAND] and state.played == [0, 0]


def test_setup_pl_carthage_armies_stand_on_three_spots_4_1_2() -> None:
    # punica-pl.txt "Przygotowanie gry" lists Carthage's armies as 4 (with Hannibal), 1 and 2;
    # punica-en.txt "Setup" as 4 (with Hannibal), 1, 1 and 1. Rome's lists are the same.
    def army_spots(state: PunicaState, side: int) -> list[int]:
        spots = sorted((s for s in state.board.setup if s.side == side), key=lambda s: s.spot)
        return [s.armies + s.hannibal for s in spots if not s.fleets]

    en, pl = initial("en"), initial("pl")
    assert army_spots(en, CARTHAGE) == [4, 1, 1, 1]
    assert army_spots(pl, CARTHAGE) == [4, 1, 2]
    assert army_spots(en, ROME) == army_spots(pl, ROME) == [4, 1, 1, 2]
    assert (count(pl, CARTHAGE, "NUM"), count(pl, CARTHAGE, "MAU")) == (2, 0)
    assert (count(en, CARTHAGE, "NUM"), count(en, CARTHAGE, "MAU")) == (1, 1)


def test_setup_spot_1_is_the_roman_capital_with_four_armies() -> None:
    state = initial("en")
    assert count(state, ROME, "ROM") == 4


@pytest.mark.parametrize(("edition", "first"), [("en", CARTHAGE), ("pl", ROME)])
def test_gameplay_first_mover_per_edition(edition: str, first: int) -> None:
    state = initial(edition)
    assert state.current_player() == first


def test_gameplay_players_alternate_one_action_each() -> None:
    state = initial("en")
    do(state, "pass Numidae")
    assert state.current_player() == ROME
    do(state, "pass Legiones")
    assert state.current_player() == CARTHAGE
    assert state.turn == 2


def test_gameplay_the_four_actions_are_offered() -> None:
    state = position(rome={"ROM": 2, "TYR": 1}, carthage={"CAR": 1, "AFR": 3})
    state.units[ROME][state.board.by_id["TYR"]] = 2  # one Roman fleet destroyed
    actions = legal(state)
    assert "move army ROM-ETR" in actions  # Movement (army)
    assert "move fleet TYR-SAD" in actions  # Movement (fleet)
    assert "play Legiones" in actions  # Card Effect
    assert "deploy fleet removing army in ROM" in actions  # Fleet Deployment
    assert "pass Legiones" in actions  # Pass


@pytest.mark.parametrize("edition", ["en", "pl"])
def test_components_board_counts(edition: str) -> None:
    board = BOARDS[edition]
    regions = [a for a in board.areas if not a.is_sea]
    assert len(regions) == 11
    assert sum(a.island for a in regions) == 3
    assert len(board.seas) == {"en": 8, "pl": 9}[edition]
    for side in (ROME, CARTHAGE):
        assert len(board.influence[side]) == 5
        assert board.by_id["SIC"] in board.influence[side]
        capital = board.capital[side]
        assert board.coast_seas[capital] == (board.symbol_sea[side],)
    for island in (a for a in regions if a.island):
        assert board.land_neighbours[island.index] == ()
