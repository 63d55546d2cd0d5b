"""The integer action encoding of Punica, shared by both editions.

Every decision a player takes is one integer below :data:`NUM_ACTIONS`:

========================  =====================================================  ==========
range                     meaning                                                 count
========================  =====================================================  ==========
``ARMY_MOVE + …``         move one army: ``(hannibal * 11 + from) * 11 + to``     2 x 11 x 11
``FLEET_MOVE + …``        move one fleet: ``from_sea * 9 + to_sea``               9 x 9
``PLAY_CARD + k``         Card Effect action with own card ``k``                  7
``PASS_CARD + k``         Pass action, discarding own card ``k``                  7
``DEPLOY + …``            Fleet Deployment, removing an army: ``hannibal*11+r``   2 x 11
``DONE``                  stop resolving a card's effect                          1
``BATTLE_AT + a``         resolve the battle in area ``a`` next                   20
``COMMIT + k``            put own card ``k`` face down for the battle             7
``REMOVE + h``            remove a regular army (0) or Hannibal (1)               2
``RETREAT_TO + a``        retreat all retreating units to area ``a``              20
========================  =====================================================  ==========

Seas are numbered ``area - 11`` inside the fleet-move range. Cards are numbered 0-6 within the
deck of the player who acts, so the same number names a Roman card for Rome and a
Carthaginian card for Carthage.
"""

from __future__ import annotations

from typing import Final

from carthago.games.punica.components import (
    CARDS_PER_SIDE,
    MAX_AREAS,
    NUM_REGIONS,
)

MAX_SEAS: Final = MAX_AREAS - NUM_REGIONS
ARMY_MOVE: Final = 0
FLEET_MOVE: Final = ARMY_MOVE + 2 * NUM_REGIONS * NUM_REGIONS
PLAY_CARD: Final = FLEET_MOVE + MAX_SEAS * MAX_SEAS
PASS_CARD: Final = PLAY_CARD + CARDS_PER_SIDE
DEPLOY: Final = PASS_CARD + CARDS_PER_SIDE
DONE: Final = DEPLOY + 2 * NUM_REGIONS
BATTLE_AT: Final = DONE + 1
COMMIT: Final = BATTLE_AT + MAX_AREAS
REMOVE: Final = COMMIT + CARDS_PER_SIDE
RETREAT_TO: Final = REMOVE + 2
NUM_ACTIONS: Final = RETREAT_TO + MAX_AREAS


class Decoded:
    """An action split into its kind and arguments (unused arguments are 0).

    A plain class: one is made per action applied, and compiled, a NamedTuple or a frozen
    dataclass is built through interpreted code.
    """

    __slots__ = ("a", "b", "hannibal", "kind")

    def __init__(self, kind: str, a: int = 0, b: int = 0, hannibal: bool = False) -> None:
        self.kind = kind
        self.a = a
        self.b = b
        self.hannibal = hannibal

    def __repr__(self) -> str:
        return f"Decoded(kind={self.kind!r}, a={self.a}, b={self.b}, hannibal={self.hannibal})"


def army_move(origin: int, destination: int, hannibal: bool) -> int:
    """The action moving an army (Hannibal if ``hannibal``) between two regions.

    >>> army_move(0, 1, False), army_move(0, 1, True)
    (1, 122)
    """
    return ARMY_MOVE + (hannibal * NUM_REGIONS + origin) * NUM_REGIONS + destination


def fleet_move(origin: int, destination: int) -> int:
    """The action moving a fleet between two seas (area indices, 11 and up)."""
    return FLEET_MOVE + (origin - NUM_REGIONS) * MAX_SEAS + destination - NUM_REGIONS


def deploy(region: int, hannibal: bool) -> int:
    """Fleet Deployment paying with the army (or Hannibal) in ``region``."""
    return DEPLOY + hannibal * NUM_REGIONS + region


def decode(action: int) -> Decoded:
    """The kind and arguments of ``action``; ValueError outside the action space.

    >>> decode(army_move(9, 4, True))
    Decoded(kind='army', a=9, b=4, hannibal=True)
    >>> decode(DONE)
    Decoded(kind='done', a=0, b=0, hannibal=False)
    """
    if action < ARMY_MOVE or action >= NUM_ACTIONS:
        raise ValueError(f"{action} is outside the Punica action space 0..{NUM_ACTIONS - 1}")
    if action < FLEET_MOVE:
        hannibal_origin, destination = divmod(action - ARMY_MOVE, NUM_REGIONS)
        hannibal, origin = divmod(hannibal_origin, NUM_REGIONS)
        return Decoded("army", origin, destination, bool(hannibal))
    if action < PLAY_CARD:
        origin, destination = divmod(action - FLEET_MOVE, MAX_SEAS)
        return Decoded("fleet", origin + NUM_REGIONS, destination + NUM_REGIONS)
    if action < PASS_CARD:
        return Decoded("play", action - PLAY_CARD)
    if action < DEPLOY:
        return Decoded("pass", action - PASS_CARD)
    if action < DONE:
        hannibal, region = divmod(action - DEPLOY, NUM_REGIONS)
        return Decoded("deploy", region, 0, bool(hannibal))
    if action == DONE:
        return Decoded("done")
    if action < COMMIT:
        return Decoded("battle", action - BATTLE_AT)
    if action < REMOVE:
        return Decoded("commit", action - COMMIT)
    if action < RETREAT_TO:
        return Decoded("remove", 0, 0, action - REMOVE == 1)
    return Decoded("retreat", action - RETREAT_TO)


DECODED: Final = tuple(decode(action) for action in range(NUM_ACTIONS))
"""Every action decoded once, at import: applying an action reads its entry (which nothing
changes) instead of building a ``Decoded`` per step."""
