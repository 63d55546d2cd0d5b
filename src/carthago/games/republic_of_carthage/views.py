"""What each player may see (``state.observation``): the open board and only his own secrets.

Hidden from the others: hands of Intrigue, Law and Concession cards (Neutral hands are open,
§9.1), Trade cards (only how many of each stack's back a faction holds shows), Faction Treasuries
(face down, §6.2 step 10), the Trade cards inside an offer (only its claim is heard), the hand
cards of an offer between two other players (§6.7.2: only its size is heard), the cards
removed from the stacks, and the make-up of the stacks and the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from carthago.games.republic_of_carthage.card_play import view as card_view
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import Force, war_name
from carthago.games.republic_of_carthage.forum_view import forum_view
from carthago.games.republic_of_carthage.hand_trades import open_offer_seen
from carthago.games.republic_of_carthage.offices import hrao, office_of
from carthago.games.republic_of_carthage.senate_intrigues import in_force, seduction_view
from carthago.games.republic_of_carthage.state import (
    CARDS,
    DECK,
    FORUM,
    FORUM_DOWN,
    HAND,
    LATE_DECK,
    LEADERS,
    NEUTRAL_ROLES,
    OFFICES,
    PLACE_NAMES,
    PROVINCES,
    UNITS,
    WAR_STATUS_NAMES,
    WARS,
    describe_person,
    stat,
)
from carthago.games.republic_of_carthage.trade import (
    claim,
    commodity_name,
    offer_sides,
    stack_size,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

PHASES: Final = (
    ("turn_rest", "End of turn"),
    ("setup", "Prepare to Play"),
    ("turn", "Mortality Phase"),
    ("mortality", "Mortality Phase"),
    ("revenue", "Revenue Phase"),
    ("trade", "Trade Phase"),
    ("combat", "Exploration and Combat Phase"),
    ("war", "Exploration and Combat Phase"),
    ("explore", "Exploration and Combat Phase"),
    ("revolution", "Revolution Phase"),
    ("forum", "Forum Phase"),
    ("senate", "Senate Phase"),
)


def phase_name(stage: str) -> str:
    for prefix, name in PHASES:
        if stage.startswith(prefix):
            return name
    return "End of turn"


def _card_name(card: int) -> str:
    ref = CARDS[card]
    return C.hand_cards[ref.id].name if ref.id in C.hand_cards else ref.id


def _person(state: S, person: int) -> dict[str, Any]:
    office = office_of(state, person)
    province = next((p for p, g in enumerate(state.prov_gov) if g == person), -1)
    return {
        "id": CARDS[person].id,
        "name": describe_person(person),
        "mil": stat(person, "mil"),
        "ora": stat(person, "ora"),
        "exp": stat(person, "exp"),
        "loy": stat(person, "loy"),
        "inf": state.inf[person],
        "pop": state.pop[person],
        "traders": state.traders[person],
        "talents": state.talents[person],
        "place": PLACE_NAMES[state.ploc[person]],
        "office": OFFICES[office].name if office >= 0 else None,
        "province": PROVINCES[province].name if province >= 0 else None,
        "liable": bool(state.liable[person]),
        "concessions": [
            _card_name(card) for card, holder in enumerate(state.card_holder) if holder == person
        ],
        "family_under": CARDS[state.under[person]].id if state.under[person] >= 0 else None,
    }


def _trade_backs(state: S, faction: int) -> list[int]:
    backs = [0] * 9
    for commodity, _, _ in state.trade_hands[faction]:
        backs[C.commodities[commodity].stack - 1] += 1
    return backs


def _faction(state: S, faction: int, viewer: int | None) -> dict[str, Any]:
    own = viewer == faction
    role = state.neutral_role[faction]
    open_hand = own or not state.human(faction)
    hand = [c for c, loc in enumerate(state.card_loc) if loc == HAND + faction]
    leader = state.faction_leader[faction]
    return {
        "name": state.rg.faction_names[faction],
        "human": state.human(faction),
        "role": NEUTRAL_ROLES[role] if role >= 0 else None,
        "leader": CARDS[leader].id if leader >= 0 else None,
        "senators": [_person(state, p) for p in state.faction_persons(faction)],
        "treasury": state.faction_treasury[faction] if own else None,
        "hand_size": len(hand),
        "hand": sorted(_card_name(c) for c in hand) if open_hand else None,
        # The actions name a hand card by its number, so the holder must see which copy of a
        # card he holds: else two states he cannot tell apart would offer different actions.
        "hand_cards": hand if open_hand else None,
        "trade_backs": _trade_backs(state, faction),
        "trade_cards": (
            [commodity_name(c) for c, _, _ in state.trade_hands[faction]] if open_hand else None
        ),
        "trade_income": state.trade_income[faction],
        "sold": [
            commodity_name(c)
            for c in range(len(C.commodities))
            if state.sold_kinds[faction] >> c & 1
        ],
    }


def _offer(state: S, viewer: int | None) -> dict[str, Any] | None:
    if not state.offer:
        return None
    offer = state.offer
    names = state.rg.faction_names
    sides = offer_sides(offer)
    view: dict[str, Any] = {"from": names[offer[0]], "to": names[offer[1]]}
    for side, key in ((0, "offer"), (1, "counter")):
        named = offer[2 + side]
        cards = sides[side]
        part: dict[str, Any] = {"cards": len(cards)}
        if named >= 0:
            part["claim"] = claim(cards, named)
        said = offer[4 + side]
        if said >= 0:
            part["said_also"] = commodity_name(said)
        if viewer == offer[side] or not state.human(offer[side]):  # Neutral cards are open
            part["contents"] = [commodity_name(c) for c in cards]
        view[key] = part
    return view


def _force(force: Force) -> dict[str, Any]:
    """A force in the field is open to everyone (§6.5.7: the Senate votes on its exact make-up)."""
    return {
        "target": _card_name(force.exploration) if force.war < 0 else war_name(force.war),
        "commanders": [describe_person(p) for p in force.commanders],
        "units": {UNITS[u].id: n for u, n in enumerate(force.units) if n},
        "veterans": {UNITS[u].id: n for u, n in enumerate(force.veterans) if n},
        "sent_turn": force.sent,
        "status": force.status,
    }


def observe(state: S, viewer: int | None) -> dict[str, Any]:
    head = hrao(state)
    cards = card_view(state)
    return {
        "turn": state.turn,
        "era": "Early Republic" if state.era == 1 else "Late Republic",
        "phase": phase_name(state.stage),
        "stage": state.stage,
        "ended": state.ended or None,
        "state_treasury": state.treasury,
        "tax_rate": state.tax,
        "hrao": describe_person(head) if head >= 0 else None,
        "factions": [_faction(state, f, viewer) for f in range(state.rg.num_factions)],
        "offices": [
            {
                "office": office.name,
                "holder": describe_person(h) if (h := state.office_holder[i]) >= 0 else None,
                "term": state.office_term[i],
            }
            for i, office in enumerate(OFFICES)
        ],
        "provinces": [
            {
                "province": province.name,
                "status": ("not in play", "Forum", "governed", "gone")[state.prov_loc[i]],
                "developed": bool(state.prov_dev[i]),
                "governor": describe_person(g) if (g := state.prov_gov[i]) >= 0 else None,
                "term": state.prov_term[i],
            }
            for i, province in enumerate(PROVINCES)
        ],
        "wars": [_war(state, i) for i in range(len(WARS)) if state.war_status[i]],
        "forces": {
            unit.id: {
                "pool": state.unit_pool[i],
                "active": state.unit_active[i],
                "veteran": state.unit_veteran[i],
            }
            for i, unit in enumerate(UNITS)
        },
        "in_the_field": [_force(force) for force in state.forces],
        "trade_fleets": state.trade_fleets,
        "caravans": state.caravans,
        "stacks": [stack_size(state, n) for n in range(1, 10)],
        "removed_trade_cards": sum(state.reserve),
        "deck": sum(1 for loc in state.card_loc if loc == DECK),
        "late_deck": sum(1 for loc in state.card_loc if loc == LATE_DECK),
        "forum": sorted(
            describe_person(c) if c < len(state.owner) else _card_name(c)
            for c, loc in enumerate(state.card_loc)
            if loc == FORUM
        ),
        "forum_face_down": sum(1 for loc in state.card_loc if loc == FORUM_DOWN),
        "mortality_cup": sum(state.cup),
        "offer": _offer(state, viewer),
        **forum_view(state),
        "senate": _senate(state),
        "fleet_victories": [WARS[w].name for w, won in enumerate(state.fleet_victory) if won],
        "generals": [describe_person(p) for p in state.generals],
        "captives": [
            {
                "captive": describe_person(state.captives[i]),
                "held_by": war_name(state.captives[i + 1]),
            }
            for i in range(0, len(state.captives), 2)
        ],
        "rebellion": _rebellion(state),
        "hand_offer": _hand_offer(state, viewer),
        **cards,
        "cards_in_force": [*cards["cards_in_force"], *in_force(state)],
    }


def _war(state: S, war: int) -> dict[str, Any]:
    """A war card on the board with the strengths a force would roll against now (§6.6.2)."""
    from carthago.games.republic_of_carthage.war import (
        leaders_with,
        matching_factor,
        war_strength,
    )

    card = WARS[war]
    return {
        "war": card.name,
        "id": card.id,
        "status": WAR_STATUS_NAMES[state.war_status[war]],
        "land": war_strength(state, war, naval=False),
        "naval": war_strength(state, war, naval=True),
        "matching": matching_factor(state, war),
        "leaders": [LEADERS[i].name for i in leaders_with(state, war)],
    }


def _senate(state: S) -> dict[str, Any]:
    """The Senate's open business: who presides, the proposal and its ballots (all public)."""
    from carthago.games.republic_of_carthage.senate import presiding
    from carthago.games.republic_of_carthage.senate_view import (
        ballots,
        failed,
        proposal_kind,
        proposal_text,
    )

    chair = presiding(state) if state.pm >= 0 else -1
    return {
        "presiding": describe_person(chair) if chair >= 0 else None,
        "crisis": bool(state.crisis) if state.pm >= 0 else None,
        "proposal": proposal_text(state),
        "proposal_kind": proposal_kind(state),
        "ballots": ballots(state),
        "rejected": failed(state),
        "tax_changed": state.tax_turn == state.turn,
        "suffete_for_life": (
            describe_person(state.life_suffete) if state.life_suffete >= 0 else None
        ),
        "liable_major": [describe_person(p) for p, m in enumerate(state.liable) if m == 2],
        "seduction": seduction_view(state),
    }


