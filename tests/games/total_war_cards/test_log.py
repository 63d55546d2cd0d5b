"""The log of a turn in full words: lines kept as facts and worded when read (log_text.py)
read exactly as written out, for every viewer, in snapshots and after a restore."""

from __future__ import annotations

from carthago.games.total_war_cards import actions as act

from .helpers import CARTHAGE, ROME, first, new_state, place, play_out_hands, setup, tech_card

WORDED_FROM_FACTS = [
    "Rome sets a resting card aside face down",
    "Dealt face up: Gaul Arverni",
    "Dealt face up: Iberia Emporion (1 ship)",
    "Dealt face up: Italia Roma (road 1)",
    "Rome places 1 against slot A",
    "Carthage places 3 on the tech tree",
    "Carthage develops Agricultura",
    "Carthage develops Scriptura",
    "Carthage places 4 against slot A",
    "Rome takes Gaul Arverni (Rome 22, Carthage 17)",
]


def test_log_lines_worded_from_facts_read_the_same_everywhere() -> None:
    state = setup(new_state(setup_picks=2))
    first(state, ROME)
    place(state, 1, 0)
    tech_card(state, 3, "Agricultura")
    state.apply_action(act.TECH + 1)  # Scriptura, with the 2 left
    play_out_hands(state)
    clone = state.clone()
    public = state.log(None)
    assert all(line in public for line in WORDED_FROM_FACTS)
    assert state.log(ROME) == state.log(CARTHAGE) == public
    assert clone.log(None) == public
    snapshot = state.to_dict()
    assert [text for text, _ in snapshot["log"]] == public
    assert state.game.state_from_dict(snapshot).log(None) == public
