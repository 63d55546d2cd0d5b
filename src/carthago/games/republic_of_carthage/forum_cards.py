"""A card drawn at an initiative, acted on by its type (rules §6.4.2.1).

Enemy Leaders activate their wars on the board; Events, Intrigues, Laws, Statesmen and Trade
Concessions go secretly to the drawing faction's hand (the others see only that a card went to
hand); Explorations join the Inactive Wars; a Family card goes under its Statesman in play, else
face up to the Forum; a War is placed Active or Inactive, matching wars all become Active, and
its appearance effects follow (Force Pool additions, desertions, Trade cards removed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.forces import not_yet_in_play
from carthago.games.republic_of_carthage.laws import MERCENARY_PAY, deserters_paid
from carthago.games.republic_of_carthage.setup import stack_counts
from carthago.games.republic_of_carthage.stages import Stage, stage, weighted
from carthago.games.republic_of_carthage.state import (
    CARDS,
    COVERED,
    FORUM,
    HAND,
    IN_PLAY,
    LEADER_ACTIVE,
    LEADER_INACTIVE,
    LEADER_INDEX,
    LEADERS,
    UNIT_INDEX,
    UNITS,
    WAR_ACTIVE,
    WAR_INACTIVE,
    WAR_INDEX,
    WAR_UNPROSECUTED,
    WARS,
    describe_person,
    family_of,
)
from carthago.games.republic_of_carthage.table_events import AFTER_EVENT

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

HAND_KINDS: Final = ("event", "intrigue", "law", "statesman", "concession")
ON_BOARD: Final = (WAR_INACTIVE, WAR_ACTIVE, WAR_UNPROSECUTED)
"""War states that count as "on the board" for matching (a Lost or defeated war does not)."""


def card_name(card: int) -> str:
    ref = CARDS[card]
    if ref.kind in ("senator", "statesman"):
        return describe_person(card)
    if ref.kind == "war":
        return C.wars[ref.id].name
    if ref.kind == "leader":
        return C.leaders[ref.id].name
    if ref.kind == "exploration":
        return C.explorations[ref.id].name
    return C.hand_cards[ref.id].name


def draw_text(card: int) -> str:
    """Notation of a draw: the card's name, with its copy number where the deck holds several."""
    ref = CARDS[card]
    copies = [i for i, other in enumerate(CARDS) if other == ref]
    name = card_name(card)
    return f"draw {name}" if len(copies) == 1 else f"draw {name} #{copies.index(card) + 1}"


def act(state: S, card: int) -> None:
    """Carry out the card drawn by the faction taking the initiative."""
    faction = state.initiative
    name = state.rg.faction_names[faction]
    kind = CARDS[card].kind
    state.stage = AFTER_EVENT
    if kind in HAND_KINDS:
        state.card_loc[card] = HAND + faction
        state.card_origin[card] = state.history_length()
        state.card_forum[card] = 1
        state.forum_held[faction] += 1
        if state.human(faction):
            state.note(
                f"{name} draws a card to hand", {faction: f"{name} draws {card_name(card)} to hand"}
            )
        else:
            state.note(f"{name} draws {card_name(card)} to hand (Neutral hands are open)")
    elif kind == "exploration":
        state.card_loc[card] = IN_PLAY
        state.note(f"{name} draws {card_name(card)}: placed with the Inactive Wars")
    elif kind == "senator":
        _family(state, card)
    elif kind == "leader":
        _leader(state, card)
    else:
        _war(state, card)


# -- Family cards --------------------------------------------------------------------------------


def _statesmen_of(state: S, family: int) -> list[int]:
    """Statesmen of ``family`` in a faction (the only place a Statesman is played, §4)."""
    return [
        p
        for p in range(len(state.owner))
        if CARDS[p].kind == "statesman"
        and family_of(p) == family
        and state.owner[p] >= 0
        and state.in_play(p)
    ]


def _family(state: S, card: int) -> None:
    statesmen = _statesmen_of(state, family_of(card))
    state.card_loc[card] = IN_PLAY
    state.inf[card] = C.senators[family_of(card)].inf
    if len(statesmen) == 2:
        # §4 Mago family: with both Statesmen in play, chance picks who receives the card.
        state.ctx = [card, *statesmen]
        state.stage = "forum_family_mago"
    elif statesmen:
        cover(state, card, statesmen[0])
    else:
        state.card_loc[card] = FORUM
        state.note(f"{describe_person(card)} is drawn and placed face up in the Forum")


def cover(state: S, card: int, statesman: int) -> None:
    state.under[statesman] = card
    state.ploc[card] = COVERED
    state.owner[card] = state.owner[statesman]
    state.note(f"{describe_person(card)} is drawn and goes under {describe_person(statesman)}")


def _mago(state: S, statesman: int) -> None:
    card = state.ctx[0]
    state.ctx = []
    cover(state, card, statesman)
    state.stage = AFTER_EVENT


stage(
    "forum_family_mago",
    Stage(
        lambda s: -1,
        _mago,
        lambda s, a: f"the card goes under {describe_person(a)}",
        outcomes=lambda s: weighted(dict.fromkeys(s.ctx[1:], 1)),
    ),
)


