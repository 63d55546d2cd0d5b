"""Every carthago game as a PettingZoo environment, checked by PettingZoo's own tests."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import carthago  # noqa: E402
from carthago.core.options import OptionValue  # noqa: E402
from carthago.interop import tensors  # noqa: E402
from carthago.interop.pettingzoo import env, raw_env  # noqa: E402
from tests.interop.variants import GAME_IDS, SHORTEST, VARIANT_IDS, VARIANTS  # noqa: E402

# What api_test advises that we chose otherwise, on purpose (see docs/interop.md): observations
# are dicts with an action mask, as in PettingZoo's own classic games, and agents carry the
# game's player names ("Rome"), not "player_0".
ACCEPTED_ADVICE = (
    "Observation space for each agent probably should be",
    "We recommend agents to be named in the format",
    "Observation is not a NumPy array",
)


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=VARIANT_IDS)
def test_pettingzoo_api_test(game_id: str, options: dict[str, OptionValue]) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, **options), num_cycles=200)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(ACCEPTED_ADVICE)]
    assert not unexpected


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=VARIANT_IDS)
def test_pettingzoo_seed_test(game_id: str, options: dict[str, OptionValue]) -> None:
    seed_test(lambda: env(game_id, **options), num_cycles=200)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_seed_drives_chance(game_id: str) -> None:
    if carthago.load(game_id).max_chance_outcomes == 0:
        pytest.skip("no chance in this game")
    # The same policy (always the first legal action) under different seeds.
    histories = set()
    for seed in range(6):
        environment = raw_env(game_id)
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _, terminated, _, _ = environment.last()
            if terminated:
                environment.step(None)
            else:
                environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
        histories.add(tuple(environment.state_now.history()))
    assert len(histories) > 1


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_observations_masks_and_rewards_are_the_games(game_id: str) -> None:
    environment = raw_env(game_id, render_mode="ansi", **SHORTEST[game_id])
    rng = random.Random(3)
    environment.reset(seed=3)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, _, _ = environment.last()
        totals[agent] += reward
        state = environment.state_now
        seat = environment.possible_agents.index(agent)
        assert observation["observation"].dtype == np.float32
        # NumPy compares thousands of floats at once (pytest.approx on a list took most of a
        # minute for a battle of De Bello Punico).
        np.testing.assert_allclose(
            observation["observation"],
            tensors.encode_observation(state.game, state.observation(seat)),
            rtol=1e-6,
        )
        assert environment.render() == state.render(None)
        if terminated:
            environment.step(None)
            continue
        assert state.current_player() == seat
        assert list(np.flatnonzero(observation["action_mask"])) == state.legal_actions()
        environment.step(rng.choice(state.legal_actions()))
    returns = environment.state_now.returns()
    assert totals == dict(zip(environment.possible_agents, returns, strict=True))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    environment = raw_env("guessing")
    environment.reset(seed=1)
    before = environment.state_now.to_dict()
    with pytest.raises(carthago.IllegalActionError):
        environment.step(2)  # Keeper stakes with action 0 or 1
    assert environment.state_now.to_dict() == before


def test_a_game_without_tensor_module_says_which_module_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(tensors._MODULES, "guessing")
    with pytest.raises(tensors.MissingTensorError, match=r"carthago\.games\.guessing\.tensor"):
        env("guessing")
