"""The face-down battle card (punica-en.txt "Battle"): hidden from the other side until both
cards are down; the leak test and the resample test of the contract, Punica-specific."""

from __future__ import annotations

import json
import random

import carthago
from carthago.games.punica.actions import COMMIT as COMMIT_ACTION
from carthago.games.punica.cards import cards_in
from carthago.games.punica.components import CARDS, CARTHAGE, ROME
from carthago.games.punica.state import COMMIT, PunicaState
from tests.games.punica.position import do


def in_commit_window(roman_card: str) -> PunicaState:
    """From the real start (en): Carthage passes, Rome attacks Hispania from Gallia Cisalpina
    and puts ``roman_card`` face down; Carthage is to choose its card."""
    state = carthago.load("punica").new_initial_state()
    assert isinstance(state, PunicaState)
    do(state, "pass Numidae", "move army GCI-HIS", f"commit {roman_card}")
    assert state.phase == COMMIT and state.current_player() == CARTHAGE
    return state


def test_face_down_card_never_reaches_the_other_side() -> None:
    consul, fabius = in_commit_window("Consul"), in_commit_window("Fabius")
    for viewer in (CARTHAGE, None):
        assert consul.observation(viewer) == fabius.observation(viewer)
        text = json.dumps(consul.observation(viewer))
        assert "puts Consul" not in text and '"committed": "Consul"' not in text
        assert consul.observation(viewer)["players"][ROME]["hand"] is None
    assert consul.observation(ROME) != fabius.observation(ROME)


def test_face_down_card_edited_in_a_snapshot_is_not_seen() -> None:
    state = in_commit_window("Consul")
    snapshot = state.to_dict()
    consul = next(c.index for c in CARDS[ROME] if c.name == "Consul")
    scipio = next(c.index for c in CARDS[ROME] if c.name == "Scipio")
    snapshot["state"]["committed"][ROME] = scipio
    snapshot["state"]["hand"][ROME] = (snapshot["state"]["hand"][ROME] | 1 << consul) & ~(
        1 << scipio
    )
    for entry in snapshot["log"]:
        entry[1] = [[who, text.replace("Consul", "Scipio")] for who, text in entry[1]]
    edited = state.game.state_from_dict(snapshot)
    assert edited.observation(CARTHAGE) == state.observation(CARTHAGE)
    assert edited.observation(ROME)["players"][ROME]["committed"] == "Scipio"


def test_both_cards_revealed_together() -> None:
    state = in_commit_window("Consul")
    do(state, "commit Elephanti")  # its battle symbol keeps the battle open for its effect
    seen = state.observation(None)
    assert seen["battle"]["revealed"] == ["Consul", "Elephanti"]
    assert seen["players"][ROME]["committed"] is None
    assert "Consul" in seen["players"][ROME]["played"]
    assert any(
        "Cards revealed: Rome Consul, Carthage Elephanti" in line for line in state.log(None)
    )


def test_resample_redraws_the_face_down_card_and_its_history_entry() -> None:
    state = in_commit_window("Consul")
    pool = state.hand[ROME] | 1 << state.committed[ROME]
    drawn = set()
    rng = random.Random(0)
    for _ in range(60):
        copy = state.resample_from_infostate(CARTHAGE, rng)
        assert isinstance(copy, PunicaState)
        assert copy.observation(CARTHAGE) == state.observation(CARTHAGE)
        assert copy.legal_actions() == state.legal_actions()
        assert copy.hand[ROME] | 1 << copy.committed[ROME] == pool
        assert copy.history()[state.commit_index] == COMMIT_ACTION + copy.committed[ROME]
        replayed = state.game.replay(copy.history())
        assert replayed.to_dict()["state"] == copy.to_dict()["state"]
        drawn.add(copy.committed[ROME])
    assert drawn == set(cards_in(pool))


def test_resample_for_the_side_that_knows_changes_nothing() -> None:
    state = in_commit_window("Consul")
    copy = state.resample_from_infostate(ROME, random.Random(1))
    assert copy.to_dict()["state"] == state.to_dict()["state"]
    assert copy.history() == state.history()


def test_battle_face_down_card_hidden_while_the_names_in_hand_show() -> None:
    # punica-en.txt "Battle": the attacker's card is face down until both are down; the cards
    # it has not played are public all along (the deck minus the face-up cards), so the
    # defender and spectators see their names, never which one lies face down.
    state = in_commit_window("Consul")
    names = [c.name for c in CARDS[ROME]]
    for viewer in (CARTHAGE, None):
        rome = state.observation(viewer)["players"][ROME]
        assert rome["unplayed"] == names
        assert rome["hand"] is None and rome["committed"] == "face down"
    own = state.observation(ROME)["players"][ROME]
    assert own["committed"] == "Consul" and "Consul" not in own["hand"]
    assert own["unplayed"] == names
