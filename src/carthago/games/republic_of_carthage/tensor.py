"""A flat numeric encoding of an observation for learning agents (layout in the docs).

Built only from ``state.observation(p)``, so nothing hidden can leak into it. The first part
(board, factions, Senators, the viewer's Trade cards) is followed by the context of the
decision, the Forum, the Senate and the Combat state; every section has a fixed size, so the
shape depends on nothing but the code (the same for every option set).

Speed matters (one call per step in learning loops): the name lookups are built once at import
and the later sections are written into one preallocated list at fixed offsets.
"""

from __future__ import annotations

from typing import Any, Final

from carthago.core.game import Game
from carthago.games.republic_of_carthage import phases  # noqa: F401 (registers every stage)
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.proposals import KIND_NAMES
from carthago.games.republic_of_carthage.senate_intrigues import MERCENARIES, copies
from carthago.games.republic_of_carthage.stages import STAGES
from carthago.games.republic_of_carthage.state import (
    CARDS,
    LEADER_STATUS_NAMES,
    LEADERS,
    OFFICES,
    PROVINCES,
    TABLE_EVENTS,
    UNITS,
    WAR_STATUS_NAMES,
    WARS,
)
from carthago.games.republic_of_carthage.views import PHASES

MAX_FACTIONS: Final = 6
SENATOR_SLOTS: Final = 10
SENATOR_FEATURES: Final = 10
FACTION_FEATURES: Final = 4 + 9 + SENATOR_SLOTS * SENATOR_FEATURES
GLOBAL_FEATURES: Final = 6 + 9
OWN_FEATURES: Final = len(C.commodities) + 1
BASE: Final = GLOBAL_FEATURES + MAX_FACTIONS * FACTION_FEATURES + OWN_FEATURES
"""The first part, unchanged since part 1 of the game."""


