"""A Statesman laid over his own Family card in a faction takes the Family card's place (§2, §4).

He is the same family's outstanding man, so whatever the Family Senator held passes to him:
markers, talents, office, provinces, concessions, faction leadership, his place in the field
(commands, Veterans, General's title, captivity, revolt) and his standing in the Senate's
records of the turn (Suffete for Life, out-of-office date, immunity, stepping down). Both ways a
Statesman comes to cover a Family card use this: played from the hand (§6.7.2) and recalled
from exile (§6.5.7).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from carthago.games.republic_of_carthage.offices import office_of
from carthago.games.republic_of_carthage.state import COVERED

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S


def succeed(state: S, family: int, card: int) -> None:
    """Statesman ``card`` covers ``family`` (in play in the same faction) and takes its place."""
    faction = state.owner[family]
    state.owner[card] = faction
    state.inf[card] = max(state.inf[card], state.inf[family])
    # Added, not copied: a Statesman back from exile keeps his frozen talents.
    for values in (state.pop, state.talents, state.traders):
        values[card] += values[family]
        values[family] = 0
    state.liable[card] = max(state.liable[card], state.liable[family])
    state.liable[family] = 0
    if state.prior[family] > state.prior[card]:
        state.prior[card] = state.prior[family]
        state.prior_kind[card] = state.prior_kind[family]
    state.prior[family] = 0
    state.ploc[card] = state.ploc[family]
    office = office_of(state, family)
    if office >= 0:
        state.office_holder[office] = card
    for index, governor in enumerate(state.prov_gov):
        if governor == family:
            state.prov_gov[index] = card
    for index, holder in enumerate(state.card_holder):
        if holder == family:
            state.card_holder[index] = card
    if state.faction_leader[faction] == family:
        state.faction_leader[faction] = card
    if state.life_suffete == family:
        state.life_suffete = card
    if state.pm == family:
        state.pm = card
    if state.floor == family:
        state.floor = card
    state.forces = tuple(
        replace(force, commanders=tuple(card if p == family else p for p in force.commanders))
        for force in state.forces
    )
    # veteran_of is [unit, person, ...], captives [person, war, ...]: persons at odd and even
    # places; rebels is [faction, person, ...].
    for people, first, stride in (
        (state.veteran_of, 1, 2),
        (state.captives, 0, 2),
        (state.rebels, 1, 1),
        (state.generals, 0, 1),
        (state.fought, 0, 1),
        (state.won, 0, 1),
        (state.hired, 0, 1),
        (state.immune, 0, 1),
        (state.stepped, 0, 1),
        (state.leavers, 0, 1),
    ):
        for i in range(first, len(people), stride):
            if people[i] == family:
                people[i] = card
    state.under[card] = family
    state.ploc[family] = COVERED
