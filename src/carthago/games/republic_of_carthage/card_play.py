"""Event and Intrigue cards played from hand (rules §6.4.2.1: kept secret, played at any time
unless the card says otherwise), except those whose window lies in the Senate Phase.

"At any time" is made finite by windows:

- at any decision of its own (outside set-up, these card stages and an open offer of hand
  cards in the Revolution Phase, ``NO_PLAY_PREFIXES``) a faction may play an
  eligible card: the action ``PLAY + card`` is added to the stage's legal actions by
  ``phases.legal``; the play interrupts the stage, which resumes (``state.card_resume``) once
  the card's target is chosen and its dice are rolled;
- reaction windows where a card's trigger happens: after a failed persuasion (Blackmail) every
  other faction is asked in turn; when a Senator dies from a Mortality chit (Offering at the
  Tophet) his faction is asked. A human faction is asked whenever its hand is not empty, so
  being asked tells nothing about its cards; a Neutral (open hand) only when it holds the card.

A played card is shown to all and goes to the discard. ``state.card_ctx`` holds the play under
way: ``[card, faction, ...]`` (a target, rolls) or, in a window, what the window concerns.

Combat reads the pending bonuses of Fair Winds and The Sacred Band with ``take_roll_bonus``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.components import PACKAGE
from carthago.games.republic_of_carthage.offices import clockwise
from carthago.games.republic_of_carthage.stages import STAGES, Stage, dice_outcomes, stage
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    DISCARD,
    HAND,
    N_PERSONS,
    UNIT_INDEX,
    describe_person,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.forces import Force
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

PLAY: Final = A.CARDS
"""``PLAY + card``: play that card from hand."""
PASS: Final = A.CARDS + 200
"""Decline to play in a reaction window."""
PERSON: Final = A.CARDS + 300
"""``PERSON + person``: the Senator a card's effect concerns."""
FACTION: Final = A.CARDS + 400
"""``FACTION + faction``: the faction a card's effect concerns."""
END: Final = FACTION + A.MAX_FACTIONS
assert END <= A.CARDS + A.CARDS_SIZE and len(CARDS) <= PASS - PLAY

DOUBLE: Final = 1
HALF: Final = 2
EXPLORATION: Final = 0
WAR: Final = 1
"""Kinds of pending roll bonus, per faction in ``state.roll_bonus[2 * faction + kind]``."""
BONUS_EFFECTS: Final = {"exploration_bonus": EXPLORATION, "combat_bonus": WAR}
GENERAL: Final = ("influence_peddling", "rumour", "trade_value", "popularity", *BONUS_EFFECTS)
"""Effects playable at any decision of the holder; the others only in their reaction window."""
WINDOW_EFFECTS: Final = ("blackmail", "mortality_cancel")
EFFECTS: Final = (*GENERAL, *WINDOW_EFFECTS)
TRADE_PREFIXES: Final = ("mortality", "revenue", "trade", "turn_start")
"""Stages of a turn up to the end of its Trade Phase: when a Trade Phase value card may be
played (it concerns "this turn's" Trade Phase)."""
NO_PLAY_PREFIXES: Final = ("setup_", "cards_", "revolution_trade_")
"""Stages with no general window: set-up, a card's own play or window, and an offer of hand
cards (§6.7.2) from its opening to its answer and exchange."""
CARD_STAGES: Final = ("cards_target", "cards_steal", "cards_blackmail", "cards_blackmail_roll")
CARD_STAGES_ALL: Final = (*CARD_STAGES, "cards_tophet")
MORTALITY_RESUME: Final = "mortality_after_chit"


@dataclass(frozen=True, slots=True)
class CardData:
    trade_value: dict[str, tuple[int, int]]
    """Card id -> (commodity index, DOUBLE or HALF)."""
    rumour: int
    temple: int
    blackmail_dice: int
    roll_bonus: int
    sacred_band_unit: int
    neutral_order: tuple[str, ...]


