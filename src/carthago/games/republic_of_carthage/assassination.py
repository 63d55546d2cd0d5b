"""Assassinations in the Senate (§6.5.9), and the optional rule of §8 (option
``assassination = "optional"``).

An attempt is made on the floor (senate.py's window before each vote): a faction names one of
its Senators in Carthage and a Senator in Carthage of another faction. Each faction attempts at
most once a turn and is the target of at most one attempt a turn (``state.attempts`` holds the
pairs). The attacker may add an Assassin card, the target's owner a Secret Bodyguard (each is
asked whether or not it holds one, so nobody learns who holds what).

``state.order`` holds the attempt under way: assassin, target, Assassin played, Bodyguard
played, then the dice rolled so far.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.mortality import kill
from carthago.games.republic_of_carthage.stages import Stage, stage
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DISCARD,
    HAND,
    N_PERSONS,
    describe_person,
)
from carthago.games.republic_of_carthage.table_events import roll_penalty

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

KILL_AT: Final = 5
CAUGHT_AT: Final = 2
"""Standard table: 5+ the target dies, 2 or less the assassin is caught."""
OPTIONAL_KILL_AT: Final = 5
OPTIONAL_CAUGHT_AT: Final = 3
"""§8: the colored die kills on 5-6, the white die catches on 1-3."""
CAUGHT_INFLUENCE: Final = 5
OPTIONAL_POPULARITY: Final = 1
PERSONS: Final = 35
"""Person slots in the attempt encoding (actions.N_PERSON_SLOTS)."""


def optional(state: S) -> bool:
    return str(state.rg.options.get("assassination", "standard")) == "optional"


def attempt(assassin: int, target: int) -> int:
    return SA.ASSASSINATE + assassin * PERSONS + target


def is_attempt(action: int) -> bool:
    return SA.ASSASSINATE <= action < SA.END


def decode(action: int) -> tuple[int, int]:
    assassin, target = divmod(action - SA.ASSASSINATE, PERSONS)
    return assassin, target


INTRIGUES: Final = tuple(
    (card, C.hand_cards[ref.id].effect) for card, ref in enumerate(CARDS) if ref.kind == "intrigue"
)
"""Every Intrigue card (by card index, ascending) with its effect: looked up once, not per call."""


def cards_in_hand(state: S, faction: int, effect: str) -> list[int]:
    """The faction's Intrigue cards with ``effect``; a play names the copy (by card index)."""
    hand = HAND + faction
    return [card for card, kind in INTRIGUES if kind == effect and state.card_loc[card] == hand]


def choices(state: S, faction: int) -> list[int]:
    """The attempts ``faction`` may make now."""
    attackers, targeted = state.attempts[0::2], state.attempts[1::2]
    if faction in attackers:
        return []
    mine = [p for p in range(N_PERSONS) if state.owner[p] == faction and state.ploc[p] == CARTHAGE]
    victims = [
        p
        for p in range(N_PERSONS)
        if state.ploc[p] == CARTHAGE
        and state.owner[p] >= 0
        and state.owner[p] != faction
        and state.owner[p] not in targeted
    ]
    return [attempt(a, t) for a in mine for t in victims]


def begin(state: S, action: int) -> None:
    """Start the attempt ``action`` (senate.after_assassination takes over once resolved)."""
    assassin, target = decode(action)
    faction = state.owner[assassin]
    state.attempts = [*state.attempts, faction, state.owner[target]]
    state.order = [assassin, target, 0, 0]
    state.note(f"{describe_person(assassin)} tries to murder {describe_person(target)}")
    state.stage = "senate_assassin_card"


def _card_apply(state: S, action: int) -> None:
    if action != SA.PASS:
        state.card_loc[action - SA.CARD] = DISCARD
        state.order[2] = 1
        state.note("An Assassin card is played")
    state.stage = "senate_bodyguard"


def _bodyguard_apply(state: S, action: int) -> None:
    if action != SA.PASS:
        state.card_loc[action - SA.CARD] = DISCARD
        state.order[3] = 1
        state.note("A Secret Bodyguard card is played")
    state.stage = "senate_assassin_roll"


