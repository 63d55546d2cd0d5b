"""The Punica board as text for an 80-column terminal, drawn from an observation only.

One line per region (capital, areas of influence, units, who controls it), one per sea
(printed Fleet symbol, fleets), then each side's cards, the card being resolved, the battle
being fought and the last lines of the log.
"""

from __future__ import annotations

import textwrap
from typing import Any, Final

from carthago.games.punica.components import CARDS, CARTHAGE, NUM_REGIONS, ROME, SIDES, Board

LOG_LINES: Final = 6
_INITIAL: Final = ("R", "C")


def _units(area: dict[str, Any], is_sea: bool) -> tuple[str, str]:
    rome, carthage = area["units"]
    words = ("fleet", "fleets") if is_sea else ("army", "armies")
    cells = [f"{count} {words[count != 1]}" if count else "" for count in (rome, carthage)]
    if area["hannibal"]:
        cells[CARTHAGE] = f"{cells[CARTHAGE]} +Hannibal".strip()
    return cells[ROME], cells[CARTHAGE]


def _marks(board: Board, index: int) -> str:
    area = board.areas[index]
    marks = []
    if area.capital_of >= 0:
        marks.append(f"{SIDES[area.capital_of]} Capital")
    if len(area.influence) == 2:
        marks.append("both infl.")
    elif area.influence:
        marks.append(f"{SIDES[area.influence[0]]} infl.")
    if area.island:
        marks.append("island")
    if area.fleet_symbol >= 0:
        marks.append(f"{SIDES[area.fleet_symbol]} fleet symbol")
    return ", ".join(marks)


def _control(area: dict[str, Any]) -> str:
    rome = area["units"][ROME] > 0
    carthage = area["units"][CARTHAGE] > 0 or area["hannibal"]
    if rome and carthage:
        return "BATTLE"
    if rome:
        return "Rome"
    if carthage:
        return "Carth."
    return ""


def _strength(side: int, name: str) -> str:
    for c in CARDS[side]:
        if c.name == name:
            symbol = "*" if c.battle_symbol else ""
            return f"{name}({c.strength}{symbol})"
    return name


def _wrapped(prefix: str, text: str) -> list[str]:
    """``prefix + text`` broken at spaces into lines of at most 80 columns."""
    return textwrap.wrap(text, 80, initial_indent=prefix, subsequent_indent=" " * len(prefix)) or [
        prefix.rstrip()
    ]


def render(board: Board, observation: dict[str, Any]) -> str:
    """The text of the board and cards as the observation's viewer sees them."""
    lines = []
    phase = observation["phase"]
    who = observation["current_player"]
    if observation["is_terminal"]:
        winner = observation["winner"]
        result = "draw" if winner is None or winner < 0 else f"{SIDES[winner]} wins"
        status = f"GAME OVER: {result} ({observation['end_reason']})"
    else:
        status = f"{SIDES[who]} to decide ({phase})"
    lines.append(
        f"PUNICA [{observation['edition']}]  turn {observation['turn']}/"
        f"{observation['max_turns']}  {SIDES[observation['active']]}'s turn  {status}"
    )
    units = [
        _units(area, board.areas[index].is_sea) for index, area in enumerate(observation["areas"])
    ]
    # Columns widen to fit their longest cell so neighbours never run together.
    rw = max(10, *(len(rome) + 1 for rome, _ in units))
    cw = max(18, *(len(carthage) + 1 for _, carthage in units))
    lines.append(f"{'':3} {'Region':<17}{'Rome':<{rw}}{'Carthage':<{cw}}{'control':<8}notes")
    for index, area in enumerate(observation["areas"]):
        if index == NUM_REGIONS:
            lines.append(f"{'':3} {'Sea':<17}{'Rome':<{rw}}{'Carthage':<{cw}}{'':<8}notes")
        static = board.areas[index]
        rome, carthage = units[index]
        control = _control(area)
        if static.is_sea and control in ("Rome", "Carth."):
            control = ""
        line = f"{static.id:<3} {static.name[:16]:<17}{rome:<{rw}}{carthage:<{cw}}{control:<8}"
        lines.append((line + _marks(board, index))[:80].rstrip())
    lines.append("Cards (strength, * = battle symbol):")
    for side, player in enumerate(observation["players"]):
        if player["hand"] is None:
            hand = f"{len(player['unplayed']) - 1} of " + ", ".join(
                _strength(side, n) for n in player["unplayed"]
            )
        else:
            hand = ", ".join(_strength(side, n) for n in player["hand"]) or "-"
        played = ", ".join(player["played"]) or "-"
        committed = player["committed"]
        lines.extend(_wrapped(f" {SIDES[side]:<8} hand: ", hand))
        extra = f"; face down: {committed}" if committed else ""
        lines.extend(_wrapped(f" {'':<8} played: ", played + extra))
    in_play = observation["card_in_play"]
    if in_play:
        lines.append(
            f"Resolving {in_play['card']}: {in_play['army_moves_left']} army and "
            f"{in_play['fleet_moves_left']} fleet movements left"
        )
    battle = observation["battle"]
    if battle:
        revealed = [r or "?" for r in battle["revealed"]]
        lines.append(
            f"Battle in {battle['area']}: {battle['attacker']} attacks; cards Rome "
            f"{revealed[ROME]}, Carthage {revealed[CARTHAGE]}"
        )
    if observation["pending_battles"]:
        lines.append("Battles waiting: " + ", ".join(observation["pending_battles"]))
    if observation["retreat_options"]:
        lines.append("Retreat to: " + ", ".join(observation["retreat_options"]))
    log = observation["log"][-LOG_LINES:]
    if log:
        lines.append("Log:")
        lines.extend(f" {entry}"[:80] for entry in log)
    return "\n".join(lines)
