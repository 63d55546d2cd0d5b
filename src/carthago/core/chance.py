"""Sampling chance outcomes: how every driver (CLI, server, arena, agents) rolls the dice."""

from __future__ import annotations

import random

from carthago.core.state import State


def sample_chance_outcome(state: State, rng: random.Random) -> int:
    """One outcome of the chance node ``state``, drawn with the driver's own ``rng``."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("sample_chance_outcome needs a state at a chance node")
    roll = rng.random()
    cumulative = 0.0
    for outcome, probability in outcomes:
        cumulative += probability
        if roll < cumulative:
            return outcome
    # Floating-point sums may fall a hair short of 1.
    return outcomes[-1][0]
