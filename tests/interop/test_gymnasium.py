"""One seat of every carthago game as a Gymnasium environment, checked by Gymnasium's checker."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import carthago  # noqa: E402
from carthago.interop import tensors  # noqa: E402
from carthago.interop.gymnasium import CarthagoEnv  # noqa: E402
from tests.interop.variants import GAME_IDS, SHORTEST  # noqa: E402


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_env_checker(game_id: str) -> None:
    # The checker steps with actions sampled without the mask, so illegal ones must not raise.
    check_env(CarthagoEnv(game_id, render_mode="ansi", illegal_action="lose"))


def test_an_illegal_action_raises_or_loses_as_asked() -> None:
    strict = CarthagoEnv("guessing", seat="Keeper")
    strict.reset(seed=1)
    with pytest.raises(carthago.IllegalActionError):
        strict.step(2)  # Keeper stakes with action 0 or 1
    lenient = CarthagoEnv("guessing", seat="Keeper", illegal_action="lose")
    lenient.reset(seed=1)
    before = lenient.state_now.to_dict()
    _, reward, terminated, _, info = lenient.step(2)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": 2})
    assert lenient.state_now.to_dict() == before
    with pytest.raises(RuntimeError, match="call reset"):
        lenient.step(0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_seat_plays_a_whole_game_for_its_return(game_id: str) -> None:
    players = carthago.load(game_id, **SHORTEST[game_id]).num_players
    for seat in range(players):
        environment = CarthagoEnv(game_id, seat=seat, opponents="random", **SHORTEST[game_id])
        rng = random.Random(seat)
        observation, _ = environment.reset(seed=seat)
        rewards = []
        terminated = False
        while not terminated:
            state = environment.state_now
            assert state.current_player() == seat
            assert list(np.flatnonzero(observation["action_mask"])) == state.legal_actions()
            # NumPy compares thousands of floats at once (pytest.approx on a list took a minute
            # for a battle of De Bello Punico).
            np.testing.assert_allclose(
                observation["observation"],
                tensors.encode_observation(state.game, state.observation(seat)),
                rtol=1e-6,
            )
            observation, reward, terminated, truncated, _ = environment.step(
                rng.choice(state.legal_actions())
            )
            assert not truncated
            rewards.append(reward)
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == environment.state_now.returns()[seat]


def test_the_same_seed_gives_the_same_game() -> None:
    histories = []
    for _ in range(2):
        environment = CarthagoEnv("guessing", seat="Guesser", opponents="random", rounds=5)
        environment.reset(seed=42)
        while not environment.state_now.is_terminal():
            environment.step(environment.state_now.legal_actions()[0])
        histories.append(environment.state_now.history())
    assert histories[0] == histories[1]


def test_seats_and_opponents_are_checked() -> None:
    with pytest.raises(ValueError, match="no seat 'Hannibal'"):
        CarthagoEnv("guessing", seat="Hannibal")
    with pytest.raises(ValueError, match="1 other seats"):
        CarthagoEnv("guessing", opponents=["random", "random"])
    with pytest.raises(carthago.CarthagoError, match="no agent 'randum'"):
        CarthagoEnv("guessing", opponents="randum")
