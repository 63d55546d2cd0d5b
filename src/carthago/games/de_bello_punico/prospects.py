"""How a battle is likely to end from a position: the search's judge of the positions its
playouts reach.

The one-ply heuristic (``heuristics.evaluate``) weighs its terms by hand, to pick good moves one
at a time. A search instead needs the value of a position: the battle's expected result for
a side, -1 to 1. Here the same terms (``heuristics.terms``) are weighed as fitted to how
heuristic battles at Zama ended (``benchmarks/dbp_evaluation_fit.py``: the terms at the first
decision of every impulse, with the battle's result), in an ordinal model of win, draw and
loss:

- a score ``z``: the terms times their weights, Rout Points, Pressure and Strength also times
  the share of the battle's turns gone (a lead must still become a rout before the last turn),
  and the Roman side's own edge;
- a cut ``c``, wider as the turns run out (a battle at the turn limit is a draw, §17):
  P(win) = sigmoid(z - c), P(loss) = sigmoid(-z - c), and the value P(win) - P(loss).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from carthago.core.data import field, load_toml
from carthago.core.state import State
from carthago.games.de_bello_punico.heuristics import TERMS, terms
from carthago.games.de_bello_punico.units import PACKAGE

TIMED: Final = ("rout", "pressure", "strength")
"""The terms whose worth changes as the turns run out."""


@dataclass(frozen=True)
class Fit:
    """The fitted model (``data/prospects.toml``)."""

    weights: tuple[float, ...]
    """Per term of ``TERMS``."""
    late: tuple[float, ...]
    """Per term of ``TIMED``, times the share of turns gone."""
    rome: float
    """Added to Rome's score, taken from Carthage's."""
    cut: float
    cut_late: float
    """The cut's growth from the first turn to the last."""


def load_fit() -> Fit:
    """Read and check ``data/prospects.toml``."""
    return read_fit(load_toml(PACKAGE, "prospects.toml"), "prospects.toml")


def read_fit(data: dict[str, Any], where: str) -> Fit:
    """The fit that ``data`` (as read from ``where``) holds; ComponentDataError names a field
    missing or not a number."""
    weights = field(data, "weights", dict, where)
    late = field(data, "late", dict, where)
    return Fit(
        weights=tuple(float(field(weights, name, float, where)) for name in TERMS),
        late=tuple(float(field(late, name, float, where)) for name in TIMED),
        rome=field(data, "rome", float, where),
        cut=field(data, "cut", float, where),
        cut_late=field(data, "cut_late", float, where),
    )


_FIT: Final = load_fit()
_TIMED_AT: Final = tuple(TERMS.index(name) for name in TIMED)


def judge(state: State, player: int) -> float:
    """The expected result of the battle for ``player`` (a finished one: its result)."""
    from carthago.games.de_bello_punico.state import DbpState

    assert isinstance(state, DbpState)
    if state.is_terminal():
        return state.returns()[player]
    fit = _FIT
    late = (state.turn - 1) / state.scenario.turns
    values = terms(state, player)
    z = fit.rome if player == 0 else -fit.rome
    for weight, value in zip(fit.weights, values, strict=True):
        z += weight * value
    for weight, index in zip(fit.late, _TIMED_AT, strict=True):
        z += weight * values[index] * late
    cut = fit.cut + fit.cut_late * late
    return _sigmoid(z - cut) - _sigmoid(-z - cut)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))
