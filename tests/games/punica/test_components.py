"""The component data (docs/punica.md, "The map", "The cards") and its validation."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from carthago.core.data import load_toml
from carthago.core.errors import ComponentDataError
from carthago.games.punica.components import BOARDS, CARDS, CARTHAGE, ROME, _board, _cards

MAP = load_toml("carthago.games.punica", "map.toml")
CARD_DATA = load_toml("carthago.games.punica", "cards.toml")


def by_id(entries: list[dict[str, Any]], area_id: str) -> dict[str, Any]:
    return next(e for e in entries if e["id"] == area_id)


def test_every_entry_says_where_it_comes_from() -> None:
    for table in ("regions", "seas", "borders", "setup"):
        for entry in MAP[table]:
            assert entry["source"] in ("rulebook", "reconstructed")
    for entry in CARD_DATA["cards"]:
        assert entry["source"] in ("rulebook", "reconstructed")


def test_cards_serve_every_rulebook_example() -> None:
    rome, carthage = CARDS[ROME], CARDS[CARTHAGE]
    assert any(c.army_moves == 4 and c.fleet_moves == 0 for c in rome)  # Titus's 4 movements
    assert any(c.fleet_moves >= 1 and c.army_moves >= 1 for c in carthage)  # Julia's card
    assert any(c.battle_symbol and c.strength == 2 and c.army_moves == 2 for c in carthage)
    assert any(c.strength == 3 for c in rome) and any(c.strength == 2 for c in rome)
    for deck in (rome, carthage):
        assert any(c.strength == 5 for c in deck)  # en tie example
        assert any(c.strength == 3 for c in deck)  # pl tie example


def test_pl_board_splits_the_ligurian_sea() -> None:
    en, pl = BOARDS["en"], BOARDS["pl"]
    assert "GAL" not in en.by_id and "GAL" in pl.by_id
    assert set(en.by_id) | {"GAL"} == set(pl.by_id)


def test_wrong_setup_count_is_refused() -> None:
    data = copy.deepcopy(MAP)
    next(s for s in data["setup"] if s["spot"] == 1)["armies"] = 3
    with pytest.raises(ComponentDataError, match="every army"):
        _board(data, "en")


def test_one_sided_sea_border_is_refused() -> None:
    data = copy.deepcopy(MAP)
    by_id(data["seas"], "ADR")["neighbours"] = []
    with pytest.raises(ComponentDataError, match="not the other way round"):
        _board(data, "en")


def test_fleet_symbol_away_from_capital_is_refused() -> None:
    data = copy.deepcopy(MAP)
    by_id(data["seas"], "ION")["fleet_symbol"] = "Rome"
    with pytest.raises(ComponentDataError, match="Fleet symbol"):
        _board(data, "en")


def test_island_with_land_border_is_refused() -> None:
    data = copy.deepcopy(MAP)
    data["borders"].append({"between": ["SIC", "MGR"], "source": "reconstructed"})
    with pytest.raises(ComponentDataError, match="island 'SIC'"):
        _board(data, "en")


def test_sicily_must_count_for_both_sides() -> None:
    data = copy.deepcopy(MAP)
    by_id(data["regions"], "SIC")["influence"] = ["Rome"]
    with pytest.raises(ComponentDataError, match="areas of influence"):
        _board(data, "en")


def test_a_deck_of_six_is_refused() -> None:
    data = copy.deepcopy(CARD_DATA)
    data["cards"].pop()
    with pytest.raises(ComponentDataError, match="6 cards"):
        _cards(data)


def test_setup_spot_on_an_unknown_edition_is_refused() -> None:
    data = copy.deepcopy(MAP)
    next(s for s in data["setup"] if s["spot"] == 10)["editions"] = ["en", "de"]
    with pytest.raises(ComponentDataError, match="setup spot 10: editions must be among"):
        _board(data, "en")


def test_setup_spot_printed_twice_on_one_board_is_refused() -> None:
    data = copy.deepcopy(MAP)
    next(s for s in data["setup"] if s["spot"] == 10 and s["area"] == "MAU")["editions"] = ["pl"]
    with pytest.raises(ComponentDataError, match=r"map.toml \(pl\): setup spot 10 appears twice"):
        _board(data, "pl")


def test_special_battle_effect_two_symbols_one_per_side_one_flag() -> None:
    # docs/punica.md, "The two battle symbols": the "[ ] or [ ]" of en "Battle" and the
    # "(@ albo @)" of pl "Bitwa" are one symbol in each side's colour, so the card data has a
    # single battle-symbol flag, and both decks carry it.
    for entry in CARD_DATA["cards"]:
        assert isinstance(entry["battle_symbol"], bool)
        assert not {k for k in entry if "symbol" in k or "sea" in k or "land" in k} - {
            "battle_symbol"
        }
    for deck in (CARDS[ROME], CARDS[CARTHAGE]):
        assert [c.strength for c in deck if c.battle_symbol] == [2, 3]
