"""Persuade a Senator (rules §6.4.2.2), the second step of an initiative.

The faction taking the initiative names a target (an unaligned Senator face up in the Forum, or
another faction's Senator in Carthage who is not its Faction Leader) and one of its Senators in
Carthage as persuader. The Persuasion Number is the persuader's Oratory plus Influence, minus
the target's Loyalty (0 against a Statesman whose card says so) and the talents on his card,
minus 7 more if he belongs to a faction. The persuader may add talents from his own card, then
every other faction, from the persuader's left round the table, may spend from its Faction
Treasury to move the number up or down; all these talents go onto the target's card. Then the
persuader resolves or adds more for another round (at most ``MAX_ROUNDS`` rounds in all, the
bound that keeps a game finite). To resolve, 2d6: at most the number succeeds, 11 and 12 always
fail; the target joins with his cards and markers. Every amount is announced to the table.

``state.ctx`` during an attempt: [target, persuader, modifier, round, next interferer, base].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import forum_actions as F
from carthago.games.republic_of_carthage.card_play import after_failed_persuasion
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.offices import clockwise
from carthago.games.republic_of_carthage.stages import AUTO, Stage, dice_outcomes, stage
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    FORUM,
    IN_PLAY,
    N_PERSONS,
    OUT,
    describe_person,
    family_of,
    stat,
)
from carthago.games.republic_of_carthage.table_events import persuasion_penalty

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

OPPONENT_PENALTY: Final = 7
ALWAYS_FAILS: Final = 11
"""2d6 results of 11 and 12 always fail (§6.4.2.2 step 7)."""
MAX_ROUNDS: Final = 3
"""Rounds of talents and interference in one attempt (the rules set no limit; docs)."""
NEXT_STEP: Final = "forum_trader"
TARGET: Final = 0
PERSUADER: Final = 1
MODIFIER: Final = 2
ROUND: Final = 3
TURN: Final = 4
BASE: Final = 5


def targets(state: S, faction: int) -> list[int]:
    """Whom ``faction`` may try to persuade (§6.4.2.2 step 1)."""
    found = []
    for person in range(N_PERSONS):
        owner = state.owner[person]
        if owner < 0:
            if state.card_loc[person] == FORUM and state.ploc[person] == OUT:
                found.append(person)
        elif (
            owner != faction
            and state.ploc[person] == CARTHAGE
            and state.faction_leader[owner] != person
        ):
            found.append(person)
    return found


def persuaders(state: S, faction: int) -> list[int]:
    """The faction's Senators who may persuade: those in Carthage (their talents are free)."""
    return [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]


def loyalty(persuader: int, target: int) -> int:
    """The target's Loyalty, 0 when the persuader is a Statesman whose card names the target's
    family (``zero_loyalty_of``, e.g. Hannibal Mago's "Himilco Loyalty: 0")."""
    card = CARDS[persuader]
    if card.kind == "statesman" and family_of(target) in C.statesmen[card.id].zero_loyalty_of:
        return 0
    return stat(target, "loy")


def persuasion_number(state: S, persuader: int, target: int) -> int:
    """The Persuasion Number before any talents are added (§6.4.2.2 step 3)."""
    number = stat(persuader, "ora") + state.inf[persuader]
    number -= loyalty(persuader, target) + state.talents[target]
    if state.owner[target] >= 0:
        number -= OPPONENT_PENALTY
    return number


def current_number(state: S) -> int:
    return state.ctx[BASE] + state.ctx[MODIFIER]


def succeeds(roll: int, number: int, penalty: int = 0) -> bool:
    """Whether a 2d6 ``roll`` persuades (Evil Omens adds ``penalty`` to the roll).

    >>> succeeds(6, 6), succeeds(7, 6), succeeds(11, 15), succeeds(6, 6, 1)
    (True, False, False, False)
    """
    return roll < ALWAYS_FAILS and roll + penalty <= number


def policy(name: str) -> Callable[[S], int]:
    """The Neutral decision ``forum_policy.<name>`` (imported late: it builds on this module)."""

    def decide(state: S) -> int:
        from carthago.games.republic_of_carthage import forum_policy

        chosen: Callable[[S], int] = getattr(forum_policy, name)
        return chosen(state)

    return decide


# -- choosing the target and the persuader ------------------------------------------------------


def _target_actor(state: S) -> int:
    faction = state.initiative
    if targets(state, faction) and persuaders(state, faction):
        return faction
    return AUTO


def _target_apply(state: S, action: int) -> None:
    if action in (-1, F.PASS):
        state.ctx = []
        state.stage = NEXT_STEP
        return
    state.ctx = [action - F.TARGET]
    state.stage = "forum_persuader"


def _target_text(state: S, action: int) -> str:
    if action == F.PASS:
        return "persuade nobody"
    return f"persuade {describe_person(action - F.TARGET)}"


def _persuader_apply(state: S, action: int) -> None:
    target, persuader = state.ctx[0], action - F.PERSUADER
    base = persuasion_number(state, persuader, target)
    state.ctx = [target, persuader, 0, 0, 0, base]
    state.note(
        f"{describe_person(persuader)} of {state.rg.faction_names[state.initiative]} tries to "
        f"persuade {describe_person(target)}: Persuasion Number {base}"
    )
    state.stage = "forum_bribe"


# -- the persuader's talents ----------------------------------------------------------------------


