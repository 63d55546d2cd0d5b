"""The words of the log lines Total War Cards adds on most steps, from their facts.

The state records these events as facts (players, card values, slots, cards: small numbers)
and the log builds each line only when someone reads it (``State._add_log_facts``): playouts
and searches add a line on nearly every step and read almost none.
"""

from __future__ import annotations

from typing import Final

from carthago.games.total_war_cards.actions import slot_letter
from carthago.games.total_war_cards.components import SIDES, TECHNOLOGIES, TERRITORIES

RESTING: Final = tuple(f"{side} sets a resting card aside face down" for side in SIDES)
"""Each player's line for a resting card drawn (it names no card, so it is worded once)."""


def placed(facts: tuple[int, ...]) -> str:
    """(player, card value, slot): a card placed face up against a territory."""
    player, value, slot = facts
    return f"{SIDES[player]} places {value} against slot {slot_letter(slot)}"


def on_tech_tree(facts: tuple[int, ...]) -> str:
    """(player, card value): a card placed on the tech tree."""
    player, value = facts
    return f"{SIDES[player]} places {value} on the tech tree"


def developed(facts: tuple[int, ...]) -> str:
    """(player, technology)."""
    player, tech = facts
    return f"{SIDES[player]} develops {TECHNOLOGIES[tech].name}"


def dealt_face_up(facts: tuple[int, ...]) -> str:
    """(territory card,)."""
    return f"Dealt face up: {TERRITORIES[facts[0]].label}"


def took_in_combat(facts: tuple[int, ...]) -> str:
    """(player, territory card, Rome's total, Carthage's total)."""
    player, territory, first, second = facts
    why = f"{SIDES[0]} {first}, {SIDES[1]} {second}"
    return f"{SIDES[player]} takes {TERRITORIES[territory].label} ({why})"


def took_by_ability(facts: tuple[int, ...]) -> str:
    """(player, territory card): a drawn combat won by the Instrumenta Bella holder."""
    player, territory = facts
    return f"{SIDES[player]} takes {TERRITORIES[territory].label} (Instrumenta Bella)"
