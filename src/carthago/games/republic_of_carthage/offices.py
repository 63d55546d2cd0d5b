"""Offices and precedence (rules §4 HRAO, §3 steps 7-8): who ranks highest, who sits where.

>>> from carthago.games.republic_of_carthage.state import OFFICES
>>> [office.name for office in OFFICES][:3]
['Home Suffete', 'Marine Suffete', 'State Treasurer']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.state import (
    CARTHAGE,
    N_PERSONS,
    OFFICE_INDEX,
    OFFICES,
    family_of,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


def office_of(state: S, person: int) -> int:
    """The office index ``person`` holds, or -1."""
    for office, holder in enumerate(state.office_holder):
        if holder == person:
            return office
    return -1


def holds_office(state: S, person: int) -> bool:
    """Any office, Governorship included (the eligibility test of §6.5.2 and §3 step 8)."""
    return office_of(state, person) >= 0 or person in state.prov_gov


def hrao(state: S) -> int:
    """The Highest Ranking Available Officer: the best-ranked office holder in Carthage, else the
    lowest-numbered faction Senator in Carthage; -1 if nobody is in Carthage."""
    for office in range(len(OFFICES)):
        holder = state.office_holder[office]
        if holder >= 0 and state.ploc[holder] == CARTHAGE and state.owner[holder] >= 0:
            return holder
    present = [p for p in range(N_PERSONS) if state.ploc[p] == CARTHAGE and state.owner[p] >= 0]
    return min(present, key=lambda p: (family_of(p), p), default=-1)


def hrao_faction(state: S) -> int:
    person = hrao(state)
    return state.owner[person] if person >= 0 else 0


def clockwise(state: S, first: int) -> list[int]:
    """Every faction, from ``first`` round the table."""
    count = state.rg.num_factions
    return [(first + i) % count for i in range(count)]


def vacate(state: S, office: int) -> None:
    """The office card goes to the Forum: nobody holds it."""
    state.office_holder[office] = -1
    state.office_term[office] = 0


OVERSEER: Final = OFFICE_INDEX["OVERSEER"]
HOME_SUFFETE: Final = OFFICE_INDEX["HOME-SUFFETE"]
