"""Whether a player has been shown something that was hidden from them since a move.

Undo must not take a person back to a decision they could then make knowing more than they did
(a computer's face-down battle card, turned up since; a card dealt to the computer after the
decision and played since, which the replay would deal again). What is hidden from a player at
a position is exactly what ``resample_from_infostate`` may redraw there; so a later event showed
the player some of it when the player's observation after the same events differs between the
true position and a redrawn one. Any game is checked this way, through the contract alone, from
the move asked about and from every later position another player's move or chance made.

A redrawn position where a later event cannot happen at all (the computer played a card the
redraw gave it none of) counts as a reveal too. That errs on the safe side: a redraw can also
break an event the player never saw (a card another player drew), and then undo is refused
though nothing was shown, never the other way round. The redraws are seeded by the position, so
the answer for a position is always the same; a reveal is missed only when every redraw happens
to agree with the truth on what was shown, which the number of redraws makes unlikely.
"""

from __future__ import annotations

import random
from typing import Final

from carthago.core.errors import IllegalActionError
from carthago.core.state import CHANCE, JSONDict, State

REDRAWS: Final = 24
"""Redrawn positions compared against the truth, per position checked."""


def first_reveal(state: State, player: int, since: int, redraws: int = REDRAWS) -> int | None:
    """The first move after the first ``since`` actions that showed ``player`` something hidden
    from them then or at a later position, as a count of actions (``len(history())`` once it was
    applied); None if there is none.
    """
    history = state.history()
    if not 0 <= since <= len(history):
        raise ValueError(f"since must be between 0 and {len(history)}, got {since}")
    position = state.game.replay(history[:since])
    # Where something new can be hidden from the player: the start, and after each move of
    # another player or chance that the player could not tell from another one (a secret
    # choice, a card dealt face down).
    starts: dict[int, State] = {since: position.clone()}
    seen: list[JSONDict] = []
    for number in range(since, len(history)):
        before = position.clone() if position.current_player() != player else None
        position.apply_action(history[number])
        seen.append(position.observation(player))
        if before is not None and _unseen(before, history[number], player, position):
            starts[number + 1] = position.clone()
    first: int | None = None
    for start, then in starts.items():
        stop = len(history) if first is None else first - 1
        if start >= stop:
            break
        # Only a move before the earliest reveal found so far can be an earlier one.
        found = _shown_by(
            then, history[start:stop], player, seen[start - since : stop - since], redraws
        )
        if found is not None:
            first = start + found
    return first


def _unseen(before: State, action: int, player: int, after: State) -> bool:
    """Whether another move than ``action`` at ``before`` leaves ``player`` seeing ``after``."""
    mover = before.current_player()
    choices = (
        [outcome for outcome, _ in before.chance_outcomes()]
        if mover == CHANCE
        else before.legal_actions()
    )
    log = after.log(player)
    observed: JSONDict | None = None
    for other in choices:
        if other == action:
            continue
        instead = before.clone()
        instead.apply_action(other)
        # The log is cheap to read and tells most moves apart; the whole view settles the rest.
        if instead.log(player) != log:
            continue
        if observed is None:
            observed = after.observation(player)
        if instead.observation(player) == observed:
            return True
    return False


def _shown_by(
    then: State, later: list[int], player: int, seen: list[JSONDict], redraws: int
) -> int | None:
    """How many of the ``later`` moves it took to show ``player`` something hidden at ``then``
    (``seen``: the player's true observation after each), or None."""
    rng = random.Random(f"reveal:{player}:{len(then.history())}:{len(later)}")
    truth = then.to_dict()
    first: int | None = None
    for _ in range(redraws):
        other = then.resample_from_infostate(player, rng)
        if other.to_dict() == truth:
            continue  # the same position: nothing here can differ
        # Most redraws end the same as the truth: look at the end first, and move by move only
        # for a redraw that differs there (a shown part stays in the log, so it shows at the end).
        walked = other.clone()
        try:
            for action in later:
                walked.apply_action(action)
        except IllegalActionError:
            pass
        else:
            if walked.observation(player) == seen[-1]:
                continue
        earlier = later if first is None else later[: first - 1]
        for count, action in enumerate(earlier, start=1):
            try:
                other.apply_action(action)
            except IllegalActionError:
                first = count
                break
            if other.observation(player) != seen[count - 1]:
                first = count
                break
    return first
