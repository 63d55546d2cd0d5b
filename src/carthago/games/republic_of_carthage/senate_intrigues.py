"""Intrigue cards played in the Senate Phase (§6.5): Mercenary Contract, Seduction and Bribery
of the Council (Public Outcry is senate.py's, the Assassin and Secret Bodyguard assassination.py's).

The card texts are reconstructions (``hand_cards.toml``), their numbers data
(``data/senate_intrigues.toml``); each card is hidden in its holder's hand until played, then
named in the public log and discarded. How each is made a finite, legal choice (docs, "Intrigues
played in the Senate"):

- *Mercenary Contract*: when the Senate passes a proposal sending a force to a war, every
  faction that may hold the card is asked, from the presiding faction's left round the table
  (the presiding faction last); the first play closes the window. The card's armies fight with
  that force in its next land battle this turn (each worth 1, like any army), take no losses
  and leave after that battle: on a Defeat they desert, after any other result their contract
  is over. ``state.hired`` remembers the force by its first commander until war.py takes them;
  the contract is the force's, so a commander dead or captured before that battle hands it to
  one still with the force (``war.pass_contract``).
- *Seduction*: a faction's action on the floor, the Senate's window before every vote (as an
  assassination attempt, §6.5.9): one of its Senators in Carthage persuades a Senator as in
  §6.4.2.2 (the same targets, Persuasion Number and roll) but only with his own talents, and
  nobody may interfere; a failure opens the Blackmail window as any failed persuasion does.
- *Bribery of the Council*: at its ballot, before casting it, a faction plays the card; every
  talent it then spends on votes for this proposal buys ``bribery_factor`` votes.

``state.order`` holds the Seduction under way (it is free on the floor): faction, target,
persuader, talents added, additions made, the Persuasion Number before them; and, in the
Mercenary window, the force's first commander followed by the factions still to be asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.core.data import field, load_toml, source
from carthago.core.errors import ComponentDataError
from carthago.games.republic_of_carthage import actions as A
from carthago.games.republic_of_carthage import senate_actions as SA
from carthago.games.republic_of_carthage import voting
from carthago.games.republic_of_carthage.assassination import cards_in_hand
from carthago.games.republic_of_carthage.card_play import hand_size
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.components import PACKAGE
from carthago.games.republic_of_carthage.forces import war_name
from carthago.games.republic_of_carthage.offices import clockwise
from carthago.games.republic_of_carthage.persuasion import (
    MAX_ROUNDS,
    persuaders,
    persuasion_number,
    settle,
    targets,
)
from carthago.games.republic_of_carthage.stages import Stage, dice_outcomes, stage
from carthago.games.republic_of_carthage.state import (
    CARDS,
    DISCARD,
    WARS,
    describe_person,
    stat,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.forces import Force
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

MERCENARIES: Final = "mercenaries"
SEDUCTION: Final = "seduction"
BRIBERY: Final = "bribery"
FLOOR_RESUME: Final = "senate_floor_resume"
"""senate.py's stage that takes the floor up again (a lapse is checked first)."""
AFTER_PROPOSAL: Final = "senate_after"
"""senate.py's stage that goes on once a proposal is settled."""
FACTION: Final = 0
TARGET: Final = 1
PERSUADER: Final = 2
ADDED: Final = 3
ROUNDS: Final = 4
BASE: Final = 5
"""Positions in ``state.order`` during a Seduction."""
COMMANDER: Final = 0
"""Position in ``state.order`` of the hired force's first commander (the Mercenary window)."""


@dataclass(frozen=True, slots=True)
class IntrigueData:
    mercenary_armies: int
    bribery_factor: int
    hire_margin: int
    bribe_at: int


