"""What a card, a technology or a special ability card is and does, in words with its numbers.

For the terminal's ``explain NAME``; every number comes from the loaded data files (the browser
board composes its explanations from the same files, served by ``/api/data``).
"""

from __future__ import annotations

from typing import Final

from carthago.games.total_war_cards.components import (
    AFRICA,
    BRANCHES,
    DECKS,
    EXPLANATIONS,
    GAUL,
    IBERIA,
    ITALIA,
    REGIONS,
    RULES,
    SIDES,
    TECHNOLOGIES,
    TERRITORIES,
    TIERS,
    Branch,
    Technology,
    Territory,
)

TIE_RULES: Final = {
    "first": "on a tie it stays with whoever reached that tier first",
    "vacant": "on a tie nobody holds it",
}


def explain(name: str, options: dict[str, str | int | bool]) -> str | None:
    """The explanation of the component called ``name`` (any case), or None if there is none.

    Names: a technology, a branch (its special ability card), a region, a territory card, a
    side or ``army`` (the army cards).
    """
    wanted = " ".join(name.split()).casefold().removesuffix(" card")
    for tech in TECHNOLOGIES:
        if tech.name.casefold() == wanted:
            return technology_text(tech)
    for branch in BRANCHES:
        if branch.name.casefold() == wanted:
            return ability_text(branch, str(options["ability_tie"]))
    for region, region_name in enumerate(REGIONS):
        if region_name.casefold() == wanted:
            return region_text(region, str(options["africa_pairs"]))
    for territory in TERRITORIES:
        if wanted in (territory.name.casefold(), territory.label.casefold()):
            return territory_text(territory, str(options["africa_pairs"]))
    if wanted in ("army", *(side.casefold() for side in SIDES)):
        return army_text()
    return None


def names() -> list[str]:
    """Every name ``explain`` knows, for the message when a name is not found."""
    return [
        *(t.name for t in TECHNOLOGIES),
        *(b.name for b in BRANCHES),
        *REGIONS,
        *(t.name for t in TERRITORIES),
        "army",
    ]


def technology_text(tech: Technology) -> str:
    branch = BRANCHES[tech.branch]
    meaning = EXPLANATIONS.meanings[tech.index]
    lines = [
        f"{tech.name} ({meaning}): {branch.name} tier {tech.tier}, costs {tech.cost} "
        f"point{'s' if tech.cost != 1 else ''} of an army card placed on the tech tree."
    ]
    needs = [TECHNOLOGIES[r].name for r in tech.requires]
    lines.append(f"Needs: {', '.join(needs)}." if needs else "Needs nothing before it.")
    opens = [t.name for t in TECHNOLOGIES if tech.index in t.requires]
    if opens:
        lines.append(f"Leads to: {', '.join(opens)}.")
    if tech.tier == TIERS:
        lines.append(
            f"Tier five: each side may own one, and one owned is closed to the other side. "
            f"At the end it doubles its owner's {REGIONS[branch.doubles]} score."
        )
    lines.append(
        f"Going higher up {branch.name} than the other side takes its card: "
        f"{EXPLANATIONS.abilities[branch.index]}"
    )
    return "\n".join(lines)


def ability_text(branch: Branch, tie: str) -> str:
    chain = [t for t in TECHNOLOGIES if t.branch == branch.index]
    chain.sort(key=lambda t: t.tier)
    steps = ", ".join(f"{t.tier} {t.name}" for t in chain)
    return "\n".join(
        [
            f"{branch.name} special ability card: {EXPLANATIONS.abilities[branch.index]}",
            f"Held by the side furthest up the {branch.name} branch ({steps}); {TIE_RULES[tie]}.",
            f"Its tier five, {chain[-1].name}, doubles {REGIONS[branch.doubles]}.",
        ]
    )


def scoring_table(region: int, pairing: str) -> str:
    """The region's scoring table in numbers."""
    if region == GAUL:
        return ", ".join(
            f"{count} card{'s' if count > 1 else ''} {points}"
            for count, points in enumerate(RULES.gaul_points)
            if count
        )
    if region == IBERIA:
        return "each card its ships, 1 to 8"
    if region == ITALIA:
        return ", ".join(
            f"run of {length} {points}"
            for length, points in enumerate(RULES.italia_points)
            if length
        )
    partner = "the Trade Route of its own city" if pairing == "city" else "any Trade Route"
    return f"{RULES.africa_pair_points} a Merchant paired with {partner}"


def region_text(region: int, pairing: str) -> str:
    look = EXPLANATIONS.regions[region]
    doubler = next(
        t.name for t in TECHNOLOGIES if t.tier == TIERS and BRANCHES[t.branch].doubles == region
    )
    cards = ", ".join(
        t.label.removeprefix(f"{REGIONS[region]} ") for t in TERRITORIES if t.region == region
    )
    return "\n".join(
        [
            f"{REGIONS[region]} {look.icon}: {look.scoring} ({scoring_table(region, pairing)}).",
            f"Doubled for the owner of {doubler}.",
            f"Its eight cards: {cards}.",
        ]
    )


def territory_text(territory: Territory, pairing: str) -> str:
    region = territory.region
    if region == IBERIA:
        value = f"worth {territory.number} points."
    elif region == ITALIA:
        roads = {t.number for t in TERRITORIES if t.region == ITALIA}
        beside = [n for n in (territory.number - 1, territory.number + 1) if n in roads]
        value = f"extends a run with road {' or '.join(map(str, beside))}."
    elif region == AFRICA:
        other = "Trade Route" if territory.kind == "Merchant" else "Merchant"
        partner = f"the {other} of {territory.city}" if pairing == "city" else f"any {other}"
        value = f"scores when held with {partner}."
    else:
        value = "one more Gaul card counted."
    return f"{territory.label}: {value}\n{region_text(region, pairing)}"


def army_text() -> str:
    decks = "; ".join(
        f"{side}: {' '.join(str(v) for v in deck)} (total {sum(deck)})"
        for side, deck in zip(SIDES, DECKS, strict=True)
    )
    return f"{EXPLANATIONS.army}\nThe eleven army cards of each side: {decks}."
