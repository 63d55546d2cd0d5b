"""The contract of DESIGN.md, checked once for every registered game and each of its variants.

Random playouts drive every check; each is small enough to run for every game in CI.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from _pytest.mark import ParameterSet

import carthago
from carthago.compiled import running_compiled
from carthago.core.chance import sample_chance_outcome
from carthago.core.registry import game_class
from carthago.core.state import State

PLAYOUT_SEEDS = range(12)


def _variants() -> Iterator[ParameterSet]:
    """Every game with each of its variants; those after a game's first are marked
    ``more_variants``, which the interpreted pass of ``make test`` leaves to the compiled one
    (where tests/core/test_compiled.py also plays every variant on both builds)."""
    for game_id in carthago.games():
        for number, options in enumerate(game_class(game_id).VARIANTS):
            name = "-".join(f"{k}={v}" for k, v in options.items()) or "default"
            marks = [pytest.mark.more_variants] if number else []
            yield pytest.param((game_id, dict(options)), marks=marks, id=f"{game_id}-{name}")


VARIANTS = list(_variants())


def random_step(state: State, rng: random.Random) -> int:
    if state.current_player() == carthago.CHANCE:
        return sample_chance_outcome(state, rng)
    return rng.choice(state.legal_actions())


def playout(game: carthago.Game, seed: int) -> Iterator[State]:
    """Every state of one random game, the terminal one last."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        state.apply_action(random_step(state, rng))
        yield state


@pytest.fixture(params=VARIANTS)
def game(request: pytest.FixtureRequest) -> carthago.Game:
    game_id, options = request.param
    return carthago.load(game_id, **options)


def test_random_playouts_end_with_valid_returns(game: carthago.Game) -> None:
    for seed in PLAYOUT_SEEDS:
        length = 0
        for state in playout(game, seed):
            length += 1
            player = state.current_player()
            assert (
                player == carthago.TERMINAL
                or player == carthago.CHANCE
                or (0 <= player < game.num_players)
            )
            if player >= 0:
                legal = state.legal_actions()
                assert legal, "a player to move must have a legal action"
                assert legal == sorted(set(legal))
                assert all(0 <= a < game.num_distinct_actions for a in legal)
            elif player == carthago.CHANCE:
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                assert all(0 <= a < game.max_chance_outcomes for a, _ in outcomes)
                assert state.legal_actions() == []
        assert state.is_terminal()
        assert length - 1 <= game.max_game_length
        returns = state.returns()
        assert len(returns) == game.num_players
        assert all(-1.0 <= r <= 1.0 for r in returns)


def test_same_seed_same_history(game: carthago.Game) -> None:
    def final(seed: int) -> State:
        *_, last = playout(game, seed)
        return last

    assert final(5).history() == final(5).history()
    assert final(5).to_dict() == final(5).to_dict()


def test_replay_reaches_the_identical_state(game: carthago.Game) -> None:
    for seed in PLAYOUT_SEEDS[:4]:
        *_, last = playout(game, seed)
        replayed = game.replay(last.history())
        assert replayed.to_dict() == last.to_dict()
        assert replayed.returns() == last.returns()


@pytest.mark.parametrize("goes_on", ["clone", "original"])
def test_clone_is_independent(game: carthago.Game, goes_on: str) -> None:
    # A clone may share its parent's containers until either changes one (issue 29): whichever
    # of the two goes on first must copy its own, not change the other's.
    rng = random.Random(1 if goes_on == "clone" else 2)
    for state in playout(game, 1):
        if state.is_terminal() or rng.random() > 0.2:
            continue
        original = state.clone()
        copy = original.clone()
        kept, moving = (original, copy) if goes_on == "clone" else (copy, original)
        before = kept.to_dict()
        assert moving.to_dict() == before
        while not moving.is_terminal():
            moving.apply_action(random_step(moving, rng))
        assert kept.to_dict() == before


def test_notation_round_trips_and_is_unique(game: carthago.Game) -> None:
    for seed in PLAYOUT_SEEDS[:4]:
        for state in playout(game, seed):
            if state.is_terminal():
                continue
            if state.current_player() == carthago.CHANCE:
                actions = [a for a, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            texts = [state.action_to_string(a) for a in actions]
            assert len(set(t.casefold() for t in texts)) == len(texts), texts
            for action, text in zip(actions, texts, strict=True):
                assert state.string_to_action(text) == action


def test_illegal_action_raises_and_leaves_state_unchanged(game: carthago.Game) -> None:
    checked = 0
    for state in playout(game, 2):
        if state.current_player() < 0:
            continue
        illegal = sorted(set(range(game.num_distinct_actions)) - set(state.legal_actions()))
        before = state.to_dict()
        for action in [*illegal[:3], -1, game.num_distinct_actions]:
            with pytest.raises(carthago.IllegalActionError) as error:
                state.apply_action(action)
            assert str(error.value)
            assert state.to_dict() == before
            checked += 1
        with pytest.raises(carthago.IllegalActionError):
            state.string_to_action("no such move at all")
    assert checked
    terminal = state
    with pytest.raises(carthago.IllegalActionError, match="over"):
        terminal.apply_action(0)


RESAMPLES_PER_PLAYOUT = 300 if running_compiled() else 100
"""The interpreted pass of ``make test`` checks the same source at a third of the positions (its
resamples of The Republic of Carthage took two and a half of the suite's 20 minutes); the compiled
pass, which every other test shares, checks them all."""


def resample_checkpoints(game: carthago.Game, seed: int) -> set[int]:
    """The positions of one playout at which every player's resampling is checked.

    Every position while the playout is short; in a long one, evenly spaced positions (fewer
    the more players resample at each), starting at an offset that depends on the seed, plus
    the terminal. Each check resamples and replays a whole history, so checking every position
    of a game of a thousand moves costs minutes; the spacing keeps every phase of a long game
    covered over the seeds.
    """
    length = sum(1 for _ in playout(game, seed))
    positions = max(1, RESAMPLES_PER_PLAYOUT // game.num_players)
    stride = -(-length // positions)
    return {*range(seed % stride, length, stride), length - 1}


def test_resample_keeps_what_the_player_knows(game: carthago.Game) -> None:
    rng = random.Random(3)
    for seed in PLAYOUT_SEEDS[:4]:
        checkpoints = resample_checkpoints(game, seed)
        for position, state in enumerate(playout(game, seed)):
            if position not in checkpoints:
                continue
            for player in range(game.num_players):
                resampled = state.resample_from_infostate(player, rng)
                assert resampled.observation(player) == state.observation(player)
                if state.current_player() == player:
                    assert resampled.legal_actions() == state.legal_actions()
                # Nothing of the truth may hide in the copy: it is what its history makes.
                replayed = game.replay(resampled.history())
                assert replayed.to_dict()["state"] == resampled.to_dict()["state"]
                # Whoever is to move, the copy's moves are its own (a stale list would be true).
                assert resampled.legal_actions() == replayed.legal_actions()


def test_observations_serialise_to_json(game: carthago.Game) -> None:
    for state in playout(game, 4):
        for viewer in [None, *range(game.num_players)]:
            observation = state.observation(viewer)
            assert json.loads(json.dumps(observation)) == observation
            assert isinstance(observation["log"], list)
            assert isinstance(state.render(viewer), str)


def test_snapshot_round_trips(game: carthago.Game) -> None:
    for state in playout(game, 6):
        snapshot = json.loads(json.dumps(state.to_dict()))
        restored = game.state_from_dict(snapshot)
        assert restored.to_dict() == state.to_dict()
        assert restored.legal_actions() == state.legal_actions()
        assert restored.current_player() == state.current_player()
