"""The board as text for an 80-column terminal, built only from an observation.

A line longer than the terminal is wrapped, never cut, and a key at the foot names every
abbreviation the text uses.
"""

from __future__ import annotations

import textwrap
from typing import Any, Final

WIDTH: Final = 80
LEGEND: Final = (
    "Key: M Military, O Oratory, E Exploration, L Loyalty, I Influence, P Popularity, "
    "Tr Traders, T talents; HRAO the Highest Ranking Available Official; trade backs: "
    "Trade cards held per stack 1-9; war land/naval: the strength a force fights now "
    "(xN: doubled or tripled by matching wars)"
)


def _senator_line(senator: dict[str, Any]) -> str:
    extras = []
    if senator["office"]:
        extras.append(senator["office"])
    if senator["province"]:
        extras.append(f"gov. {senator['province']}")
    if senator["liable"]:
        extras.append("Liable")
    if senator["concessions"]:
        extras.append("+".join(senator["concessions"]))
    line = (
        f"  {senator['name']:26} M{senator['mil']} O{senator['ora']} E{senator['exp']} "
        f"L{senator['loy']:<2} I{senator['inf']:<2} P{senator['pop']:<2} "
        f"Tr{senator['traders']} {senator['talents']:>3}T"
    )
    if extras:
        line += " " + ", ".join(extras)
    return line


def _field_lines(observation: dict[str, Any]) -> list[str]:
    """Forces in the field, captives, Generals, the rebellion (§6.6, §6.7)."""
    lines = []
    for force in observation["in_the_field"]:
        units = " ".join(f"{unit}:{n}" for unit, n in force["units"].items())
        veterans = " ".join(f"{unit}:{n}" for unit, n in force["veterans"].items())
        lines.append(
            f"Force on {force['target']}: {', '.join(force['commanders']) or 'no commander'}; "
            f"{units}" + (f" (Veterans {veterans})" if veterans else "")
        )
    for captive in observation["captives"]:
        lines.append(f"Captive: {captive['captive']}, held by the {captive['held_by']}")
    if observation["generals"]:
        lines.append("Generals: " + ", ".join(observation["generals"]))
    rebellion = observation["rebellion"]
    if rebellion:
        armies = " ".join(f"{unit}:{n}" for unit, n in rebellion["armies"].items())
        lines.append(
            f"REVOLT of {rebellion['faction']}: {', '.join(rebellion['rebels'])}; {armies}"
        )
    return lines


def _forum_lines(observation: dict[str, Any]) -> list[str]:
    """Table Events, Enemy Leaders, Explorations, the initiative, a persuasion, an auction."""
    lines = []
    events = [
        e["event"] + (" (again)" if e["upside_down"] else "") for e in observation["table_events"]
    ]
    if events:
        lines.append("Table Events: " + ", ".join(events))
    leaders = [f"{x['leader']} ({x['status']})" for x in observation["enemy_leaders"]]
    if leaders:
        lines.append("Enemy Leaders: " + ", ".join(leaders))
    if observation["explorations"]:
        lines.append("Explorations: " + ", ".join(observation["explorations"]))
    if observation["initiative"]:
        lines.append(f"Initiative {observation['initiatives_taken']}: {observation['initiative']}")
    persuasion = observation["persuasion"]
    if persuasion:
        lines.append(
            f"Persuasion: {persuasion['persuader']} -> {persuasion['target']}, number "
            f"{persuasion['number']} (round {persuasion['round']})"
        )
    if observation["auction"]:
        lines.append(
            f"Best bid {observation['auction']['bid']}T by {observation['auction']['bidder']}"
        )
    return lines


def render(observation: dict[str, Any]) -> str:
    lines = [
        f"The Republic of Carthage - turn {observation['turn']}, {observation['era']}, "
        f"{observation['phase']}",
        f"State Treasury {observation['state_treasury']}T  Tax {observation['tax_rate']}%  "
        f"HRAO {observation['hrao'] or '-'}  Deck {observation['deck']}",
        "Trade stacks: " + " ".join(f"{n}:{c}" for n, c in enumerate(observation["stacks"], 1)),
    ]
    if observation["ended"]:
        lines.append(f"Game over: {observation['ended']}")
    for faction in observation["factions"]:
        role = f" ({faction['role']})" if faction["role"] else ""
        treasury = "?" if faction["treasury"] is None else f"{faction['treasury']}T"
        lines.append(
            f"{faction['name']}{role}: leader [{faction['leader']}], treasury {treasury}, "
            f"{faction['hand_size']} cards, trade backs {faction['trade_backs']}"
        )
        lines.extend(_senator_line(s) for s in faction["senators"])
        if faction["hand"]:
            lines.append("  hand: " + ", ".join(faction["hand"]))
        if faction["trade_cards"]:
            lines.append("  trade: " + ", ".join(faction["trade_cards"]))
    governed = [p for p in observation["provinces"] if p["status"] != "not in play"]
    for province in governed:
        side = "Developed" if province["developed"] else "Undeveloped"
        lines.append(
            f"{side} {province['province']}: {province['status']}"
            + (
                f", {province['governor']} ({province['term']} turns)"
                if province["governor"]
                else ""
            )
        )
    fleet_won = set(observation["fleet_victories"])
    for war in observation["wars"]:
        marker = ", Fleet Victory" if war["war"] in fleet_won else ""
        factor = f" x{war['matching']}" if war["matching"] > 1 else ""
        leaders = f" with {', '.join(war['leaders'])}" if war["leaders"] else ""
        lines.append(
            f"War: {war['war']} ({war['status']}{marker}): land {war['land']}, "
            f"naval {war['naval']}{factor}{leaders}"
        )
    lines.extend(_forum_lines(observation))
    lines.extend(_field_lines(observation))
    if observation["cards_in_force"]:
        text = "Cards in force: " + ", ".join(observation["cards_in_force"])
        lines.append(text)
    offer = observation["offer"]
    if offer:
        lines.append(f"Offer {offer['from']} -> {offer['to']}: {offer['offer']}")
    senate = observation["senate"]
    if senate["presiding"]:
        crisis = " (Crisis)" if senate["crisis"] else ""
        lines.append(f"Senate{crisis}: presiding {senate['presiding']}")
        if senate["proposal"]:
            lines.append("  proposal: " + senate["proposal"])
        for ballot in senate["ballots"]:
            bribery = ", Bribery of the Council" if ballot["bribery"] else ""
            lines.append(
                f"  {ballot['faction']}: {ballot['vote']} ({ballot['votes']} votes{bribery})"
            )
        seduction = senate["seduction"]
        if seduction:
            lines.append(
                f"  Seduction: {seduction['persuader']} ({seduction['faction']}) seduces "
                f"{seduction['target']}, Persuasion Number {seduction['number']}"
            )
    if senate["suffete_for_life"]:
        lines.append(f"Suffete for Life: {senate['suffete_for_life']}")
    lines.extend("> " + entry for entry in observation["log"][-6:])
    lines.append(LEGEND)
    return "\n".join(wrapped for line in lines for wrapped in _wrap(line))


def _wrap(line: str) -> list[str]:
    """``line`` in lines of at most WIDTH columns, continuations indented under it."""
    if len(line) <= WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
