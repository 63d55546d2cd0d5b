"""core.reveals: what a player has been shown since a move, found through the contract alone."""

from __future__ import annotations

import pytest

import carthago
from carthago.core.reveals import first_reveal

GUESSER, KEEPER = 0, 1


def guessing_after(actions: list[int]) -> carthago.core.state.State:
    return carthago.load("guessing", rounds=2).replay(actions)


def test_a_guess_turns_up_the_card_the_guesser_could_not_see() -> None:
    # deal 2 (hidden from Guesser), stake 1, guess 0: the guess's log names the card.
    state = guessing_after([2, 0, 0])
    assert first_reveal(state, GUESSER, since=2) == 3
    # Looked at from before the deal: the card was dealt face down after that move and shown
    # since, and a replay from there would deal it again, so it counts as well.
    assert first_reveal(state, GUESSER, since=0) == 3
    # Nothing hidden has been shown yet right after the deal.
    assert first_reveal(guessing_after([2, 0]), GUESSER, since=0) is None


def test_nothing_hidden_from_the_keeper_is_shown_by_the_guess() -> None:
    state = guessing_after([2, 0, 0, 1])  # and the next round's deal, which Keeper sees
    assert first_reveal(state, KEEPER, since=1) is None


def test_a_game_without_hidden_parts_reveals_nothing() -> None:
    state = carthago.load("nim").new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert first_reveal(state, 0, since=0) is None


def test_since_must_lie_in_the_history() -> None:
    with pytest.raises(ValueError, match="since must be between 0 and 3"):
        first_reveal(guessing_after([2, 0, 0]), GUESSER, since=4)
