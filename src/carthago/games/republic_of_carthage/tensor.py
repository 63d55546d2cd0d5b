"""A flat numeric encoding of an observation for learning agents (layout in the docs).

Built only from ``state.observation(p)``, so nothing hidden can leak into it.
"""

from __future__ import annotations

from typing import Any

from carthago.core.game import Game
from carthago.games.republic_of_carthage.components import COMPONENTS as C

MAX_FACTIONS = 6
SENATOR_SLOTS = 10
SENATOR_FEATURES = 10
FACTION_FEATURES = 4 + 9 + SENATOR_SLOTS * SENATOR_FEATURES
GLOBAL_FEATURES = 6 + 9
OWN_FEATURES = len(C.commodities) + 1
SIZE = GLOBAL_FEATURES + MAX_FACTIONS * FACTION_FEATURES + OWN_FEATURES


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


def _senator(senator: dict[str, Any]) -> list[float]:
    return [
        1.0,
        senator["mil"] / 10,
        senator["ora"] / 10,
        senator["exp"] / 10,
        senator["loy"] / 10,
        senator["inf"] / 30,
        senator["pop"] / 10,
        senator["traders"] / 10,
        senator["talents"] / 100,
        1.0 if senator["office"] or senator["province"] else 0.0,
    ]


def encode(game: Game, observation: dict[str, Any]) -> list[float]:
    values = [
        observation["turn"] / 30,
        observation["state_treasury"] / 500,
        observation["tax_rate"] / 100,
        observation["deck"] / 64,
        1.0 if observation["ended"] else 0.0,
        len(observation["wars"]) / 16,
    ]
    values += [size / 20 for size in observation["stacks"]]
    viewer = observation["viewer"]
    for index in range(MAX_FACTIONS):
        if index >= len(observation["factions"]):
            values += [0.0] * FACTION_FEATURES
            continue
        faction = observation["factions"][index]
        values += [
            1.0,
            1.0 if index == viewer else 0.0,
            faction["hand_size"] / 10,
            faction["trade_income"] / 100,
        ]
        values += [count / 10 for count in faction["trade_backs"]]
        senators = faction["senators"][:SENATOR_SLOTS]
        for senator in senators:
            values += _senator(senator)
        values += [0.0] * (SENATOR_FEATURES * (SENATOR_SLOTS - len(senators)))
    own = [0.0] * len(C.commodities)
    treasury = 0.0
    if viewer is not None:
        mine = observation["factions"][viewer]
        for name in mine["trade_cards"] or []:
            own[C.commodity(name).index] += 0.1
        treasury = (mine["treasury"] or 0) / 100
    values += [*own, treasury]
    return values
