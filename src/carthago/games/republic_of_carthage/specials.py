"""Statesmen's special abilities that touch exploration, war and revolt (statesmen.toml).

The card text in ``special`` is read by its leading words, so a user correcting the data keeps
the same forms: ``Explorations: +N ...`` (``for any Trade Fleet exploration`` limits it to
Trade Fleet explorations), ``<name>: +N to the roll against the <Family> War(s)`` and
``Army allegiance: +N to each roll when he revolts``.

>>> exploration_bonus_text("Explorations: +2 to his Exploration roll for any Trade Fleet "
...                        "exploration", fleets=True)
2
>>> war_bonus_text("Numidian ties: +1 to the roll against Numidian Wars", "Numidian")
1
"""

from __future__ import annotations

import re
from typing import Final

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.state import CARDS

_BONUS: Final = re.compile(r"\+(\d+)")
_AGAINST: Final = re.compile(r"against the (\w+) War|against (\w+) Wars")


def _special(person: int) -> str:
    card = CARDS[person]
    return C.statesmen[card.id].special if card.kind == "statesman" else ""


def _amount(text: str) -> int:
    found = _BONUS.search(text)
    return int(found.group(1)) if found else 0


def exploration_bonus_text(text: str, fleets: bool) -> int:
    if not text.startswith("Explorations:"):
        return 0
    if "Trade Fleet" in text and not fleets:
        return 0
    return _amount(text)


def war_bonus_text(text: str, family: str) -> int:
    found = _AGAINST.search(text)
    if not found or family not in (found.group(1), found.group(2)):
        return 0
    return _amount(text)


def exploration_bonus(person: int, fleets: bool) -> int:
    """Added to the commander's Exploration roll (``fleets``: a Trade Fleet exploration)."""
    return exploration_bonus_text(_special(person), fleets)


def war_bonus(person: int, family: str) -> int:
    """Added to the combat roll of a force he commands against a war of ``family``."""
    return war_bonus_text(_special(person), family)


def allegiance_bonus(person: int) -> int:
    """Added to each army allegiance roll when he revolts (§6.7.3)."""
    text = _special(person)
    return _amount(text) if text.startswith("Army allegiance:") else 0
