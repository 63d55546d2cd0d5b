"""Every carthago game as an OpenSpiel (pyspiel) Python game named ``carthago_<id>``.

>>> import pyspiel
>>> import carthago.interop.openspiel
>>> game = pyspiel.load_game("carthago_punica", {"edition": "pl"})
>>> game.get_parameters(), game.num_players()
({'edition': 'pl'}, 2)

Importing this module registers every game of ``carthago.games()``; a game registered later
(a test game, say) is added with :func:`register_game`. The OpenSpiel state wraps a carthago
state: OpenSpiel's clone clones it, its chance nodes are carthago's, and
``resample_from_infostate`` is carthago's (hidden parts redrawn, history rewritten to match).

Observations come from ``state.observation(p)`` only (see ``docs/interop.md``):

- observation tensor: the game's tensor (``games/<id>/tensor.py``) of ``observation(p)``;
- information-state tensor: that tensor, then one float per move of the longest game holding
  the player's own action at that move as ``(action + 1) / num_distinct_actions`` (0 for
  other players' moves and chance);
- observation string: ``observation(p)`` as canonical JSON without its log;
- information-state string: ``observation(p)`` as canonical JSON with the player's log, then
  the player's own actions.

With ``private_info=NONE`` the observer shows the spectator's view, ``observation(None)``.
"""

from __future__ import annotations

import functools
import json
import math
import random
from typing import Any

import numpy as np
import pyspiel

from carthago.core.errors import InvalidStateError
from carthago.core.game import Game
from carthago.core.registry import game_class, games, load
from carthago.core.state import CHANCE, TERMINAL, State
from carthago.interop.tensors import (
    encode_observation,
    has_tensor,
    observation_shape,
    tensor_module,
)

PREFIX = "carthago_"
"""OpenSpiel name of a carthago game: this prefix, then the game id."""


def openspiel_name(game_id: str) -> str:
    """The name a carthago game is registered under in OpenSpiel.

    >>> openspiel_name("punica")
    'carthago_punica'
    """
    return PREFIX + game_id


# -- game type and info ----------------------------------------------------------------------


def has_chance(cls: type[Game]) -> bool:
    """Whether any declared variant of the game has chance nodes."""
    return any(cls(**options).max_chance_outcomes > 0 for options in ({}, *cls.VARIANTS))


def has_hidden_information(cls: type[Game]) -> bool:
    """Whether the game hides anything from some player.

    The contract's default ``resample_from_infostate`` is for games with nothing hidden, so a
    game that hides something is exactly one whose state class overrides it.
    """
    return cls.state_type.resample_from_infostate is not State.resample_from_infostate


def player_range(cls: type[Game]) -> tuple[int, int]:
    """The fewest and most players the game can be loaded with.

    A game whose player count varies declares it as an integer option named ``players``.
    """
    for option in cls.OPTIONS:
        if option.name == "players" and option.minimum is not None and option.maximum is not None:
            return option.minimum, option.maximum
    players = cls().num_players
    return players, players