def load(data: dict[str, object]) -> IntrigueData:
    """The parsed ``senate_intrigues.toml``, checked against the hand cards."""
    where = "senate_intrigues.toml"
    effects = {card.effect for card in C.hand_cards.values()}
    missing = {MERCENARIES, SEDUCTION, BRIBERY} - effects
    if missing:
        raise ComponentDataError(f"{where}: no hand card has the effect(s) {sorted(missing)}")
    amounts = field(data, "amounts", dict, where)
    source(amounts, f"{where} [amounts]")
    neutral = field(data, "neutral", dict, where)
    source(neutral, f"{where} [neutral]")
    loaded = IntrigueData(
        field(amounts, "mercenary_armies", int, f"{where} [amounts]"),
        field(amounts, "bribery_factor", int, f"{where} [amounts]"),
        field(neutral, "hire_margin", int, f"{where} [neutral]"),
        field(neutral, "bribe_at", int, f"{where} [neutral]"),
    )
    if loaded.mercenary_armies < 1 or loaded.bribery_factor < 1 or loaded.bribe_at < 1:
        raise ComponentDataError(f"{where}: armies, factor and bribe_at must be at least 1")
    return loaded


DATA: Final = load(load_toml(PACKAGE, "senate_intrigues.toml"))


def copies(effect: str) -> int:
    """How many cards of the whole game carry ``effect``."""
    return sum(
        1 for ref in CARDS if ref.kind == "intrigue" and C.hand_cards[ref.id].effect == effect
    )


def _discard(state: S, card: int, faction: int) -> None:
    state.card_loc[card] = DISCARD
    state.note(f"{state.rg.faction_names[faction]} plays {C.hand_cards[CARDS[card].id].name}")


# -- Mercenary Contract -----------------------------------------------------------------------


def _asked_to_hire(state: S, faction: int) -> bool:
    """A human faction is asked whenever its hand is not empty (hand sizes are public), so being
    asked tells nothing; a Neutral (open hand, §9.1) when it holds the card."""
    if state.human(faction):
        return hand_size(state, faction) > 0
    return bool(cards_in_hand(state, faction, MERCENARIES))


def open_contracts(state: S, presiding: int) -> bool:
    """The Senate has just sent ``state.forces[-1]`` to a war: open the Mercenary window from
    the ``presiding`` faction's left. False when nobody is to be asked."""
    count = state.rg.num_factions
    queue = [f for f in clockwise(state, (presiding + 1) % count) if _asked_to_hire(state, f)]
    if not queue:
        return False
    state.order = [state.forces[-1].commanders[0], *queue]
    state.stage = "senate_hire"
    return True


def _hire_legal(state: S) -> list[int]:
    return [SA.PASS, *[SA.HIRE + c for c in cards_in_hand(state, state.order[1], MERCENARIES)]]


def _hired_force(state: S) -> Force:
    commander = state.order[COMMANDER]
    return next(force for force in state.forces if commander in force.commanders)


def _hire_apply(state: S, action: int) -> None:
    faction = state.order.pop(1)
    if action != SA.PASS:
        _discard(state, action - SA.HIRE, faction)
        force = _hired_force(state)
        state.hired = [*state.hired, state.order[COMMANDER]]
        commanders = ", ".join(describe_person(p) for p in force.commanders)
        state.note(
            f"{DATA.mercenary_armies} mercenary armies join {commanders} against "
            f"{war_name(force.war)} for this turn"
        )
    elif len(state.order) > 1:
        return
    state.order = []
    state.stage = AFTER_PROPOSAL


def take_mercenaries(state: S, force: Force, naval: bool) -> int:
    """The strength a Mercenary Contract adds to this battle of ``force``, used up here: its
    armies fight only on land, and leave after the battle whatever its result (war.py calls
    this once per roll)."""
    if naval or not any(p in state.hired for p in force.commanders):
        return 0
    state.hired = [p for p in state.hired if p not in force.commanders]
    state.note(f"Mercenary Contract: {DATA.mercenary_armies} hired armies fight in this battle")
    return DATA.mercenary_armies


def _neutral_hire(state: S) -> int:
    """A Neutral hires for a force one of its Senators commands, or for one too weak for the
    war's land strength plus its margin (it keeps the Republic alive, as its Senate aide)."""
    from carthago.games.republic_of_carthage.proposals import ARMIES

    legal = _hire_legal(state)
    if len(legal) == 1:
        return SA.PASS
    faction, force = state.order[1], _hired_force(state)
    own = any(state.owner[p] == faction for p in force.commanders)
    strength = sum(force.units[u] + force.veterans[u] for u in ARMIES)
    strength += sum(stat(p, "mil") for p in force.commanders)
    weak = force.war < len(WARS) and strength < WARS[force.war].land + DATA.hire_margin
    return legal[1] if own or weak else SA.PASS


