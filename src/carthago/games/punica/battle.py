"""Battle strength and outcome (punica-en.txt "Battle"; punica-pl.txt "Bitwa", "Jednostki").

Strength is the units in the battle area (each 1; Hannibal 2 in ``en``, in ``pl`` 2 when
Carthage attacks and 1 otherwise) plus the strength of the revealed card. The higher total
wins; the loser removes one unit and retreats the rest. On a tie each side removes one unit and
the attacker retreats.
"""

from __future__ import annotations

from carthago.games.punica.components import CARTHAGE
from carthago.games.punica.movement import Units


def hannibal_strength(edition: str, attacker: int) -> int:
    """Hannibal's strength in a battle whose attacker is ``attacker``.

    >>> hannibal_strength("en", 0), hannibal_strength("pl", 0), hannibal_strength("pl", 1)
    (2, 1, 2)
    """
    if edition == "pl" and attacker != CARTHAGE:
        return 1
    return 2


def unit_strength(
    units: Units, hannibal: int, side: int, area: int, edition: str, attacker: int
) -> int:
    """The strength of ``side``'s units in ``area`` (without the card)."""
    strength = units[side][area]
    if side == CARTHAGE and hannibal == area:
        strength += hannibal_strength(edition, attacker)
    return strength


def outcome(attacker_total: int, defender_total: int, attacker: int) -> int | None:
    """The losing side, or None on a tie.

    >>> outcome(5, 5, 0) is None, outcome(5, 4, 0), outcome(3, 4, 0)
    (True, 1, 0)
    """
    if attacker_total == defender_total:
        return None
    return 1 - attacker if attacker_total > defender_total else attacker
