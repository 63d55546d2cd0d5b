"""The components ("Different Features"): decks, territories and tech tree as data."""

from __future__ import annotations

from collections import Counter

import pytest

from carthago.core.data import load_toml
from carthago.games.total_war_cards.components import (
    AFRICA,
    BRANCHES,
    DECKS,
    IBERIA,
    ITALIA,
    PACKAGE,
    RULES,
    SIDES,
    TECHNOLOGIES,
    TERRITORIES,
)


def test_army_cards_eleven_per_side() -> None:
    assert SIDES == ("Rome", "Carthage")
    assert [len(deck) for deck in DECKS] == [11, 11]
    # The reconstruction keeps the two armies equally strong in total.
    assert sum(DECKS[0]) == sum(DECKS[1])


def test_territory_deck_eight_cards_per_region() -> None:
    assert len(TERRITORIES) == 32
    assert Counter(t.region for t in TERRITORIES) == {0: 8, 1: 8, 2: 8, 3: 8}


def test_iberia_ships_and_italia_roads_number_one_to_eight() -> None:
    assert sorted(t.number for t in TERRITORIES if t.region == IBERIA) == list(range(1, 9))
    assert sorted(t.number for t in TERRITORIES if t.region == ITALIA) == list(range(1, 9))


def test_africa_four_merchants_and_four_trade_routes_one_per_city() -> None:
    africa = [t for t in TERRITORIES if t.region == AFRICA]
    merchants = sorted(t.city for t in africa if t.kind == "Merchant")
    routes = sorted(t.city for t in africa if t.kind == "Trade Route")
    assert len(merchants) == 4
    assert merchants == routes


def test_tech_tree_four_branches_five_tiers_and_costs() -> None:
    assert [b.name for b in BRANCHES] == [
        "HUMANITAS", "CLASSIARIUS", "INSTRUMENTA BELLA", "ARS MILITARIS"
    ]  # fmt: skip
    assert len(TECHNOLOGIES) == 20
    costs = {t.tier: t.cost for t in TECHNOLOGIES}
    assert costs == {1: 1, 2: 2, 3: 3, 4: 4, 5: 1}


def test_tier_five_doubles_the_rulebook_regions() -> None:
    doubles = {b.name: ("Gaul", "Iberia", "Italia", "Africa")[b.doubles] for b in BRANCHES}
    assert doubles == {
        "ARS MILITARIS": "Africa",
        "INSTRUMENTA BELLA": "Gaul",
        "HUMANITAS": "Italia",
        "CLASSIARIUS": "Iberia",
    }


def test_prerequisites_chain_each_branch_and_link_across_branches() -> None:
    by_index = {t.index: t for t in TECHNOLOGIES}
    cross = 0
    for tech in TECHNOLOGIES:
        required = [by_index[r] for r in tech.requires]
        if tech.tier > 1:
            assert any(r.branch == tech.branch and r.tier == tech.tier - 1 for r in required)
        cross += sum(r.branch != tech.branch for r in required)
        assert all(r.tier < tech.tier for r in required)
    assert cross >= 4


def test_rules_numbers() -> None:
    assert (RULES.turns, RULES.resting, RULES.face_up, RULES.face_down, RULES.discards) == (
        6, 3, 4, 1, 2
    )  # fmt: skip


@pytest.mark.parametrize("filename", ["army.toml", "technologies.toml", "territories.toml"])
def test_every_component_entry_names_its_source(filename: str) -> None:
    data = load_toml(PACKAGE, filename)
    entries = [e for table in data.values() if isinstance(table, list) for e in table]
    assert entries
    assert all(e["source"] in ("rulebook", "reconstructed") for e in entries)
