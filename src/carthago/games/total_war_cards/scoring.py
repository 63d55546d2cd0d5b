"""Final scoring ("Ending The Game & Scoring"): the four regional tables and the tier-five double.

>>> from carthago.games.total_war_cards.components import TERRITORIES
>>> roads = [t.index for t in TERRITORIES if t.region == ITALIA and t.number in (2, 3, 4, 7)]
>>> region_scores(roads, "city")[ITALIA]  # a run of three (9) and a lone road (1)
10
"""

from __future__ import annotations

from collections.abc import Iterable

from carthago.games.total_war_cards.components import (
    AFRICA,
    BRANCHES,
    GAUL,
    IBERIA,
    ITALIA,
    RULES,
    TERRITORIES,
)
from carthago.games.total_war_cards.tech_tree import tier_five


def italia_points(roads: Iterable[int]) -> int:
    """Runs of road numbers in unbroken order score the table for their length.

    >>> italia_points([1, 2, 3, 5, 6, 8])
    14
    """
    numbers = sorted(set(roads))
    points = 0
    run = 0
    previous = None
    for number in numbers:
        run = run + 1 if previous is not None and number == previous + 1 else 1
        if run > 1:
            # A longer run replaces the shorter one it extends.
            points -= RULES.italia_points[run - 1]
        points += RULES.italia_points[run]
        previous = number
    return points


def africa_points(cards: Iterable[int], pairing: str) -> int:
    """7 per Merchant matched with a Trade Route: of its own city (``city``) or any (``any``).

    >>> merchants = [t.index for t in TERRITORIES if t.kind == "Merchant"]
    >>> africa_points(merchants, "city")
    0
    """
    merchants: list[str] = []
    routes: list[str] = []
    for index in cards:
        card = TERRITORIES[index]
        (merchants if card.kind == "Merchant" else routes).append(card.city)
    if pairing == "any":
        pairs = min(len(merchants), len(routes))
    else:
        pairs = sum(min(merchants.count(city), routes.count(city)) for city in set(merchants))
    return pairs * RULES.africa_pair_points


def region_scores(won: Iterable[int], pairing: str) -> list[int]:
    """Points per region (Gaul, Iberia, Italia, Africa) for the territories ``won``."""
    by_region: list[list[int]] = [[], [], [], []]
    for index in won:
        by_region[TERRITORIES[index].region].append(index)
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
