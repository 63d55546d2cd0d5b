"""What a learner sees of a carthago state: a fixed-size vector and the mask of legal actions.

Shared by the PettingZoo and Gymnasium environments, so both give the same observation for the
same seat: ``{"observation": float32 vector, "action_mask": int8 vector}``, built from
``state.observation(seat)`` only (the game's tensor) and the seat's legal actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from carthago.core.game import Game
from carthago.core.state import State
from carthago.interop.tensors import encode_observation, observation_size

Observation = dict[str, np.ndarray[Any, Any]]


def observation_space(game: Game) -> spaces.Dict:
    """The space of :func:`observe` (MissingTensorError if the game has no tensor module)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=-np.inf, high=np.inf, shape=(observation_size(game),), dtype=np.float32
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8
            ),
        }
    )


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` sees of ``state``; its mask is all zeros unless it is to move."""
    game = state.game
    vector = np.asarray(encode_observation(game, state.observation(seat)), dtype=np.float32)
    mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return {"observation": vector, "action_mask": mask}