def load(data: dict[str, object]) -> CardData:
    """The parsed ``card_play.toml``, checked against the hand cards."""
    where = "card_play.toml"
    names = [c.name for c in C.commodities]
    values: dict[str, tuple[int, int]] = {}
    for card_id, entry in field(data, "trade_value", dict, where).items():
        here = f"{where} trade_value.{card_id}"
        source(entry, here)
        card = C.hand_cards.get(card_id)
        if card is None or card.effect != "trade_value":
            raise ComponentDataError(f"{here}: not a Trade Phase value card")
        commodity = field(entry, "commodity", str, here)
        mode = field(entry, "mode", str, here)
        if commodity not in names or mode not in ("double", "half"):
            raise ComponentDataError(f"{here}: unknown commodity or mode")
        values[card_id] = (names.index(commodity), DOUBLE if mode == "double" else HALF)
    missing = [c.id for c in C.hand_cards.values() if c.effect == "trade_value"]
    if sorted(missing) != sorted(values):
        raise ComponentDataError(f"{where}: every trade_value card needs an entry")
    amounts = field(data, "amounts", dict, where)
    source(amounts, f"{where} amounts")
    unit = field(amounts, "sacred_band_unit", str, f"{where} amounts")
    if unit not in UNIT_INDEX:
        raise ComponentDataError(f"{where}: unknown unit {unit!r}")
    neutral = field(data, "neutral", dict, where)
    source(neutral, f"{where} neutral")
    order = tuple(field(neutral, "order", list, f"{where} neutral"))
    if sorted(order) != sorted(EFFECTS):
        raise ComponentDataError(f"{where}: neutral.order must list each of {EFFECTS}")
    return CardData(
        values,
        field(amounts, "rumour", int, f"{where} amounts"),
        field(amounts, "temple", int, f"{where} amounts"),
        field(amounts, "blackmail_dice", int, f"{where} amounts"),
        field(amounts, "roll_bonus", int, f"{where} amounts"),
        UNIT_INDEX[unit],
        order,
    )


DATA: Final = load(load_toml(PACKAGE, "card_play.toml"))
MINE: Final = tuple(
    i
    for i, ref in enumerate(CARDS)
    if ref.kind in ("event", "intrigue") and C.hand_cards[ref.id].effect in EFFECTS
)
"""The card instances this module plays (the Senate's own Intrigues are not among them)."""


def card_name(card: int) -> str:
    """The name of a hand card (a Statesman is named as a person)."""
    ref = CARDS[card]
    return describe_person(card) if ref.kind == "statesman" else C.hand_cards[ref.id].name


def effect(card: int) -> str:
    return C.hand_cards[CARDS[card].id].effect


MINE_EFFECTS: Final = tuple((card, effect(card)) for card in MINE)
"""The cards of :data:`MINE` with their effects, looked up once (held runs at every decision)."""


def held(state: S, faction: int, effects: tuple[str, ...]) -> list[int]:
    hand = HAND + faction
    return [c for c, kind in MINE_EFFECTS if state.card_loc[c] == hand and kind in effects]


def hand_size(state: S, faction: int) -> int:
    return sum(1 for loc in state.card_loc if loc == HAND + faction)


# -- what each effect may concern -----------------------------------------------------------------


def trade_mode(state: S, commodity: int) -> int:
    """DOUBLE, HALF or 0: a value card in force this turn on ``commodity``."""
    code = state.trade_mod[commodity]
    return code % 4 if code // 4 == state.turn else 0


