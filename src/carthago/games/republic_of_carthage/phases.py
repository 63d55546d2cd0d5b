"""The sequence of play (rules §5) and the engine loop that runs the stages.

After every action the engine carries out stages that need nobody (AUTO) and the decisions of
Neutral factions, so a state always rests on a human decision, a chance node or the end.

The phases after the Trade Phase follow ``stages.PHASES_AFTER_TRADE``: each ends by calling
``stages.next_phase``, and one not built yet is noted in the log as skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import (  # noqa: F401
    card_play,
    exploration,
    forum,
    forum_policy,
    mortality,
    revenue,
    revolution,
    senate,
    setup,
    trade,
    victory,
    war,
)
from carthago.games.republic_of_carthage.stages import AUTO, STAGES, Stage, auto

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

FALL_LIMIT: Final = 4
"""Four active or four lost wars at the end of the Combat Phase end the Republic (§7)."""


def _stage(state: S) -> Stage:
    return STAGES[state.stage]


def advance(state: S) -> None:
    """Carry out automatic stages and Neutral decisions until a human or chance must act."""
    while not state.ended:
        definition = _stage(state)
        who = definition.actor(state)
        if who == AUTO:
            definition.apply(state, -1)
        elif who >= 0 and not state.human(who):
            card = card_play.neutral_play(state, who)
            if card >= 0:
                card_play.play(state, card, who)
            else:
                definition.apply(state, definition.neutral(state))
        else:
            return


def legal(state: S) -> list[int]:
    """The stage's actions, plus the Event and Intrigue cards its actor may play now (every
    other block lies below ``actions.CARDS``, so the list stays sorted)."""
    definition = _stage(state)
    return definition.legal(state) + card_play.playable_actions(state, definition.actor(state))


def outcomes(state: S) -> list[tuple[int, float]]:
    return _stage(state).outcomes(state)


def apply(state: S, action: int) -> None:
    if card_play.PLAY <= action < card_play.PASS and not state.stage.startswith("cards_"):
        card_play.play(state, action, _stage(state).actor(state))
    else:
        _stage(state).apply(state, action)
    advance(state)


def describe(state: S, action: int) -> str:
    if action >= card_play.PLAY:
        return card_play.describe(state, action)
    return _stage(state).describe(state, action)


def end_game(state: S, reason: str, winners: list[int]) -> None:
    """End the game: ``winners`` are factions (empty when every player loses)."""
    state.ended = reason
    state.winners = winners
    names = state.rg.faction_names
    if winners:
        state.note(f"The game ends ({reason}): {', '.join(names[f] for f in winners)} win(s)")
    else:
        state.note(f"The game ends ({reason}): Carthage falls and every player loses")


def faction_influence(state: S, faction: int) -> int:
    return sum(state.inf[p] for p in state.faction_persons(faction))


def influence_winners(state: S) -> list[int]:
    """§7 Influence: the faction(s) with the most combined Influence (ties share the win)."""
    totals = [faction_influence(state, f) for f in range(state.rg.num_factions)]
    best = max(totals)
    return [f for f, total in enumerate(totals) if total == best]


def _rest_of_turn(state: S) -> None:
    if victory.end_of_turn(state):
        return
    if state.turn >= state.rg.turn_limit:
        end_game(state, f"turn limit {state.rg.turn_limit}", influence_winners(state))
        return
    for faction in range(state.rg.num_factions):
        state.offered[faction] = 0
        state.sold_kinds[faction] = 0
        state.sold_cards[faction] = 0
    state.turn += 1
    state.stage = "turn_start"


auto("turn_rest", _rest_of_turn)
