"""The integer encoding of every decision, shared by the state, notation and front ends.

Player actions (``num_distinct_actions`` in all):

- ``TECH + t``: develop technology ``t``: a tier-one pick at setup, or a further purchase
  with what is left of a card placed on the tech tree;
- ``STOP``: develop nothing more with this card (what is left of it is lost);
- ``FIRST + p``: the Humanitas holder lets player ``p`` place first this turn;
- ``CHOOSE + s``: the Instrumenta Bella holder wins the drawn combat at slot ``s``;
- ``PLACE + (v * MAX_IN_PLAY + s) * 2 + h``: a card of value ``VALUES[v]`` against the
  territory in slot ``s`` (its place in the row of territories in play), face down if ``h``;
- ``TECH_CARD + v * len(TECHNOLOGIES) + t``: a card of value ``VALUES[v]`` on the tech tree,
  developing ``t`` first.

Territories are named by slot, not by card, so that an action against the face-down territory
says nothing of what it is. Chance outcomes: a resting card's value, a territory card's index,
or the coin (0: Rome, 1: Carthage).

>>> decode(place_action(3, 2, True))
('place', 4, 2, True)
"""

from __future__ import annotations

from typing import Final

from carthago.games.total_war_cards.components import MAX_IN_PLAY, TECHNOLOGIES, VALUES

TECH: Final = 0
STOP: Final = TECH + len(TECHNOLOGIES)
FIRST: Final = STOP + 1
CHOOSE: Final = FIRST + 2
PLACE: Final = CHOOSE + MAX_IN_PLAY
TECH_CARD: Final = PLACE + len(VALUES) * MAX_IN_PLAY * 2
NUM_ACTIONS: Final = TECH_CARD + len(VALUES) * len(TECHNOLOGIES)

Decoded = tuple[str, int, int, bool]
"""(kind, value or tech or player or slot, slot or tech, face down) — see :func:`decode`."""


def place_action(value_index: int, slot: int, face_down: bool) -> int:
    return PLACE + (value_index * MAX_IN_PLAY + slot) * 2 + face_down


def tech_card_action(value_index: int, tech: int) -> int:
    return TECH_CARD + value_index * len(TECHNOLOGIES) + tech


def decode(action: int) -> Decoded:
    """The meaning of a player action: ``(kind, a, b, face_down)``.

    kinds: ``tech`` (a=tech), ``stop``, ``first`` (a=player), ``choose`` (a=slot),
    ``place`` (a=card value, b=slot), ``tech_card`` (a=card value, b=tech).
    """
    if action < STOP:
        return ("tech", action - TECH, 0, False)
    if action == STOP:
        return ("stop", 0, 0, False)
    if action < CHOOSE:
        return ("first", action - FIRST, 0, False)
    if action < PLACE:
        return ("choose", action - CHOOSE, 0, False)
    if action < TECH_CARD:
        rest, face_down = divmod(action - PLACE, 2)
        value_index, slot = divmod(rest, MAX_IN_PLAY)
        return ("place", VALUES[value_index], slot, bool(face_down))
    value_index, tech = divmod(action - TECH_CARD, len(TECHNOLOGIES))
    return ("tech_card", VALUES[value_index], tech, False)


def slot_letter(slot: int) -> str:
    """Slots are lettered A, B, C... in the order the territories lie on the table."""
    return chr(ord("A") + slot)
