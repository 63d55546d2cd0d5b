"""The terminal's view: the 80-column board (nothing cut) and ``explain NAME`` from the data."""

from __future__ import annotations

import pytest

import carthago
from carthago.games.total_war_cards.components import EXPLANATIONS, TECHNOLOGIES
from carthago.games.total_war_cards.explain import names

from .helpers import CARD, CARTHAGE, ROME, edited, first, place, setup


def test_render_wraps_long_lines_and_cuts_no_number() -> None:
    """Every line fits 80 columns and still ends with its number (hidden cards left)."""
    state = edited(setup(), hidden_left=[0, 2])
    text = state.render(CARTHAGE)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Rome      hand 8, resting 3, hidden cards left 0" in text
    assert "Carthage  hand 8, resting 3, hidden cards left 2" in text


def test_render_long_army_stacks_stay_whole() -> None:
    state = setup()
    first(state, ROME)
    for _ in range(14):
        place(state, state.hands[state.current_player()][0], 0)
    text = state.render(ROME)
    # Rome 1 2 2 3 3 3 4 and Carthage 1 1 2 2 3 3 4 make an 81-column row: wrapped, whole.
    assert max(len(line) for line in text.splitlines()) <= 80
    read = " ".join(text.split())  # as a person reads it, across the wrap
    assert "1 2 2 3 3 3 4 (=18) 1 1 2 2 3 3 4 (=16)" in read


def test_ending_the_game_and_scoring_render_counts_each_region() -> None:
    won = [CARD["Baria"], CARD["Onuba"], CARD["Roma"], CARD["Aricia"], CARD["Capua"]]
    read = " ".join(edited(setup(), won=[won, []]).render(None).split())
    assert "Iberia 13 = ships 5+8" in read
    assert "Italia 5 = roads 1-2, 4" in read


def test_explain_a_technology_with_its_numbers_and_links() -> None:
    game = carthago.load("total_war_cards")
    text = game.explain("scriptura")
    assert text is not None
    assert text.startswith("Scriptura (writing): HUMANITAS tier 2, costs 2 points")
    assert "Needs: Agricultura." in text and "Leads to: Commercium, Scorpio." in text
    five = game.explain("Mare Nostrum")
    assert five is not None and "doubles its owner's Iberia score" in five


def test_explain_an_ability_card_follows_the_tie_option() -> None:
    first_text = carthago.load("total_war_cards").explain("Instrumenta Bella card")
    vacant = carthago.load("total_war_cards", ability_tie="vacant").explain("INSTRUMENTA BELLA")
    assert first_text is not None and vacant is not None
    assert EXPLANATIONS.abilities[2] in first_text
    assert "reached that tier first" in first_text and "nobody holds it" in vacant


def test_explain_territories_and_the_africa_pairing_option() -> None:
    game = carthago.load("total_war_cards")
    assert str(game.explain("Gades")).startswith("Iberia Gades (7 ships): worth 7 points.")
    assert "with the Trade Route of Utica" in str(game.explain("Merchant of Utica"))
    anyone = carthago.load("total_war_cards", africa_pairs="any").explain("Merchant of Utica")
    assert "with any Trade Route" in str(anyone)
    assert "35" in str(game.explain("Gaul"))  # the eight-card row of the table
    assert "1 2 2 3 3 3 4 4 4 5 5" in str(game.explain("army"))


@pytest.mark.parametrize("name", names())
def test_explain_knows_every_component(name: str) -> None:
    assert carthago.load("total_war_cards").explain(name)


def test_explain_an_unknown_name_is_none() -> None:
    assert carthago.load("total_war_cards").explain("Elephantus") is None
    assert TECHNOLOGIES  # the names above come from the loaded tree
