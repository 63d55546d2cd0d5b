"""Ending The Game & Scoring: every row of the four regional tables and the tier-five double."""

from __future__ import annotations

import pytest

from carthago.core.data import load_toml
from carthago.games.total_war_cards.components import TERRITORIES
from carthago.games.total_war_cards.scoring import final_scores, region_scores, score_detail

from .helpers import CARD, CARTHAGE, ROME, bits, edited, setup

GAUL = [t.index for t in TERRITORIES if t.region == 0]
IBERIA = {t.number: t.index for t in TERRITORIES if t.region == 1}
ITALIA = {t.number: t.index for t in TERRITORIES if t.region == 2}


@pytest.mark.parametrize(
    ("count", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 28),
                          (8, 35)]
)  # fmt: skip
def test_scoring_gaul_by_count(count: int, points: int) -> None:
    assert region_scores(GAUL[:count], "city") == [points, 0, 0, 0]


def test_scoring_gaul_eight_cards_score_the_printed_35_not_the_patterns_36() -> None:
    # "Ending The Game & Scoring" prints 35 for eight Gaul cards, where the run 1, 3, 6, ... 28
    # (n(n+1)/2) would give 36. The printed number is kept (docs/total_war_cards.md).
    gaul = load_toml("carthago.games.total_war_cards", "scoring.toml")["gaul"]
    assert gaul["source"] == "rulebook"
    assert gaul["points"][:8] == [n * (n + 1) // 2 for n in range(8)]
    assert gaul["points"][8] == 35 != 8 * 9 // 2
    assert region_scores(GAUL, "city")[0] == 35


@pytest.mark.parametrize("ships", range(1, 9))
def test_scoring_iberia_face_value(ships: int) -> None:
    assert region_scores([IBERIA[ships]], "city")[1] == ships


def test_scoring_iberia_adds_every_card() -> None:
    assert region_scores([IBERIA[n] for n in (2, 5, 8)], "city")[1] == 15
    assert region_scores(list(IBERIA.values()), "city")[1] == 36


@pytest.mark.parametrize("length", range(1, 9))
def test_scoring_italia_run_of_roads_scores_length_squared(length: int) -> None:
    roads = [ITALIA[n] for n in range(1, length + 1)]
    assert region_scores(roads, "city")[2] == length * length


def test_scoring_italia_separate_runs_score_separately() -> None:
    # 1-2-3 (9), 5-6 (4), 8 (1): gaps break a run.
    roads = [ITALIA[n] for n in (1, 2, 3, 5, 6, 8)]
    assert region_scores(roads, "city")[2] == 14
    # Roads out of numerical order are not connected: 2 and 4 are two runs of one.
    assert region_scores([ITALIA[2], ITALIA[4]], "city")[2] == 2


def test_scoring_africa_seven_per_matched_pair() -> None:
    pair = [CARD["Merchant of Utica"], CARD["Trade Route of Utica"]]
    two_pairs = [*pair, CARD["Merchant of Leptis"], CARD["Trade Route of Leptis"]]
    assert region_scores(pair, "city")[3] == 7
    assert region_scores(two_pairs, "city")[3] == 14
    assert region_scores([CARD["Merchant of Utica"]], "city")[3] == 0


def test_scoring_africa_lone_and_unmatched_cards_score_nothing() -> None:
    unmatched = [CARD["Merchant of Utica"], CARD["Trade Route of Leptis"]]
    assert region_scores(unmatched, "city")[3] == 0
    assert region_scores([CARD["Merchant of Utica"], CARD["Merchant of Leptis"]], "city")[3] == 0


def test_scoring_africa_option_any_pairs_any_merchant_with_any_route() -> None:
    unmatched = [
        CARD["Merchant of Utica"],
        CARD["Trade Route of Leptis"],
        CARD["Merchant of Carthago"],
    ]
    assert region_scores(unmatched, "any")[3] == 7


WON = [GAUL[0], GAUL[1], IBERIA[4], ITALIA[1], ITALIA[2], CARD["Merchant of Utica"],
       CARD["Trade Route of Utica"]]  # fmt: skip
BASE = [3, 4, 4, 7]


@pytest.mark.parametrize(
    ("tier_five", "region"),
    [("Poliorcetica", 0), ("Mare Nostrum", 1), ("Civitas", 2), ("Strategemata", 3)],
)
def test_scoring_tier_five_doubles_its_region(tier_five: str, region: int) -> None:
    assert region_scores(WON, "city") == BASE
    expected = BASE.copy()
    expected[region] *= 2
    assert final_scores(WON, bits(tier_five, "Agricultura"), "city") == expected


def test_scoring_without_tier_five_nothing_doubles() -> None:
    assert (
        final_scores(WON, bits("Agricultura", "Scriptura", "Commercium", "Leges"), "city") == BASE
    )


def test_scoring_breakdown_names_what_each_region_counts() -> None:
    # Italia 1-2 is one run of two; Utica's pair; Mare Nostrum doubles Iberia's 4 ships.
    detail = score_detail(WON, bits("Mare Nostrum", "Agricultura"), "city")
    assert detail == {
        "gaul_cards": 2,
        "iberia_ships": [4],
        "italia_runs": [[1, 2]],
        "africa_pairs": 1,
        "doubled": "Iberia",
    }
    roads = [ITALIA[n] for n in (7, 1, 2, 3, 5)]
    assert score_detail(roads, 0, "city")["italia_runs"] == [[1, 2, 3], [5], [7]]
    assert score_detail(roads, 0, "city")["doubled"] is None


def test_scoring_breakdown_is_in_every_observation_alike() -> None:
    """Taken territories are public: each seat and a spectator read the same breakdown."""
    state = edited(setup(), won=[WON, [IBERIA[8], ITALIA[5]]])
    views = [state.observation(viewer)["score_detail"] for viewer in (ROME, CARTHAGE, None)]
    assert views[0] == views[1] == views[2]
    assert views[0][CARTHAGE]["iberia_ships"] == [8]
    assert views[0][ROME]["gaul_cards"] == 2
