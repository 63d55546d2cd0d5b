"""What the Forum Phase adds to every observation: all of it is open to the whole table.

Table Events on the board, Enemy Leaders and Explorations in play, the initiative under way, a
persuasion attempt (target, persuader, Persuasion Number: every amount added is announced), an
auction's best bid, and the last vote tally. Cards drawn to a hand show only in the hand's size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.state import (
    CARDS,
    IN_PLAY,
    LEADER_STATUS_NAMES,
    LEADERS,
    TABLE_EVENTS,
    describe_person,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

PERSUASION_STAGES: Final = ("forum_bribe", "forum_interfere", "forum_persuade_roll")


def _persuasion(state: S) -> dict[str, Any] | None:
    if state.stage not in PERSUASION_STAGES or len(state.ctx) < 6:
        return None
    target, persuader, modifier, rounds, _, base = state.ctx[:6]
    return {
        "target": describe_person(target),
        "persuader": describe_person(persuader),
        "number": base + modifier,
        "round": rounds + 1,
    }


def forum_view(state: S) -> dict[str, Any]:
    names = state.rg.faction_names
    auction = None
    if state.stage == "forum_auction" and len(state.ctx) == 2 and state.ctx[1] >= 0:
        auction = {"bid": state.ctx[0], "bidder": describe_person(state.ctx[1])}
    return {
        "table_events": [
            {"event": event.name, "upside_down": state.table_event[i] == 2}
            for i, event in enumerate(TABLE_EVENTS)
            if state.table_event[i]
        ],
        "enemy_leaders": [
            {"leader": leader.name, "status": LEADER_STATUS_NAMES[state.leader_status[i]]}
            for i, leader in enumerate(LEADERS)
            if state.leader_status[i]
        ],
        "explorations": [
            C.explorations[card.id].name
            for i, card in enumerate(CARDS)
            if card.kind == "exploration" and state.card_loc[i] == IN_PLAY
        ],
        "initiative": names[state.initiative] if state.initiative >= 0 else None,
        "initiatives_taken": state.initiatives,
        "persuasion": _persuasion(state),
        "auction": auction,
        "votes": {names[f]: state.votes[f] for f in range(state.rg.num_factions)},
    }