def _card_legal(state: S, who: int, effect: str) -> list[int]:
    faction = state.owner[state.order[who]]
    return [SA.PASS, *[SA.CARD + card for card in cards_in_hand(state, faction, effect)]]


def _dice_needed(state: S) -> int:
    """Standard: one die, a second if a Bodyguard came; §8: colored, white, extra white."""
    return (1 if not optional(state) else 2) + state.order[3]


def _roll(state: S, roll: int) -> None:
    state.order.append(roll)
    if len(state.order) - 4 < _dice_needed(state):
        return
    _resolve(state)


def _resolve(state: S) -> None:
    from carthago.games.republic_of_carthage.senate import after_assassination

    assassin, target, card, guard = state.order[:4]
    dice = state.order[4:]
    omens = roll_penalty(state)
    bonus = card - guard - omens
    if omens:
        state.note(f"Evil Omens: the assassin's dice count {omens} less")
    if optional(state):
        killed = dice[0] + bonus >= OPTIONAL_KILL_AT
        caught = dice[1] + bonus <= OPTIONAL_CAUGHT_AT
        if guard:
            caught = caught or dice[2] + card <= OPTIONAL_CAUGHT_AT
    else:
        killed = dice[0] + bonus >= KILL_AT
        caught = dice[0] + bonus <= CAUGHT_AT
        if guard:
            caught = caught or dice[1] + card <= CAUGHT_AT
    state.note(f"Assassination dice {dice}: {'the target dies' if killed else 'the target lives'}")
    faction = state.owner[assassin]
    leader_assassin = state.faction_leader[faction] == assassin
    victim_popularity = max(0, state.pop[target])
    if killed:
        kill(state, target)
    if not caught:
        after_assassination(state, -1, 0)
        return
    state.note(f"{describe_person(assassin)} is caught and put to death")
    kill(state, assassin)
    if optional(state):
        for person in state.faction_persons(faction):
            state.inf[person] = max(0, state.inf[person] - CAUGHT_INFLUENCE)
            state.pop[person] -= OPTIONAL_POPULARITY
        state.note(
            f"Every Senator of {state.rg.faction_names[faction]} loses 5 Influence, 1 Popularity"
        )
        after_assassination(state, -1, 0)
        return
    if leader_assassin:
        # The Faction Leader died for it; whoever holds the marker now (the heir on his Family
        # card, or nobody) is a new man: no fine, no trial (the escape §8 describes).
        state.note("The assassin was the Faction Leader himself: no trial")
        after_assassination(state, -1, 0)
        return
    leader = state.faction_leader[faction]
    if leader < 0 or state.ploc[leader] != CARTHAGE:
        state.note("The Faction Leader is not in Carthage: no trial")
        after_assassination(state, -1, 0)
        return
    state.inf[leader] = max(0, state.inf[leader] - CAUGHT_INFLUENCE)
    state.note(f"{describe_person(leader)} loses 5 Influence and is put on trial")
    after_assassination(state, leader, victim_popularity)


stage(
    "senate_assassin_card",
    Stage(
        lambda s: s.owner[s.order[0]],
        _card_apply,
        lambda s, a: "no Assassin card" if a == SA.PASS else f"play Assassin (card {a - SA.CARD})",
        legal=lambda s: _card_legal(s, 0, "assassin"),
        neutral=lambda s: _card_legal(s, 0, "assassin")[-1],
    ),
)
stage(
    "senate_bodyguard",
    Stage(
        lambda s: s.owner[s.order[1]],
        _bodyguard_apply,
        lambda s, a: (
            "no Secret Bodyguard" if a == SA.PASS else f"play Secret Bodyguard (card {a - SA.CARD})"
        ),
        legal=lambda s: _card_legal(s, 1, "secret_bodyguard"),
        neutral=lambda s: _card_legal(s, 1, "secret_bodyguard")[-1],
    ),
)
stage(
    "senate_assassin_roll",
    Stage(
        lambda s: -1,
        _roll,
        lambda s, a: f"die {a}",
        outcomes=lambda s: [(face, 1 / 6) for face in range(1, 7)],
    ),
)
