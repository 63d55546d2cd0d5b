"""How good a battle looks for one side, from -1 to 1, for the heuristic and MCTS agents.

It reads only the public parts of the state (what a resampled state holds equally). In order
of weight:

- Rout Points against each side's rout level (§16): the battle is won or lost there.
- Pressure: a unit close to breaking is close to costing its Rout Points, so each fighting
  unit adds its Rout value times the square of the share of its morale already gone, at half
  the weight of Rout Points scored: finishing off a shaken unit beats spreading the blows.
- Fighting strength: every unit's Combat Points times the share of its morale left (Disorder
  eats it, §11), as a share of the side's whole order of battle; units in Panic, eliminated or
  off the map count nothing, a pursuing horseman half (it may come back, §14).
- Threats: for every unit with an enemy in a front hex, the edge it would attack with (its
  Combat Points less Disorder and plus its supporters against the enemy's, plus the
  rear-attack bonus when it stands in the enemy's rear, §10.3-§10.5); only a positive edge
  counts, since combat is voluntary,
  and it counts 1 + the enemy's Rout value times: what routs an army is worth aiming at.
  Flanking a weak enemy scores, walking into a strong one's front costs; a unit with the
  enemy leader stacked is worth one more (the leader may fall, §13, for 5 Rout Points).
- A combat announced but not yet rolled counts at what it is expected to be worth: over the
  36 rolls (or those still to come) with all §10.3 modifiers, the Disorder each side takes
  (§10.6, a charging Mercenary's backlash §15.2) priced by the terms above, a unit that
  panics at its Rout value. So a one-ply search attacks when the blow is worth its risk in
  Rout Points, not only when the dice favour it: at even odds a legion whose army is far from
  its rout level trades Disorder with a brittle enemy near its own.
- Facing: how squarely each side's fighting units face the enemy army's centre (a unit
  turns for a Movement Point, §8.1, and one caught facing away is attacked in its rear at
  +1 or +2, §10.5), so that a line marches and stops facing the enemy.
- Reach, for the army a draw makes the winner (§17.1.4, §17.2.3): every enemy that could move
  up to one of its units and strike with the better edge counts against it at half a threat,
  so that it does not halt a few hexes from a stronger enemy and take the first blow.
- Closing in: the gap between the two armies' centres, so that an army with nothing better
  to do advances; but not the army a draw makes the winner (§17.1.4, §17.2.3): it wins by
  lasting, so it lets the enemy come to it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from carthago.core.state import State
from carthago.games.de_bello_punico import combat, mercenaries
from carthago.games.de_bello_punico.morale import ON_MAP, PURSUING

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

ROUT_WEIGHT: Final = 3.0
PRESSURE_WEIGHT: Final = 1.5
STRENGTH_WEIGHT: Final = 2.0
THREAT_WEIGHT: Final = 0.03
CLOSING_WEIGHT: Final = 0.3
FACING_WEIGHT = 0.3
REACH_WEIGHT: Final = 0.015
"""Per point of edge an enemy could bring against a unit of the draw's winner by moving up:
half a threat, since the enemy must still come and may be struck first."""
ROOT3: Final = math.sqrt(3.0)
DIE: Final = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class _Table:
    """What the evaluation reads of a scenario that play never changes, per unit and per hex
    and facing (``hex * 6 + facing``): looked up once, not on each of its many calls."""

    combat: tuple[int, ...]
    morale: tuple[int, ...]
    rout: tuple[int, ...]
    rear: tuple[int, ...]
    support: tuple[str, ...]
    whole: tuple[int, int]
    fronts: tuple[tuple[int, ...], ...]
    """The front hexes on the map."""
    rears: tuple[tuple[int, ...], ...]
    """The rear hexes (on the map or not: only membership is asked)."""
    centres: tuple[tuple[float, float], ...]
    """Each hex's centre on the plane, the centres of neighbours one apart."""
    headings: tuple[tuple[float, float], ...]
    """The unit vector of each facing."""
    move: tuple[int, ...]


_tables: dict[int, tuple[object, _Table]] = {}


