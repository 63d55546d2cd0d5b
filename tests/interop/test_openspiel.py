"""Every carthago game inside OpenSpiel, checked by OpenSpiel's own tests and bots."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import carthago  # noqa: E402
from carthago.core.chance import sample_chance_outcome  # noqa: E402
from carthago.core.options import OptionValue  # noqa: E402
from carthago.core.registry import game_class  # noqa: E402
from carthago.interop import openspiel, tensors  # noqa: E402
from carthago.interop.openspiel import CarthagoSpielState, openspiel_name  # noqa: E402
from tests.interop.variants import GAME_IDS, SHORTEST, VARIANT_IDS, VARIANTS, spaced  # noqa: E402

openspiel.register_games()

GameType = pyspiel.GameType
BOT_SIMULATIONS = 4
"""Small on purpose: these games check that the bots run through whole games, not strength."""
ROLLOUT_DEPTH = 30


class CappedRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel's random-rollout evaluation, cut after ``ROLLOUT_DEPTH`` moves (scored 0).

    Rollouts to the end of a 2,000-move battle at every simulation would make these checks of
    the adapter take minutes; the bots' search itself is OpenSpiel's, unchanged.
    """

    def __init__(self, random_state: object) -> None:
        self._rng = random_state

    def evaluate(self, state: object) -> object:
        state = state.clone()  # type: ignore[attr-defined]
        for _ in range(ROLLOUT_DEPTH):
            if state.is_terminal():  # type: ignore[attr-defined]
                return np.array(state.returns())  # type: ignore[attr-defined]
            if state.is_chance_node():  # type: ignore[attr-defined]
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
                action = self._rng.choice(outcomes, p=probabilities)  # type: ignore[attr-defined]
            else:
                action = self._rng.choice(state.legal_actions())  # type: ignore[attr-defined]
            state.apply_action(action)  # type: ignore[attr-defined]
        if state.is_terminal():  # type: ignore[attr-defined]
            return np.array(state.returns())  # type: ignore[attr-defined]
        return np.zeros(state.num_players())  # type: ignore[attr-defined]

    def prior(self, state: object) -> list[tuple[int, float]]:
        if state.is_chance_node():  # type: ignore[attr-defined]
            return list(state.chance_outcomes())  # type: ignore[attr-defined]
        legal = state.legal_actions(state.current_player())  # type: ignore[attr-defined]
        return [(action, 1.0 / len(legal)) for action in legal]


def spiel_game(game_id: str, options: dict[str, OptionValue] | None = None) -> object:
    return pyspiel.load_game(openspiel_name(game_id), dict(options or {}))


def random_playout(game: object, seed: int) -> list[CarthagoSpielState]:
    """Every state of one uniformly random OpenSpiel playout, the terminal one last."""
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state.carthago_state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def test_every_game_has_a_tensor_module() -> None:
    missing = [game_id for game_id in GAME_IDS if not tensors.has_tensor(game_id)]
    assert not missing, "no tensor.py for: " + ", ".join(
        tensors.tensor_module_name(game_id) for game_id in missing
    )


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=VARIANT_IDS)
def test_load_game_takes_the_options_as_parameters(
    game_id: str, options: dict[str, OptionValue]
) -> None:
    game = spiel_game(game_id, options)
    ours = carthago.load(game_id, **options)
    assert game.carthago_game == ours
    assert game.num_players() == ours.num_players
    assert game.num_distinct_actions() == ours.num_distinct_actions
    assert game.max_chance_outcomes() == ours.max_chance_outcomes
    assert game.max_game_length() == ours.max_game_length
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.get_parameters() == ours.options


def test_load_game_refuses_unknown_and_bad_parameters() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'turns'"):
        pyspiel.load_game("carthago_guessing", {"turns": 2})
    with pytest.raises(carthago.InvalidOptionError, match="at most 50"):
        pyspiel.load_game("carthago_guessing", {"rounds": 99})


def test_guessing_game_type_flags() -> None:
    kind = spiel_game("guessing").get_type()
    assert kind.short_name == "carthago_guessing"
    assert kind.dynamics == GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == GameType.Utility.ZERO_SUM
    assert kind.reward_model == GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 2)
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert kind.parameter_specification == {"rounds": 3}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_type_flags_hold_in_play(game_id: str) -> None:
    game = spiel_game(game_id)
    kind = game.get_type()
    cls = game_class(game_id)
    assert kind.dynamics == GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == GameType.RewardModel.TERMINAL
    assert (kind.utility == GameType.Utility.ZERO_SUM) == cls.zero_sum
    assert kind.parameter_specification == {o.name: o.default for o in cls.OPTIONS}
    for seed in range(3):
        states = random_playout(game, seed)
        if kind.chance_mode == GameType.ChanceMode.DETERMINISTIC:
            assert not any(state.is_chance_node() for state in states)
        if kind.utility == GameType.Utility.ZERO_SUM:
            assert sum(states[-1].returns()) == pytest.approx(0.0)
        if kind.information == GameType.Information.PERFECT_INFORMATION:
            for state in states:
                views = [state.carthago_state.observation(p) for p in range(game.num_players())]
                assert all(v | {"viewer": None} == views[0] | {"viewer": None} for v in views)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=VARIANT_IDS)
