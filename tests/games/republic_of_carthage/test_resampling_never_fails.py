"""Resampling never fails on a legal position (issue 22).

The recorded positions below once raised; each now resamples exactly (no fallback), and a
position exact resampling cannot serve within its budget gets a copy that agrees with all the
viewer has seen, never the truth.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import pytest

import carthago
from carthago.games.republic_of_carthage import hidden
from carthago.games.republic_of_carthage.hidden_fallback import COUNTS
from carthago.games.republic_of_carthage.state import RepublicOfCarthageState
from tests.benchmarks.scripts import load_script
from tests.games.republic_of_carthage.support import new, run_until

RECORDS = Path(__file__).parent / "records"


def _recorded(name: str) -> RepublicOfCarthageState:
    record = json.loads((RECORDS / name).read_text())
    state = carthago.load(record["game"], **record["options"]).replay(record["actions"])
    assert isinstance(state, RepublicOfCarthageState)
    return state


def _fits_view(state: RepublicOfCarthageState, copy: RepublicOfCarthageState, viewer: int) -> None:
    assert copy.observation(viewer) == state.observation(viewer)
    if state.current_player() == viewer:
        assert copy.legal_actions() == state.legal_actions()
    replayed = state.game.replay(copy.history())
    assert replayed.to_dict()["state"] == copy.to_dict()["state"]


def test_s6_3_7_cards_a_move_sells_as_it_returns_the_cards_are_restocked() -> None:
    """Random play at one player found no copy in 2,000 replays for any seed (issue 22): a
    move that sent the sold and discarded Trade cards back to their stacks (§6.3.7) had itself
    sold one (the Neutrals sell inside the move that ends the players' sales), and the viewer's
    facts counted only the cards waiting before it, so the known draws after it seemed to need
    more cards than the game holds (there, nine Ochre of eight). Re-recorded under rules version
    5 (the Neutrals' tax policy changed the game): here the move at entry 214 returned eleven
    cards, the Neutrals' sales inside that move among them."""
    state = _recorded("one_player_sale_returned_in_its_own_move.json")
    facts = hidden._public_facts(state, 0)
    assert sum(facts.restocked[214].values()) == 11
    for seed in range(3):
        copy = state.resample_from_infostate(0, random.Random(seed))
        _fits_view(state, copy, 0)


def test_a_card_played_while_building_an_offer_names_no_commodity() -> None:
    """Random play at six players: a faction building a trade offer played an Event, and the
    viewer's facts took the card play for the offer's named commodity (IndexError for every
    viewer but the builder)."""
    state = _recorded("six_players_card_played_while_building_an_offer.json")
    for viewer in range(6):
        copy = state.resample_from_infostate(viewer, random.Random(viewer))
        _fits_view(state, copy, viewer)


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    return load_script("carthage_resampling")


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_every_player_resamples_at_every_decision(
    harness: ModuleType, players: int, agent: str
) -> None:
    """A one-turn game played by ``agent`` seats, every player's view resampled before every
    decision: no exception, the same observation, the mover's legal actions unchanged."""
    result = harness.play_and_resample(players, seed=players, agent=agent, turns=1)
    assert result.resamples > 20 * players
    assert result.failures == []


def test_without_replays_the_fallback_redraws_what_the_viewer_cannot_see(
    monkeypatch: pytest.MonkeyPatch, allow_fallback: None
) -> None:
    """With no replay allowed, every resample of a random game takes the fallback, is
    counted, shows each viewer what the truth shows, and redraws the other human factions'
    Trade cards and the history entries of their draws (not always the truth)."""
    monkeypatch.setattr(hidden, "MAX_REPLAYS", 0)
    # An offer begun when every faction holds cards drawn unseen.
    state = run_until(
        new(3),
        lambda s: s.stage == "trade_offer_build" and min(map(len, s.trade_hands)) >= 2,
        0,
    )
    rng = random.Random(0)
    for viewer in range(3):
        other = (viewer + 1) % 3
        draws = sorted(hidden._public_facts(state, viewer).draws)
        hands, entries = [], []
        for _ in range(8):
            before = COUNTS.fallback
            copy = state.resample_from_infostate(viewer, rng)
            assert COUNTS.fallback == before + 1
            assert copy.observation(viewer) == state.observation(viewer)
            if state.current_player() == viewer:
                assert copy.legal_actions() == state.legal_actions()
            hands.append(sorted(c for c, _, _ in copy.trade_hands[other]))
            entries.append([copy.history()[index] for index in draws])
        truth = sorted(c for c, _, _ in state.trade_hands[other])
        assert any(hand != truth for hand in hands)
        assert any(entry != [state.history()[index] for index in draws] for entry in entries)


def test_the_fallback_redraws_an_open_offer_within_its_claim(
    monkeypatch: pytest.MonkeyPatch, allow_fallback: None
) -> None:
    """An offer another faction presented to the viewer: the fallback copies keep its claim
    (the viewer's observation) but not always its true contents."""
    from carthago.games.republic_of_carthage.trade import offer_sides

    monkeypatch.setattr(hidden, "MAX_REPLAYS", 0)
    state = run_until(
        new(3), lambda s: s.stage == "trade_offer_reply" and len(offer_sides(s.offer)[0]) >= 3, 3
    )
    viewer, truth = state.current_player(), sorted(offer_sides(state.offer)[0])
    rng = random.Random(0)
    contents = []
    for _ in range(8):
        copy = state.resample_from_infostate(viewer, rng)
        assert copy.observation(viewer) == state.observation(viewer)
        assert copy.legal_actions() == state.legal_actions()
        contents.append(sorted(offer_sides(copy.offer)[0]))
    assert any(cards != truth for cards in contents)