def _index(names: list[str] | tuple[str, ...]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


PHASE_INDEX: Final = _index(list(dict.fromkeys(name for _, name in PHASES)))
STAGE_INDEX: Final = _index(sorted(STAGES))
WAR_INDEX: Final = _index([war.name for war in WARS])
LEADER_INDEX: Final = _index([leader.name for leader in LEADERS])
LEADER_STATUS: Final = {name: i - 1 for i, name in enumerate(LEADER_STATUS_NAMES) if i}
WAR_STATUS: Final = {name: i - 1 for i, name in enumerate(WAR_STATUS_NAMES) if i}
EVENT_INDEX: Final = _index([event.name for event in TABLE_EVENTS])
EXPLORATION_INDEX: Final = _index([item.name for item in C.explorations.values()])
COMMODITY_INDEX: Final = _index([item.name for item in C.commodities])
UNIT_INDEX: Final = _index([unit.id for unit in UNITS])
FLEET_IDS: Final = frozenset(("fleet",))
TRADE_IDS: Final = frozenset(("trade_fleet", "caravan"))
OFFICE_INDEX: Final = _index([office.name for office in OFFICES])
PROVINCE_INDEX: Final = _index([province.name for province in PROVINCES])
PROVINCE_STATUS: Final = _index(["not in play", "Forum", "governed", "gone"])
KIND_INDEX: Final = _index(KIND_NAMES)
VOTE_INDEX: Final = _index(["Yes", "No", "Abstain"])
HAND_INDEX: Final = _index(
    [card.name for card in C.hand_cards.values()]
    + [ref.id for ref in CARDS if ref.kind == "statesman"]
)
ROLL_CARDS: Final = _index(["Fair Winds", "Sacred Band"])
MERCENARY_COPIES: Final = copies(MERCENARIES)

F: Final = MAX_FACTIONS
SECTIONS: Final[tuple[tuple[str, int], ...]] = (
    # the decision: is it the viewer's, the phase, the stage, the era
    ("context", 1 + len(PHASE_INDEX) + len(STAGE_INDEX) + 2),
    # Forum
    ("table_events", 2 * len(EVENT_INDEX)),
    ("enemy_leaders", len(LEADER_STATUS) * len(LEADER_INDEX)),
    ("explorations", len(EXPLORATION_INDEX)),
    ("initiative", F + 1),
    ("persuasion", 3 + (F + 1) + F),
    ("auction", 2 + F),
    ("votes", F),
    ("cards_in_force", 2 * len(COMMODITY_INDEX) + len(ROLL_CARDS) * F + 1),
    ("own_hand", len(HAND_INDEX)),
    # Senate
    ("senate", F + 1 + len(KIND_INDEX) + F + 2 + (F + 1) + F),
    ("ballots", F * (len(VOTE_INDEX) + 2)),
    ("offices", len(OFFICE_INDEX) * (F + 1)),
    ("provinces", len(PROVINCE_INDEX) * (len(PROVINCE_STATUS) + 1 + F + 1)),
    # Exploration and Combat, Revolution
    ("wars", len(WAR_INDEX) * (len(WAR_STATUS) + 1 + 7)),
    ("rebel_war", 4),
    ("expeditions", len(EXPLORATION_INDEX) * 4),
    ("units", 3 * len(UNIT_INDEX) + 2),
    ("generals_captives", 2 * F),
    ("rebellion", 1 + F + 4),
    ("hand_offer", 2 * F + 3 + 2 * len(HAND_INDEX)),
)
OFFSET: Final[dict[str, int]] = {}
_at = 0
for _name, _size in SECTIONS:
    OFFSET[_name] = _at
    _at += _size
TAIL: Final = _at
SIZE: Final = BASE + TAIL


def shape(game: Game) -> tuple[int, ...]:
    return (SIZE,)


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
    factions = observation["factions"]
    # Person (as the observation names him) -> faction, for everything that names people.
    faction_of: dict[str, int] = {}
    for index in range(MAX_FACTIONS):
        if index >= len(factions):
            values += [0.0] * FACTION_FEATURES
            continue
        faction = factions[index]
        values += [
            1.0,
            1.0 if index == viewer else 0.0,
            faction["hand_size"] / 10,
            faction["trade_income"] / 100,
        ]
        values += [count / 10 for count in faction["trade_backs"]]
        senators = faction["senators"]
        for slot, senator in enumerate(senators):
            faction_of[senator["name"]] = index
            if slot < SENATOR_SLOTS:
                values += (
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
                )
        if len(senators) < SENATOR_SLOTS:
            values += [0.0] * (SENATOR_FEATURES * (SENATOR_SLOTS - len(senators)))
    own = [0.0] * len(C.commodities)
    treasury = 0.0
    if viewer is not None:
        mine = factions[viewer]
        for name in mine["trade_cards"] or []:
            own[C.commodity(name).index] += 0.1
        treasury = (mine["treasury"] or 0) / 100
    values += [*own, treasury]
    tail = [0.0] * TAIL
    faction_index = {faction["name"]: i for i, faction in enumerate(factions)}
    _context(tail, observation, viewer)
    _forum(tail, observation, faction_of, faction_index)
    if viewer is not None:
        at = OFFSET["own_hand"]
        for name in factions[viewer]["hand"] or []:
            tail[at + HAND_INDEX[name]] += 0.5
    _senate(tail, observation, faction_of, faction_index)
    _combat(tail, observation, faction_of, faction_index, viewer)
    _hand_offer(tail, observation, faction_index)
    values += tail
    return values


def _context(tail: list[float], observation: dict[str, Any], viewer: int | None) -> None:
    at = OFFSET["context"]
    if viewer is not None and observation["current_player"] == viewer:
        tail[at] = 1.0
    at += 1
    tail[at + PHASE_INDEX[observation["phase"]]] = 1.0
    at += len(PHASE_INDEX)
    stage = STAGE_INDEX.get(observation["stage"])
    if stage is not None:
        tail[at + stage] = 1.0
    at += len(STAGE_INDEX)
    tail[at] = 1.0 if observation["era"] == "Late Republic" else 0.0
    tail[at + 1] = observation["late_deck"] / 64


def _forum(
    tail: list[float],
    observation: dict[str, Any],
    faction_of: dict[str, int],
    faction_index: dict[str, int],
) -> None:
    at = OFFSET["table_events"]
    for event in observation["table_events"]:
        tail[at + 2 * EVENT_INDEX[event["event"]] + (1 if event["upside_down"] else 0)] = 1.0
    at = OFFSET["enemy_leaders"]
    for leader in observation["enemy_leaders"]:
        status = LEADER_STATUS.get(leader["status"])
        if status is not None:
            tail[at + len(LEADER_STATUS) * LEADER_INDEX[leader["leader"]] + status] = 1.0
    at = OFFSET["explorations"]
    for name in observation["explorations"]:
        tail[at + EXPLORATION_INDEX[name]] = 1.0
    at = OFFSET["initiative"]
    initiative = observation["initiative"]
    if initiative is not None:
        tail[at + faction_index[initiative]] = 1.0
    tail[at + F] = observation["initiatives_taken"] / 6
    persuasion = observation["persuasion"]
    if persuasion is not None:
        at = OFFSET["persuasion"]
        tail[at] = 1.0
        tail[at + 1] = persuasion["number"] / 12
        tail[at + 2] = persuasion["round"] / 3
        # The target may be unaligned (in the Forum): the last of the F + 1 places.
        tail[at + 3 + faction_of.get(persuasion["target"], F)] = 1.0
        persuader = faction_of.get(persuasion["persuader"])
        if persuader is not None:
            tail[at + 3 + F + 1 + persuader] = 1.0
    auction = observation["auction"]
    if auction is not None:
        at = OFFSET["auction"]
        tail[at] = 1.0
        tail[at + 1] = auction["bid"] / 20
        bidder = faction_of.get(auction["bidder"])
        if bidder is not None:
            tail[at + 2 + bidder] = 1.0
    at = OFFSET["votes"]
    for name, votes in observation["votes"].items():
        tail[at + faction_index[name]] = votes / 30
    at = OFFSET["cards_in_force"]
    for text in observation["cards_in_force"]:
        if text.endswith(" worth double"):
            tail[at + 2 * COMMODITY_INDEX[text[: -len(" worth double")]]] = 1.0
        elif text.endswith(" worth half"):
            tail[at + 2 * COMMODITY_INDEX[text[: -len(" worth half")]] + 1] = 1.0
        elif text.startswith("Mercenary Contract with "):
            tail[at + 2 * len(COMMODITY_INDEX) + len(ROLL_CARDS) * F] += 1 / MERCENARY_COPIES
        else:
            card, _, name = text.partition(" for ")
            slot = at + 2 * len(COMMODITY_INDEX) + len(ROLL_CARDS) * faction_index[name]
            tail[slot + ROLL_CARDS[card]] = 1.0


def _senate(
    tail: list[float],
    observation: dict[str, Any],
    faction_of: dict[str, int],
    faction_index: dict[str, int],
) -> None:
    senate = observation["senate"]
    at = OFFSET["senate"]
    presiding = senate["presiding"]
    if presiding is not None and presiding in faction_of:
        tail[at + faction_of[presiding]] = 1.0
    at += F
    tail[at] = 1.0 if senate["crisis"] else 0.0
    at += 1
    kind = senate["proposal_kind"]
    if kind is not None:
        tail[at + KIND_INDEX[kind]] = 1.0
        text = senate["proposal"]
        # Which factions' Senators the proposal names (candidates, accused, commanders...).
        for name, faction in faction_of.items():
            if name in text:
                tail[at + len(KIND_INDEX) + faction] = 1.0
    at += len(KIND_INDEX) + F
    tail[at] = len(senate["rejected"]) / 10
    tail[at + 1] = 1.0 if senate["tax_changed"] else 0.0
    at += 2
    life = senate["suffete_for_life"]
    if life is not None:
        tail[at] = 1.0
        if life in faction_of:
            tail[at + 1 + faction_of[life]] = 1.0
    at += F + 1
    for name in senate["liable_major"]:
        if name in faction_of:
            tail[at + faction_of[name]] += 0.2
    at = OFFSET["ballots"]
    width = len(VOTE_INDEX) + 2
    for ballot in senate["ballots"]:
        slot = at + width * faction_index[ballot["faction"]]
        tail[slot + VOTE_INDEX[ballot["vote"]]] = 1.0
        tail[slot + 3] = ballot["votes"] / 30
        tail[slot + 4] = ballot["bought"] / 20
    at = OFFSET["offices"]
    for office in observation["offices"]:
        slot = at + (F + 1) * OFFICE_INDEX[office["office"]]
        holder = office["holder"]
        if holder is not None and holder in faction_of:
            tail[slot + faction_of[holder]] = 1.0
        tail[slot + F] = office["term"] / 5
    at = OFFSET["provinces"]
    width = len(PROVINCE_STATUS) + 1 + F + 1
    for province in observation["provinces"]:
        slot = at + width * PROVINCE_INDEX[province["province"]]
        tail[slot + PROVINCE_STATUS[province["status"]]] = 1.0
        tail[slot + len(PROVINCE_STATUS)] = 1.0 if province["developed"] else 0.0
        governor = province["governor"]
        if governor is not None and governor in faction_of:
            tail[slot + len(PROVINCE_STATUS) + 1 + faction_of[governor]] = 1.0
        tail[slot + width - 1] = province["term"] / 3


def _hand_offer(
    tail: list[float], observation: dict[str, Any], faction_index: dict[str, int]
) -> None:
    """The offer of hand cards under way (§6.7.2), with its cards where the viewer sees them."""
    offer = observation["hand_offer"]
    if offer is None:
        return
    at = OFFSET["hand_offer"]
    tail[at + faction_index[offer["from"]]] = 1.0
    tail[at + F + faction_index[offer["to"]]] = 1.0
    at += 2 * F
    tail[at] = 1.0 if offer["presented"] else 0.0
    tail[at + 1] = offer["cards_given"] / 5
    tail[at + 2] = offer["cards_asked"] / 5
    at += 3
    for names in (offer["given"], offer["returned"]):
        for name in names or []:
            tail[at + HAND_INDEX[name]] += 0.5
        at += len(HAND_INDEX)


def _combat(
    tail: list[float],
    observation: dict[str, Any],
    faction_of: dict[str, int],
    faction_index: dict[str, int],
    viewer: int | None,
) -> None:
    wars = OFFSET["wars"]
    width = len(WAR_STATUS) + 1 + 7
    for war in observation["wars"]:
        tail[wars + width * WAR_INDEX[war["war"]] + WAR_STATUS[war["status"]]] = 1.0
    for name in observation["fleet_victories"]:
        tail[wars + width * WAR_INDEX[name] + len(WAR_STATUS)] = 1.0
    expeditions = OFFSET["expeditions"]
    rebel_war = OFFSET["rebel_war"]
    for force in observation["in_the_field"]:
        units = force["units"]
        veterans = sum(force["veterans"].values())
        mine = viewer is not None and any(
            faction_of.get(name) == viewer for name in force["commanders"]
        )
        target = force["target"]
        if target in EXPLORATION_INDEX:
            slot = expeditions + 4 * EXPLORATION_INDEX[target]
            tail[slot] += 1 / 3
            tail[slot + 1] += sum(n for u, n in units.items() if u in TRADE_IDS) / 60
            tail[slot + 2] = max(tail[slot + 2], 1.0 if force["status"] == 1 else 0.0)
            tail[slot + 3] = max(tail[slot + 3], 1.0 if mine else 0.0)
            continue
        armies = sum(n for u, n in units.items() if u not in FLEET_IDS and u not in TRADE_IDS)
        if target not in WAR_INDEX:  # the rebellion (§6.7.3)
            tail[rebel_war] += 1 / 3
            tail[rebel_war + 1] += armies / 20
            tail[rebel_war + 2] += veterans / 10
            tail[rebel_war + 3] = max(tail[rebel_war + 3], 1.0 if mine else 0.0)
            continue
        slot = wars + width * WAR_INDEX[target] + len(WAR_STATUS) + 1
        tail[slot] += 1 / 3
        tail[slot + 1] += armies / 20
        tail[slot + 2] += sum(n for u, n in units.items() if u in FLEET_IDS) / 20
        tail[slot + 3] += veterans / 10
        tail[slot + 4] += len(force["commanders"]) / 3
        tail[slot + 5] = max(tail[slot + 5], 1.0 if force["status"] == 2 else 0.0)
        tail[slot + 6] = max(tail[slot + 6], 1.0 if mine else 0.0)
    at = OFFSET["units"]
    for unit, counts in observation["forces"].items():
        slot = at + 3 * UNIT_INDEX[unit]
        tail[slot] = counts["pool"] / 20
        tail[slot + 1] = counts["active"] / 20
        tail[slot + 2] = counts["veteran"] / 10
    at += 3 * len(UNIT_INDEX)
    tail[at] = observation["trade_fleets"] / 60
    tail[at + 1] = observation["caravans"] / 60
    at = OFFSET["generals_captives"]
    for name in observation["generals"]:
        if name in faction_of:
            tail[at + faction_of[name]] += 1 / 3
    for captive in observation["captives"]:
        if captive["captive"] in faction_of:
            tail[at + F + faction_of[captive["captive"]]] += 1 / 3
    rebellion = observation["rebellion"]
    if rebellion is not None:
        at = OFFSET["rebellion"]
        tail[at] = 1.0
        tail[at + 1 + faction_index[rebellion["faction"]]] = 1.0
        tail[at + 1 + F] = len(rebellion["rebels"]) / 5
        tail[at + 2 + F] = sum(rebellion["armies"].values()) / 20
        tail[at + 3 + F] = sum(rebellion["veterans"].values()) / 10
        tail[at + 4 + F] = 1.0 if rebellion["succeeded"] else 0.0
