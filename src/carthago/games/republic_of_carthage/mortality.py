"""The Mortality Phase (rules §6.1) and the consequences of death, used wherever chits are drawn.

A draw is a chance node over the chits left in the cup. "None" does nothing; "Draw 2" is set
aside and two more chits are drawn (a "Draw 2" among those calls for two more again). All drawn
chits go back to the cup when the drawing is over.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.card_play import MORTALITY_RESUME, mortality_deaths
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.offices import office_of, vacate
from carthago.games.republic_of_carthage.stages import Stage, auto, stage, weighted
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    CHIT_DRAW_TWO,
    CHIT_NONE,
    FORUM,
    FORUM_DOWN,
    IN_PLAY,
    N_PERSONS,
    OUT,
    PROV_FORUM,
    REMOVED,
    STATESMAN_INDEX,
    describe_person,
    family_of,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

MAGO: Final = ("2A", "2B")


def chit_text(chit: int) -> str:
    if chit == CHIT_NONE:
        return "None"
    if chit == CHIT_DRAW_TWO:
        return "Draw 2"
    return str(chit + 1)


def take_chit(state: S, chit: int) -> tuple[int, int]:
    """Take ``chit`` out of the cup and say so (§6.1).

    Returns the Senator family it strikes (0 for None and Draw 2) and the change to the number of
    draws still owed: -1 for this one, +2 more for Draw 2.
    """
    state.cup[chit] -= 1
    state.drawn_chits.append(chit)
    state.note(f"Mortality chit: {chit_text(chit)}")
    if chit == CHIT_DRAW_TWO:
        return 0, 1
    return (0 if chit == CHIT_NONE else chit + 1), -1


def start_draws(state: S, count: int, resume: str) -> None:
    """Draw ``count`` chits, then carry on with stage ``resume``."""
    state.mortality_left = count
    state.drawn_chits = []
    state.resume = resume
    state.stage = "mortality_draw"


def _turn_start(state: S) -> None:
    state.note(f"== Turn {state.turn} ({'Early' if state.era == 1 else 'Late'} Republic) ==")
    # Committee members who leave office this turn: the Overseer in the Trade Phase (§6.3.8),
    # the others in the Senate (§6.5.1).
    state.leavers = []
    state.note("Mortality Phase (rules 6.1)")
    start_draws(state, 1, "revenue_start")


auto("turn_start", _turn_start)


def victims(state: S, family: int) -> list[int]:
    """The persons in play (in a faction or alive in the Forum) a chit of ``family`` concerns."""
    return [p for p in range(N_PERSONS) if family_of(p) == family and state.counts_in_play(p)]


def struck(state: S, family: int, targets: Collection[int], pick: str) -> list[int] | None:
    """The men among ``targets`` a chit of ``family`` strikes. A chit names one man (§2): of
    its men in play (``victims``) a Statesman goes before his Family Senator, as when he covers
    the card (the two can stand apart: a Statesman recalled to the Forum is not handed his card
    when it is drawn, and may later be exiled beside it); of the two Mago Statesmen, both in
    play, only the one chance names. None when that draw is still to be made: the state then
    goes to the drawing site's ``mago_stage`` named ``pick``; the draw is skipped when neither
    of them is a target, as it could change nothing. The named man dies only if he is a
    target. Every Mortality chit, wherever drawn, is read through here."""
    found = victims(state, family)
    statesmen = [p for p in found if CARDS[p].kind == "statesman"]
    if statesmen:
        found = statesmen
    if len(found) == 2 and all(CARDS[p].id in MAGO for p in found):
        if not any(p in targets for p in found):
            return []
        state.stage = pick
        return None
    return [p for p in found if p in targets]


def mago_stage(name: str, strike: Callable[[S, int], None]) -> None:
    """The chance node ``name``, even odds, naming the Mago Statesman a chit concerns (§2);
    ``strike`` goes on with him: he dies only if he is among the drawing's targets."""
    stage(
        name,
        Stage(
            lambda s: -1,
            lambda s, index: strike(s, STATESMAN_INDEX[MAGO[index]]),
            lambda s, a: f"the chit names {MAGO[a]}",
            outcomes=lambda s: [(0, 0.5), (1, 0.5)],
        ),
    )


