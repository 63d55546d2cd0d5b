"""A fixed-size numeric encoding of a Punica observation, for learning agents.

Built only from ``state.observation(p)``, so nothing hidden can leak into it. The layout
(documented in docs/punica.md, "Observation tensor"), all values in [0, 1]:

- 20 area slots (regions 0-10, then seas; the ninth sea slot is empty in ``en``), 7 each:
  Rome units / 8, Carthage units / 8, Hannibal here, both sides here, battle being fought
  here, battle waiting here, retreat option here.
- 2 sides x 7 cards x 4: in hand (known), played face up, face down and visible to the viewer,
  revealed in the current battle; then 2 flags: side has a card face down hidden from viewer.
- phase one-hot (8), player to move one-hot (Rome, Carthage, nobody), viewer one-hot (Rome,
  Carthage, spectator), active side one-hot (2), turn / turn limit, army and fleet movements
  left / 4, edition is ``pl``.
"""

from __future__ import annotations

from typing import Any, Final

from carthago.core.game import Game
from carthago.games.punica.components import CARDS, CARDS_PER_SIDE, MAX_AREAS
from carthago.games.punica.state import PHASES

AREA_FEATURES: Final = 7
CARD_FEATURES: Final = 4
SIZE: Final = (
    MAX_AREAS * AREA_FEATURES
    + 2 * CARDS_PER_SIDE * CARD_FEATURES
    + 2
    + len(PHASES)
    + 3
    + 3
    + 2
    + 1
    + 2
    + 1
)
UNIT_SCALE: Final = 8.0
MOVES_SCALE: Final = 4.0
_CARD_INDEX: Final = [{c.name: c.index for c in deck} for deck in CARDS]


def shape(game: Game) -> tuple[int, ...]:
    """The tensor shape: one flat vector, the same for both editions."""
    return (SIZE,)


def encode(game: Game, observation: dict[str, Any]) -> list[float]:
    """The observation as ``SIZE`` floats laid out as the module docstring says."""
    out = [0.0] * SIZE
    ids = [area["id"] for area in observation["areas"]]
    battle = observation["battle"]
    battle_area = ids.index(battle["area"]) if battle else -1
    pending = {ids.index(a) for a in observation["pending_battles"]}
    retreat = {ids.index(a) for a in observation["retreat_options"]}
    for index, area in enumerate(observation["areas"]):
        base = index * AREA_FEATURES
        rome, carthage = area["units"]
        out[base] = min(rome / UNIT_SCALE, 1.0)
        out[base + 1] = min(carthage / UNIT_SCALE, 1.0)
        out[base + 2] = float(area["hannibal"])
        out[base + 3] = float(rome > 0 and (carthage > 0 or area["hannibal"]))
        out[base + 4] = float(index == battle_area)
        out[base + 5] = float(index in pending)
        out[base + 6] = float(index in retreat)
    offset = MAX_AREAS * AREA_FEATURES
    revealed: list[Any] = battle["revealed"] if battle else [None, None]
    for side, player in enumerate(observation["players"]):
        names = _CARD_INDEX[side]
        hand = player["hand"] or []
        committed = player["committed"]
        for k in range(CARDS_PER_SIDE):
            base = offset + (side * CARDS_PER_SIDE + k) * CARD_FEATURES
            out[base] = float(any(names[n] == k for n in hand))
            out[base + 1] = float(any(names[n] == k for n in player["played"]))
            out[base + 2] = float(names.get(committed, -1) == k)
            out[base + 3] = float(names.get(revealed[side], -1) == k)
    offset += 2 * CARDS_PER_SIDE * CARD_FEATURES
    for side, player in enumerate(observation["players"]):
        out[offset + side] = float(player["committed"] == "face down")
    offset += 2
    out[offset + PHASES.index(observation["phase"])] = 1.0
    offset += len(PHASES)
    to_move = observation["current_player"]
    out[offset + (to_move if to_move in (0, 1) else 2)] = 1.0
    offset += 3
    viewer = observation["viewer"]
    out[offset + (viewer if viewer in (0, 1) else 2)] = 1.0
    offset += 3
    out[offset + observation["active"]] = 1.0
    offset += 2
    out[offset] = min(observation["turn"] / observation["max_turns"], 1.0)
    offset += 1
    in_play = observation["card_in_play"]
    if in_play:
        out[offset] = in_play["army_moves_left"] / MOVES_SCALE
        out[offset + 1] = in_play["fleet_moves_left"] / MOVES_SCALE
    offset += 2
    out[offset] = float(observation["edition"] == "pl")
    return out