def _table(state: DbpState) -> _Table:
    kinds = state.utype
    # Keyed by the game's own unit table, kept alive beside it so the key is never reused.
    kept = _tables.get(id(kinds))
    if kept is not None and kept[0] is kinds:
        return kept[1]
    neighbours = state.grid.neighbours
    fronts, rears = [], []
    for hex_ in range(state.grid.size):
        around = neighbours[hex_]
        for facing in range(6):
            front = (around[(facing - 1) % 6], around[facing], around[(facing + 1) % 6])
            fronts.append(tuple(h for h in front if h >= 0))
            rears.append(tuple(around[(facing + k) % 6] for k in (2, 3, 4)))
    centres = tuple((1.5 * q / ROOT3, r + q / 2) for q, r in state.grid.axial)
    # A step to a neighbour is one hex across: read the six headings off a middle hex.
    middle = state.grid.size // 2 + state.grid.width // 2
    x0, y0 = centres[middle]
    headings = tuple((centres[step][0] - x0, centres[step][1] - y0) for step in neighbours[middle])
    whole = [0, 0]
    for unit, kind in enumerate(kinds):
        whole[state.sides[unit]] += kind.combat
    table = _Table(
        combat=tuple(kind.combat for kind in kinds),
        morale=tuple(kind.morale for kind in kinds),
        rout=tuple(kind.rout for kind in kinds),
        rear=tuple(kind.rear for kind in kinds),
        support=tuple(kind.support for kind in kinds),
        whole=(whole[0], whole[1]),
        fronts=tuple(fronts),
        rears=tuple(rears),
        centres=centres,
        headings=headings,
        move=tuple(kind.move for kind in kinds),
    )
    _tables[id(kinds)] = (kinds, table)
    return table


def _disorder_cost(state: DbpState, table: _Table, unit: int, disorder: int) -> float:
    """What ``unit`` at ``disorder`` Disorder points costs its own side in the evaluation:
    fighting strength lost and pressure, or, once it panics, its Rout value (§16.1)."""
    side = state.sides[unit]
    morale = table.morale[unit]
    lost_strength = STRENGTH_WEIGHT * table.combat[unit] / table.whole[side]
    limit = state.scenario.rout[side]
    if disorder >= morale:
        return lost_strength + ROUT_WEIGHT * table.rout[unit] / limit
    shaken = disorder / morale
    return lost_strength * shaken + PRESSURE_WEIGHT * table.rout[unit] * shaken * shaken / limit


def _combat_outlook(state: DbpState, player: int, table: _Table) -> float:
    """The expected worth to ``player`` of the combat announced (§10.3 to §10.6)."""
    cb = state.cb
    assert cb is not None
    attacker, defender = cb[combat.C_ATT], cb[combat.C_DEF]
    bonus_att = sum(v for _, v in combat.modifiers(state, attacker, True))
    bonus_def = sum(v for _, v in combat.modifiers(state, defender, False))
    # A roll made and kept stands; weighing it against a reroll is how Fortuna is decided.
    rolls_att = (cb[combat.C_AROLL],) if cb[combat.C_AROLL] else DIE
    rolls_def = (cb[combat.C_DROLL],) if cb[combat.C_DROLL] else DIE
    dis_att, dis_def = state.dis[attacker], state.dis[defender]
    now_att = _disorder_cost(state, table, attacker, dis_att)
    now_def = _disorder_cost(state, table, defender, dis_def)
    worth = 0.0
    for roll_att in rolls_att:
        backlash = 1 if cb[combat.C_CHARGE] and mercenaries.backlash(roll_att) else 0
        for roll_def in rolls_def:
            hurt_att, hurt_def = combat.results(roll_att + bonus_att, roll_def + bonus_def)
            hurt_att += backlash
            worth += _disorder_cost(state, table, defender, dis_def + hurt_def) - now_def
            worth -= _disorder_cost(state, table, attacker, dis_att + hurt_att) - now_att
    worth /= len(rolls_att) * len(rolls_def)
    return worth if state.sides[attacker] == player else -worth


def _facing(
    table: _Table,
    sums: list[list[int]],
    fighting: list[int],
    sides: Sequence[int],
    pos: Sequence[int],
    face: Sequence[int],
    player: int,
) -> float:
    """``player``'s fighting units' mean cosine between facing and the way to the enemy
    army's centre, less the enemy's."""
    targets = []
    for side in (0, 1):
        q, r, count = sums[1 - side]
        targets.append((1.5 * q / count / ROOT3, r / count + q / count / 2))
    cosines = [0.0, 0.0]
    centres, headings = table.centres, table.headings
    for unit in fighting:
        side = sides[unit]
        x, y = centres[pos[unit]]
        tx, ty = targets[side]
        dx, dy = tx - x, ty - y
        length = math.hypot(dx, dy)
        if length > 0:
            hx, hy = headings[face[unit]]
            cosines[side] += (hx * dx + hy * dy) / length
    mine, theirs = sums[player][2], sums[1 - player][2]
    return cosines[player] / mine - cosines[1 - player] / theirs


