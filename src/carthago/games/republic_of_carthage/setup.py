"""Prepare to Play (rules §3, all fifteen steps) and the Neutral set-up of §9.1.

Deals are chance nodes drawing one card at a time from what is left. Steps that need no
decision (boards, treasury, tax rate, forces, the cup) are carried out by the engine; players
place their concessions, trader, Faction Leader, Committee membership and Governor terms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.neutral_aide import aide, neutral_leader
from carthago.games.republic_of_carthage.offices import HOME_SUFFETE, holds_office
from carthago.games.republic_of_carthage.stages import Stage, auto, stage, weighted
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    CHIT_DRAW_TWO,
    CHIT_NONE,
    DECK,
    GOVERNOR,
    HAND,
    IN_PLAY,
    LATE_DECK,
    NEUTRAL_ROLES,
    OFFICES,
    PROV_GOVERNED,
    PROVINCE_INDEX,
    RED_DECK,
    SENATOR_PILE,
    UNITS,
    WAR_INACTIVE,
    WAR_INDEX,
    describe_person,
    family_of,
    stat,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

START_SENATORS: Final = 3
START_HAND: Final = 3
START_TREASURY: Final = 100
START_TAX: Final = 10
EXTRA_SENATORS: Final = {"Conservatives": 2, "Populists": 1}
RED_KINDS: Final = ("intrigue", "law", "concession")
"""The cards of §3 step 3's deck."""


def initialise(state: S) -> None:
    """Lay out the cards before the first deal."""
    for index, card in enumerate(CARDS):
        if card.deck == 2:
            state.card_loc[index] = LATE_DECK
        elif card.kind == "senator":
            state.card_loc[index] = SENATOR_PILE
        elif card.kind in RED_KINDS:
            state.card_loc[index] = RED_DECK
        elif card.deck == 1:
            state.card_loc[index] = DECK
    for commodity in C.commodities:
        state.stack[commodity.index] = commodity.count
    state.note("The Republic of Carthage: preparing to play (rules 3)")


def _pile(state: S, where: int) -> dict[int, int]:
    return {i: 1 for i, loc in enumerate(state.card_loc) if loc == where}


def _deal_target(state: S) -> int:
    return state.sub % state.rg.num_factions


# -- §3 step 2: three Senators to each faction; §9.1 Neutral roles and their extra Senators ---


def _seat(state: S, person: int, faction: int) -> None:
    state.card_loc[person] = IN_PLAY
    state.owner[person] = faction
    state.ploc[person] = CARTHAGE
    state.inf[person] = C.senators[int(CARDS[person].id)].inf


def _deal_senator(state: S, card: int) -> None:
    if state.stage == "setup_deal_extra":
        faction = state.ctx.pop(0)
    else:
        faction = _deal_target(state)
        state.sub += 1
    _seat(state, card, faction)
    state.note(f"{state.rg.faction_names[faction]} is dealt {describe_person(card)}")
    if state.stage == "setup_deal_senators" and state.sub == START_SENATORS * state.rg.num_factions:
        state.sub = 0
        state.stage = "setup_neutral_roles" if state.rg.neutrals else "setup_deal_red"
    elif state.stage == "setup_deal_extra" and not state.ctx:
        state.stage = "setup_deal_red"


def _faction_total(state: S, faction: int, rating: str) -> int:
    persons = state.faction_persons(faction)
    if rating == "inf":
        return sum(state.inf[p] for p in persons)
    return sum(stat(p, rating) for p in persons)


def _assign_roles(state: S) -> None:
    """§9.1: Imperials (most Military), Plutocrats (most Influence), Conservatives (least),
    Populists (the rest, solitaire only). Ties go to the faction earlier round the table."""
    free = list(range(state.rg.num_players, state.rg.num_factions))
    picks = [
        ("Imperials", lambda f: (-_faction_total(state, f, "mil"), f)),
        ("Plutocrats", lambda f: (-_faction_total(state, f, "inf"), f)),
        ("Conservatives", lambda f: (_faction_total(state, f, "inf"), f)),
        ("Populists", lambda f: f),
    ]
    for role, key in picks:
        if not free:
            break
        chosen = min(free, key=key)
        free.remove(chosen)
        state.neutral_role[chosen] = NEUTRAL_ROLES.index(role)
        state.note(f"{state.rg.faction_names[chosen]} are the {role}")
        state.ctx.extend([chosen] * EXTRA_SENATORS.get(role, 0))
    state.stage = "setup_deal_extra" if state.ctx else "setup_deal_red"


def _senator_outcomes(state: S) -> list[tuple[int, float]]:
    return weighted(_pile(state, SENATOR_PILE))