def _hire_text(state: S, action: int) -> str:
    if action == SA.PASS:
        return "hire no mercenaries"
    return f"play Mercenary Contract (card {action - SA.HIRE})"


stage(
    "senate_hire",
    Stage(
        lambda s: s.order[1],
        _hire_apply,
        _hire_text,
        legal=_hire_legal,
        neutral=_neutral_hire,
    ),
)


# -- Seduction --------------------------------------------------------------------------------


def seduction_choices(state: S, faction: int) -> list[int]:
    """The Seductions ``faction`` may play on the floor: one per copy held, when one of its
    Senators in Carthage can persuade somebody."""
    cards = cards_in_hand(state, faction, SEDUCTION)
    if not cards or not persuaders(state, faction) or not targets(state, faction):
        return []
    return [SA.SEDUCE + card for card in cards]


def begin_seduction(state: S, faction: int, action: int) -> None:
    _discard(state, action - SA.SEDUCE, faction)
    state.order = [faction]
    state.stage = "senate_seduce_target"


def _target_apply(state: S, action: int) -> None:
    state.order.append(action - SA.PERSON)
    state.stage = "senate_seduce_persuader"


def _persuader_apply(state: S, action: int) -> None:
    target, persuader = state.order[TARGET], action - SA.PERSON
    base = persuasion_number(state, persuader, target)
    state.order += [persuader, 0, 0, base]
    state.note(
        f"{describe_person(persuader)} tries to seduce {describe_person(target)}: Persuasion "
        f"Number {base}, nobody may interfere"
    )
    state.stage = "senate_seduce_talents"


def _talents_legal(state: S) -> list[int]:
    if state.order[ROUNDS] >= MAX_ROUNDS:
        return [SA.PASS]
    available = state.talents[state.order[PERSUADER]]
    return [SA.PASS, *[SA.TALENTS + i for i in A.amount_choices(available)]]


def _talents_apply(state: S, action: int) -> None:
    if action == SA.PASS:
        state.stage = "senate_seduce_roll"
        return
    persuader, target = state.order[PERSUADER], state.order[TARGET]
    amount = A.amount(action - SA.TALENTS, state.talents[persuader])
    state.talents[persuader] -= amount
    state.talents[target] += amount
    state.order[ADDED] += amount
    state.order[ROUNDS] += 1
    state.note(
        f"{describe_person(persuader)} puts {amount}T on {describe_person(target)}: Persuasion "
        f"Number {state.order[BASE] + state.order[ADDED]}"
    )


def _seduce_roll(state: S, roll: int) -> None:
    target, persuader = state.order[TARGET], state.order[PERSUADER]
    number = state.order[BASE] + state.order[ADDED]
    state.order = []
    settle(state, roll, persuader, target, number, FLOOR_RESUME)


def seduction_view(state: S) -> dict[str, object] | None:
    """The Seduction under way, open to all (every amount is announced)."""
    if not state.stage.startswith("senate_seduce") or len(state.order) <= PERSUADER:
        return None
    return {
        "faction": state.rg.faction_names[state.order[FACTION]],
        "target": describe_person(state.order[TARGET]),
        "persuader": describe_person(state.order[PERSUADER]),
        "number": state.order[BASE] + state.order[ADDED],
    }


def neutral_seduction(state: S, faction: int, legal: list[int]) -> int:
    """A Neutral seduces on the floor when its Forum aide would persuade (its best attempt
    reaches ``persuade_at``), else lets the vote go on."""
    from carthago.games.republic_of_carthage.forum_policy import best_attempt, policy_of

    plays = [a for a in legal if SA.SEDUCE <= a < SA.HIRE]
    if not plays:
        return SA.PASS
    number, target, _ = best_attempt(state, faction)
    return plays[0] if target >= 0 and number >= policy_of(state, faction).persuade_at else SA.PASS


def _neutral_target(state: S) -> int:
    from carthago.games.republic_of_carthage.forum_policy import best_attempt

    target = best_attempt(state, state.order[FACTION])[1]
    if target < 0:  # its aide allows no target (Forum Senators only, none left): the first one
        target = targets(state, state.order[FACTION])[0]
    return SA.person(target)