@functools.cache
def game_type(game_id: str) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a carthago game (flags argued in ``docs/interop.md``)."""
    cls = game_class(game_id)
    fewest, most = player_range(cls)
    tensors = has_tensor(game_id)
    return pyspiel.GameType(
        short_name=openspiel_name(game_id),
        long_name=f"carthago: {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if has_chance(cls)
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if has_hidden_information(cls)
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if cls.zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification={option.name: option.default for option in cls.OPTIONS},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def game_info(game: Game) -> pyspiel.GameInfo:
    """The OpenSpiel ``GameInfo`` of a carthago game with its options.

    Returns lie in [-1, 1] (the contract); OpenSpiel's ``max_game_length`` counts player moves,
    so carthago's bound, which counts chance outcomes as well, is a valid (loose) one.
    """
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions,
        max_chance_outcomes=game.max_chance_outcomes,
        num_players=game.num_players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if game.zero_sum else None,
        max_game_length=game.max_game_length,
    )


# -- games and states ------------------------------------------------------------------------


class CarthagoSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """A carthago game with chosen options, seen by OpenSpiel.

    Each game gets its own subclass (see :func:`register_game`) naming its ``game_id``:
    OpenSpiel makes games by calling the registered class with the parameters alone.
    """

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.carthago_game = load(self.game_id, **params)
        super().__init__(game_type(self.game_id), game_info(self.carthago_game), params)

    def new_initial_state(self) -> CarthagoSpielState:
        return CarthagoSpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        # Every move of the longest game could be a chance outcome: a valid, loose bound.
        return self.carthago_game.max_game_length if self.carthago_game.max_chance_outcomes else 0

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> CarthagoObserver:
        return CarthagoObserver(
            self.carthago_game,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class _Holder:
    """The carthago state inside an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying each attribute; this holder turns that copy
    into carthago's cheap ``clone`` and shares the game, and it pickles (for OpenSpiel's
    serialization) as the state's snapshot. A fresh holder makes its initial state on first
    use, since OpenSpiel's clone starts from a new initial state it then overwrites.
    """

    __slots__ = ("_moved", "_movers", "_state", "game")

    def __init__(
        self, game: Game, state: State | None = None, movers: list[int] | None = None
    ) -> None:
        self.game = game
        self._state = state
        # Who made each move (OpenSpiel's chance id for chance). Clones share the list, as
        # carthago's states share their history: information-state strings and tensors read it
        # at every simulation of a search, where OpenSpiel's full_history() costs a C++ round
        # trip.
        self._movers = movers if movers is not None else []
        self._moved = len(self._movers)

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.new_initial_state()
        return self._state

    def record_mover(self, player: int) -> None:
        if len(self._movers) != self._moved:
            # A clone sharing the list moved on from here first: the rest of it is not ours.
            self._movers = self._movers[: self._moved]
        self._movers.append(player)
        self._moved += 1

    def movers(self) -> list[int]:
        return self._movers[: self._moved]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        copy = _Holder(self.game, None if self._state is None else self._state.clone())
        copy._movers, copy._moved = self._movers, self._moved
        return copy

    def __reduce__(
        self,
    ) -> tuple[Any, tuple[str, dict[str, Any], dict[str, Any], list[int]]]:
        return _restore_holder, (
            self.game.name,
            dict(self.game.options),
            self.state.to_dict(),
            self.movers(),
        )


def _restore_holder(
    game_id: str, options: dict[str, Any], snapshot: dict[str, Any], movers: list[int]
) -> _Holder:
    game = load(game_id, **options)
    return _Holder(game, game.state_from_dict(snapshot), list(movers))


class CarthagoSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """An OpenSpiel state wrapping a carthago state (``carthago_state``)."""

    _replaying: list[int] | None = None
    """While a resampled state's history is copied into OpenSpiel: who moved, last first."""

    def __init__(self, game: CarthagoSpielGame, state: State | None = None) -> None:
        super().__init__(game)
        self._holder = _Holder(game.carthago_game, state)

    @property
    def carthago_state(self) -> State:
        """The wrapped carthago state (what agents and renderers of carthago use)."""
        return self._holder.state

    def current_player(self) -> int:
        if self._replaying is not None:
            return self._replaying[-1]
        player = self._holder.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._holder.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._holder.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._holder.record_mover(self.current_player())
        if self._replaying is not None:
            self._replaying.pop()
            return
        self._holder.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._holder.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._holder.state.is_terminal()

    def returns(self) -> list[float]:
        return self._holder.state.returns()

    def __str__(self) -> str:
        # The spectator's view: OpenSpiel prints this, and it must not show hidden parts.
        return self._holder.state.render(None)

    def observation_tensor(self, player: int | None = None) -> Any:
        tensor_module(self._holder.game.name)  # a clear MissingTensorError if there is none
        return super().observation_tensor(self._who(player))

    def information_state_tensor(self, player: int | None = None) -> Any:
        tensor_module(self._holder.game.name)
        return super().information_state_tensor(self._who(player))

    def _who(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def own_actions(self, player: int) -> list[tuple[int, int]]:
        """``(move number, action)`` of each move ``player`` made so far."""
        movers = self._holder.movers()
        return [
            (number, action)
            for number, (mover, action) in enumerate(
                zip(movers, self._holder.state.history(), strict=True)
            )
            if mover == player
        ]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, drawn with carthago's resampling.

        ``probability_sampler`` is what OpenSpiel passes (a callable giving floats in [0, 1),
        such as ``pyspiel.UniformProbabilitySampler``) or a ``random.Random``.
        """
        rng = (
            probability_sampler
            if isinstance(probability_sampler, random.Random)
            else random.Random(int(probability_sampler() * 2**53))
        )
        resampled = self._holder.state.resample_from_infostate(player_id, rng)
        movers = self._holder.movers()
        history = resampled.history()
        if len(history) != len(movers):
            raise InvalidStateError(
                f"{self._holder.game.name}: a resampled history has {len(history)} moves, "
                f"the true one {len(movers)}"
            )
        new = CarthagoSpielState(self.get_game(), resampled)
        # OpenSpiel keeps its own history of (player, action); the resampled carthago state is
        # already where that history leads, so it is copied in without re-applying the moves.
        # Who moved when is public (every observation names the player to move), so it is the
        # same as in this state.
        new._replaying = movers[::-1]
        for action in history:
            new.apply_action(action)
        del new._replaying
        return new


# -- observer --------------------------------------------------------------------------------


class CarthagoObserver:
    """OpenSpiel's Python observer: tensors and strings built from ``observation(p)`` only."""

    def __init__(
        self,
        game: Game,
        iig_obs_type: pyspiel.IIGObservationType,
        params: dict[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"carthago observers take no parameters; got {params!r}")
        if not iig_obs_type.public_info:
            raise ValueError("carthago observations always hold the public information")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "carthago observes one seat or the public view; the full state is "
                "state.carthago_state.to_dict()"
            )
        self._game = game
        self._public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self._recall = iig_obs_type.perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if has_tensor(game.name):
            shape = observation_shape(game)
            pieces = [("observation", shape)]
            if self._recall and not self._public_only:
                pieces.append(("own_actions", (game.max_game_length,)))
            self.tensor = np.zeros(sum(math.prod(s) for _, s in pieces), np.float32)
            start = 0
            for name, piece_shape in pieces:
                size = math.prod(piece_shape)
                self.dict[name] = self.tensor[start : start + size].reshape(piece_shape)
                start += size

    def _observation(self, state: CarthagoSpielState, player: int) -> dict[str, Any]:
        return state.carthago_state.observation(None if self._public_only else player)

    def set_from(self, state: CarthagoSpielState, player: int) -> None:
        """Fill ``tensor`` (and the views in ``dict``) for ``player`` in ``state``."""
        if self.tensor is None:
            tensor_module(self._game.name)  # raises MissingTensorError naming the module
            return
        observation = self._observation(state, player)
        size = self.dict["observation"].size
        self.tensor[:size] = encode_observation(self._game, observation)
        if "own_actions" in self.dict:
            own = self.dict["own_actions"]
            own.fill(0.0)
            moves = state.own_actions(player)
            if moves:
                numbers, actions = zip(*moves, strict=True)
                own[list(numbers)] = (np.array(actions) + 1) / self._game.num_distinct_actions

    def string_from(self, state: CarthagoSpielState, player: int) -> str:
        """``observation(player)`` as canonical JSON (see the module docstring)."""
        observation = self._observation(state, player)
        if not self._recall:
            del observation["log"]
        text = json.dumps(observation, sort_keys=True, separators=(",", ":"))
        if self._recall and not self._public_only:
            moves = " ".join(f"{number}:{action}" for number, action in state.own_actions(player))
            text += f"\nown moves: {moves}"
        return text


# -- registration ----------------------------------------------------------------------------


def register_game(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (once) and return its OpenSpiel name."""
    name = openspiel_name(game_id)
    if name not in pyspiel.registered_names():
        # A class rather than a closure: OpenSpiel keeps the creator until the process ends,
        # and a class outlives the interpreter's shutdown where a closure would be freed
        # without the GIL and abort the process.
        creator = type(
            f"CarthagoSpielGame_{game_id}",
            (CarthagoSpielGame,),
            {"game_id": game_id, "__module__": __name__},
        )
        pyspiel.register_game(game_type(game_id), creator)
    return name


def register_games() -> list[str]:
    """Register every carthago game with OpenSpiel; their OpenSpiel names."""
    return [register_game(game_id) for game_id in games()]


def load_game(game_id: str, **options: Any) -> CarthagoSpielGame:
    """The OpenSpiel game of ``game_id`` with ``options`` (registering it if needed)."""
    game: CarthagoSpielGame = pyspiel.load_game(register_game(game_id), options)
    return game


register_games()
