"""The action space: the blocks of the phases never overlap."""

from __future__ import annotations

from carthago.games.republic_of_carthage import actions as A


def test_phase_blocks_follow_each_other_without_overlap() -> None:
    assert A.PART_ONE_END <= A.FORUM
    assert A.FORUM + A.FORUM_SIZE == A.SENATE
    assert A.SENATE + A.SENATE_SIZE == A.COMBAT
    assert A.COMBAT + A.COMBAT_SIZE == A.CARDS
    assert A.CARDS + A.CARDS_SIZE == A.NUM_ACTIONS