# -- Enemy Leaders and Wars ---------------------------------------------------------------------


def wars_of(state: S, family: str) -> list[int]:
    return [
        w for w, war in enumerate(WARS) if war.family == family and state.war_status[w] in ON_BOARD
    ]


def _activate(state: S, wars: list[int]) -> None:
    for war in wars:
        if state.war_status[war] == WAR_INACTIVE:
            state.war_status[war] = WAR_ACTIVE
            state.note(f"The {WARS[war].name} becomes Active")


def _leader(state: S, card: int) -> None:
    leader = LEADER_INDEX[CARDS[card].id]
    state.card_loc[card] = IN_PLAY
    wars = wars_of(state, LEADERS[leader].family)
    name = LEADERS[leader].name
    if wars:
        state.leader_status[leader] = LEADER_ACTIVE
        state.note(f"Enemy Leader {name} appears and joins his wars")
        _activate(state, wars)
    else:
        state.leader_status[leader] = LEADER_INACTIVE
        state.note(f"Enemy Leader {name} appears and waits in the Leaders area")


def leaders_stand_down(state: S, family: str) -> None:
    """Active Enemy Leaders of ``family`` with no matching war left on the board go back to the
    Leaders area (§6.5.7 Sue for peace)."""
    if wars_of(state, family):
        return
    for leader, data in enumerate(LEADERS):
        if data.family == family and state.leader_status[leader] == LEADER_ACTIVE:
            state.leader_status[leader] = LEADER_INACTIVE
            state.note(f"Enemy Leader {data.name} has no war left and becomes Inactive")


def _war(state: S, card: int) -> None:
    war = WAR_INDEX[CARDS[card].id]
    data = WARS[war]
    state.card_loc[card] = IN_PLAY
    matching = wars_of(state, data.family)
    leaders = [
        i
        for i, leader in enumerate(LEADERS)
        if leader.family == data.family
        and state.leader_status[i] in (LEADER_INACTIVE, LEADER_ACTIVE)
    ]
    active = data.status == "active" or bool(matching) or bool(leaders)
    state.war_status[war] = WAR_ACTIVE if active else WAR_INACTIVE
    state.note(f"The {data.name} appears, {'Active' if active else 'Inactive'}")
    if matching or leaders:
        _activate(state, matching)
        for leader in leaders:
            state.leader_status[leader] = LEADER_ACTIVE
    for unit_id, count in data.appear_pool:
        unit = UNIT_INDEX[unit_id]
        added = min(count, not_yet_in_play(state, unit))
        state.unit_unavailable[unit] -= added
        state.unit_pool[unit] += added
        if added:
            state.note(f"{added} {UNITS[unit].name} join the Force Pool")
    for unit_id in data.appear_deserts:
        unit = UNIT_INDEX[unit_id]
        gone = desert(state, unit, war)
        if gone:
            state.note(f"All {UNITS[unit].name} ({gone}) desert until the {data.name} is won")
        paid = deserters_paid(state, gone)
        if paid:
            state.unit_unavailable[unit] -= paid
            state.unit_pool[unit] += paid
            state.war_deserters[war * len(UNITS) + unit] -= paid
            state.note(
                f"Mercenary Pay Act: the State Treasury pays {paid * MERCENARY_PAY}T and "
                f"{paid} {UNITS[unit].name} return to the Force Pool"
            )
    state.ctx = list(data.appear_removes_trade)
    _next_removal(state)


def desert(state: S, unit: int, war: int) -> int:
    """Every counter of ``unit``, recruited or in the Force Pool, leaves until war ``war`` is
    defeated (§6.4.2.1 War: the cards make whole types desert, so the rule's order between
    recruited and unrecruited counters, and between recruits and Veterans, never decides who
    goes). Deserters lose their Veteran status and their commanders' loyalty (§6.5.7).
    """
    from carthago.games.republic_of_carthage.table_events import remove_active

    gone = state.unit_active[unit] + state.unit_pool[unit]
    while state.unit_active[unit] > 0:
        remove_active(state, unit, state.unit_veteran[unit] > 0)
    pairs = state.veteran_of
    state.veteran_of = [
        v for i in range(0, len(pairs), 2) if pairs[i] != unit for v in pairs[i : i + 2]
    ]
    state.unit_pool[unit] = 0
    state.unit_unavailable[unit] += gone
    state.war_deserters[war * len(UNITS) + unit] += gone
    return gone


def _next_removal(state: S) -> None:
    while state.ctx and not any(stack_counts(state, state.ctx[0]).values()):
        state.ctx.pop(0)
    state.stage = "forum_war_trade" if state.ctx else AFTER_EVENT


def _removal(state: S, commodity: int) -> None:
    number = state.ctx.pop(0)
    state.stack[commodity] -= 1
    state.reserve[commodity] += 1
    state.note(f"The war removes a card unseen from trade stack {number}")
    _next_removal(state)


stage(
    "forum_war_trade",
    Stage(
        lambda s: -1,
        _removal,
        lambda s, a: f"remove {C.commodities[a].name}",
        outcomes=lambda s: weighted(stack_counts(s, s.ctx[0])),
    ),
)
