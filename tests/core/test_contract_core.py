"""The core pieces the contract rests on: registry, options, states, log, agent specs."""

from __future__ import annotations

import random

import pytest

import carthago
from carthago.agents import choose_action, make_agent
from carthago.agents.base import Agent
from carthago.core.errors import InvalidAgentSpecError
from carthago.core.log import LogEntry, log_for
from carthago.core.state import State


def test_load_validates_game_and_options() -> None:
    with pytest.raises(carthago.UnknownGameError, match="no game 'chess'"):
        carthago.load("chess")
    with pytest.raises(carthago.InvalidOptionError, match="has no option 'size'"):
        carthago.load("guessing", size=3)
    with pytest.raises(carthago.InvalidOptionError, match="at least 1"):
        carthago.load("guessing", rounds=0)
    assert carthago.load("guessing", rounds="2").options == {"rounds": 2}


def test_games_lists_registered_ids_and_is_callable_from_the_package() -> None:
    assert "guessing" in carthago.games()
    assert carthago.games() == sorted(carthago.games())


def test_illegal_action_message_names_the_move_and_the_player() -> None:
    state = carthago.load("guessing").new_initial_state()
    state.apply_action(1)
    with pytest.raises(carthago.IllegalActionError, match=r"action 2 .* not legal for Keeper"):
        state.apply_action(2)
    with pytest.raises(carthago.IllegalActionError, match="integer"):
        state.apply_action("stake 1")  # type: ignore[arg-type]


def test_an_action_may_be_a_numpy_integer_compiled_or_not() -> None:
    numpy = pytest.importorskip("numpy")
    state = carthago.load("guessing").new_initial_state()
    state.apply_action(numpy.int64(1))
    assert state.history() == [1]
    assert type(state.history()[0]) is int


def test_chance_outcome_outside_the_event_is_refused() -> None:
    state = carthago.load("guessing").new_initial_state()
    with pytest.raises(carthago.IllegalActionError, match="not a possible outcome"):
        state.apply_action(5)
    assert state.history() == []


def test_observation_rejects_a_seat_that_does_not_exist() -> None:
    state = carthago.load("guessing").new_initial_state()
    with pytest.raises(ValueError, match=r"player must be None or 0\.\.1"):
        state.observation(2)


def test_log_shows_each_viewer_its_own_text() -> None:
    entries = [LogEntry("a card is dealt", ((1, "you are dealt 2"),)), LogEntry(None, ((0, "x"),))]
    assert log_for(entries, None) == ["a card is dealt"]
    assert log_for(entries, 0) == ["a card is dealt", "x"]
    assert log_for(entries, 1) == ["you are dealt 2"]


def test_log_entry_worded_from_facts_reads_as_its_text_and_words_it_once() -> None:
    calls: list[tuple[int, ...]] = []

    def wording(facts: tuple[int, ...]) -> str:
        calls.append(facts)
        return f"player {facts[0]} places {facts[1]}"

    entry = LogEntry(None, (), wording, (1, 4))
    assert calls == []
    assert log_for([entry], None) == ["player 1 places 4"]
    assert entry.text_for(0) == entry.public == "player 1 places 4"
    assert calls == [(1, 4)]


def test_resampled_state_carries_no_private_log_of_others() -> None:
    state = carthago.load("guessing").new_initial_state()
    state.apply_action(2)
    resampled = state.resample_from_infostate(0, random.Random(0))
    assert all("dealt card" not in text for text in resampled.log(1))


def test_state_from_dict_rejects_snapshots_of_other_games_and_options() -> None:
    state = carthago.load("guessing").new_initial_state()
    snapshot = state.to_dict()
    with pytest.raises(carthago.InvalidStateError, match="options"):
        carthago.load("guessing", rounds=5).state_from_dict(snapshot)
    with pytest.raises(carthago.InvalidStateError, match="not a guessing state snapshot"):
        carthago.load("guessing").state_from_dict({**snapshot, "log": 5})


def test_repr_is_readable() -> None:
    game = carthago.load("guessing", rounds=2)
    assert repr(game) == "<GuessingGame guessing(rounds=2)>"
    assert repr(game.new_initial_state()) == "<GuessingState guessing move=0 to_move=chance>"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "has no agent name"),
        ("random:x", "not of the form key=value"),
        ("random:depth=3", "has no parameter 'depth'"),
        ("human", "seat for a person"),
    ],
)
def test_bad_agent_specs_are_refused_with_a_reason(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=message):
        make_agent(spec)


class PeekingAgent(Agent):
    """Guesses the card it finds in the state it is given: right only if it saw the truth."""

    def step(self, state: State) -> int:
        card = state.to_dict()["state"]["card"]
        assert isinstance(card, int)
        return card


def test_choose_action_gives_agents_no_way_to_peek() -> None:
    game = carthago.load("guessing", rounds=50)
    rng = random.Random(0)
    agent = PeekingAgent(seed=12345)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == carthago.CHANCE:
            state.apply_action(rng.randrange(3))
        elif state.current_player() == 1:
            state.apply_action(0)
        else:
            state.apply_action(choose_action(agent, state))
    # With the truth it would be right 50 times; resampled, about a third of the time.
    correct = state.to_dict()["state"]["correct"]
    assert 5 <= correct <= 30


def test_clones_share_history_and_log_yet_go_on_apart() -> None:
    # A clone shares its parent's history and log lists (issue 29): the first to go on appends
    # in place, the others must not see that move.
    state = carthago.load("nim", pile=10).new_initial_state()
    state.apply_action(0)
    first, second = state.clone(), state.clone()
    first.apply_action(2)
    second.apply_action(1)
    state.apply_action(0)
    assert (state.history(), first.history(), second.history()) == ([0, 0], [0, 2], [0, 1])
    assert state.log(None)[-1] == "Second takes 1"
    assert first.log(None)[-1] == "Second takes 3"
    assert second.log(None)[-1] == "Second takes 2"
    assert [s.to_dict()["history"] for s in (state, first, second)] == [[0, 0], [0, 2], [0, 1]]
    assert [len(s.to_dict()["log"]) for s in (state, first, second)] == [2, 2, 2]
    assert second.observation(None)["move_number"] == 2


def test_a_rewritten_history_entry_stays_in_its_own_copy() -> None:
    state = carthago.load("nim", pile=10).new_initial_state()
    for action in (0, 1, 2):
        state.apply_action(action)
    before, redrawn = state.clone(), state.clone()
    redrawn._rewrite_history(1, 0)
    after = redrawn.clone()
    redrawn._rewrite_history(2, 0)
    assert state.history() == before.history() == [0, 1, 2]
    assert (after.history(), redrawn.history()) == ([0, 0, 2], [0, 0, 0])
