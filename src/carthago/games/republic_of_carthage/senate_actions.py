"""The Senate Phase's actions (§6.5): a layout of the block ``actions.SENATE``.

Every Senate decision is one of these finite choices; a proposal is built one choice at a time
(its kind, then each parameter), and a faction's ballot is one action that also says how many
talents it spends on extra votes.

>>> vote(YES_VOTE, 2) - VOTE
2
>>> decode_vote(vote(ABSTAIN_VOTE, 4))
(2, 4)
>>> person(7) - PERSON, item(12) - ITEM, count(3) - COUNT, faction(1) - FACTION
(7, 12, 3, 1)
"""

from __future__ import annotations

from typing import Final

from carthago.games.republic_of_carthage import actions as A

PASS: Final[int] = A.SENATE
"""Decline: adjourn the Senate, end the prosecutions, no second commander, refuse a request."""
AYE: Final = A.SENATE + 1
"""Accept: consent, roll on the Popular Appeal table, go into exile, step down."""
VOTE: Final = A.SENATE + 10
YES_VOTE: Final = 0
NO_VOTE: Final = 1
ABSTAIN_VOTE: Final = 2
VOTE_NAMES: Final = ("Yes", "No", "Abstain")
BUY: Final = (0, 1, 2, 5, 10, 20)
"""Talents a faction may spend on extra votes with its ballot (one purchase per proposal)."""
KIND: Final = A.SENATE + 50
PERSON: Final = A.SENATE + 100
ITEM: Final = A.SENATE + 200
"""A war, province, force, unit type or card, by its index (what it is depends on the step)."""
N_ITEMS: Final = 800
COUNT: Final = A.SENATE + 1000
MAX_COUNT: Final = 60
FACTION: Final = A.SENATE + 1100
LAW: Final = A.SENATE + 1200
"""Play a Law from hand: ``LAW + i`` for the i-th Law card (laws.LAW_CARDS)."""
VETO: Final = A.SENATE + 1400
"""Play the Public Outcry card ``VETO + card`` to veto the proposal on the floor (§6.5.8).
Cards are named by index, so the history says which copy went (resampling swaps copies)."""
RESERVE: Final = A.SENATE + 1600
"""Play the Public Outcry card ``RESERVE + card`` to reserve the floor (§6.5.8)."""
CARD: Final = A.SENATE + 1800
"""Play the Intrigue card ``CARD + card`` (an Assassin or a Secret Bodyguard)."""
CARD_SLOTS: Final = 200
ASSASSINATE: Final = A.SENATE + 2000
"""An assassination attempt: ``ASSASSINATE + assassin * 35 + target`` (assassination.py)."""
END: Final = ASSASSINATE + 35 * 35
SEDUCE: Final = A.SENATE + 3300
"""Play the Seduction card ``SEDUCE + card`` on the floor (senate_intrigues.py)."""
HIRE: Final = A.SENATE + 3500
"""Play the Mercenary Contract card ``HIRE + card`` on the force the Senate just sent."""
BRIBERY: Final = A.SENATE + 3700
"""Play the Bribery of the Council card ``BRIBERY + card`` before casting a ballot."""
TALENTS: Final = A.SENATE + 3900
"""A seducer puts ``actions.AMOUNTS[i]`` of his talents on the target: ``TALENTS + i``."""
INTRIGUES_END: Final = TALENTS + len(A.AMOUNTS)


def largest_buy(talents: int) -> int:
    """The index in ``BUY`` of the most votes ``talents`` pay for."""
    return max(i for i, price in enumerate(BUY) if price <= talents)


def vote(choice: int, buy_index: int) -> int:
    """The ballot ``choice`` (YES_VOTE, NO_VOTE or ABSTAIN_VOTE) with ``BUY[buy_index]`` talents."""
    return VOTE + choice * len(BUY) + buy_index


def decode_vote(action: int) -> tuple[int, int]:
    choice, buy_index = divmod(action - VOTE, len(BUY))
    return choice, buy_index


def kind(index: int) -> int:
    return KIND + index


def person(index: int) -> int:
    return PERSON + index


def item(index: int) -> int:
    return ITEM + index


def count(number: int) -> int:
    return COUNT + number


def faction(index: int) -> int:
    return FACTION + index


assert END <= SEDUCE and INTRIGUES_END <= A.SENATE + A.SENATE_SIZE
assert SEDUCE + CARD_SLOTS <= HIRE and HIRE + CARD_SLOTS <= BRIBERY
assert BRIBERY + CARD_SLOTS <= TALENTS
assert LAW < VETO and CARD + CARD_SLOTS <= ASSASSINATE
assert ITEM + N_ITEMS <= COUNT and COUNT + MAX_COUNT < FACTION
