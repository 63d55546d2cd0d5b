"""Final scoring ("Ending The Game & Scoring"): the four regional tables and the tier-five double.

>>> from carthago.games.total_war_cards.components import TERRITORIES
>>> roads = [t.index for t in TERRITORIES if t.region == ITALIA and t.number in (2, 3, 4, 7)]
>>> region_scores(roads, "city")[ITALIA]  # a run of three (9) and a lone road (1)
10
"""

from __future__ import annotations

from collections.abc import Iterable

from carthago.core.state import JSONDict
from carthago.games.total_war_cards.components import (
    AFRICA,
    BRANCHES,
    GAUL,
    IBERIA,
    ITALIA,
    REGIONS,
    RULES,
    TERRITORIES,
)
from carthago.games.total_war_cards.tech_tree import tier_five


def italia_runs(roads: Iterable[int]) -> list[list[int]]:
    """The road numbers held, split into runs of unbroken numerical order.

    >>> italia_runs([8, 1, 2, 3, 5, 6])
    [[1, 2, 3], [5, 6], [8]]
    """
    runs: list[list[int]] = []
    for number in sorted(set(roads)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return runs


def italia_points(roads: Iterable[int]) -> int:
    """Each run of roads scores the table for its length.

    >>> italia_points([1, 2, 3, 5, 6, 8])
    14
    """
    return sum(RULES.italia_points[len(run)] for run in italia_runs(roads))


def africa_pairs(cards: Iterable[int], pairing: str) -> int:
    """Merchants matched with a Trade Route: of its own city (``city``) or any (``any``).

    >>> merchants = [t.index for t in TERRITORIES if t.kind == "Merchant"]
    >>> africa_pairs(merchants, "city")
    0
    """
    merchants: list[str] = []
    routes: list[str] = []
    for index in cards:
        card = TERRITORIES[index]
        (merchants if card.kind == "Merchant" else routes).append(card.city)
    if pairing == "any":
        return min(len(merchants), len(routes))
    return sum(min(merchants.count(city), routes.count(city)) for city in set(merchants))


def africa_points(cards: Iterable[int], pairing: str) -> int:
    """7 per matched Merchant and Trade Route; lone cards score nothing."""
    return africa_pairs(cards, pairing) * RULES.africa_pair_points


def _by_region(won: Iterable[int]) -> list[list[int]]:
    by_region: list[list[int]] = [[] for _ in REGIONS]
    for index in won:
        by_region[TERRITORIES[index].region].append(index)
    return by_region


def region_scores(won: Iterable[int], pairing: str) -> list[int]:
    """Points per region (Gaul, Iberia, Italia, Africa) for the territories ``won``."""
    by_region = _by_region(won)
    return [
        RULES.gaul_points[len(by_region[GAUL])],
        sum(TERRITORIES[i].number for i in by_region[IBERIA]),
        italia_points(TERRITORIES[i].number for i in by_region[ITALIA]),
        africa_points(by_region[AFRICA], pairing),
    ]


def final_scores(won: Iterable[int], owned: int, pairing: str) -> list[int]:
    """Region scores with the region of the player's tier-five technology doubled."""
    scores = region_scores(won, pairing)
    tech = tier_five(owned)
    if tech is not None:
        scores[BRANCHES[tech.branch].doubles] *= 2
    return scores


def score_detail(won: Iterable[int], owned: int, pairing: str) -> JSONDict:
    """What each region's score is counted from, for the table and the final breakdown."""
    by_region = _by_region(won)
    tech = tier_five(owned)
    return {
        "gaul_cards": len(by_region[GAUL]),
        "iberia_ships": [TERRITORIES[i].number for i in by_region[IBERIA]],
        "italia_runs": italia_runs(TERRITORIES[i].number for i in by_region[ITALIA]),
        "africa_pairs": africa_pairs(by_region[AFRICA], pairing),
        "doubled": None if tech is None else REGIONS[BRANCHES[tech.branch].doubles],
    }