def card_value(state: S, commodity: int) -> int:
    """A card's worth in this turn's sales (doubled, or halved rounded up, by an Event).

    The sale of a set of n is n * n times this (§6.3).
    """
    value = C.commodities[commodity].value
    mode = trade_mode(state, commodity)
    return 2 * value if mode == DOUBLE else -(-value // 2) if mode == HALF else value


def take_roll_bonus(state: S, force: Force, war: bool) -> int:
    """The bonus a pending Fair Winds (``war`` False: an Exploration roll) or Sacred Band (``war``
    True: a war roll of a force with a legion) adds to this roll of ``force``, used up here.

    The bonus belongs to the faction that played the card and goes to the first such roll of a
    force whose first commander is of that faction. Combat calls this once per roll.
    """
    if not force.commanders:
        return 0
    faction = state.owner[force.commanders[0]]
    if faction < 0:
        return 0
    if war and not force.units[DATA.sacred_band_unit]:
        return 0
    slot = 2 * faction + (WAR if war else EXPLORATION)
    if not state.roll_bonus[slot]:
        return 0
    state.roll_bonus[slot] = 0
    card = "The Sacred Band" if war else "Fair Winds"
    state.note(f"{card}: +{DATA.roll_bonus} to the roll")
    return DATA.roll_bonus


def _rumour_targets(state: S) -> list[int]:
    return [p for p in range(N_PERSONS) if state.ploc[p] == CARTHAGE and state.pop[p] > 0]


def _temple_targets(state: S, faction: int) -> list[int]:
    return [p for p in state.faction_persons(faction) if state.ploc[p] == CARTHAGE]


def _victims(state: S, faction: int) -> list[int]:
    return [f for f in range(state.rg.num_factions) if f != faction and hand_size(state, f)]


def _eligible(state: S, card: int, faction: int) -> bool:
    """Whether ``faction`` may play ``card`` at one of its own decisions now: Intrigues from the
    Forum Phase to the end of the turn (hand cards change hands only after the Trade Phase,
    §6.3), Trade Phase values up to the end of the Trade Phase, the other Events at any time."""
    kind = effect(card)
    before_forum = state.stage.startswith(TRADE_PREFIXES)
    if kind == "influence_peddling":
        return not before_forum and bool(_victims(state, faction))
    if kind == "rumour":
        return not before_forum and bool(_rumour_targets(state))
    if kind == "popularity":
        return bool(_temple_targets(state, faction))
    if kind == "trade_value":
        commodity = DATA.trade_value[CARDS[card].id][0]
        return state.stage.startswith(TRADE_PREFIXES) and not trade_mode(state, commodity)
    if kind in BONUS_EFFECTS:
        return not state.roll_bonus[2 * faction + BONUS_EFFECTS[kind]]
    return False


def _playable(state: S, faction: int) -> list[int]:
    if faction < 0 or state.ended or state.stage.startswith(NO_PLAY_PREFIXES):
        return []
    return [c for c in held(state, faction, GENERAL) if _eligible(state, c, faction)]


def playable_actions(state: S, faction: int) -> list[int]:
    """The play actions ``faction`` has at its decision now (phases.legal adds them)."""
    return [PLAY + c for c in _playable(state, faction)]


# -- playing a card ------------------------------------------------------------------------------


def _reveal(state: S, card: int, faction: int) -> None:
    state.card_loc[card] = DISCARD
    if CARDS[card].kind == "event":
        state.forum_held[faction] -= 1
    state.note(f"{state.rg.faction_names[faction]} plays {C.hand_cards[CARDS[card].id].name}")


def _resume(state: S) -> None:
    state.stage = state.card_resume
    state.card_resume = ""
    state.card_ctx = []


def play(state: S, action: int, faction: int) -> None:
    """``faction`` plays card ``action - PLAY`` at one of its decisions (a general window)."""
    card = action - PLAY
    _reveal(state, card, faction)
    kind = effect(card)
    state.card_resume = state.stage
    state.card_ctx = [card, faction]
    if kind == "trade_value":
        commodity, mode = DATA.trade_value[CARDS[card].id]
        state.trade_mod[commodity] = 4 * state.turn + mode
        worth = "double" if mode == DOUBLE else "half (rounded up)"
        state.note(f"This turn's Trade Phase: {C.commodities[commodity].name} is worth {worth}")
        _resume(state)
    elif kind in BONUS_EFFECTS:
        state.roll_bonus[2 * faction + BONUS_EFFECTS[kind]] = 1
        _resume(state)
    else:
        state.stage = "cards_target"


def _targets(state: S) -> list[int]:
    card, faction = state.card_ctx[0], state.card_ctx[1]
    kind = effect(card)
    if kind == "influence_peddling":
        return [FACTION + f for f in _victims(state, faction)]
    people = _rumour_targets(state) if kind == "rumour" else _temple_targets(state, faction)
    return [PERSON + p for p in people]


def _target_apply(state: S, action: int) -> None:
    card = state.card_ctx[0]
    kind = effect(card)
    if kind == "influence_peddling":
        state.card_ctx.append(action - FACTION)
        state.stage = "cards_steal"
        return
    person = action - PERSON
    if kind == "rumour":
        state.pop[person] = max(0, state.pop[person] - DATA.rumour)
        state.note(f"{describe_person(person)} loses {DATA.rumour} Popularity")
    else:
        state.pop[person] += DATA.temple
        state.note(f"{describe_person(person)} gains {DATA.temple} Popularity")
    _resume(state)


def _steal_outcomes(state: S) -> list[tuple[int, float]]:
    victim = state.card_ctx[2]
    hand = [c for c, loc in enumerate(state.card_loc) if loc == HAND + victim]
    return [(c, 1 / len(hand)) for c in hand]


def _steal(state: S, card: int) -> None:
    """The card taken is shown to the table (docs) and joins the thief's hand; its history
    entries are public from now on, so resampling keeps it (``card_origin`` -1)."""
    faction, victim = state.card_ctx[1], state.card_ctx[2]
    state.card_loc[card] = HAND + faction
    state.card_origin[card] = -1
    if CARDS[card].kind == "event":
        state.forum_held[victim] -= 1
        state.forum_held[faction] += 1
    names = state.rg.faction_names
    state.note(f"{names[faction]} takes {card_name(card)} from {names[victim]}'s hand")
    _resume(state)


def _steal_text(card: int) -> str:
    """``take <name>``, with the copy number where the deck holds several (as draws are named)."""
    from carthago.games.republic_of_carthage.forum_cards import draw_text

    return "take" + draw_text(card).removeprefix("draw")


def describe(state: S, action: int) -> str:
    """Text of any action of this block (phases.describe sends them here)."""
    if action == PASS:
        return "play no card"
    if action >= FACTION:
        return f"take a card from {state.rg.faction_names[action - FACTION]}"
    if action >= PERSON:
        return f"on {describe_person(action - PERSON)}"
    return f"play {C.hand_cards[CARDS[action - PLAY].id].name}"


# -- reaction windows ----------------------------------------------------------------------------


def _asked(state: S, faction: int, kind: str) -> bool:
    """Whether ``faction`` is asked in a window for a card of ``kind``: a human whenever it may
    hold a card from a Forum draw by what the table saw (``forum_held``: Events and Blackmail
    only come from Forum draws), so that being asked reveals nothing; a Neutral when it holds
    one (its hand is open)."""
    if state.human(faction):
        return state.forum_held[faction] > 0
    return bool(held(state, faction, (kind,)))


def after_failed_persuasion(state: S, persuader: int, target: int, resume: str) -> None:
    """Open the Blackmail window, then go on to stage ``resume``: every faction but the
    persuader's, from his faction's left."""
    order = clockwise(state, state.owner[persuader])[1:]
    state.card_resume = resume
    state.card_ctx = [persuader, target, 0, *order]
    _next_blackmailer(state)


def _next_blackmailer(state: S) -> None:
    ctx = state.card_ctx
    while ctx[2] < len(ctx) - 3 and not _asked(state, ctx[3 + ctx[2]], "blackmail"):
        ctx[2] += 1
    if ctx[2] < len(ctx) - 3:
        state.stage = "cards_blackmail"
    else:
        _resume(state)


def _blackmail_actor(state: S) -> int:
    return state.card_ctx[3 + state.card_ctx[2]]


def _blackmail_apply(state: S, action: int) -> None:
    if action == PASS:
        state.card_ctx[2] += 1
        _next_blackmailer(state)
        return
    _reveal(state, action - PLAY, _blackmail_actor(state))
    persuader, target = state.card_ctx[0], state.card_ctx[1]
    state.card_ctx = [persuader, target]
    state.stage = "cards_blackmail_roll"


def _blackmail_roll(state: S, roll: int) -> None:
    person = state.card_ctx.pop(0)
    state.inf[person] = max(0, state.inf[person] - roll)
    state.pop[person] = max(0, state.pop[person] - roll)
    state.note(f"Blackmail: {describe_person(person)} loses {roll} Influence and Popularity")
    if not state.card_ctx:
        _resume(state)


def mortality_deaths(state: S, persons: list[int], resume: str = MORTALITY_RESUME) -> None:
    """Kill ``persons`` struck by a Mortality chit, offering each faction the Offering at the
    Tophet first; then go on to stage ``resume`` (by default the rest of the Mortality draw)."""
    state.card_resume = resume
    state.card_ctx = list(persons)
    _next_death(state)


def _next_death(state: S) -> None:
    from carthago.games.republic_of_carthage.mortality import kill

    while state.card_ctx:
        faction = state.owner[state.card_ctx[0]]
        if faction >= 0 and _asked(state, faction, "mortality_cancel"):
            state.stage = "cards_tophet"
            return
        kill(state, state.card_ctx.pop(0))
    _resume(state)


def _tophet_apply(state: S, action: int) -> None:
    person = state.card_ctx.pop(0)
    if action == PASS:
        from carthago.games.republic_of_carthage.mortality import kill

        kill(state, person)
    else:
        _reveal(state, action - PLAY, state.owner[person])
        state.note(f"{describe_person(person)} is spared")
    _next_death(state)


def _window_legal(state: S, faction: int, kind: str) -> list[int]:
    return [PLAY + c for c in held(state, faction, (kind,))] + [PASS]


def view(state: S) -> dict[str, list[str]]:
    """What played cards keep in force (public): this turn's trade values, pending bonuses."""
    shown = []
    for commodity, item in enumerate(C.commodities):
        mode = trade_mode(state, commodity)
        if mode:
            shown.append(f"{item.name} worth {'double' if mode == DOUBLE else 'half'}")
    for slot, pending in enumerate(state.roll_bonus):
        if pending:
            card = "Sacred Band" if slot % 2 == WAR else "Fair Winds"
            shown.append(f"{card} for {state.rg.faction_names[slot // 2]}")
    return {"cards_in_force": shown}


# -- Neutral factions (§9) -----------------------------------------------------------------------


def _neutral_wants(state: S, card: int, faction: int) -> bool:
    kind = effect(card)
    if kind != "trade_value":
        return True
    commodity, mode = DATA.trade_value[CARDS[card].id]
    holds = any(c == commodity for c, _, _ in state.trade_hands[faction])
    return holds if mode == DOUBLE else not holds


def neutral_play(state: S, faction: int) -> int:
    """The card a Neutral plays at one of its decisions now, or -1: the first eligible card by
    the data's order of effects that its policy wants (docs)."""
    cards = [c for c in _playable(state, faction) if _neutral_wants(state, c, faction)]
    if not cards:
        return -1
    best = min(cards, key=lambda c: (DATA.neutral_order.index(effect(c)), c))
    return PLAY + best


def _neutral_target(state: S) -> int:
    """Rumour: the most popular Senator of another faction (else any); the Temple: its own most
    influential Senator; Influence Peddling: the faction with the largest hand."""
    card, faction = state.card_ctx[0], state.card_ctx[1]
    choices = _targets(state)
    kind = effect(card)
    if kind == "influence_peddling":
        return max(choices, key=lambda a: (hand_size(state, a - FACTION), -a))
    if kind == "rumour":
        return max(
            choices,
            key=lambda a: (state.owner[a - PERSON] not in (faction, -1), state.pop[a - PERSON], -a),
        )
    return max(choices, key=lambda a: (state.inf[a - PERSON], -a))


def _actor(state: S) -> int:
    if state.stage == "cards_blackmail":
        return _blackmail_actor(state)
    if state.stage == "cards_tophet":
        return state.owner[state.card_ctx[0]]
    return state.card_ctx[1]


def _blackmail_neutral(state: S) -> int:
    return _window_legal(state, _actor(state), "blackmail")[0]


def _tophet_neutral(state: S) -> int:
    return _window_legal(state, _actor(state), "mortality_cancel")[0]


stage(
    "cards_target",
    Stage(_actor, _target_apply, describe, legal=_targets, neutral=_neutral_target),
)
stage(
    "cards_steal",
    Stage(lambda s: -1, _steal, lambda s, a: _steal_text(a), outcomes=_steal_outcomes),
)
stage(
    "cards_blackmail",
    Stage(
        _actor,
        _blackmail_apply,
        describe,
        legal=lambda s: _window_legal(s, _actor(s), "blackmail"),
        neutral=_blackmail_neutral,
    ),
)
stage(
    "cards_blackmail_roll",
    Stage(
        lambda s: -1,
        _blackmail_roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(DATA.blackmail_dice),
    ),
)
stage(
    "cards_tophet",
    Stage(
        _actor,
        _tophet_apply,
        describe,
        legal=lambda s: _window_legal(s, _actor(s), "mortality_cancel"),
        neutral=_tophet_neutral,
    ),
)
assert all(name in STAGES for name in CARD_STAGES_ALL)


def bound(factions: int) -> int:
    """Card decisions and chance entries in one turn besides the plays themselves: a Blackmail
    window per initiative (six, auctions included) with its two rolls, and a Tophet window per
    person in play."""
    return 6 * (factions + 2) + N_PERSONS


PLAY_BOUND: Final = len(MINE) * 4
"""Entries over a whole game for the plays: each card is played once (play, target, steal)."""
