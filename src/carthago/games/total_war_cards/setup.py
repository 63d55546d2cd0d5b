"""The Setup Phase's choice of starting technologies (rulebook "Setup Phase", step 5).

After the coin flip the players take turns marking a tier-one technology that neither has
marked: one each by default, each then holding the one special ability card that goes with it
(``setup_picks=1``); the other reading, going on until all four are taken, two each, is
``setup_picks=2`` (docs/total_war_cards.md).

>>> [picker(coin=1, picks_made=n) for n in range(4)]
[1, 0, 1, 0]
"""

from __future__ import annotations

from typing import Final

from carthago.games.total_war_cards.components import TECHNOLOGIES, Technology

TIER_ONE: Final = tuple(t for t in TECHNOLOGIES if t.tier == 1)


def picker(coin: int, picks_made: int) -> int:
    """Who marks the next tier-one technology: the coin's winner first, then alternately."""
    return coin if picks_made % 2 == 0 else 1 - coin


def unclaimed(techs: list[int]) -> list[Technology]:
    """The tier-one technologies neither player has marked yet."""
    taken = techs[0] | techs[1]
    return [t for t in TIER_ONE if not taken & t.bit]