def _bribe_legal(state: S) -> list[int]:
    first = state.ctx[ROUND] == 0
    legal = [F.PASS if first else F.RESOLVE]
    if state.ctx[ROUND] < MAX_ROUNDS:
        legal += [F.BRIBE + i for i in A.amount_choices(state.talents[state.ctx[PERSUADER]])]
    return sorted(legal)


def _bribe_apply(state: S, action: int) -> None:
    if action == F.RESOLVE:
        state.stage = "forum_persuade_roll"
        return
    persuader, target = state.ctx[PERSUADER], state.ctx[TARGET]
    if action != F.PASS:
        amount = A.amount(action - F.BRIBE, state.talents[persuader])
        state.talents[persuader] -= amount
        state.talents[target] += amount
        state.ctx[MODIFIER] += amount
        state.note(
            f"{describe_person(persuader)} puts {amount}T on {describe_person(target)}: "
            f"Persuasion Number {current_number(state)}"
        )
    state.ctx[TURN] = 0
    state.stage = "forum_interfere"


def _bribe_text(state: S, action: int) -> str:
    if action == F.PASS:
        return "add no talents"
    if action == F.RESOLVE:
        return "resolve"
    return f"add {A.amount_text(action - F.BRIBE)}"


# -- interference --------------------------------------------------------------------------------


def interferers(state: S) -> list[int]:
    """Every other faction, from the persuader's left round the table (§6.4.2.2 step 5)."""
    return clockwise(state, state.initiative)[1:]


def _interfere_actor(state: S) -> int:
    others = interferers(state)
    return others[state.ctx[TURN]] if state.ctx[TURN] < len(others) else AUTO


def _interfere_legal(state: S) -> list[int]:
    treasury = state.faction_treasury[_interfere_actor(state)]
    choices = A.amount_choices(treasury)
    return (
        [F.PASS]
        + [F.interfere(True, i) for i in choices]
        + [F.interfere(False, i) for i in choices]
    )


def _interfere_apply(state: S, action: int) -> None:
    others = interferers(state)
    if state.ctx[TURN] >= len(others):
        state.ctx[ROUND] += 1
        state.stage = "forum_bribe"
        return
    faction = others[state.ctx[TURN]]
    state.ctx[TURN] += 1
    if action == F.PASS:
        return
    up, index = F.decode_interfere(action)
    amount = A.amount(index, state.faction_treasury[faction])
    state.faction_treasury[faction] -= amount
    state.talents[state.ctx[TARGET]] += amount
    state.ctx[MODIFIER] += amount if up else -amount
    state.note(
        f"{state.rg.faction_names[faction]} spends {amount}T to "
        f"{'raise' if up else 'lower'} the Persuasion Number to {current_number(state)}"
    )


def _interfere_text(state: S, action: int) -> str:
    if action == F.PASS:
        return "do not interfere"
    up, index = F.decode_interfere(action)
    return f"{'raise' if up else 'lower'} by {A.amount_text(index)}"


# -- resolution ----------------------------------------------------------------------------------


def join(state: S, person: int, faction: int) -> None:
    """``person`` joins ``faction`` with his cards and markers (and a Family card he covers)."""
    if state.owner[person] < 0:
        state.card_loc[person] = IN_PLAY
        state.ploc[person] = CARTHAGE
    state.owner[person] = faction
    covered = state.under[person]
    if covered >= 0:
        state.owner[covered] = faction


def settle(state: S, roll: int, persuader: int, target: int, number: int, resume: str) -> None:
    """Resolve a persuasion roll of ``persuader``'s faction against ``number``: the target joins
    it, or the attempt fails and the Blackmail window opens; then stage ``resume``. Shared by the
    Forum's initiative and the Senate's Seduction card (senate_intrigues.py)."""
    faction = state.owner[persuader]
    penalty = persuasion_penalty(state)
    omen = f" (+{penalty} Evil Omens)" if penalty else ""
    if succeeds(roll, number, penalty):
        join(state, target, faction)
        state.note(
            f"Persuasion roll {roll}{omen} against {number}: {describe_person(target)} joins "
            f"{state.rg.faction_names[faction]}"
        )
        state.stage = resume
        return
    state.note(f"Persuasion roll {roll}{omen} against {number}: the attempt fails")
    after_failed_persuasion(state, persuader, target, resume)


def _roll(state: S, roll: int) -> None:
    target, persuader, number = state.ctx[TARGET], state.ctx[PERSUADER], current_number(state)
    state.ctx = []
    settle(state, roll, persuader, target, number, NEXT_STEP)


stage(
    "forum_persuade",
    Stage(
        _target_actor,
        _target_apply,
        _target_text,
        legal=lambda s: [F.PASS] + [F.TARGET + p for p in targets(s, s.initiative)],
        neutral=policy("persuade_target"),
    ),
)
stage(
    "forum_persuader",
    Stage(
        lambda s: s.initiative,
        _persuader_apply,
        lambda s, a: f"by {describe_person(a - F.PERSUADER)}",
        legal=lambda s: [F.PERSUADER + p for p in persuaders(s, s.initiative)],
        neutral=policy("persuader"),
    ),
)
stage(
    "forum_bribe",
    Stage(
        lambda s: s.initiative,
        _bribe_apply,
        _bribe_text,
        legal=_bribe_legal,
        neutral=policy("bribe"),
    ),
)
stage(
    "forum_interfere",
    Stage(
        _interfere_actor,
        _interfere_apply,
        _interfere_text,
        legal=_interfere_legal,
        neutral=policy("interfere"),
    ),
)
stage(
    "forum_persuade_roll",
    Stage(
        lambda s: -1,
        _roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(2),
    ),
)