stage(
    "setup_deal_senators",
    Stage(
        lambda s: -1,
        _deal_senator,
        lambda s, a: f"deal {describe_person(a)}",
        outcomes=_senator_outcomes,
    ),
)
auto("setup_neutral_roles", _assign_roles)
stage(
    "setup_deal_extra",
    Stage(
        lambda s: -1,
        _deal_senator,
        lambda s, a: f"deal {describe_person(a)}",
        outcomes=_senator_outcomes,
    ),
)


# -- §3 step 3: three Intrigue/Law/Concession cards each; concessions may be played ----------


def _card_name(card: int) -> str:
    return C.hand_cards[CARDS[card].id].name


def _copy_name(card: int) -> str:
    """The card's name with its copy number where the deck holds several, for notation."""
    ref = CARDS[card]
    copies = [i for i, other in enumerate(CARDS) if other == ref]
    name = _card_name(card)
    return name if len(copies) == 1 else f"{name} #{copies.index(card) + 1}"


def _deal_red(state: S, card: int) -> None:
    faction = _deal_target(state)
    state.card_loc[card] = HAND + faction
    state.card_origin[card] = state.history_length()
    state.sub += 1
    name = state.rg.faction_names[faction]
    if state.human(faction):
        state.note(f"{name} is dealt a card", {faction: f"{name} is dealt {_card_name(card)}"})
    else:
        state.note(f"{name} is dealt {_card_name(card)} (Neutral hands are open)")
    if state.sub == START_HAND * state.rg.num_factions:
        state.sub = 0
        state.stage = "setup_neutral_concessions"


stage(
    "setup_deal_red",
    Stage(
        lambda s: -1,
        _deal_red,
        lambda s, a: f"deal {_copy_name(a)}",
        outcomes=lambda s: weighted(_pile(s, RED_DECK)),
    ),
)


def concessions_in_hand(state: S, faction: int) -> list[int]:
    return [
        i
        for i, loc in enumerate(state.card_loc)
        if loc == HAND + faction and CARDS[i].kind == "concession"
    ]


def play_concession(state: S, card: int, person: int) -> None:
    state.card_loc[card] = IN_PLAY
    state.card_holder[card] = person
    state.card_origin[card] = -1
    faction = state.owner[person]
    state.note(
        f"{state.rg.faction_names[faction]} plays {_card_name(card)} on {describe_person(person)}"
    )


def _held_concessions(state: S, person: int) -> int:
    return sum(1 for holder in state.card_holder if holder == person)


def _neutral_concessions(state: S) -> None:
    """§9.1: a Neutral plays its concessions at once, each on its Senator with the fewest
    concessions, ties to the most Influence (then the lowest number)."""
    for faction in range(state.rg.num_players, state.rg.num_factions):
        for card in concessions_in_hand(state, faction):
            persons = state.faction_persons(faction)
            target = min(
                persons, key=lambda p: (_held_concessions(state, p), -state.inf[p], family_of(p))
            )
            play_concession(state, card, target)
    state.order = list(range(state.rg.num_players))
    state.pos = 0
    state.stage = "setup_concessions"


auto("setup_neutral_concessions", _neutral_concessions)


def _concession_actor(state: S) -> int:
    from carthago.games.republic_of_carthage.stages import AUTO

    while state.pos < len(state.order):
        faction = state.order[state.pos]
        if concessions_in_hand(state, faction):
            return faction
        state.pos += 1
    return AUTO


def _concession_legal(state: S) -> list[int]:
    faction = state.order[state.pos]
    return [A.DONE] + [
        A.CONCESSION + A.CONCESSIONS.index(CARDS[c].id) for c in concessions_in_hand(state, faction)
    ]


def _concession_apply(state: S, action: int) -> None:
    if state.pos >= len(state.order):
        state.stage = "setup_form_deck"
        return
    if action == A.DONE:
        state.pos += 1
        return
    faction = state.order[state.pos]
    wanted = A.CONCESSIONS[action - A.CONCESSION]
    card = next(c for c in concessions_in_hand(state, faction) if CARDS[c].id == wanted)
    state.ctx = [card]
    state.stage = "setup_concession_target"


def _concession_text(state: S, action: int) -> str:
    if action == A.DONE:
        return "keep concessions"
    return f"play {C.hand_cards[A.CONCESSIONS[action - A.CONCESSION]].name}"


stage(
    "setup_concessions",
    Stage(_concession_actor, _concession_apply, _concession_text, legal=_concession_legal),
)


def _target_apply(state: S, action: int) -> None:
    play_concession(state, state.ctx.pop(), action - A.PERSON)
    state.stage = "setup_concessions"


stage(
    "setup_concession_target",
    Stage(
        lambda s: s.order[s.pos],
        _target_apply,
        lambda s, a: f"on {describe_person(a - A.PERSON)}",
        legal=lambda s: [A.PERSON + p for p in s.faction_persons(s.order[s.pos])],
    ),
)


