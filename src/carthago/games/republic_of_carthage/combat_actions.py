"""The action block of the Exploration and Combat and Revolution Phases (``actions.COMBAT``).

>>> pay_ransom(3) - COMBAT, bribe(12) - COMBAT, play_card(40) - COMBAT
(13, 57, 240)
>>> decode(pay_ransom(3))
('ransom', 3)
"""

from __future__ import annotations

from typing import Final

from carthago.games.republic_of_carthage.actions import COMBAT, COMBAT_SIZE, MAX_FACTIONS
from carthago.games.republic_of_carthage.state import N_CARDS, N_PERSONS

GO_ON: Final = COMBAT
"""After Raiders: the expedition goes on (§6.6.1)."""
TURN_BACK: Final = COMBAT + 1
"""After Raiders: the expedition returns to Carthage."""
REVOLT: Final = COMBAT + 2
LOYAL: Final = COMBAT + 3
"""Decline to revolt, or keep a Veteran out of a revolt."""
JOIN: Final = COMBAT + 4
"""Join a revolt (an accomplice, or a Veteran joining at its commander's word)."""
ROLL: Final = COMBAT + 5
"""Roll an army's allegiance without adding talents."""
ADD_TALENT: Final = COMBAT + 6
"""Spend 1T of the commander's own to add one to the coming allegiance roll."""
DONE: Final = COMBAT + 7
USE_FAVOUR: Final = COMBAT + 8
"""The HRAO spends the Favour of Baal Hammon (Table Event) on the coming war roll."""
RANSOM: Final = COMBAT + 10
MAX_BRIBE: Final = 60
BRIBE: Final = RANSOM + N_PERSONS
PLAY: Final = 200
"""``COMBAT + PLAY + card``: play a hand card (Statesman or Trade Concession) in §6.7.2."""
DROP: Final = PLAY + N_CARDS
"""``COMBAT + DROP + card``: discard a card down to the hand limit of §6.7.2."""
OFFER: Final = DROP + N_CARDS
"""``COMBAT + OFFER + faction``: open an offer of hand cards to that faction (§6.7.2)."""
GIVE: Final = OFFER + MAX_FACTIONS
"""``COMBAT + GIVE + card``: put that card of one's hand into an offer or its return."""
ASK: Final = COMBAT + GIVE + N_CARDS
"""Ask for one more card of the receiver's hand, his choice, in the offer being built."""
ACCEPT: Final = ASK + 1
DECLINE: Final = ASK + 2
END: Final = DECLINE + 1
assert END <= COMBAT + COMBAT_SIZE


def pay_ransom(person: int) -> int:
    return RANSOM + person


def bribe(talents: int) -> int:
    """Hold ``talents`` in hand as the secret bribe for an army (§6.7.3 Joint commands)."""
    return BRIBE + talents


def play_card(card: int) -> int:
    return COMBAT + PLAY + card


def drop_card(card: int) -> int:
    return COMBAT + DROP + card


def offer_to(faction: int) -> int:
    return COMBAT + OFFER + faction


def give_card(card: int) -> int:
    return COMBAT + GIVE + card


def decode(action: int) -> tuple[str, int]:
    """The kind of a combat-block action and its argument."""
    names = {
        GO_ON: "go on",
        TURN_BACK: "turn back",
        REVOLT: "revolt",
        LOYAL: "stay loyal",
        JOIN: "join",
        ROLL: "roll",
        ADD_TALENT: "add 1T",
        DONE: "done",
        USE_FAVOUR: "use the Favour of Baal Hammon",
        ASK: "ask for a card",
        ACCEPT: "accept",
        DECLINE: "decline",
    }
    if action in names:
        return names[action], 0
    if RANSOM <= action < BRIBE:
        return "ransom", action - RANSOM
    if BRIBE <= action <= BRIBE + MAX_BRIBE:
        return "bribe", action - BRIBE
    if COMBAT + PLAY <= action < COMBAT + DROP:
        return "play", action - COMBAT - PLAY
    if COMBAT + DROP <= action < COMBAT + OFFER:
        return "drop", action - COMBAT - DROP
    if COMBAT + OFFER <= action < COMBAT + GIVE:
        return "offer", action - COMBAT - OFFER
    if COMBAT + GIVE <= action < ASK:
        return "give", action - COMBAT - GIVE
    raise ValueError(f"{action} is not a Combat or Revolution action")
