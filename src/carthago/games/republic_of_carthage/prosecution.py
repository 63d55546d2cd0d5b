"""Prosecutions (§6.5.5): run by the Censor of Morals, one major or two minor ones a turn.

``state.liable`` is 1 for a Liable marker (personal income as Governor or Committee member), 2
for the sponsors of one faction behind a tax raise (§6.5.7, who may face a major prosecution
besides the Censor's usual ones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage import proposals as P
from carthago.games.republic_of_carthage.components import COMPONENTS as C
from carthago.games.republic_of_carthage.laws import law_in_force
from carthago.games.republic_of_carthage.mortality import kill
from carthago.games.republic_of_carthage.offices import office_of, vacate
from carthago.games.republic_of_carthage.state import (
    CARDS,
    CARTHAGE,
    EXILE,
    OFFICE_INDEX,
    OFFICES,
    describe_person,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

CENSOR: Final = OFFICE_INDEX["CENSOR"]
BUDGET: Final = 2
"""A turn's prosecutions: a minor one costs 1, a major one 2."""
MINOR_LOSS: Final = 5
JUDICIAL_REFORM_LOSS: Final = 3
TAX_LIABLE: Final = 2


def recently_out(state: S, person: int) -> bool:
    """Left a Suffete's office or a command this turn or since the last Senate, and nobody of
    his kind has left since in a later turn: he is among the "most recently" out (docs)."""
    left = state.prior[person]
    return left > 0 and left >= state.turn and left == state.last_out[state.prior_kind[person]]


def eligible(state: S, person: int, kind: int) -> bool:
    if state.ploc[person] != CARTHAGE or state.owner[person] < 0 or person in state.immune:
        return False
    if person == state.office_holder[CENSOR]:
        return False  # the Censor does not name himself (docs)
    if kind == P.MINOR:
        return recently_out(state, person) or state.liable[person] > 0
    return recently_out(state, person) or state.liable[person] == TAX_LIABLE


def cost(state: S, kind: int, accused: int) -> int:
    if kind == P.MINOR:
        return 1
    extra = state.liable[accused] == TAX_LIABLE and not recently_out(state, accused)
    return 0 if extra else BUDGET


def convict(state: S, kind: int, accused: int, prosecutor: int, killed: bool = False) -> None:
    """A guilty verdict (or death by Popular Appeal): the Prosecutor (-1 at an assassin's
    Faction Leader's trial, which has none) gains half the Influence the accused loses, rounded
    down."""
    name = describe_person(accused)
    if kind == P.MAJOR or killed:
        lost = state.inf[accused]
        state.note(f"{name} is put to death" if not killed else f"The mob kills {name}")
        kill(state, accused)
    else:
        lost = min(MINOR_LOSS, state.inf[accused])
        state.inf[accused] -= lost
        state.pop[accused] -= MINOR_LOSS
        state.liable[accused] = 0
        office = office_of(state, accused)
        text = ""
        if office >= 0 and OFFICES[office].committee:
            vacate(state, office)
            text = f" and his post as {OFFICES[office].name}"
        state.note(f"{name} is found guilty: he loses {lost} Influence, 5 Popularity{text}")
    if prosecutor >= 0 and state.ploc[prosecutor] == CARTHAGE and lost // 2:
        state.inf[prosecutor] += lost // 2
        state.note(f"{describe_person(prosecutor)} gains {lost // 2} Influence as Prosecutor")


def acquit(state: S, kind: int, accused: int) -> None:
    state.liable[accused] = 0
    state.immune = [*state.immune, accused]
    state.note(f"{describe_person(accused)} is acquitted and immune for this turn")
    censor = state.office_holder[CENSOR]
    if kind == P.MINOR and censor >= 0 and law_in_force(state, "judicial_reform"):
        state.inf[censor] = max(0, state.inf[censor] - JUDICIAL_REFORM_LOSS)
        state.note(f"{describe_person(censor)} loses 3 Influence (Hannibal's Judicial Reform)")


def may_go_into_exile(state: S, kind: int, accused: int) -> bool:
    """§6.5.5 step 3: a Statesman (not a Family Senator) facing a major prosecution."""
    return kind == P.MAJOR and CARDS[accused].kind == "statesman"


def exile(state: S, statesman: int) -> None:
    """No income, no vote, frozen talents; Influence back to the printed value, no Popularity."""
    office = office_of(state, statesman)
    if office >= 0:
        vacate(state, office)
    state.ploc[statesman] = EXILE
    state.inf[statesman] = C.statesmen[CARDS[statesman].id].inf
    state.pop[statesman] = 0
    state.liable[statesman] = 0
    state.note(f"{describe_person(statesman)} goes into exile")


def clear_liability(state: S) -> None:
    """End of the Prosecutions step: the Liable markers of those in Carthage go (§6.2.9.3)."""
    for person, marker in enumerate(state.liable):
        if marker and state.ploc[person] == CARTHAGE:
            state.liable[person] = 0