# -- §3 step 4: the starting deck ------------------------------------------------------------


def _form_deck(state: S) -> None:
    for index, loc in enumerate(state.card_loc):
        if loc in (SENATOR_PILE, RED_DECK):
            state.card_loc[index] = DECK
    size = sum(1 for loc in state.card_loc if loc == DECK)
    state.note(f"The remaining Early Republic cards form the deck ({size} cards)")
    state.order = list(range(state.rg.num_factions))
    state.pos = 0
    state.stage = "setup_trader"


auto("setup_form_deck", _form_deck)


# -- §3 steps 5 and 6: a trader and a Faction Leader for each faction -----------------------


def _choose_apply(state: S, action: int) -> None:
    faction = state.order[state.pos]
    person = action - A.PERSON
    name = state.rg.faction_names[faction]
    if state.stage == "setup_trader":
        state.traders[person] += 1
        state.note(f"{name} gives its trader to {describe_person(person)}")
    else:
        state.faction_leader[faction] = person
        state.note(f"{name} names {describe_person(person)} Faction Leader")
    state.pos += 1
    if state.pos == len(state.order):
        state.pos = 0
        state.stage = "setup_leader" if state.stage == "setup_trader" else "setup_offices"


def _choice_text(verb: str) -> Callable[[S, int], str]:
    return lambda s, a: f"{verb} {describe_person(a - A.PERSON)}"


for _name, _verb in (("setup_trader", "trader to"), ("setup_leader", "leader")):
    stage(
        _name,
        Stage(
            lambda s: s.order[s.pos],
            _choose_apply,
            _choice_text(_verb),
            legal=lambda s: [A.PERSON + p for p in s.faction_persons(s.order[s.pos])],
            neutral=lambda s: A.PERSON + neutral_leader(s, s.order[s.pos]),
        ),
    )


# -- §3 step 7 (and §9.1): Temporary Home Suffete and the two first Governors ---------------

START_PROVINCES: Final = ("COASTAL-SPAIN", "SARDINIA")


def _by_number(state: S) -> list[int]:
    persons = [p for f in range(state.rg.num_factions) for p in state.faction_persons(f)]
    return sorted(persons, key=lambda p: (family_of(p), p))


def _offices(state: S) -> None:
    ranked = _by_number(state)
    if state.rg.neutrals:
        plutocrats = state.neutral_role.index(NEUTRAL_ROLES.index("Plutocrats"))
        suffete = min(
            state.faction_persons(plutocrats), key=lambda p: (-state.inf[p], family_of(p))
        )
        governors = [p for p in ranked if p != suffete][:2]
    else:
        suffete, governors = ranked[0], ranked[1:3]
    state.office_holder[HOME_SUFFETE] = suffete
    state.note(f"{describe_person(suffete)} is the Temporary Home Suffete")
    for province_id, person in zip(START_PROVINCES, governors, strict=True):
        province = PROVINCE_INDEX[province_id]
        state.prov_loc[province] = PROV_GOVERNED
        state.prov_gov[province] = person
        state.prov_term[province] = C.provinces[province_id].term
        state.ploc[person] = GOVERNOR
        state.note(f"{describe_person(person)} governs Undeveloped {C.provinces[province_id].name}")
    state.order = [PROVINCE_INDEX[p] for p in START_PROVINCES]
    state.pos = 0
    state.stage = "setup_terms"


auto("setup_offices", _offices)


def _term_actor(state: S) -> int:
    return state.owner[state.prov_gov[state.order[state.pos]]]


def _term_apply(state: S, action: int) -> None:
    province = state.order[state.pos]
    state.prov_term[province] = action - A.TERM
    state.note(
        f"{describe_person(state.prov_gov[province])} will govern "
        f"{C.provinces[START_PROVINCES[state.pos]].name} for {action - A.TERM} more turn(s)"
    )
    state.pos += 1
    if state.pos == len(state.order):
        _start_committee(state)


def _neutral_term(state: S) -> int:
    """The Term track space the aide starts the Neutral's Governor on, as turns left."""
    province = state.order[state.pos]
    space = aide(state, _term_actor(state)).start_term[state.prov_dev[province]]
    return A.TERM + 4 - space


stage(
    "setup_terms",
    Stage(
        _term_actor,
        _term_apply,
        lambda s, a: f"term {a - A.TERM}",
        legal=lambda s: [A.TERM + t for t in range(1, 4)],
        neutral=_neutral_term,
    ),
)


# -- §3 step 8: the Committee of Five memberships -------------------------------------------

COMMITTEE: Final = tuple(i for i, office in enumerate(OFFICES) if office.committee)


