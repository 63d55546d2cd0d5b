"""Forces in the field (§6.5.7 prosecute wars and send expeditions, §6.6 their resolution).

The Senate decides, the Exploration and Combat Phase resolves: a :class:`Force` is what one sent.
Counters stay counted where they always are: ``unit_active`` holds every army and fleet under
the Senate's control and ``trade_fleets``/``caravans`` every Trade Fleet and Caravan, whether
waiting in Carthage or away with a force; ``unit_veteran`` says how many of the active ones are
Veterans. What is away is the sum over ``state.forces``, so upkeep (§6.2) never changes with
where a counter stands, and losses in the field take counters off those totals.

>>> from carthago.games.republic_of_carthage.state import UNIT_INDEX, UNITS
>>> units = [0] * len(UNITS)
>>> units[UNIT_INDEX["legion"]] = 2
>>> Force(war=0, exploration=-1, commanders=(7,), units=tuple(units),
...       veterans=(0,) * len(UNITS), sent=3)
Force(war 0, commanders (7,), units {'legion': 2}, veterans {}, sent turn 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.games.republic_of_carthage.stages import weighted
from carthago.games.republic_of_carthage.state import (
    AT_WAR,
    CARTHAGE,
    EXPEDITION,
    UNIT_INDEX,
    UNITS,
    WARS,
)

if TYPE_CHECKING:
    from carthago.games.republic_of_carthage.state import RepublicOfCarthageState as S

TRADE_FLEET: Final = UNIT_INDEX["trade_fleet"]
CARAVAN: Final = UNIT_INDEX["caravan"]
REBEL_WAR: Final = len(WARS)
"""The target index of a force sent against the rebellion (§6.7.3 The rebel war): one past the
last war card, so the Senate names it like a war (proposals.py) and the Combat Phase fights it."""


def war_name(war: int) -> str:
    """What a force's target war is called: a war card's name or "the rebellion"."""
    return "the rebellion" if war == REBEL_WAR else WARS[war].name


@dataclass(frozen=True, slots=True)
class Force:
    """One force: its target, its commanders and the counters with it, by unit type.

    ``war`` is an index into ``WARS``, ``REBEL_WAR`` or -1; ``exploration`` the card index of
    an Exploration (or -1); exactly one of them is set. ``units`` counts every counter of each
    type in ``UNITS`` order (Trade Fleets and Caravans too, for expeditions), ``veterans`` how
    many of those are Veterans. ``status`` is free for the phase that resolves the force (e.g.
    a Lost expedition); 0 means nothing special.
    """

    war: int
    exploration: int
    commanders: tuple[int, ...]
    units: tuple[int, ...]
    veterans: tuple[int, ...]
    sent: int
    status: int = 0

    def __repr__(self) -> str:
        target = f"war {self.war}" if self.war >= 0 else f"exploration card {self.exploration}"
        units = {UNITS[u].id: n for u, n in enumerate(self.units) if n}
        veterans = {UNITS[u].id: n for u, n in enumerate(self.veterans) if n}
        status = f", status {self.status}" if self.status else ""
        return (
            f"Force({target}, commanders {self.commanders}, units {units}, "
            f"veterans {veterans}, sent turn {self.sent}{status})"
        )

    def to_list(self) -> list[int]:
        """A flat list for snapshots: target, status, sent, commanders, then both unit rows."""
        return [
            self.war,
            self.exploration,
            self.status,
            self.sent,
            len(self.commanders),
            *self.commanders,
            *self.units,
            *self.veterans,
        ]

    @classmethod
    def from_list(cls, values: list[int]) -> Force:
        """The inverse of :meth:`to_list`; raises ValueError on a list of the wrong shape."""
        if len(values) < 5:
            raise ValueError("a force needs at least target, status, sent and commander count")
        war, exploration, status, sent, count = values[:5]
        width = len(UNITS)
        if count < 0 or len(values) != 5 + count + 2 * width:
            raise ValueError(
                f"a force with {count} commanders needs {5 + count + 2 * width} numbers"
            )
        rest = values[5 + count :]
        force = cls(
            war,
            exploration,
            tuple(values[5 : 5 + count]),
            tuple(rest[:width]),
            tuple(rest[width:]),
            sent,
            status,
        )
        if (war >= 0) == (exploration >= 0):
            raise ValueError(f"{force!r} must have exactly one target")
        if any(v < 0 or v > n for v, n in zip(force.veterans, force.units, strict=True)):
            raise ValueError(f"{force!r} has more veterans than counters")
        return force


def away(state: S, unit: int) -> int:
    """How many counters of ``unit`` are with forces in the field."""
    return sum(force.units[unit] for force in state.forces)


def veterans_away(state: S, unit: int) -> int:
    return sum(force.veterans[unit] for force in state.forces)


def at_home(state: S, unit: int) -> int:
    """Counters of ``unit`` in Carthage (the Active Forces box or the Treasury tracks)."""
    if unit == TRADE_FLEET:
        total = state.trade_fleets
    elif unit == CARAVAN:
        total = state.caravans
    else:
        total = state.unit_active[unit]
    return total - away(state, unit)


def veterans_at_home(state: S, unit: int) -> int:
    return state.unit_veteran[unit] - veterans_away(state, unit)


def not_yet_in_play(state: S, unit: int) -> int:
    """Counters of ``unit`` that have never entered play: those set aside at set-up, which wars
    bring into the Force Pool when they appear or are defeated. ``unit_unavailable`` holds them
    together with the deserters each war keeps (``war_deserters``), which only their own war's
    defeat gives back."""
    deserted = sum(state.war_deserters[war * len(UNITS) + unit] for war in range(len(WARS)))
    return state.unit_unavailable[unit] - deserted


def send(state: S, force: Force) -> None:
    """Put ``force`` in the field: its counters leave Carthage, its commanders go with it."""
    for unit, count in enumerate(force.units):
        if count > at_home(state, unit) or force.veterans[unit] > veterans_at_home(state, unit):
            raise ValueError(f"{force!r}: not enough {UNITS[unit].id} in Carthage")
    place = AT_WAR if force.war >= 0 else EXPEDITION
    for person in force.commanders:
        state.ploc[person] = place
    state.forces = (*state.forces, force)


def replace(state: S, index: int, force: Force) -> None:
    """Change a force in the field (losses, augmentation, a new status)."""
    forces = list(state.forces)
    forces[index] = force
    state.forces = tuple(forces)


def bring_home(state: S, index: int) -> Force:
    """End force ``index``: its counters are back in Carthage, and its commanders still in the
    field return there (a dead or captured commander has already left ``AT_WAR``/``EXPEDITION``)."""
    from carthago.games.republic_of_carthage.proposals import (
        OUT_EXPLORER,
        OUT_GENERAL,
        mark_out_of_office,
    )

    force = state.forces[index]
    kind = OUT_EXPLORER if force.exploration >= 0 else OUT_GENERAL
    state.forces = state.forces[:index] + state.forces[index + 1 :]
    for person in force.commanders:
        if state.ploc[person] in (AT_WAR, EXPEDITION) and not commanding(state, person):
            state.ploc[person] = CARTHAGE
            # A commander home again is "most recently out of office" for prosecutions (§6.5.5).
            mark_out_of_office(state, person, kind)
    return force


def commanding(state: S, person: int) -> bool:
    """Whether ``person`` commands a force in the field."""
    return any(person in force.commanders for force in state.forces)


def forces_on(state: S, war: int) -> list[int]:
    """Indices of the forces sent to war ``war``, in the order they were sent."""
    return [i for i, force in enumerate(state.forces) if force.war == war]


# -- Veteran allegiances (``state.veteran_of``) ----------------------------------------------


def allegiance(state: S, unit: int) -> dict[int, int]:
    """Veterans of ``unit`` by the person they are assigned to (-1: unassigned)."""
    found: dict[int, int] = {}
    pairs = state.veteran_of
    for i in range(0, len(pairs), 2):
        if pairs[i] == unit:
            found[pairs[i + 1]] = found.get(pairs[i + 1], 0) + 1
    unassigned = state.unit_veteran[unit] - sum(found.values())
    if unassigned > 0:
        found[-1] = unassigned
    return found


def allegiance_outcomes(
    state: S, unit: int, without: tuple[int, ...] = ()
) -> list[tuple[int, float]]:
    """Which Veteran of ``unit`` is drawn, by whom it follows (0 unassigned, else p + 1),
    leaving out the Veterans of the persons ``without``."""
    found = allegiance(state, unit)
    return weighted({p + 1: n for p, n in found.items() if p not in without})


def allegiance_text(outcome: int) -> str:
    return f"the Veteran following {outcome - 1}" if outcome else "an unassigned Veteran"


def drop_allegiance(state: S, unit: int, person: int) -> None:
    """Forget one Veteran of ``unit`` assigned to ``person`` (-1: an unassigned one)."""
    if person < 0:
        return
    pairs = state.veteran_of
    for i in range(0, len(pairs), 2):
        if pairs[i] == unit and pairs[i + 1] == person:
            del pairs[i : i + 2]
            return
