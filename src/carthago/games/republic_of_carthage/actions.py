"""The action encoding: one fixed integer space for every option set.

Ranges (each a block of integers, see the constants): answers (done/yes/counter), a person,
a Governor's term, a target faction, a commodity added to or named in an offer, a commodity
discarded, a sale of k cards of a commodity, a Trade Concession played, a transfer of talents
between two places, a contribution, an allocation of trade income. What an action means in a
given position (e.g. whom "yes" concerns) is said by ``phases.describe``.
"""

from __future__ import annotations

from typing import Final

from carthago.games.republic_of_carthage.components import COMPONENTS

DONE: Final = 0
YES: Final = 1
COUNTER: Final = 2
PERSON: Final = 10
N_PERSON_SLOTS: Final = 35
TERM: Final = 50
TARGET: Final = 60
MAX_FACTIONS: Final = 6
ADD: Final = 70
NAME: Final = 90
DISCARD: Final = 110
SELL: Final = 130
MAX_SET: Final = 9
"""The largest number of one commodity a sale can hold (stack 3 has 9 Salt)."""
CONCESSION: Final = 300
CONCESSIONS: Final = tuple(
    card.id for card in COMPONENTS.hand_cards.values() if card.kind == "concession"
)
AMOUNTS: Final[tuple[int, ...]] = (1, 2, 5, 10, 20, 0)
"""Talent amounts of transfers, contributions and allocations; 0 stands for "all"."""
OWN_TREASURY: Final = N_PERSON_SLOTS
TRANSFER: Final = 400
N_SOURCES: Final = N_PERSON_SLOTS + 1
N_DESTINATIONS: Final = N_PERSON_SLOTS + 1 + MAX_FACTIONS
CONTRIBUTE: Final = TRANSFER + N_SOURCES * N_DESTINATIONS * len(AMOUNTS)
ALLOCATE: Final = CONTRIBUTE + N_PERSON_SLOTS * len(AMOUNTS)
PART_ONE_END: Final = ALLOCATE + N_PERSON_SLOTS * len(AMOUNTS)

# The later phases encode their own actions, each in its own block of this one space.
FORUM: Final = 10_000
"""Forum Phase actions (§6.4): ``FORUM + i`` for i below FORUM_SIZE, laid out in forum.py."""
FORUM_SIZE: Final = 2_000
SENATE: Final[int] = FORUM + FORUM_SIZE
"""Senate Phase actions (§6.5), laid out by the Senate modules."""
SENATE_SIZE: Final = 8_000
COMBAT: Final = SENATE + SENATE_SIZE
"""Exploration, Combat and Revolution Phase actions (§6.6-6.7), laid out by those modules."""
COMBAT_SIZE: Final = 2_000
CARDS: Final = COMBAT + COMBAT_SIZE
"""Event and Intrigue cards played from hand outside the Senate's own windows (§6.4.2.1)."""
CARDS_SIZE: Final = 1_000
NUM_ACTIONS: Final = CARDS + CARDS_SIZE


def sell(commodity: int, count: int) -> int:
    """The action selling ``count`` cards of ``commodity`` as one set."""
    return SELL + commodity * MAX_SET + count - 1


def decode_sell(action: int) -> tuple[int, int]:
    return divmod(action - SELL, MAX_SET)[0], (action - SELL) % MAX_SET + 1


def transfer(source: int, destination: int, amount_index: int) -> int:
    """Move talents: source is a person or OWN_TREASURY; destination a person, OWN_TREASURY or
    OWN_TREASURY + 1 + f (faction f's treasury, a gift)."""
    return TRANSFER + (source * N_DESTINATIONS + destination) * len(AMOUNTS) + amount_index


def decode_transfer(action: int) -> tuple[int, int, int]:
    rest, amount_index = divmod(action - TRANSFER, len(AMOUNTS))
    source, destination = divmod(rest, N_DESTINATIONS)
    return source, destination, amount_index


def contribute(person: int, amount_index: int) -> int:
    return CONTRIBUTE + person * len(AMOUNTS) + amount_index


def allocate(person: int, amount_index: int) -> int:
    return ALLOCATE + person * len(AMOUNTS) + amount_index


def decode_person_amount(action: int, base: int) -> tuple[int, int]:
    person, amount_index = divmod(action - base, len(AMOUNTS))
    return person, amount_index


def amount(amount_index: int, available: int) -> int:
    """The talents an amount choice moves out of ``available``."""
    wanted = AMOUNTS[amount_index]
    return available if wanted == 0 else wanted


def amount_text(amount_index: int) -> str:
    wanted = AMOUNTS[amount_index]
    return "all" if wanted == 0 else f"{wanted}T"


def amount_choices(available: int) -> list[int]:
    """Amount indices that make sense for ``available`` talents (no duplicates of "all")."""
    return [
        i
        for i, wanted in enumerate(AMOUNTS)
        if (wanted == 0 and available > 0) or (0 < wanted < available)
    ]
