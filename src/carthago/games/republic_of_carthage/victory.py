"""Victory Conditions (rules §7) checked when a turn is over, and the change of deck.

A revolt that beat the Senate (or that the Senate left unfought) and a Suffete for Life elected
this turn win only "if Carthage survives the turn": the checks run at the end of the turn,
after the Failure checks (bankruptcy in the Revenue Phase, four active or lost wars at the end
of the Combat Phase) had their chance to end the game for everyone.

The Early Republic deck runs out first: once the Revolution Phase of the turn that drew its
last card is over, the Late Republic cards become the deck (the combined-game note of the
rulebook says not to add them earlier) and the era changes. When the Late deck is exhausted the
game ends on Influence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carthago.games.republic_of_carthage.state import DECK, LATE_DECK, describe_person

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


def end_of_turn(state: S) -> bool:
    """Apply §7 at the end of a turn; True when the game ended."""
    from carthago.games.republic_of_carthage.phases import end_game, influence_winners

    if state.rebels and state.revolt_won:
        state.note(f"{describe_person(state.rebels[1])} marches on Carthage and wins")
        end_game(state, "a successful revolt", [state.rebels[0]])
        return True
    ruler = state.life_suffete
    alive = ruler >= 0 and state.in_play(ruler) and state.owner[ruler] >= 0
    if alive and state.life_turn == state.turn:
        state.note(f"{describe_person(ruler)} survives the turn as Suffete for Life")
        end_game(state, "Suffete for Life", [state.owner[ruler]])
        return True
    if not any(loc == DECK for loc in state.card_loc):
        if state.era == 2 or not any(loc == LATE_DECK for loc in state.card_loc):
            end_game(state, "the deck is exhausted", influence_winners(state))
            return True
        for card, loc in enumerate(state.card_loc):
            if loc == LATE_DECK:
                state.card_loc[card] = DECK
        state.era = 2
        state.note("The Early Republic deck is exhausted: the Late Republic begins")
    return False
