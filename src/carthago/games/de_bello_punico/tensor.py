"""The observation as a flat tensor of shape (planes, height, width), built only from
``state.observation(p)`` (layout in docs/de_bello_punico.md).

Planes: one per (side, unit type) marking the units; six for facing; Disorder / 6; Panic; one
per leader; terrain cost / 3; impassable; the turn / last turn; each side's Rout Points / its
rout level; and for each side and Command box its unspent counters / 3 (counts only, which every
viewer sees).
"""

from __future__ import annotations

from typing import Final

from carthago.core.game import Game
from carthago.core.state import JSONDict
from carthago.games.de_bello_punico.terrain import IMPASSABLE
from carthago.games.de_bello_punico.units import UNIT_TYPES

TYPES: Final = tuple(sorted(UNIT_TYPES))
UNIT_PLANES: Final = 2 * len(TYPES)
FACING, DISORDER, PANIC, LEADERS = UNIT_PLANES, UNIT_PLANES + 6, UNIT_PLANES + 7, UNIT_PLANES + 8
COST, IMPASSE, TURN, ROUT, BOXES = LEADERS + 2, LEADERS + 3, LEADERS + 4, LEADERS + 5, LEADERS + 7
PLANES: Final = BOXES + 14


def shape(game: Game) -> tuple[int, ...]:
    grid = game.scenario.grid  # type: ignore[attr-defined]
    return (PLANES, grid.height, grid.width)


def encode(game: Game, observation: JSONDict) -> list[float]:
    planes, height, width = shape(game)
    area = height * width
    out = [0.0] * (planes * area)

    def put(plane: int, column: int, row: int, value: float) -> None:
        out[plane * area + row * width + column] = value

    def fill(plane: int, value: float) -> None:
        out[plane * area : (plane + 1) * area] = [value] * area

    for unit in observation["units"]:
        if unit["hex"] is None:
            continue
        column, row = unit["hex"]
        put(unit["side"] * len(TYPES) + TYPES.index(unit["type"]), column, row, 1.0)
        put(FACING + unit["facing"], column, row, 1.0)
        put(DISORDER, column, row, unit["disorder"] / 6)
        put(PANIC, column, row, 1.0 if unit["panic"] else 0.0)
    for side, leader in enumerate(observation["leaders"]):
        if leader["hex"] is not None:
            put(LEADERS + side, leader["hex"][0], leader["hex"][1], 1.0)
    costs = game.scenario.costs  # type: ignore[attr-defined]
    for hex_, cost in enumerate(costs):
        column, row = hex_ % width, hex_ // width
        if cost >= IMPASSABLE:
            put(IMPASSE, column, row, 1.0)
        else:
            put(COST, column, row, cost / 3)
    fill(TURN, observation["turn"] / observation["turns"])
    for side in (0, 1):
        fill(ROUT + side, observation["rout"][side] / observation["rout_limits"][side])
        boxes = observation["boxes"][side]
        for box in range(7):
            fill(BOXES + 7 * side + box, (boxes["counters"][box] - boxes["spent"][box]) / 3)
    return out
