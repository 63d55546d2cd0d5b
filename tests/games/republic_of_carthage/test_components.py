"""Component data (rules §2 and the rules README): make-up, printed facts, load-time errors."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage.components import (
    COMPONENTS,
    load_components,
    read_files,
)

FILES = read_files()


def _files() -> dict[str, dict[str, Any]]:
    return copy.deepcopy(FILES)


def test_s2_deck_make_up_is_the_published_one() -> None:
    kinds: dict[int, dict[str, int]] = {1: {}, 2: {}}
    for card in COMPONENTS.cards:
        deck = max(card.deck, 1)
        kind = "intrigue" if card.kind == "concession" else card.kind
        kinds[deck][kind] = kinds[deck].get(kind, 0) + 1
    assert sum(kinds[1].values()) == 64 and sum(kinds[2].values()) == 64
    assert kinds[1] == {
        "senator": 20,
        "intrigue": 14,
        "war": 9,
        "event": 7,
        "statesman": 5,
        "law": 4,
        "exploration": 3,
        "leader": 2,
    }
    assert kinds[2] == {
        "intrigue": 34,
        "war": 7,
        "event": 6,
        "statesman": 5,
        "senator": 5,
        "law": 5,
        "leader": 2,
    }


def test_s2_other_component_counts() -> None:
    assert len(COMPONENTS.table_events) == 18
    assert len(COMPONENTS.provinces) == 9
    assert sum(o.committee for o in COMPONENTS.offices.values()) == 5
    assert sum(COMPONENTS.mortality) == 31
    armies = sum(u.total for u in COMPONENTS.units.values() if u.id not in ("fleet",))
    assert armies == 28 and COMPONENTS.units["fleet"].total == 25
    stacks = [(c.stack, c.name, c.count) for c in COMPONENTS.commodities]
    assert stacks[0] == (1, "Ochre", 8) and stacks[-1] == (9, "Ivory", 2)
    assert COMPONENTS.stack_removed == (1, 1, 2, 4, 0, 3, 0, 2, 3)
    assert set(COMPONENTS.random_events) == set(range(3, 19))
    reachable = {e for names in COMPONENTS.random_events.values() for e in names}
    assert reachable == set(COMPONENTS.table_events)


def test_printed_facts_of_the_rulebook() -> None:
    mago = COMPONENTS.senators[2]
    assert (mago.name, mago.mil, mago.ora, mago.exp, mago.loy, mago.inf) == ("Mago", 3, 4, 4, 9, 5)
    hannibal = COMPONENTS.statesmen["2A"]
    assert (hannibal.mil, hannibal.ora, hannibal.exp, hannibal.loy, hannibal.inf) == (4, 3, 1, 9, 4)
    assert hannibal.special == "Himilco Loyalty: 0" and hannibal.zero_loyalty_of == (4,)
    assert {"2A", "2B", "3A", "3B"} <= set(COMPONENTS.statesmen)
    war = COMPONENTS.wars["ROMAN-1"]
    assert (war.land, war.fleet_support, war.naval, war.disaster, war.standoff) == (
        13,
        5,
        10,
        11,
        14,
    )
    assert war.appear_removes_trade == (1, 4, 5) and war.appear_deserts == ("campanian",)
    assert war.victory_treasury == 35 and war.deck == 2
    sahara = COMPONENTS.explorations["TRANS-SAHARA"]
    assert (sahara.caravans, sahara.fleets, sahara.disaster) == (50, 0, 13)
    libya = COMPONENTS.provinces["LIBYA"].undeveloped.state
    assert (libya.dice, libya.modifier) == (1, -5)
    assert COMPONENTS.commodity("Dye").value == 8 and COMPONENTS.commodity("Papyrus").value == 2
    assert COMPONENTS.contributions == ((10, 1), (25, 3), (50, 7))
    terms = {o.id: o.start_term for o in COMPONENTS.offices.values() if o.committee}
    assert terms == {
        "CENSOR": 3,
        "HARBOR-MASTER": 2,
        "OVERSEER": 2,
        "TREASURER": 1,
        "SUPERVISOR": 1,
    }


def test_historical_wars_are_all_there() -> None:
    names = " ".join(w.name for w in COMPONENTS.wars.values())
    for word in (
        "Sicilian",
        "Pyrrhic",
        "Roman",
        "Mercenary",
        "Libyan",
        "Numidian",
        "Moroccan",
        "Tunisia",
    ):
        assert word in names
    assert "Sikel" not in names
    assert COMPONENTS.units["gaul"].wars == ("ROMAN-2", "ROMAN-3")


def test_missing_field_is_named() -> None:
    files = _files()
    del files["senators"]["senator"][4]["ora"]
    with pytest.raises(ComponentDataError, match=r"senator 5.*'ora' is missing"):
        load_components(files)


def test_wrong_type_is_named() -> None:
    files = _files()
    files["wars"]["war"][0]["land"] = "four"
    with pytest.raises(ComponentDataError, match=r"war 'TUNISIA'.*'land' must be a int"):
        load_components(files)


def test_duplicate_id_is_refused() -> None:
    files = _files()
    files["senators"]["senator"][1]["id"] = 1
    with pytest.raises(ComponentDataError, match="duplicate id 1"):
        load_components(files)


def test_bad_statesman_id_is_refused() -> None:
    files = _files()
    files["statesmen"]["statesman"][1]["id"] = "3A"
    with pytest.raises(ComponentDataError, match="family number and a letter"):
        load_components(files)


def test_dangling_links_are_refused() -> None:
    files = _files()
    files["wars"]["war"][0]["provinces"] = ["ATLANTIS"]
    with pytest.raises(ComponentDataError, match="province 'ATLANTIS' does not exist"):
        load_components(files)
    files = _files()
    files["statesmen"]["statesman"][0]["family"] = 99
    with pytest.raises(ComponentDataError, match="family 99 does not exist"):
        load_components(files)
    files = _files()
    files["table_events"]["random_events"]["7"] = ["NO-SUCH-EVENT"]
    with pytest.raises(ComponentDataError, match="table event 'NO-SUCH-EVENT' does not exist"):
        load_components(files)
    files = _files()
    files["trade"]["area"][0]["cards"] = ["Tin"]
    with pytest.raises(ComponentDataError, match="commodity 'Tin' does not exist"):
        load_components(files)


def test_bad_source_and_dice_are_refused() -> None:
    files = _files()
    files["provinces"]["province"][0]["source"] = "guessed"
    with pytest.raises(ComponentDataError, match="source must be one of"):
        load_components(files)
    files = _files()
    files["provinces"]["province"][2]["undeveloped"]["state"] = "d6-5"
    with pytest.raises(ComponentDataError, match="not a dice expression"):
        load_components(files)


def test_changed_make_up_is_refused() -> None:
    files = _files()
    files["hand_cards"]["intrigue"][0]["copies"] = {"1": 5, "2": 8}
    with pytest.raises(ComponentDataError, match="deck 1 make-up"):
        load_components(files)


def test_mortality_chits_must_match_senator_ids() -> None:
    files = _files()
    files["tables"]["mortality"]["numbered"] = 24
    with pytest.raises(ComponentDataError, match="24 numbered chits"):
        load_components(files)


def test_missing_file_is_named() -> None:
    files = _files()
    del files["trade"]
    with pytest.raises(ComponentDataError, match=r"trade\.toml is missing"):
        load_components(files)


def test_s9_neutral_trade_aide_is_validated() -> None:
    """Each of the four Neutral roles has one trade aide entry with a known answer policy."""
    assert sorted(COMPONENTS.neutral_trade) == sorted(
        ("Imperials", "Plutocrats", "Conservatives", "Populists")
    )
    assert all(aide.source == "reconstructed" for aide in COMPONENTS.neutral_trade.values())
    files = _files()
    files["neutral_aide"]["trade"][0]["counter"] = "sometimes"
    with pytest.raises(ComponentDataError, match=r"trade 'Imperials'.*counter must be one of"):
        load_components(files)
    files = _files()
    files["neutral_aide"]["trade"][3]["id"] = "Merchants"
    with pytest.raises(ComponentDataError, match="ids must be the roles"):
        load_components(files)
