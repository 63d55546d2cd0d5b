"""The Forum Phase's part of the action space (``actions.FORUM`` .. ``FORUM + FORUM_SIZE``).

| offset | meaning |
|---|---|
| 0 | pass: no persuasion, no more talents, no interference, keep the leader, no bid |
| 1 | resolve the persuasion attempt |
| 2 | spend talents to bring the Trader roll to 12 |
| 10-44 | the Senator to persuade |
| 50-84 | the persuading Senator |
| 90-124 | the Senator attracting a Trader |
| 130-164 | the new Faction Leader |
| 170-175 | the persuader adds talents (1, 2, 5, 10, 20, all) |
| 180-185, 190-195 | a faction raises / lowers the Persuasion Number from its Treasury |
| 200-374 | bid in an auction of an extra Initiative: Senator x raise (5 raises) |

>>> bid(3, 2) - FORUM, decode_bid(bid(3, 2))
(217, (3, 2))
>>> interfere(True, 1) - FORUM, decode_interfere(interfere(False, 4))
(181, (False, 4))
"""

from __future__ import annotations

from typing import Final

from carthago.games.republic_of_carthage.actions import AMOUNTS, FORUM, FORUM_SIZE, N_PERSON_SLOTS

PASS: Final[int] = FORUM
RESOLVE: Final = FORUM + 1
BUY_TRADER: Final = FORUM + 2
TARGET: Final = FORUM + 10
PERSUADER: Final = FORUM + 50
TRADER: Final = FORUM + 90
LEADER: Final = FORUM + 130
BRIBE: Final = FORUM + 170
RAISE: Final = FORUM + 180
LOWER: Final = FORUM + 190
BID: Final = FORUM + 200
BID_RAISES: Final = (0, 1, 4, 9, 19)
"""A bid is the lowest legal bid (0, or one more than the last bid) plus one of these: a bid
raises the last one by 1, 2, 5, 10 or 20 talents."""
END: Final = BID + N_PERSON_SLOTS * len(BID_RAISES)
assert END <= FORUM + FORUM_SIZE
assert TARGET + N_PERSON_SLOTS <= PERSUADER and LOWER + len(AMOUNTS) <= BID


def bid(person: int, raise_index: int) -> int:
    """The action by which ``person`` bids the lowest legal bid plus ``BID_RAISES[raise_index]``."""
    return BID + person * len(BID_RAISES) + raise_index


def decode_bid(action: int) -> tuple[int, int]:
    person, raise_index = divmod(action - BID, len(BID_RAISES))
    return person, raise_index


def interfere(up: bool, amount_index: int) -> int:
    """Spend ``AMOUNTS[amount_index]`` talents of the Faction Treasury to move the Persuasion
    Number up (helping the persuader) or down."""
    return (RAISE if up else LOWER) + amount_index


def decode_interfere(action: int) -> tuple[bool, int]:
    if RAISE <= action < RAISE + len(AMOUNTS):
        return True, action - RAISE
    return False, action - LOWER


def is_interference(action: int) -> bool:
    return RAISE <= action < RAISE + len(AMOUNTS) or LOWER <= action < LOWER + len(AMOUNTS)