def _neutral_persuader(state: S) -> int:
    from carthago.games.republic_of_carthage.forum_policy import best_persuader

    return SA.person(best_persuader(state, state.order[FACTION], state.order[TARGET]))


def _neutral_talents(state: S) -> int:
    """Once, the talents its Forum aide's ``bribe`` allows; then the roll."""
    from carthago.games.republic_of_carthage.forum_policy import amount_index, policy_of

    if state.order[ROUNDS] > 0:
        return SA.PASS
    limit = policy_of(state, state.order[FACTION]).bribe
    index = amount_index(limit, state.talents[state.order[PERSUADER]])
    return SA.PASS if index < 0 else SA.TALENTS + index


def _person_stage(
    name: str,
    apply: Callable[[S, int], None],
    verb: str,
    candidates: Callable[[S, int], list[int]],
    neutral: Callable[[S], int],
) -> None:
    """The seducer names a person among ``candidates(state, faction)``."""
    stage(
        name,
        Stage(
            lambda s: s.order[FACTION],
            apply,
            lambda s, a: f"{verb} {describe_person(a - SA.PERSON)}",
            legal=lambda s: [SA.person(p) for p in candidates(s, s.order[FACTION])],
            neutral=neutral,
        ),
    )


_person_stage("senate_seduce_target", _target_apply, "seduce", targets, _neutral_target)
_person_stage("senate_seduce_persuader", _persuader_apply, "by", persuaders, _neutral_persuader)
stage(
    "senate_seduce_talents",
    Stage(
        lambda s: s.order[FACTION],
        _talents_apply,
        lambda s, a: "roll" if a == SA.PASS else f"add {A.amount_text(a - SA.TALENTS)}",
        legal=_talents_legal,
        neutral=_neutral_talents,
    ),
)
stage(
    "senate_seduce_roll",
    Stage(
        lambda s: -1,
        _seduce_roll,
        lambda s, a: f"roll {a}",
        outcomes=lambda s: dice_outcomes(2),
    ),
)


# -- Bribery of the Council -------------------------------------------------------------------


def bribery_choices(state: S, faction: int) -> list[int]:
    """Bribery plays open to ``faction`` at its ballot: once a vote, when it can buy a vote."""
    if faction in state.bribed or voting.funds(state, faction) < min(t for t in SA.BUY if t):
        return []
    return [SA.BRIBERY + card for card in cards_in_hand(state, faction, BRIBERY)]


def play_bribery(state: S, faction: int, action: int) -> None:
    _discard(state, action - SA.BRIBERY, faction)
    state.bribed = [*state.bribed, faction]
    state.note(f"Each talent it spends on this vote buys {DATA.bribery_factor} votes")


def vote_factor(state: S, faction: int) -> int:
    """Votes each talent buys ``faction`` on the vote under way."""
    return DATA.bribery_factor if faction in state.bribed else 1


def neutral_bribery(state: S, faction: int, ballot: int) -> int:
    """A Neutral about to cast ``ballot`` first plays Bribery of the Council when the ballot
    buys at least ``bribe_at`` talents of votes."""
    plays = bribery_choices(state, faction)
    _, buy = SA.decode_vote(ballot)
    return plays[0] if plays and SA.BUY[buy] >= DATA.bribe_at else ballot


# -- views and bounds -------------------------------------------------------------------------


def in_force(state: S) -> list[str]:
    """Mercenary Contracts waiting for their battle (public)."""
    shown = []
    for force in state.forces:
        if force.commanders and force.commanders[0] in state.hired:
            shown.append(f"Mercenary Contract with {describe_person(force.commanders[0])}")
    return shown


def bound(factions: int, proposals: int) -> int:
    """Senate entries these cards add in one turn: a Mercenary window (each faction once) after
    each of ``proposals`` proposals, and for every Seduction its play, target, persuader, talents,
    roll and Blackmail window (each faction, two rolls); Bribery plays."""
    seduction = 4 + MAX_ROUNDS + 1 + factions + 2
    return proposals * factions + copies(SEDUCTION) * seduction + copies(BRIBERY)
