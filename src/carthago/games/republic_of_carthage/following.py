"""What the browser may play for a person without asking (``Game.automatic_action``).

A decision with one legal action is played for the person. A person who asked to "pass until
something needs me" also lets go by the steps where they only follow another faction's
business: the floor between the proposal and the vote (no veto, no murder, no Seduction), a
persuasion attempt of someone else (no interference) and the auction of the initiative (no
bid). Everything else, a vote included, waits for the person.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage import senate_actions as SA

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

FOLLOWING_STEPS: Final = {
    "senate_floor": SA.PASS,
    "forum_interfere": F.PASS,
    "forum_auction": F.PASS,
}
"""The steps where a person only follows, and the action that lets play go on in each."""


def automatic_action(state: S, following: bool) -> int | None:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    passing = FOLLOWING_STEPS.get(state.stage)
    if following and passing in legal:
        return passing
    return None