def _draw(state: S, chit: int) -> None:
    family, change = take_chit(state, chit)
    state.mortality_left += change
    if family:
        # In the Mortality Phase the chit concerns every man in play.
        found = struck(state, family, victims(state, family), "mortality_mago")
        if found is None:
            return
        # Each death waits for the Offering at the Tophet window (card_play.py).
        mortality_deaths(state, found)
        return
    _after_chit(state)


def _after_chit(state: S) -> None:
    if state.mortality_left > 0:
        state.stage = "mortality_draw"
        return
    for chit in state.drawn_chits:
        state.cup[chit] += 1
    state.drawn_chits = []
    state.stage = state.resume
    state.resume = ""


auto(MORTALITY_RESUME, _after_chit)
stage(
    "mortality_draw",
    Stage(
        lambda s: -1,
        _draw,
        lambda s, a: f"chit {chit_text(a)}",
        outcomes=lambda s: weighted(dict(enumerate(s.cup))),
    ),
)


mago_stage("mortality_mago", lambda s, person: mortality_deaths(s, [person]))


def _strip(state: S, person: int) -> None:
    """Markers to the supply; office, concessions and province to the Forum."""
    state.pop[person] = 0
    state.talents[person] = 0
    state.liable[person] = 0
    office = office_of(state, person)
    if office >= 0:
        vacate(state, office)
    for card, holder in enumerate(state.card_holder):
        if holder == person:
            state.card_holder[card] = -1
            state.card_loc[card] = FORUM
    for province, governor in enumerate(state.prov_gov):
        if governor == person:
            state.prov_gov[province] = -1
            state.prov_loc[province] = PROV_FORUM
            state.prov_term[province] = 0


def _forget_standing(state: S, person: int) -> None:
    """The Senate's records name the man, and the one who comes back with his Family card holds
    the same person index: he was not acquitted, did not step down nor leave a Committee this
    turn, left no office or command (§6.5.5), and is not the Suffete for Life (§7)."""
    state.immune = [p for p in state.immune if p != person]
    state.stepped = [p for p in state.stepped if p != person]
    state.leavers = [p for p in state.leavers if p != person]
    state.prior[person] = 0
    if state.life_suffete == person:
        state.life_suffete = -1


def kill(state: S, person: int) -> None:
    """§6.1 Consequences of Death for a Senator or Statesman, wherever he dies."""
    # war imports this module: the field's bookkeeping is reached at call time.
    from carthago.games.republic_of_carthage.war import forget_person

    faction = state.owner[person]
    leader = faction >= 0 and state.faction_leader[faction] == person
    state.note(f"{describe_person(person)} dies")
    forget_person(state, person)
    _forget_standing(state, person)
    traders = state.traders[person]
    _strip(state, person)
    state.traders[person] = 0
    if CARDS[person].kind == "statesman":
        state.card_loc[person] = REMOVED
        state.ploc[person] = OUT
        state.owner[person] = -1
        state.inf[person] = 0
        family = state.under[person]
        state.under[person] = -1
        if family < 0:
            if leader:
                state.faction_leader[faction] = -1
            return
        other = next(
            (p for p in victims(state, family_of(person)) if p != person and p != family), -1
        )
        if other >= 0:
            # Mago family (§2): the Family card moves under the living Statesman, wherever he
            # is (another faction, the Forum): the card goes with him, so the faction it led
            # keeps a leader only if he belongs to it.
            state.under[other] = family
            state.owner[family] = state.owner[other]
            if leader:
                state.faction_leader[faction] = other if state.owner[other] == faction else -1
            return
        state.card_loc[family] = IN_PLAY
        state.owner[family] = faction
        _heir(state, family, faction, leader, traders)
        return
    _heir(state, person, faction, leader, traders)


def _heir(state: S, family: int, faction: int, leader: bool, traders: int) -> None:
    """The Family card after a death: a Faction Leader's heir stays with his Traders."""
    state.inf[family] = C.senators[int(CARDS[family].id)].inf
    state.pop[family] = 0
    if leader:
        state.ploc[family] = CARTHAGE
        state.owner[family] = faction
        state.traders[family] = traders
        state.faction_leader[faction] = family
        state.note(f"{describe_person(family)} stays with the faction as its leader")
    else:
        state.ploc[family] = OUT
        state.owner[family] = -1
        state.traders[family] = 0
        state.card_loc[family] = FORUM_DOWN
        state.note(f"{describe_person(family)} goes face down to the Forum")
