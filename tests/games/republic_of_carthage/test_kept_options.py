"""§6.5 proposals: the choices a move found for the next part of a human's proposal serve that
position's legal actions (``state.kept_options``, issue 29), and are exactly what working them
out afresh gives."""

from __future__ import annotations

import random

import pytest

from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage.senate import OTHER_STEP
from tests.games.republic_of_carthage.support import new, step


@pytest.mark.parametrize("players", [2, 3])
def test_s6_5_kept_proposal_choices_are_those_worked_out_afresh(players: int) -> None:
    served = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new(players, turn_limit=2)
        while not state.is_terminal():
            kept = state.kept_options
            if kept is not None and kept[0] == state._moves:
                assert state.stage == "senate_propose" and state.proposal
                afresh = P.options(state, state.proposal, other_business=state.sub == OTHER_STEP)
                assert kept[1] == afresh
                assert set(afresh) <= set(state.legal_actions())
                served += 1
            step(state, rng)
    assert served >= 5, served


def test_s6_5_a_clone_works_its_choices_out_itself() -> None:
    rng = random.Random(0)
    state = new(3, turn_limit=2)
    while state.kept_options is None:
        step(state, rng)
    copy = state.clone()
    assert copy.kept_options is None
    assert copy.legal_actions() == state.legal_actions()
    assert state.game.state_from_dict(state.to_dict()).kept_options is None  # type: ignore[attr-defined]