def _hand_offer(state: S, viewer: int | None) -> dict[str, Any] | None:
    """The offer of hand cards under way (§6.7.2): its parties and sizes are public, its cards
    as ``hand_trades.open_offer_seen`` says; cards by name and, as in a hand, by number."""
    offer = open_offer_seen(state, viewer)
    if offer is None:
        return None
    names = state.rg.faction_names
    return {
        "from": names[offer.offerer],
        "to": names[offer.receiver],
        "presented": offer.presented,
        "cards_given": offer.count_given,
        "cards_asked": offer.asked,
        "given": None if offer.given is None else sorted(map(_card_name, offer.given)),
        "given_cards": offer.given,
        "returned": None if offer.returned is None else sorted(map(_card_name, offer.returned)),
        "returned_cards": offer.returned,
    }


def _rebellion(state: S) -> dict[str, Any] | None:
    """The revolt under way (§6.7.3), open to all: rebels, their armies, since when."""
    if not state.rebels:
        return None
    return {
        "faction": state.rg.faction_names[state.rebels[0]],
        "rebels": [describe_person(p) for p in state.rebels[1:]],
        "armies": {UNITS[u].id: n for u, n in enumerate(state.rebel_units) if n},
        "veterans": {UNITS[u].id: n for u, n in enumerate(state.rebel_veterans) if n},
        "since_turn": state.rebel_turn,
        "succeeded": bool(state.revolt_won),
    }
