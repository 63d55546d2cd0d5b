"""The board as text for an 80-column terminal, drawn only from an observation."""

from __future__ import annotations

import textwrap
from typing import Final

from carthago.core.state import JSONDict
from carthago.games.total_war_cards.components import BRANCHES, REGIONS, SIDES, TERRITORIES

WIDTH: Final = 80


def _stack(values: list[int | None]) -> str:
    if not values:
        return "-"
    shown = " ".join("?" if v is None else str(v) for v in values)
    known = sum(v for v in values if v is not None)
    hidden = "+?" if None in values else ""
    return f"{shown} (={known}{hidden})"


def _counted(detail: JSONDict) -> list[str]:
    """What each region's score was counted from, in the order of ``REGIONS``."""
    runs = ", ".join("-".join(str(n) for n in run) for run in detail["italia_runs"])
    counted = [
        f" = {detail['gaul_cards']} cards",
        f" = ships {'+'.join(str(n) for n in detail['iberia_ships']) or 0}",
        f" = roads {runs}" if runs else "",
        f" = {detail['africa_pairs']} pair{'' if detail['africa_pairs'] == 1 else 's'}",
    ]
    if detail["doubled"] is not None:
        counted[REGIONS.index(detail["doubled"])] += ", doubled"
    return counted


def render(observation: JSONDict) -> str:
    """Turn, territories with both armies, hands, tech tree, special abilities, scores."""
    viewer = observation["viewer"]
    who = "spectator" if viewer is None else SIDES[viewer]
    lines = [
        f"Total War Cards - turn {observation['turn']}/{observation['turns']} - "
        f"{observation['phase']} - you are {who}"
    ]
    if observation["to_move"] is not None and not observation["is_terminal"]:
        lines[0] += f" - {SIDES[observation['to_move']]} to move"
    lines.append("-" * WIDTH)
    lines.append(f"   {'territory':<38} {SIDES[0]:<18} {SIDES[1]}")
    for row in observation["territories"]:
        mark = "*" if row["face_down"] else " "
        rome, carthage = (_stack(stack) for stack in row["armies"])
        lines.append(f"{row['slot']}{mark} {row['label']:<38} {rome:<18} {carthage}")
    lines.append(
        f"deck {observation['deck_size']}, unseen discards {observation['discarded']}; "
        "* = dealt face down"
    )
    lines.append("-" * WIDTH)
    if observation["hand"] is not None:
        lines.append(f"your hand: {' '.join(str(v) for v in observation['hand']) or '(empty)'}")
    sizes = observation["hand_sizes"]
    rests = observation["resting_counts"]
    for player in (0, 1):
        tech_cards = " ".join(str(v) for v in observation["tech_cards"][player]) or "-"
        lines.append(
            f"{SIDES[player]:<9} hand {sizes[player]}, resting {rests[player]}, "
            f"hidden cards left {observation['hidden_left'][player]}"
        )
        lines.append(f"{'':<9} on the tech tree this turn: {tech_cards}")
    lines.append("-" * WIDTH)
    for index, branch in enumerate(BRANCHES):
        holder = observation["holders"][index]
        tiers = [observation["tiers"][p][index] for p in (0, 1)]
        owner = "-" if holder < 0 else SIDES[holder]
        lines.append(
            f"{branch.name:<18} {SIDES[0]} tier {tiers[0]}, {SIDES[1]} tier {tiers[1]}; "
            f"card: {owner}"
        )
    if observation["budget"]:
        lines.append(f"points left on the card on the tech tree: {observation['budget']}")
    if observation["drawn"]:
        lines.append(f"drawn combats: {', '.join(observation['drawn'])}")
    lines.append("-" * WIDTH)
    for player in (0, 1):
        scores = observation["scores"][player]
        parts = "; ".join(
            f"{REGIONS[r]} {scores[r]}{how}"
            for r, how in enumerate(_counted(observation["score_detail"][player]))
        )
        lines.append(f"{SIDES[player]} scores {sum(scores)} ({parts})")
        won = "; ".join(TERRITORIES[t].label for t in observation["won"][player]) or "nothing yet"
        lines.extend(textwrap.wrap(f"  won: {won}", WIDTH, subsequent_indent="    "))
    for player in (0, 1):
        techs = ", ".join(observation["technologies"][player]) or "none"
        lines.extend(
            textwrap.wrap(f"{SIDES[player]} technologies: {techs}", WIDTH, subsequent_indent="    ")
        )
    # A long line is wrapped, never cut: every number stays on the screen.
    return "\n".join(
        "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent="    "))
        if len(line) > WIDTH
        else line
        for line in lines
    )