def _within_reach(state: DbpState, table: _Table, fighting: list[int], holder: int) -> float:
    """The edge ``holder``'s enemies could bring against its fighting units by moving up: for
    each pair not yet in contact whose gap the enemy's Movement Allowance closes, the enemy's
    Combat Points less Disorder against the unit's, when positive, times 1 + the unit's Rout
    value. Zones of control, terrain and who moves next are not looked at."""
    sides, pos, dis, distance = state.sides, state.pos, state.dis, state.grid.distance
    combat_of, rout_of, move = table.combat, table.rout, table.move
    mine = [u for u in fighting if sides[u] == holder]
    theirs = [u for u in fighting if sides[u] != holder]
    total = 0.0
    for unit in mine:
        held = combat_of[unit] - dis[unit]
        for enemy in theirs:
            gap = distance(pos[unit], pos[enemy])
            if gap < 2 or gap > move[enemy] + 1:
                continue
            edge = combat_of[enemy] - dis[enemy] - held
            if edge > 0:
                total += edge * (1 + rout_of[unit])
    return total


def segment(state: State) -> tuple[int, int]:
    """The impulse ``state`` lies in, as (turn, stage): every decision of one impulse (§3.1 C),
    the opponent's answers in it included, shares it; the strategic phase and the initiative
    roll of a turn are stretches of their own.

    >>> import carthago
    >>> segment(carthago.load("de_bello_punico").new_initial_state())
    (1, 0)
    """
    from carthago.games.de_bello_punico.state import DbpState

    assert isinstance(state, DbpState)
    return state.turn, state.stage


TERMS: Final = ("rout", "pressure", "strength", "threat", "reach", "outlook", "facing", "closing")
"""The evaluation's terms, each a difference in ``player``'s favour (see the module's text)."""
Terms = tuple[float, float, float, float, float, float, float, float]
"""The values of ``TERMS`` in their order."""
WEIGHTS: tuple[float, ...] = (
    ROUT_WEIGHT,
    PRESSURE_WEIGHT,
    STRENGTH_WEIGHT,
    THREAT_WEIGHT,
    REACH_WEIGHT,
    1.0,
    FACING_WEIGHT,
    CLOSING_WEIGHT,
)
"""The one-ply heuristic's weight of each of ``TERMS`` (``evaluate`` spells the sum out)."""


def evaluate(state: State, player: int) -> float:
    """``player``'s prospects in ``state``, in [-1, 1]; a finished battle scores its result.

    >>> import carthago
    >>> state = carthago.load("de_bello_punico").new_initial_state()
    >>> -1 < evaluate(state, 0) < 0  # even armies, far apart
    True
    """
    return _weighed(state, player, FACING_WEIGHT)


def evaluate_own(state: State, player: int) -> float:
    """How the impulse planner moves its own units: ``evaluate`` without the facing term.

    A line that turns to face the enemy army's centre spends Movement Points on it and offers
    the enemy the first blow; one that keeps its set-up facing and turns only for a threat
    lets the enemy come on. One-ply greedy by this against the heuristic at Zama won 28, drew
    68 and lost 4 of 100 battles (docs/benchmarks.md); half the facing weight, or a negative
    one, did worse. The planner still expects its opponent to move by ``evaluate``.

    >>> import carthago
    >>> state = carthago.load("de_bello_punico").new_initial_state()
    >>> evaluate_own(state, 0) != evaluate(state, 0)
    True
    """
    return _weighed(state, player, 0.0)


def _weighed(state: State, player: int, facing_weight: float) -> float:
    """The terms' weighed sum for ``player``, squashed to [-1, 1]; a finished battle scores its
    result."""
    if state.is_terminal():
        return state.returns()[player]
    rout, pressure, strength, threat, reach, outlook, facing, closing = terms(state, player)
    score = ROUT_WEIGHT * rout + PRESSURE_WEIGHT * pressure + STRENGTH_WEIGHT * strength
    score += THREAT_WEIGHT * threat + REACH_WEIGHT * reach + outlook
    score += facing_weight * facing + CLOSING_WEIGHT * closing
    return math.tanh(score)