def test_openspiel_random_simulation_test(game_id: str, options: dict[str, OptionValue]) -> None:
    # OpenSpiel's own checks: legal actions, chance, returns, observations, clone, serialize.
    # One whole game per variant: the check serialises at every step, so a random battle of
    # De Bello Punico that runs to its turn limit costs about a minute a game here.
    pyspiel.random_sim_test(spiel_game(game_id, options), num_sims=1, serialize=True, verbose=False)


def play(state: CarthagoSpielState, bots: list[object], rng: random.Random) -> list[float]:
    """Play ``bots`` (one per seat) to the end; chance sampled with ``rng``."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance_outcome(state.carthago_state, rng))
        else:
            state.apply_action(bots[state.current_player()].step(state))  # type: ignore[attr-defined]
    return list(state.returns())


def _replayed_returns(
    game_id: str, options: dict[str, OptionValue], history: list[int]
) -> list[float]:
    return carthago.load(game_id, **options).replay(history).returns()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_mcts_bots_play_a_full_game(game_id: str) -> None:
    game = spiel_game(game_id, SHORTEST[game_id])
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=BOT_SIMULATIONS,
            evaluator=CappedRolloutEvaluator(rng),
            random_state=rng,
        )
        for _ in range(game.num_players())
    ]
    state = game.new_initial_state()
    returns = play(state, bots, random.Random(7))
    assert state.is_terminal()
    assert returns == _replayed_returns(game_id, SHORTEST[game_id], state.history())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_ismcts_bot_plays_a_full_game_against_random(game_id: str) -> None:
    game = spiel_game(game_id, SHORTEST[game_id])
    if game.get_type().information != GameType.Information.IMPERFECT_INFORMATION:
        pytest.skip("IS-MCTS is for games of imperfect information")
    rng = np.random.RandomState(11)
    for seat in range(game.num_players()):
        bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(game.num_players())]
        # ISMCTS checks, on every simulation, that the resampled state has the same
        # information-state string as the real one: resample_from_infostate is wired through.
        bots[seat] = ismcts.ISMCTSBot(
            game,
            evaluator=CappedRolloutEvaluator(rng),
            uct_c=2.0,
            max_simulations=BOT_SIMULATIONS,
            random_state=rng,
        )
        state = game.new_initial_state()
        returns = play(state, bots, random.Random(seat))
        assert state.is_terminal()
        assert returns == _replayed_returns(game_id, SHORTEST[game_id], state.history())


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=VARIANT_IDS)
def test_resampled_states_keep_what_the_player_knows(
    game_id: str, options: dict[str, OptionValue]
) -> None:
    game = spiel_game(game_id, options)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    states = random_playout(game, seed=3)[:-1]
    # Every third position, but no more than about 150 resamples in a long game.
    positions = min(len(states) // 3 + 1, 150 // game.num_players())
    for state in spaced(states, positions):
        movers = [step.player for step in state.full_history()]
        for player in range(game.num_players()):
            resampled = state.resample_from_infostate(player, sampler)
            assert resampled.information_state_string(player) == state.information_state_string(
                player
            )
            assert resampled.observation_string(player) == state.observation_string(player)
            assert resampled.observation_tensor(player) == state.observation_tensor(player)
            assert resampled.information_state_tensor(player) == state.information_state_tensor(
                player
            )
            if state.current_player() == player:
                assert resampled.legal_actions() == state.legal_actions()
            # OpenSpiel's history is the resampled one, and replays to the resampled state.
            assert resampled.history() == resampled.carthago_state.history()
            assert [step.player for step in resampled.full_history()] == movers
            replayed = game.new_initial_state()
            for action in resampled.history():
                replayed.apply_action(action)
            # (The logs differ: a resampled state keeps only the lines its player may read.)
            assert (
                replayed.carthago_state.to_dict()["state"]
                == resampled.carthago_state.to_dict()["state"]
            )


def own_moves_in_full_history(state: CarthagoSpielState, player: int) -> list[tuple[int, int]]:
    """What OpenSpiel's own record says ``player`` played, move by move."""
    return [
        (n, step.action) for n, step in enumerate(state.full_history()) if step.player == player
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_own_actions_are_those_openspiel_recorded(game_id: str) -> None:
    """The adapter keeps who moved beside the state (for speed); through clones, resamples and
    serialisation it must agree with OpenSpiel's own record of the game."""
    game = spiel_game(game_id, SHORTEST[game_id])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    states = random_playout(game, seed=4)
    for state in spaced(states, 12):
        text = pyspiel.serialize_game_and_state(game, state)
        _, restored = pyspiel.deserialize_game_and_state(text)
        for player in range(game.num_players()):
            expected = own_moves_in_full_history(state, player)
            assert state.own_actions(player) == expected
            assert state.clone().own_actions(player) == expected
            assert restored.own_actions(player) == expected
            if not state.is_terminal():
                resampled = state.resample_from_infostate(player, sampler)
                assert resampled.own_actions(player) == own_moves_in_full_history(resampled, player)
    # A clone moving on does not change the moves of the state it was cloned from.
    middle = states[len(states) // 2]
    before = [middle.own_actions(p) for p in range(game.num_players())]
    branch = middle.clone()
    branch.apply_action(
        sample_chance_outcome(branch.carthago_state, random.Random(0))
        if branch.is_chance_node()
        else branch.legal_actions()[0]
    )
    assert [middle.own_actions(p) for p in range(game.num_players())] == before
    assert len(branch.history()) == len(middle.history()) + 1


def test_resampling_redraws_the_hidden_card() -> None:
    game = spiel_game("guessing")
    state = game.new_initial_state()
    state.apply_action(2)  # Keeper is dealt card 2
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    guesser_worlds = {state.resample_from_infostate(0, sampler).history()[0] for _ in range(60)}
    keeper_worlds = {state.resample_from_infostate(1, sampler).history()[0] for _ in range(20)}
    assert guesser_worlds == {0, 1, 2}
    assert keeper_worlds == {2}
    seeded = [state.resample_from_infostate(0, random.Random(5)).history() for _ in range(2)]
    assert seeded[0] == seeded[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tensors_and_strings_come_from_the_observation(game_id: str) -> None:
    game = spiel_game(game_id)
    ours = game.carthago_game
    size = tensors.observation_size(ours)
    assert game.observation_tensor_shape() == list(tensors.observation_shape(ours))
    assert game.information_state_tensor_size() == size + ours.max_game_length
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    states = random_playout(game, seed=5)
    # About 60 states spread over the whole game, the last among them: each check builds the
    # information-state tensor (as long as the longest game), so every 4th state of a battle of
    # De Bello Punico took over a minute.
    for state in [*states[:: max(1, len(states) // 60)], states[-1]]:
        for player in range(game.num_players()):
            observation = state.carthago_state.observation(player)
            expected = tensors.encode_observation(ours, observation)
            np.testing.assert_allclose(state.observation_tensor(player), expected, rtol=1e-6)
            info = state.information_state_tensor(player)
            np.testing.assert_allclose(info[:size], expected, rtol=1e-6)
            own = state.own_actions(player)
            assert [i for i, v in enumerate(info[size:]) if v] == [n for n, _ in own]
            del observation["log"]
            assert json.loads(state.observation_string(player)) == observation
            public.set_from(state, player)
            spectator = state.carthago_state.observation(None)
            del spectator["log"]
            assert json.loads(public.string_from(state, player)) == spectator


def test_a_game_without_tensor_module_says_which_module_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = spiel_game("guessing").new_initial_state()
    monkeypatch.delitem(tensors._MODULES, "guessing")
    with pytest.raises(tensors.MissingTensorError, match=r"carthago\.games\.guessing\.tensor"):
        state.observation_tensor(0)
    with pytest.raises(tensors.MissingTensorError, match=r"carthago\.games\.guessing\.tensor"):
        state.information_state_tensor(0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_serialized_states_come_back_whole(game_id: str) -> None:
    game = spiel_game(game_id)
    state = random_playout(game, seed=9)[-2]
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.history() == state.history()
    assert restored.carthago_state.to_dict() == state.carthago_state.to_dict()
    # The last move of the game, applied to both, ends both the same way.
    last = random_playout(game, seed=9)[-1].history()[-1]
    for each in (state, restored):
        each.apply_action(last)
    assert restored.returns() == state.returns()
    assert restored.is_terminal()


def test_illegal_actions_are_refused_with_carthago_errors() -> None:
    state = spiel_game("guessing").new_initial_state()
    state.apply_action(0)
    with pytest.raises(carthago.IllegalActionError):
        state.apply_action(2)  # Keeper stakes with action 0 or 1
    assert state.history() == [0]