def _start_committee(state: S) -> None:
    factions = list(range(state.rg.num_factions))
    if len(factions) == 6:
        factions.remove(state.owner[state.office_holder[HOME_SUFFETE]])
    state.order = factions[: len(COMMITTEE)]
    state.pos = 0
    state.ctx = list(COMMITTEE)
    state.stage = "setup_committee_deal"


def _committee_deal(state: S, office: int) -> None:
    state.ctx.remove(office)
    faction = state.order[state.pos]
    state.office_term[office] = OFFICES[office].start_term
    state.note(f"{state.rg.faction_names[faction]} is dealt the {OFFICES[office].name}")
    state.sub = office
    state.stage = "setup_committee_assign"


stage(
    "setup_committee_deal",
    Stage(
        lambda s: -1,
        _committee_deal,
        lambda s, a: f"deal {OFFICES[a].name}",
        outcomes=lambda s: weighted(dict.fromkeys(s.ctx, 1)),
    ),
)


def committee_candidates(state: S, faction: int) -> list[int]:
    """Senators of the faction in Carthage without another office (interpretation, docs)."""
    return [
        p
        for p in state.faction_persons(faction)
        if state.ploc[p] == CARTHAGE and not holds_office(state, p)
    ]


def _assign_actor(state: S) -> int:
    from carthago.games.republic_of_carthage.stages import AUTO

    return state.order[state.pos] if committee_candidates(state, state.order[state.pos]) else AUTO


def _assign_apply(state: S, action: int) -> None:
    office = state.sub
    faction = state.order[state.pos]
    if action < 0:
        state.office_term[office] = 0
        state.note(
            f"{state.rg.faction_names[faction]} has nobody free: the {OFFICES[office].name} "
            "goes to the Forum"
        )
    else:
        person = action - A.PERSON
        state.office_holder[office] = person
        state.note(f"{describe_person(person)} becomes {OFFICES[office].name}")
    state.pos += 1
    if state.pos == len(state.order):
        state.ctx = []
        state.stage = "setup_board"
    else:
        state.stage = "setup_committee_deal"


def _neutral_member(state: S) -> int:
    candidates = committee_candidates(state, state.order[state.pos])
    return A.PERSON + min(candidates, key=lambda p: (-state.inf[p], family_of(p)))


stage(
    "setup_committee_assign",
    Stage(
        _assign_actor,
        _assign_apply,
        lambda s, a: f"assign to {describe_person(a - A.PERSON)}",
        legal=lambda s: [A.PERSON + p for p in committee_candidates(s, s.order[s.pos])],
        neutral=_neutral_member,
    ),
)


# -- §3 steps 9 to 13: the board; step 14: trade stacks; step 15: the cup --------------------


def _board(state: S) -> None:
    tunisia = WAR_INDEX["TUNISIA"]
    state.war_status[tunisia] = WAR_INACTIVE
    state.card_loc[CARDS.index(next(c for c in CARDS if c.id == "TUNISIA"))] = IN_PLAY
    state.treasury = START_TREASURY
    state.tax = START_TAX
    for index, unit in enumerate(UNITS):
        state.unit_active[index] = unit.active_at_start
        state.unit_pool[index] = unit.pool_at_start
        state.unit_unavailable[index] = unit.total - unit.active_at_start - unit.pool_at_start
    state.note(
        "The Conquest of Tunisia lies Inactive; State Treasury 100T; Tax Rate 10%; "
        "2 Carthaginian legions active; the Force Pool is formed"
    )
    state.ctx = [
        number for number, count in enumerate(C.stack_removed, start=1) for _ in range(count)
    ]
    state.stage = "setup_trade_removal"


auto("setup_board", _board)


def stack_counts(state: S, number: int) -> dict[int, int]:
    """The commodities left in trade stack ``number``, by commodity index."""
    return {c.index: state.stack[c.index] for c in C.commodities if c.stack == number}


def _removal_apply(state: S, commodity: int) -> None:
    number = state.ctx.pop(0)
    state.stack[commodity] -= 1
    state.reserve[commodity] += 1
    state.note(f"A card is removed unseen from trade stack {number}")
    if not state.ctx:
        numbered, nones, draw_twos = C.mortality
        state.cup = [1] * numbered + [nones, draw_twos]
        assert len(state.cup) == CHIT_DRAW_TWO + 1 and numbered == CHIT_NONE
        state.note("The 31 Mortality chits go into the cup; the game begins")
        state.turn = 1
        state.stage = "turn_start"


stage(
    "setup_trade_removal",
    Stage(
        lambda s: -1,
        _removal_apply,
        lambda s, a: f"remove {C.commodities[a].name} from stack {C.commodities[a].stack}",
        outcomes=lambda s: weighted(stack_counts(s, s.ctx[0])),
    ),
)
