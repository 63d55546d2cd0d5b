"""Aims for a movement impulse: evaluations that lean the heuristic's one-ply moves towards one
intention for a whole impulse, so that a planner can compare plans that differ in what matters
(whom to strike, from which side, whether to keep a shaken unit out of reach) rather than in a
random hex here and there.

Each aim is ``evaluate`` (the heuristic's) plus a small term of its own, small enough that the
heuristic's weighing of Rout Points and threats still rules a step, large enough to break its
near ties one way for every unit of the impulse:

- **Strike** one enemy unit: each friendly unit with that enemy in a front hex counts, twice when
  it stands in the enemy's rear or flank hexes (the rear-attack bonus, §10.5); each that could
  still reach it this impulse is drawn closer. Targets are the enemy fighting units worth most
  in Rout Points (§16), shaken ones first, among those several friends can reach.
- **Hold** the shaken: a friendly unit that has lost half its morale or more counts against the
  side for each enemy within two hexes (a unit near Panic is its side's cheapest Rout Points to
  take, §11-§16).

An aim only steers the planner's own moves while it makes a candidate plan; every plan is then
judged by the heuristic's own ``evaluate`` after the combat that follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from carthago.core.state import State
from carthago.games.de_bello_punico.heuristics import evaluate
from carthago.games.de_bello_punico.morale import ON_MAP

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

CONTACT_WEIGHT = 0.04
"""Per friendly unit with the target in its front (twice that from the target's rear or flank)."""
APPROACH_WEIGHT = 0.02
"""At most, per friendly unit that could still reach the target, the closer the more."""
HOLD_WEIGHT = 0.05
"""Per enemy within two hexes of a shaken friendly unit."""
TARGETS = 2
"""Enemy units a side's strike aims are made for."""
REACHING = 2
"""Friendly units that must be able to reach an enemy for it to be a target."""


def _fighting(state: DbpState, side: int) -> list[int]:
    return [u for u in state.units_of[side] if state.where[u] == ON_MAP and not state.panic[u]]


def _reach(state: DbpState, unit: int) -> int:
    """The farthest gap ``unit`` closes to a front hex in one impulse (terrain not counted)."""
    return int(state.utype[unit].move) + 1


@dataclass(frozen=True)
class Strike:
    """Lean towards bringing ``side``'s units to bear on the enemy unit ``target``."""

    side: int
    target: int

    def __call__(self, state: State, player: int) -> float:
        from carthago.games.de_bello_punico.state import DbpState

        assert isinstance(state, DbpState)
        value = evaluate(state, player)
        if state.is_terminal() or state.where[self.target] != ON_MAP or state.panic[self.target]:
            return value
        grid = state.grid
        there = state.pos[self.target]
        flanks = grid.rear(there, state.face[self.target])
        lean = 0.0
        for unit in _fighting(state, self.side):
            here = state.pos[unit]
            if there in grid.front(here, state.face[unit]):
                lean += CONTACT_WEIGHT * (2 if here in flanks else 1)
                continue
            gap = grid.distance(here, there)
            reach = _reach(state, unit)
            if gap <= reach:
                lean += APPROACH_WEIGHT * (reach + 1 - gap) / (reach + 1)
        return value + (lean if player == self.side else -lean)


@dataclass(frozen=True)
class Hold:
    """Lean towards keeping ``side``'s shaken units away from the enemy."""

    side: int

    def __call__(self, state: State, player: int) -> float:
        from carthago.games.de_bello_punico.state import DbpState

        assert isinstance(state, DbpState)
        value = evaluate(state, player)
        if state.is_terminal():
            return value
        grid = state.grid
        enemies = [state.pos[u] for u in _fighting(state, 1 - self.side)]
        near = 0
        for unit in _fighting(state, self.side):
            if 2 * state.dis[unit] < state.utype[unit].morale:
                continue
            here = state.pos[unit]
            near += sum(1 for there in enemies if grid.distance(here, there) <= 2)
        lean = HOLD_WEIGHT * near
        return value - lean if player == self.side else value + lean


def _shaken(state: DbpState, side: int) -> bool:
    return any(
        2 * state.dis[unit] >= state.utype[unit].morale and state.dis[unit] > 0
        for unit in _fighting(state, side)
    )


def targets(state: DbpState, side: int) -> list[int]:
    """The enemy units ``side`` would do best to strike this impulse: within reach of at least
    ``REACHING`` of its units, most Rout Points first, then the most shaken."""
    grid = state.grid
    mine = _fighting(state, side)
    ranked = []
    for enemy in _fighting(state, 1 - side):
        there = state.pos[enemy]
        reaching = sum(1 for u in mine if grid.distance(state.pos[u], there) <= _reach(state, u))
        if reaching < REACHING:
            continue
        kind = state.utype[enemy]
        shaken = state.dis[enemy] / kind.morale
        ranked.append((-(1 + kind.rout) * (1 + shaken), -reaching, enemy))
    ranked.sort()
    return [enemy for _, _, enemy in ranked[:TARGETS]]


def aims(state: State, player: int) -> list[Strike | Hold]:
    """The aims worth a candidate plan for ``player``'s impulse in ``state``: a strike at
    each of the best targets, and holding back when a unit of its own is shaken (none when no
    enemy is within reach of several of its units: the heuristic's march is as good as any).

    >>> import carthago
    >>> state = carthago.load("de_bello_punico").new_initial_state()
    >>> [type(aim).__name__ for aim in aims(state, 0)]
    ['Strike', 'Strike']
    """
    from carthago.games.de_bello_punico.state import DbpState

    assert isinstance(state, DbpState)
    found: list[Strike | Hold] = [Strike(player, enemy) for enemy in targets(state, player)]
    if _shaken(state, player):
        found.append(Hold(player))
    return found