def terms(state: State, player: int) -> Terms:
    """The unweighted ``TERMS`` of an unfinished ``state`` for ``player``."""
    from carthago.games.de_bello_punico.state import DbpState

    assert isinstance(state, DbpState)
    other = 1 - player
    limits = state.scenario.rout
    rout = state.rout[other] / limits[other] - state.rout[player] / limits[player]
    table = _table(state)
    combat_of, morale_of, rout_of, rear_of = table.combat, table.morale, table.rout, table.rear
    fronts, rears = table.fronts, table.rears
    strength = [0.0, 0.0]
    threat = [0, 0]
    pressure = [0.0, 0.0]
    sums = [[0, 0, 0], [0, 0, 0]]  # per side: axial q, axial r and count of fighting units
    fighting: list[int] = []
    sides, where, pos, face, dis, panic, occ = (
        state.sides,
        state.where,
        state.pos,
        state.face,
        state.dis,
        state.panic,
        state.occ,
    )
    axial, leader_hex = state.grid.axial, state.leader_hex
    support_of = table.support

    def backing(unit: int) -> int:
        """Friends of its support group standing behind ``unit`` facing its way (§10.4;
        the enemy zone of control that may keep them out is not looked at)."""
        count = 0
        for hex_ in rears[pos[unit] * 6 + face[unit]]:
            friend = occ[hex_] if hex_ >= 0 else -1
            if (
                friend >= 0
                and sides[friend] == sides[unit]
                and support_of[friend] == support_of[unit]
                and face[friend] == face[unit]
                and not panic[friend]
            ):
                count += 1
        return count

    for unit in range(state.n_units):
        status = where[unit]
        side = sides[unit]
        if status != ON_MAP or panic[unit]:
            if status == PURSUING:
                strength[side] += combat_of[unit] / 2
            continue
        disorder, morale, strong = dis[unit], morale_of[unit], combat_of[unit]
        shaken = 1.0 if disorder >= morale else disorder / morale
        strength[side] += strong * (1.0 - shaken)
        pressure[side] += rout_of[unit] * shaken * shaken
        here = pos[unit]
        fighting.append(unit)
        q, r = axial[here]
        total = sums[side]
        total[0] += q
        total[1] += r
        total[2] += 1
        own_edge = strong - disorder + backing(unit)
        for hex_ in fronts[here * 6 + face[unit]]:
            enemy = occ[hex_]
            if enemy < 0 or sides[enemy] == side or panic[enemy]:
                continue
            edge = own_edge - combat_of[enemy] + dis[enemy]
            edge -= backing(enemy)
            # Standing in the enemy's rear: the enemy's front looks away from this hex.
            if here in rears[hex_ * 6 + face[enemy]]:
                edge += rear_of[unit]
            if hex_ == leader_hex[1 - side]:
                edge += 1
            if edge > 0:
                threat[side] += edge * (1 + rout_of[enemy])
    whole = table.whole
    held = pressure[other] / limits[other] - pressure[player] / limits[player]
    fit = strength[player] / whole[player] - strength[other] / whole[other]
    reach = 0.0
    holder = state.scenario.draw_winner
    if holder is not None:
        reach = _within_reach(state, table, fighting, holder)
        reach = reach if holder != player else -reach
    outlook = 0.0
    cb = state.cb
    if cb is not None and not cb[combat.C_GONE] and where[cb[combat.C_DEF]] == ON_MAP:
        outlook = _combat_outlook(state, player, table)
    facing = closing = 0.0
    mine, theirs = sums[player], sums[other]
    if mine[2] and theirs[2]:
        facing = _facing(table, sums, fighting, sides, pos, face, player)
    if mine[2] and theirs[2] and state.scenario.draw_winner != player:
        # Both sides that must rout the other are drawn together alike, so this term never
        # favours one of them.
        q1, r1 = mine[0] / mine[2], mine[1] / mine[2]
        q2, r2 = theirs[0] / theirs[2], theirs[1] / theirs[2]
        gap = (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) / 2
        closing = -gap / (state.grid.width + state.grid.height)
    return (rout, held, fit, float(threat[player] - threat[other]), reach, outlook, facing, closing)
