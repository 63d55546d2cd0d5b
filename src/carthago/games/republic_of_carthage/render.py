"""The board as text for an 80-column terminal, built only from an observation."""

from __future__ import annotations

import textwrap
from typing import Any

WIDTH = 80


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
        f"  {senator['name'][:26]:26} M{senator['mil']} O{senator['ora']} E{senator['exp']} "
        f"L{senator['loy']:<2} I{senator['inf']:<2} P{senator['pop']:<2} "
        f"Tr{senator['traders']} {senator['talents']:>3}T"
    )
    if extras:
        line += " " + ", ".join(extras)
    return line[:WIDTH]


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
        lines.append(textwrap.shorten("Table Events: " + ", ".join(events), WIDTH))
    leaders = [f"{x['leader']} ({x['status']})" for x in observation["enemy_leaders"]]
    if leaders:
        lines.append(textwrap.shorten("Enemy Leaders: " + ", ".join(leaders), WIDTH))
    if observation["explorations"]:
        lines.append(
            textwrap.shorten("Explorations: " + ", ".join(observation["explorations"]), WIDTH)
        )
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
            lines.append("  " + textwrap.shorten("hand: " + ", ".join(faction["hand"]), WIDTH - 2))
        if faction["trade_cards"]:
            lines.append(
                "  " + textwrap.shorten("trade: " + ", ".join(faction["trade_cards"]), WIDTH - 2)
            )
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
        lines.append(f"War: {war['war']} ({war['status']}{marker})")
    lines.extend(_forum_lines(observation))
    lines.extend(_field_lines(observation))
    if observation["cards_in_force"]:
        text = "Cards in force: " + ", ".join(observation["cards_in_force"])
        lines.append(textwrap.shorten(text, WIDTH))
    offer = observation["offer"]
    if offer:
        lines.append(f"Offer {offer['from']} -> {offer['to']}: {offer['offer']}")
    senate = observation["senate"]
    if senate["presiding"]:
        crisis = " (Crisis)" if senate["crisis"] else ""
        lines.append(f"Senate{crisis}: presiding {senate['presiding']}")
        if senate["proposal"]:
            lines.append("  " + textwrap.shorten("proposal: " + senate["proposal"], WIDTH - 2))
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
    return "\n".join(line[:WIDTH] for line in lines)
