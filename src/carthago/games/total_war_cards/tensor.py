"""A flat numeric encoding of an observation, for the OpenSpiel and PettingZoo adapters.

Built only from ``state.observation(p)``, so it holds nothing the player may not know. The
layout (documented in docs/total_war_cards.md, "Tensor") is, in order:

- turn / turns (1); phase one-hot (10); viewer one-hot (2); player to move one-hot (2);
- own hand: count of each card value / 3 (``len(VALUES)``);
- hand sizes / 8 (2); resting counts / 3 (2);
- per slot of territories in play (``MAX_IN_PLAY``): the card one-hot (32, all zero when the
  card is face down and unseen), dealt face down (1), seen face-up army totals / 20 (2),
  face-down army cards per side (2), drawn combat awaiting Instrumenta Bella (1);
- territories won, per player (2 x 32);
- technologies owned, per player (2 x 20);
- special ability holders, per branch one-hot nobody/Rome/Carthage (4 x 3);
- hidden cards left per player / 2 (2); points left on a tech card / 6 (1);
- cards on the tech tree this turn, count per value per player / 3 (2 x ``len(VALUES)``).
"""

from __future__ import annotations

from typing import Final

from carthago.core.game import Game
from carthago.core.state import JSONDict
from carthago.games.total_war_cards.components import (
    BRANCHES,
    HAND_SIZE,
    MAX_IN_PLAY,
    RULES,
    TECHNOLOGIES,
    TERRITORIES,
    VALUE_INDEX,
    VALUES,
)
from carthago.games.total_war_cards.state import PHASE_NAMES

_SLOT: Final = len(TERRITORIES) + 6
_TECH_INDEX: Final = {t.name: t.index for t in TECHNOLOGIES}
SIZE: Final = (
    1
    + len(PHASE_NAMES)
    + 4
    + len(VALUES)
    + 4
    + MAX_IN_PLAY * _SLOT
    + 2 * len(TERRITORIES)
    + 2 * len(TECHNOLOGIES)
    + 3 * len(BRANCHES)
    + 3
    + 2 * len(VALUES)
)


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


def _counts(values: list[int]) -> list[float]:
    counts = [0.0] * len(VALUES)
    for value in values:
        counts[VALUE_INDEX[value]] += 1 / 3
    return counts


def encode(game: Game, observation: JSONDict) -> list[float]:
    """The observation as ``SIZE`` floats, laid out as the module docstring says."""
    out: list[float] = [observation["turn"] / RULES.turns]
    phase = [0.0] * len(PHASE_NAMES)
    phase[PHASE_NAMES.index(observation["phase"])] = 1.0
    out += phase
    for who in (observation["viewer"], observation["to_move"]):
        out += [float(who == 0), float(who == 1)]
    out += _counts(observation["hand"] or [])
    out += [n / HAND_SIZE for n in observation["hand_sizes"]]
    out += [n / RULES.resting for n in observation["resting_counts"]]
    drawn = set(observation["drawn"])
    rows = observation["territories"]
    for slot in range(MAX_IN_PLAY):
        cells = [0.0] * _SLOT
        if slot < len(rows):
            row = rows[slot]
            if row["card"] is not None:
                cells[row["card"]] = 1.0
            base = len(TERRITORIES)
            cells[base] = float(row["face_down"])
            for side in (0, 1):
                stack = row["armies"][side]
                cells[base + 1 + side] = sum(v for v in stack if v is not None) / 20
                cells[base + 3 + side] = float(sum(v is None for v in stack))
            cells[base + 5] = float(row["slot"] in drawn)
        out += cells
    for side in (0, 1):
        won = [0.0] * len(TERRITORIES)
        for card in observation["won"][side]:
            won[card] = 1.0
        out += won
    for side in (0, 1):
        owned = [0.0] * len(TECHNOLOGIES)
        for name in observation["technologies"][side]:
            owned[_TECH_INDEX[name]] = 1.0
        out += owned
    for holder in observation["holders"]:
        out += [float(holder == -1), float(holder == 0), float(holder == 1)]
    out += [n / 2 for n in observation["hidden_left"]]
    out.append(observation["budget"] / max(VALUES))
    for side in (0, 1):
        out += _counts(observation["tech_cards"][side])
    return out
