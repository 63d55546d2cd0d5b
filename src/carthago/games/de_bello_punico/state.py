"""The state of a De Bello Punico battle and the machine that runs its turn sequence (§3).

The turn is driven by a stack of tasks: decisions (a player's, or a die roll, which is a chance
node) and automatic steps (a Panic check, a combat's resolution, a flight). After each action
the automatic steps run until a decision is on top. Decisions that depend on a Command box are
put to the owner whenever an unspent counter lies there, real or not (see command.py), so the
sequence of who is asked never betrays the Vacuus.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Self

from carthago.core.errors import InvalidStateError
from carthago.core.state import CHANCE, TERMINAL, JSONDict, State
from carthago.games.de_bello_punico import (
    combat,
    command,
    elephants,
    initiative,
    leaders,
    mercenaries,
    missile,
    movement,
    pursuit,
    reach,
    recovery,
)
from carthago.games.de_bello_punico.actions import (
    CAVALRY,
    COMBAT,
    FORTUNA,
    MOVEMENT,
    RECOVERY,
    SPECIAL,
    describe,
)
from carthago.games.de_bello_punico.morale import (
    ELIMINATED,
    ON_MAP,
    PURSUING,
    RESERVE,
    add_disorder,
    check_panic,
    flee,
    remove,
)
from carthago.games.de_bello_punico.movement import (
    BOOSTED,
    CHARGED,
    FINIS,
    FIRED,
    HAS_CP,
    IMPULSE_FLAGS,
    LEFT_ZOC,
    MOVED,
    SUPPORTED,
    TURN_FLAGS,
)
from carthago.games.de_bello_punico.rout import routed
from carthago.games.de_bello_punico.scenarios import CARTHAGE, ROME, SIDES
from carthago.games.de_bello_punico.terrain import IMPASSABLE
from carthago.games.de_bello_punico.units import OPTIONAL_ADVANCE

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.game import DeBelloPunicoGame

Task = tuple[Any, ...]
ONGOING: Final = -1
DRAW: Final = 2
RESERVE_RULES: Final = ("edge", "ambush")
"""Where the Trebbia reserve may enter (§17.1.3c, docs/de_bello_punico.md): at any free hex of
the Roman edge, or near a column chosen in secret at set-up."""
# Typed as a tuple of any length: compiled, a fixed-length one is kept unboxed and looked up
# by a variable index it is rebuilt as a new tuple every time.
IMPULSES: Final[tuple[str, ...]] = ("movement", "missile volley", "combat", "recovery")
# (kind, whose) of the eight impulses (§3.1 C): 0 is the First player, 1 the Second.
ORDER: Final[tuple[tuple[int, int], ...]] = (
    (0, 0), (1, 1), (2, 0), (3, 0), (0, 1), (1, 0), (2, 1), (3, 1),
)  # fmt: skip
AUTOMATIC: Final = frozenset(
    {"panic", "initiative", "cbegin", "cresolve", "cafter", "flee_all", "rampage", "combat_end"}
)
# Decisions asked because an unspent counter lies in a box: never skipped for having only
# "no" to answer, or the opponent would learn the counter is the Vacuus.
HIDDEN_ASKED: Final = frozenset(
    {"fortuna", "eltable", "ccp", "charge", "pursue", "recover", "move"}
)

_FIELDS: Final = (
    "pos", "where", "face", "dis", "panic", "flags", "exit_hex", "occ", "leader_hex",
    "moved_leaders", "rout", "fled", "turn", "stage", "first", "tasks", "mv", "cb",
    "withdrawn", "charges", "picks", "hand", "box_real", "box_used", "box_vac", "vac_known",
    "placed", "init_roll", "winner", "ambush",
)  # fmt: skip


_NESTED: Final = frozenset({"tasks", "mv", "cb", "hand", "box_real", "box_used", "placed"})


def _tuples(value: Any) -> Any:
    """JSON lists back into the tuples the tasks are made of."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


class DbpState(State):
    """A battle in progress. Units are 0..n_units-1; the two leaders follow (Rome's, then
    Carthage's) in the counter numbering of the action space."""

    __slots__ = (
        "ambush", "box_real", "box_used", "box_vac", "cb", "charges", "cur_legal", "dis",
        "exit_hex", "face", "first", "flags", "fled", "grid", "hand", "init_roll", "layout",
        "leader_hex", "moved_leaders", "mv", "n_units", "occ", "panic", "picks", "placed", "pos",
        "reserve_in_ambush", "rout", "scenario", "sides", "stage", "tasks", "turn", "units_of",
        "utype", "vac_known", "where", "winner", "withdrawn",
    )  # fmt: skip

    def __init__(self, game: DeBelloPunicoGame) -> None:
        super().__init__(game)
        self._bind(game)
        sc = self.scenario
        n = self.n_units
        self.pos = [c.hex for c in sc.counters]
        self.where = [ON_MAP] * n
        self.face = [c.facing for c in sc.counters]
        # Trebbia: the Romans start on their reduced side, that is with one Disorder point.
        self.dis = [1 if c.side == ROME and c.type in sc.reduced_romans else 0
                    for c in sc.counters]  # fmt: skip
        self.panic = [False] * n
        self.flags = [0] * n
        self.exit_hex = [-1] * n
        self.occ = [-1] * self.grid.size
        for unit, hex_ in enumerate(self.pos):
            self.occ[hex_] = unit
        self.leader_hex = [-1, -1]
        self.moved_leaders = [False, False]
        self.rout = [0, 0]
        self.fled = [False, False]
        self.turn, self.stage, self.first = 1, 0, CARTHAGE
        self.mv: list[int] | None = None
        self.cb: list[Any] | None = None
        self.withdrawn = False
        self.charges = self.picks = 0
        self.hand = [[0, 0], [0, 0]]
        self.box_real = [[0] * 7, [0] * 7]
        self.box_used = [[0] * 7, [0] * 7]
        self.box_vac = [-1, -1]
        self.vac_known = [True, True]
        self.placed: list[list[tuple[int, int, int]]] = [[], []]
        self.init_roll = [0, 0]
        self.winner = ONGOING
        # Trebbia with the "ambush" option: the column of the Roman edge where the Numidian
        # reserve lies and the history entry that chose it, [-1, -1] without one; hidden from
        # Rome (§17.1.3c).
        self.ambush = [-1, -1]
        first = sc.setup_first
        self.tasks: list[Task] = []
        setup: list[Task] = [("setup", first), ("setup", 1 - first)]
        if sc.numidian_reserve:
            setup.insert(setup.index(("setup", CARTHAGE)) + 1, ("reserve", CARTHAGE))
        self.push(*setup)
        self.cur_legal: list[int] | None = None
        self._settle()

    def _bind(self, game: DeBelloPunicoGame) -> None:
        """Share the game's unchanging tables (never copied)."""
        self.scenario = game.scenario
        self.grid = game.scenario.grid
        self.layout = game.layout
        self.sides = game.sides
        self.utype = game.utypes
        self.units_of = game.units_of
        self.n_units = len(game.sides)
        self.reserve_in_ambush = game.reserve_in_ambush

    # -- small helpers used by the rule modules ----------------------------------------------

    def push(self, *tasks: Task) -> None:
        """Put tasks on the stack; the first given runs first."""
        # An index loop, not extend(reversed(...)): compiled, no iterator objects per push.
        for index in range(len(tasks) - 1, -1, -1):
            self.tasks.append(tasks[index])

    def side_name(self, side: int) -> str:
        return SIDES[side]

    def unit_name(self, unit: int) -> str:
        return self._game.unit_names[unit]  # type: ignore[attr-defined,no-any-return]

    # -- the turn sequence --------------------------------------------------------------------

    def _settle(self) -> None:
        """Run automatic steps until a decision (or the end) is reached."""
        self.cur_legal = None
        while self.winner == ONGOING:
            if not self.tasks:
                self._next_stage()
                continue
            top = self.tasks[-1]
            kind: str = top[0]
            if kind == "die":
                return
            if kind in AUTOMATIC:
                self.tasks.pop()
                _AUTO[kind](self, top)
                continue
            legal = self._prompt(top)
            if legal is None:
                self.tasks.pop()
                self._skip(top)
                continue
            self.cur_legal = legal
            return

    def _next_stage(self) -> None:
        if self.stage == 0:
            self._begin_turn()
        elif self.stage == 1:
            self.stage = 2
            self._add_log(f"Turn {self.turn}: initiative")
            self.push(*initiative.roll_tasks())
        elif self.stage < 10:
            self.stage += 1
            self._begin_impulse(self.stage - 2)
        else:
            self._interphase()

    def _begin_turn(self) -> None:
        self.stage = 1
        self._add_log(f"Turn {self.turn} of {self.scenario.turns}: strategic phase")
        command.start_turn(self)
        self.charges = 0
        self.flags = [f & ~TURN_FLAGS for f in self.flags]
        self._push_placement(CARTHAGE)

    def _push_placement(self, preferred: int) -> None:
        for side in (preferred, 1 - preferred):
            if command.counters_in_hand(self, side):
                self.push(("place", side))
                return

    def impulse(self) -> tuple[int, int]:
        """(kind index into IMPULSES, side) of the current impulse; stage 3..10."""
        kind, whose = ORDER[self.stage - 3]
        return kind, self.first if whose == 0 else 1 - self.first

    def _begin_impulse(self, number: int) -> None:
        kind, side = self.impulse()
        self.flags = [f & ~IMPULSE_FLAGS for f in self.flags]
        self.moved_leaders = [False, False]
        self.picks = 0
        self.withdrawn = False
        self._add_log(f"Impulse {number}: {SIDES[side]} {IMPULSES[kind]}")
        if kind == 0:
            tasks: list[Task] = []
            if side == CARTHAGE:
                tasks.append(("eltable", ROME))
            self.push(*tasks, ("flee_all", side), ("move", side))
        elif kind == 1:
            self.push(("volley", side))
        elif kind == 2:
            self.push(("attack", side), ("combat_end", side))
        else:
            self.push(("recover", side))

    def _interphase(self) -> None:
        rome, carthage = routed(self)
        if rome and carthage:
            self._end(DRAW, "both armies rout")
        elif rome or carthage:
            self._end(CARTHAGE if rome else ROME, f"{SIDES[ROME if rome else CARTHAGE]} routs")
        elif self.turn >= self.scenario.turns:
            winner = self.scenario.draw_winner
            self._end(DRAW if winner is None else winner, "the last turn ends without a rout")
        else:
            for side in (ROME, CARTHAGE):
                command.reveal_all(self, side, "end of turn")
            self.turn += 1
            self._begin_turn()

    def _end(self, winner: int, why: str) -> None:
        self.winner = winner
        self.tasks = []
        result = "a draw" if winner == DRAW else f"{SIDES[winner]} wins"
        self._add_log(f"The battle ends ({why}): {result}")

    # -- decisions: which actions each prompt offers (None: nothing to ask, skip it) -----------

    def _prompt(self, top: Task) -> list[int] | None:
        kind: str = top[0]
        # Steps and moves are three decisions in four of a battle: asked by direct (compiled:
        # native) calls, not through the table.
        legal: list[int] | None
        if kind == "step":
            legal = self._ask_step(top)
        elif kind == "move":
            legal = self._ask_move(top)
        else:
            legal = _ASK[kind](self, top)
        if legal is None or kind in HIDDEN_ASKED:
            return legal
        # Not ``legal == [no]``: no list built for the comparison on every prompt.
        return None if len(legal) == 1 and legal[0] == self.layout.no else legal

    def _ask_setup(self, top: Task) -> list[int]:
        return [u for u in self.units_of[top[1]] if self.where[u] == ON_MAP]

    def _ask_reserve(self, top: Task) -> list[int]:
        lay = self.layout
        if not self.reserve_in_ambush:
            return [lay.yes, lay.no]
        return [*(lay.enter + c for c in range(self.grid.width)), lay.no]

    def _ask_place(self, top: Task) -> list[int]:
        side: int = top[1]
        lay = self.layout
        boxes = command.placeable_boxes(self, side)
        legal = [lay.place + b for b in boxes] if self.hand[side][0] else []
        if self.hand[side][1]:
            legal += [lay.vacuus + b for b in boxes]
        return legal

    def _ask_order(self, top: Task) -> list[int]:
        return [self.layout.yes, self.layout.no]

    def _ask_fortuna(self, top: Task) -> list[int]:
        lay = self.layout
        real = command.real_left(self, top[1], FORTUNA) > 0
        return [lay.yes, lay.no] if real else [lay.no]

    def _ask_eltable(self, top: Task) -> list[int] | None:
        targets = elephants.targets(self)
        if not targets or not (self.picks or command.unspent(self, ROME, SPECIAL)):
            return None
        if self.picks or command.real_left(self, ROME, SPECIAL):
            return [*targets, self.layout.no]
        return [self.layout.no]

    def _movers(self, side: int) -> list[int]:
        legal = [
            u
            for u in self.units_of[side]
            if self.where[u] == ON_MAP and not self.panic[u] and not self.flags[u] & (MOVED | FINIS)
        ]
        if self.leader_hex[side] >= 0 and not self.moved_leaders[side]:
            legal.append(self.n_units + side)
        return legal

    def _boostable(self, side: int, group: str) -> list[int]:
        return [u for u in self.units_of[side] if self._may_boost(u, group)]

    def _any_boostable(self, side: int) -> bool:
        return any(self._may_boost(u, "") for u in self.units_of[side])

    def _may_boost(self, unit: int, group: str) -> bool:
        """Whether a Movement Command Point may give ``unit`` +1 MP (of ``group`` if given)."""
        return (
            self.where[unit] == ON_MAP
            and not self.panic[unit]
            and not self.flags[unit] & (MOVED | FINIS | HAS_CP)
            and (not group or self.utype[unit].support == group)
        )

    def _recallable(self, side: int) -> list[int]:
        return [
            u
            for u in self.units_of[side]
            if self.where[u] == PURSUING and pursuit.reentry_hexes(self, u)
        ]

    def _reserve_entry(self, side: int) -> list[int]:
        """Trebbia: the columns of the Roman edge where the Numidian reserve may enter now
        (§17.1.3c): once a Roman unit has fled, at any free hex of the Roman edge row.

        With the "ambush" option it comes out at its hidden column or, that hex being taken,
        at the nearest free hex of the row (the lower column on a tie). Whether it may enter
        therefore depends only on the row having a free hex, never on the hidden column: Rome,
        seeing Carthage asked or not, learns nothing of where the ambush lies.
        """
        if side != CARTHAGE or not self.fled[ROME]:
            return []
        if not any(self.where[u] == RESERVE for u in self.units_of[CARTHAGE]):
            return []
        row, g, costs = self.scenario.home_rows[ROME], self.grid, self.scenario.costs
        free = [
            c
            for c in range(g.width)
            if self.occ[g.hex_of(c, row)] < 0
            and self.leader_hex[ROME] != g.hex_of(c, row)
            and costs[g.hex_of(c, row)] < IMPASSABLE
        ]
        if not self.reserve_in_ambush or not free:
            return free
        column = self.ambush[0]
        return [min(free, key=lambda c: (abs(c - column), c))]

    def _ask_move(self, top: Task) -> list[int] | None:
        side: int = top[1]
        lay = self.layout
        legal = self._movers(side)
        recallable = self._recallable(side)
        entries = [lay.enter + c for c in self._reserve_entry(side)]
        # Asked whenever something could be done with the counters the opponent sees, so
        # that being asked never shows whether a Cavalry or Movement counter is real.
        asked = (
            bool(legal)
            or ((recallable or entries) and command.unspent(self, side, CAVALRY) > 0)
            or (command.unspent(self, side, MOVEMENT) > 0 and self._any_boostable(side))
        )
        if not asked:
            return None
        # In ascending order: units, leaders, then the layout's no, boost and entry columns.
        cavalry = bool(command.real_left(self, side, CAVALRY))
        if cavalry and recallable:
            legal = sorted(legal + recallable)
        legal.append(lay.no)
        if command.real_left(self, side, MOVEMENT) and self._any_boostable(side):
            legal.append(lay.boost)
        if cavalry:
            legal.extend(entries)
        return legal

    def _ask_step(self, top: Task) -> list[int] | None:
        if self.mv is None:
            return None
        unit = self.mv[movement.M_UNIT]
        if unit < self.n_units and (self.where[unit] != ON_MAP or self.panic[unit]):
            return None
        steps, turns, may_stop = movement.options(self)
        lay = self.layout
        legal = [lay.dir + d for d in steps]
        face = lay.face
        for d in turns:
            legal.append(face + d)
        if not legal:
            return None
        if may_stop:
            legal.append(lay.no)
        return legal

    def _ask_boost(self, top: Task) -> list[int] | None:
        _, side, group, count = top
        units = self._boostable(side, group)
        if not units:
            return None
        return [*units, self.layout.no] if count else units

    def _ask_reenter(self, top: Task) -> list[int]:
        unit, lay = top[2], self.layout
        exit_hex = self.exit_hex[unit]
        hexes = pursuit.reentry_hexes(self, unit)
        legal = [lay.yes] if exit_hex in hexes else []
        neighbours = self.grid.neighbours[exit_hex]
        legal += [lay.dir + d for d in range(6) if neighbours[d] in hexes]
        return legal

    def _ask_entry_face(self, top: Task) -> list[int]:
        return [self.layout.face + d for d in range(6)]

    def _ask_volley(self, top: Task) -> list[int]:
        side = top[1]
        legal = [
            u
            for u in self.units_of[side]
            if self.where[u] == ON_MAP
            and self.utype[u].missile
            and not self.panic[u]
            and not self.flags[u] & FIRED
            and missile.targets(self, u)
        ]
        return [*legal, self.layout.no]

    def _ask_vtarget(self, top: Task) -> list[int]:
        return missile.targets(self, top[2])

    def _ask_attack(self, top: Task) -> list[int]:
        legal = [u for u in self.units_of[top[1]] if combat.may_attack(self, u)]
        return [*legal, self.layout.no]

    def _ask_atarget(self, top: Task) -> list[int]:
        return combat.front_enemies(self, top[2])

    def _ask_withdraw(self, top: Task) -> list[int]:
        cb = self.cb
        assert cb is not None
        dirs = combat.withdrawal_directions(self, cb[combat.C_ATT], cb[combat.C_DEF])
        return [*(self.layout.dir + d for d in dirs), self.layout.no]

    def _ask_lwithdraw(self, top: Task) -> list[int]:
        cb = self.cb
        assert cb is not None
        defender, side = cb[combat.C_DEF], top[1]
        if leaders.stacked_leader(self, defender) < 0:
            return [self.layout.no]
        legal = []
        here, facing = self.pos[defender], self.face[defender]
        for d in ((facing + 2) % 6, (facing + 3) % 6, (facing + 4) % 6):
            target = self.grid.neighbours[here][d]
            if target < 0 or self.scenario.costs[target] >= IMPASSABLE:
                continue
            other = self.occ[target]
            if (other < 0 or self.sides[other] == side) and self.leader_hex[1 - side] != target:
                legal.append(self.layout.dir + d)
        return [*legal, self.layout.no]

    def _ask_ccp(self, top: Task) -> list[int] | None:
        _, side, unit = top[0], top[1], top[2]
        if (
            not command.unspent(self, side, COMBAT)
            or not leaders.in_command(self, unit)
            or self.flags[unit] & HAS_CP
        ):
            return None
        lay = self.layout
        return [lay.yes, lay.no] if command.real_left(self, side, COMBAT) else [lay.no]

    def _ask_charge(self, top: Task) -> list[int] | None:
        attacker = top[2]
        if not mercenaries.may_be_asked(self, attacker):
            return None
        lay = self.layout
        return [lay.yes, lay.no] if mercenaries.can_charge(self) else [lay.no]

    def _ask_support(self, top: Task) -> list[int] | None:
        cb = self.cb
        assert cb is not None
        taken = cb[combat.C_ASUP] + cb[combat.C_DSUP] + (cb[combat.C_ATT], cb[combat.C_DEF])
        found = combat.supporters(self, top[2], taken)
        return [*found, self.layout.no] if found else None

    def _ask_advance(self, top: Task) -> list[int]:
        return [self.layout.yes, self.layout.no]

    def _ask_advface(self, top: Task) -> list[int]:
        return [self.layout.face + d for d in range(6)]

    def _ask_pursue(self, top: Task) -> list[int] | None:
        side, unit = top[1], top[2]
        if not pursuit.can_pursue(self, unit) or not command.unspent(self, side, CAVALRY):
            return None
        lay = self.layout
        return [lay.yes, lay.no] if command.real_left(self, side, CAVALRY) else [lay.no]

    def _ask_recover(self, top: Task) -> list[int] | None:
        side = top[1]
        found = recovery.candidates(self, side)
        if not found or not command.unspent(self, side, RECOVERY):
            return None
        if command.real_left(self, side, RECOVERY):
            return [*found, self.layout.no]
        return [self.layout.no]

    def _skip(self, top: Task) -> None:
        """What a prompt with nothing to ask does by itself."""
        kind: str = top[0]
        if kind == "step" and self.mv is not None:
            movement.finish(self)
        elif kind == "pursue" and pursuit.can_pursue(self, top[2]):
            pursuit.pursue(self, top[2], top[3], top[4])

    # -- automatic steps ----------------------------------------------------------------------

    def _auto_panic(self, top: Task) -> None:
        check_panic(self, top[1], top[2])

    def _auto_initiative(self, top: Task) -> None:
        winner = initiative.compare(self)
        if winner < 0:
            self.push(*initiative.roll_tasks())
        else:
            self.push(("order", winner))

    def _auto_flee_all(self, top: Task) -> None:
        """Units in Panic run first in their side's movement impulse (§11.1)."""
        for unit in self.units_of[top[1]]:
            if self.where[unit] == ON_MAP and self.panic[unit]:
                flee(self, unit, self.utype[unit].move)

    def _auto_rampage(self, top: Task) -> None:
        elephants.rampage(self, top[1])

    def _auto_combat_end(self, top: Task) -> None:
        """The §8.2 bar and an elephant's charge last only to this combat impulse."""
        for unit in self.units_of[top[1]]:
            self.flags[unit] &= ~(LEFT_ZOC | CHARGED)

    def _auto_cbegin(self, top: Task) -> None:
        cb = self.cb
        assert cb is not None
        if cb[combat.C_GONE]:
            self.cb = None
            return
        att, dfn = cb[combat.C_ATT], cb[combat.C_DEF]
        p, o = self.sides[att], self.sides[dfn]
        self.push(
            ("lwithdraw", o),
            ("ccp", p, att),
            ("ccp", o, dfn),
            ("charge", p, att),
            ("support", p, att),
            ("support", o, dfn),
            ("die", p, "attack"),
            ("die", o, "defence"),
            ("cresolve",),
        )

    def _auto_cresolve(self, top: Task) -> None:
        cb = self.cb
        assert cb is not None
        att, dfn = cb[combat.C_ATT], cb[combat.C_DEF]
        totals = []
        for unit, roll, attacking in ((att, cb[combat.C_AROLL], True),
                                      (dfn, cb[combat.C_DROLL], False)):  # fmt: skip
            mods = combat.modifiers(self, unit, attacking)
            total = roll + sum(v for _, v in mods)
            totals.append(total)
            text = ", ".join(f"{name} {v:+d}" for name, v in mods)
            self._add_log(f"{self.unit_name(unit)}: roll {roll}, {text} = {total}")
        hurt_att, hurt_def = combat.results(totals[0], totals[1])
        if cb[combat.C_CHARGE] and mercenaries.backlash(cb[combat.C_AROLL]):
            hurt_att += 1
        self.push(("cafter",))
        add_disorder(self, att, hurt_att, dfn, "combat")
        add_disorder(self, dfn, hurt_def, att, "combat")

    def _auto_cafter(self, top: Task) -> None:
        """Advance after combat into a hex the combat emptied (§10.8, §10.8.1)."""
        cb = self.cb
        self.cb = None
        assert cb is not None
        att, hex_ = cb[combat.C_ATT], cb[combat.C_HEX]
        if self.occ[hex_] >= 0 or self.where[att] != ON_MAP or self.panic[att]:
            return
        side = self.sides[att]
        if self.utype[att].code in OPTIONAL_ADVANCE:
            self.push(("advance", side, att, hex_))
        else:
            self._advance(att, hex_)

    def _advance(self, unit: int, hex_: int) -> None:
        side = self.sides[unit]
        here = self.pos[unit]
        self.occ[here] = -1
        if self.leader_hex[side] == here:
            self.leader_hex[side] = hex_
        if self.leader_hex[1 - side] == hex_:
            leaders.withdraw(self, 1 - side)
        self.pos[unit] = hex_
        self.occ[hex_] = unit
        self._add_log(f"{self.unit_name(unit)} advances to {self.grid.label(hex_)}")
        self.push(("advface", side, unit))

    # -- applying actions ---------------------------------------------------------------------

    def current_player(self) -> int:
        if self.winner != ONGOING:
            return TERMINAL
        top = self.tasks[-1]
        # Typed locals: compiled, a native string test and no int() of an Any per call.
        kind: str = top[0]
        if kind == "die":
            return CHANCE
        side: int = top[1]
        return side

    def _legal_actions(self) -> list[int]:
        if self.cur_legal is None:
            top = self.tasks[-1]
            self.cur_legal = self._prompt(top) or []
        # Shared, not copied: neither this state nor the base changes the list once made.
        return self.cur_legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(6)]

    def _apply_action(self, action: int) -> None:
        top = self.tasks[-1]
        kind: str = top[0]
        if kind == "die":
            self.tasks.pop()
            self._rolled(top, action + 1)
        elif kind == "step":
            self._do_step(top, action)  # as in _prompt: the most frequent, called directly
        elif kind == "move":
            self._do_move(top, action)
        else:
            _DO[kind](self, top, action)
        self._settle()

    def _rolled(self, top: Task, value: int) -> None:
        owner, purpose = top[1], top[2]
        self._add_log(f"{SIDES[owner]} rolls {value} ({purpose})")
        if command.unspent(self, owner, FORTUNA):
            self.push(("fortuna", owner, value, *top[2:]))
        else:
            self._resolve(owner, purpose, value, top[3:])

    def _resolve(self, owner: int, purpose: str, value: int, data: Task) -> None:
        if purpose == "initiative":
            self.init_roll[data[0]] = value
        elif purpose == "missile":
            shooter, target = data
            need = missile.hit_number(self, shooter, target)
            hit = value <= need
            self._add_log(
                f"{self.unit_name(shooter)} fires at {self.unit_name(target)}: "
                f"{value} against {need}, {'hit' if hit else 'miss'}"
            )
            if hit:
                add_disorder(self, target, 1, shooter, "missiles")
        elif purpose in ("attack", "defence"):
            assert self.cb is not None
            self.cb[combat.C_AROLL if purpose == "attack" else combat.C_DROLL] = value
        elif purpose == "leader":
            side = data[0]
            if value == 1 and self.leader_hex[side] >= 0:
                leaders.kill(self, side)
        else:
            elephants.apply(self, data[0], value)

    def _do_setup(self, top: Task, action: int) -> None:
        self.tasks.pop()
        side = top[1]
        self.leader_hex[side] = self.pos[action]
        self._add_log(f"{self.scenario.leader_names[side]} joins {self.unit_name(action)}")

    def _do_reserve(self, top: Task, action: int) -> None:
        self.tasks.pop()
        if action == self.layout.no:
            self._add_log("Carthage keeps no reserve")
            return
        unit = next(u for u in self.units_of[CARTHAGE] if self.utype[u].code == "Nu")
        if action == self.layout.yes:
            remove(self, unit, RESERVE, "is held back in reserve, to come in by the Roman edge")
            return
        column = action - self.layout.enter
        self.ambush = [column, self._moves]
        # A leader placed with it goes to the nearest other unit (leaders.withdraw).
        remove(self, unit, RESERVE, "is held back in reserve (Mago's ambush)")
        self._add_log(
            "Carthage hides the reserve somewhere along the Roman edge",
            {CARTHAGE: f"Carthage hides the reserve at column {column} of the Roman edge"},
        )

    def _do_place(self, top: Task, action: int) -> None:
        self.tasks.pop()
        side: int = top[1]
        lay = self.layout
        vacuus = action >= lay.vacuus
        command.place(self, side, action - (lay.vacuus if vacuus else lay.place), vacuus)
        self._push_placement(1 - side)

    def _do_order(self, top: Task, action: int) -> None:
        self.tasks.pop()
        side = top[1]
        self.first = side if action == self.layout.yes else 1 - side
        self._add_log(f"{SIDES[side]} wins the initiative; {SIDES[self.first]} is First player")

    def _do_fortuna(self, top: Task, action: int) -> None:
        self.tasks.pop()
        _, owner, value, purpose, *data = top
        if action == self.layout.yes:
            command.spend(self, owner, FORTUNA, f"to roll the {purpose} die again")
            self.push(("die", owner, purpose, *data))
        else:
            self._resolve(owner, purpose, value, tuple(data))

    def _do_eltable(self, top: Task, action: int) -> None:
        if action == self.layout.no:
            self.tasks.pop()
            self.picks = 0
            return
        if not self.picks:
            command.spend(self, ROME, SPECIAL, "to scare two elephants")
            self.picks = elephants.PICKS_PER_POINT
        self.picks -= 1
        self.flags[action] |= movement.TABLED
        self.push(("die", ROME, "elephants", action))

    def _do_move(self, top: Task, action: int) -> None:
        side: int = top[1]
        lay = self.layout
        if action == lay.no:
            self.tasks.pop()
        elif action == lay.boost:
            command.spend(self, side, MOVEMENT, "for +1 MP to three units")
            self.push(("boost", side, "", 0))
        elif action >= lay.enter:
            command.spend(self, side, CAVALRY, "to bring in the reserve")
            unit = next(u for u in self.units_of[side] if self.where[u] == RESERVE)
            hex_ = self.grid.hex_of(action - lay.enter, self.scenario.home_rows[ROME])
            if self.reserve_in_ambush:
                self._add_log(f"The ambush lay at column {self.ambush[0]} of the Roman edge")
            pursuit.reenter(self, unit, hex_)
            self.flags[unit] |= MOVED
            self.push(("entry_face", side, unit))
        elif action < self.n_units and self.where[action] == PURSUING:
            command.spend(self, side, CAVALRY, f"to recall {self.unit_name(action)}")
            self.push(("reenter", side, action))
        else:
            movement.start(self, action)
            self.push(("step", side, action))

    def _do_step(self, top: Task, action: int) -> None:
        lay = self.layout
        if action == lay.no:
            self.tasks.pop()
            movement.finish(self)
        elif action >= lay.face:
            movement.turn(self, action - lay.face)
        else:
            movement.step(self, action - lay.dir)
            # Typed locals: compiled, native compares and indexing, not generic ones on Any.
            unit: int = top[2]
            side: int = top[1]
            if unit < self.n_units and side != self.sides[unit]:
                elephants.furious_halt(self, unit)

    def _do_boost(self, top: Task, action: int) -> None:
        self.tasks.pop()
        _, side, _, count = top
        if action == self.layout.no:
            return
        self.flags[action] |= BOOSTED | HAS_CP
        self._add_log(f"{self.unit_name(action)} gains 1 MP")
        if count + 1 < 3:
            self.push(("boost", side, self.utype[action].support, count + 1))

    def _do_reenter(self, top: Task, action: int) -> None:
        self.tasks.pop()
        unit = top[2]
        exit_hex = self.exit_hex[unit]
        lay = self.layout
        hex_ = exit_hex if action == lay.yes else self.grid.neighbours[exit_hex][action - lay.dir]
        pursuit.reenter(self, unit, hex_)
        self.flags[unit] |= MOVED
        self.push(("entry_face", top[1], unit))

    def _do_entry_face(self, top: Task, action: int) -> None:
        self.tasks.pop()
        self.face[top[2]] = action - self.layout.face

    def _do_advface(self, top: Task, action: int) -> None:
        # A method, not an alias of _do_entry_face: mypyc's classes take no class-level aliases.
        self._do_entry_face(top, action)

    def _do_volley(self, top: Task, action: int) -> None:
        if action == self.layout.no:
            self.tasks.pop()
            return
        self.flags[action] |= FIRED
        self.push(("vtarget", top[1], action))

    def _do_vtarget(self, top: Task, action: int) -> None:
        self.tasks.pop()
        self.push(("die", top[1], "missile", top[2], action))

    def _do_attack(self, top: Task, action: int) -> None:
        if action == self.layout.no:
            self.tasks.pop()
            return
        combat.mark_attacked(self, action)
        targets = combat.front_enemies(self, action)
        if len(targets) == 1:
            self._begin_combat(action, targets[0])
        else:
            self.push(("atarget", top[1], action))

    def _do_atarget(self, top: Task, action: int) -> None:
        self.tasks.pop()
        self._begin_combat(top[2], action)

    def _begin_combat(self, att: int, dfn: int) -> None:
        self.cb = [att, dfn, self.pos[dfn], 0, 0, 0, 0, 0, (), (), 0]
        self._add_log(f"{self.unit_name(att)} attacks {self.unit_name(dfn)}")
        if self.panic[dfn]:
            # A unit in Panic that is attacked is eliminated outright (§11.1.2).
            remove(self, dfn, ELIMINATED, "is caught in its flight and eliminated")
            self.push(("cafter",))
            return
        self.push(("withdraw", self.sides[dfn]), ("cbegin",))

    def _do_withdraw(self, top: Task, action: int) -> None:
        self.tasks.pop()
        if action == self.layout.no:
            return
        cb = self.cb
        assert cb is not None
        unit, side = cb[combat.C_DEF], top[1]
        direction = action - self.layout.dir
        here = self.pos[unit]
        target = self.grid.neighbours[here][direction]
        self.occ[here] = -1
        if self.leader_hex[side] == here:
            self.leader_hex[side] = target
        self.pos[unit] = target
        self.occ[target] = unit
        self.face[unit] = direction
        self.withdrawn = True
        cb[combat.C_GONE] = 1
        self._add_log(f"{self.unit_name(unit)} withdraws to {self.grid.label(target)}")

    def _do_lwithdraw(self, top: Task, action: int) -> None:
        self.tasks.pop()
        if action == self.layout.no:
            return
        cb = self.cb
        assert cb is not None
        side = top[1]
        target = self.grid.neighbours[self.pos[cb[combat.C_DEF]]][action - self.layout.dir]
        self.leader_hex[side] = target
        self._add_log(f"{self.scenario.leader_names[side]} steps back to {self.grid.label(target)}")

    def _do_ccp(self, top: Task, action: int) -> None:
        self.tasks.pop()
        if action == self.layout.yes:
            cb = self.cb
            assert cb is not None
            unit = top[2]
            command.spend(self, top[1], COMBAT, f"on {self.unit_name(unit)}")
            self.flags[unit] |= HAS_CP
            cb[combat.C_ACP if unit == cb[combat.C_ATT] else combat.C_DCP] = 1

    def _do_charge(self, top: Task, action: int) -> None:
        self.tasks.pop()
        if action == self.layout.yes:
            cb = self.cb
            assert cb is not None
            mercenaries.declare(self)
            cb[combat.C_CHARGE] = 1
            self._add_log(f"{self.unit_name(top[2])} charges (Furor)")

    def _do_support(self, top: Task, action: int) -> None:
        if action == self.layout.no:
            self.tasks.pop()
            return
        cb = self.cb
        assert cb is not None
        slot = combat.C_ASUP if top[2] == cb[combat.C_ATT] else combat.C_DSUP
        cb[slot] = (*cb[slot], action)
        self.flags[action] |= SUPPORTED
        self._add_log(f"{self.unit_name(action)} supports {self.unit_name(top[2])}")

    def _do_advance(self, top: Task, action: int) -> None:
        self.tasks.pop()
        if action == self.layout.yes:
            self._advance(top[2], top[3])

    def _do_pursue(self, top: Task, action: int) -> None:
        self.tasks.pop()
        _, side, unit, route, exit_hex = top
        if action == self.layout.yes:
            command.spend(self, side, CAVALRY, f"to hold {self.unit_name(unit)} back")
        else:
            pursuit.pursue(self, unit, route, exit_hex)

    def _do_recover(self, top: Task, action: int) -> None:
        if action == self.layout.no:
            self.tasks.pop()
            return
        command.spend(self, top[1], RECOVERY, f"on {self.unit_name(action)}")
        recovery.recover(self, action)

    # -- notation -----------------------------------------------------------------------------

    def _action_to_string(self, action: int) -> str:
        return describe(self, action)

    # -- the rest of the contract -------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.winner != ONGOING

    def returns(self) -> list[float]:
        if self.winner in (ONGOING, DRAW):
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == ROME else [-1.0, 1.0]

    def shortcuts(self) -> list[JSONDict]:
        """Every hex the counter moving now can end this move on, and the steps there."""
        return [
            {"target": list(self.grid.column_row(hex_)), "path": path}
            for hex_, path in sorted(reach.paths(self).items())
        ]

    def _observation(self, player: int | None) -> JSONDict:
        from carthago.games.de_bello_punico.observation import observe

        return observe(self, player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> Self:
        new = self._copy_for(player)
        command.resample_vacuus(new, 1 - player, rng)
        if player == ROME:
            new._resample_ambush(rng)
        new._forget_kept()
        new.cur_legal = None
        return new

    def _resample_ambush(self, rng: random.Random) -> None:
        """Redraw the column of a Numidian reserve still hidden from Rome, and the set-up
        entry that chose it. Every column is as consistent with Rome's view as the true one:
        until the unit enters, the column changes nothing Rome can see (``_reserve_entry``)."""
        column, entry = self.ambush
        if column < 0 or not any(self.where[u] == RESERVE for u in self.units_of[CARTHAGE]):
            return
        column = rng.randrange(self.grid.width)
        self.ambush = [column, entry]
        self._rewrite_history(entry, self.layout.enter + column)

    def _copy_into(self, new: Self) -> None:
        # The shared tables are taken from this state, not re-read from the (interpreted) game.
        new.scenario, new.grid, new.layout = self.scenario, self.grid, self.layout
        new.sides, new.utype, new.units_of = self.sides, self.utype, self.units_of
        new.n_units, new.reserve_in_ambush = self.n_units, self.reserve_in_ambush
        # The lists are shared until either state changes them (_own_fields).
        new.pos, new.where, new.face = self.pos, self.where, self.face
        new.dis, new.panic, new.flags = self.dis, self.panic, self.flags
        new.exit_hex, new.occ = self.exit_hex, self.occ
        new.leader_hex, new.moved_leaders = self.leader_hex, self.moved_leaders
        new.rout, new.fled = self.rout, self.fled
        new.turn, new.stage, new.first = self.turn, self.stage, self.first
        new.tasks = self.tasks
        new.mv, new.cb = self.mv, self.cb
        new.withdrawn, new.charges, new.picks = self.withdrawn, self.charges, self.picks
        new.hand, new.box_real, new.box_used = self.hand, self.box_real, self.box_used
        new.box_vac, new.vac_known = self.box_vac, self.vac_known
        new.placed = self.placed
        new.init_roll, new.winner = self.init_roll, self.winner
        new.ambush = self.ambush
        new.cur_legal = self.cur_legal

    def _own_fields(self) -> None:
        self.pos, self.where, self.face = self.pos.copy(), self.where.copy(), self.face.copy()
        self.dis, self.panic, self.flags = self.dis.copy(), self.panic.copy(), self.flags.copy()
        self.exit_hex, self.occ = self.exit_hex.copy(), self.occ.copy()
        self.leader_hex, self.moved_leaders = self.leader_hex.copy(), self.moved_leaders.copy()
        self.rout, self.fled = self.rout.copy(), self.fled.copy()
        self.tasks = self.tasks.copy()
        self.mv = None if self.mv is None else self.mv.copy()
        self.cb = None if self.cb is None else self.cb.copy()
        self.hand = [h.copy() for h in self.hand]
        self.box_real = [b.copy() for b in self.box_real]
        self.box_used = [b.copy() for b in self.box_used]
        self.box_vac, self.vac_known = self.box_vac.copy(), self.vac_known.copy()
        self.placed = [p.copy() for p in self.placed]
        self.init_roll = self.init_roll.copy()

    def _fields_to_dict(self) -> JSONDict:
        out: JSONDict = {}
        for name in _FIELDS:
            value = getattr(self, name)
            if name in _NESTED and value is not None:
                value = _jsonable(value)
            elif isinstance(value, list):
                value = list(value)
            out[name] = value
        return out

    def _fields_from_dict(self, fields: JSONDict) -> None:
        self._bind(self._game)  # type: ignore[arg-type]
        for name in _FIELDS:
            if name not in fields:
                raise InvalidStateError(f"de_bello_punico state lacks field {name!r}")
        for name in _FIELDS:
            setattr(self, name, fields[name])
        self.tasks = [_tuples(t) for t in fields["tasks"]]
        self.placed = [[tuple(e) for e in side] for side in fields["placed"]]
        if self.cb is not None:
            self.cb = [_tuples(v) for v in self.cb]
        if len(self.pos) != self.n_units or len(self.occ) != self.grid.size:
            raise InvalidStateError("unit or hex lists do not fit the scenario")
        self.cur_legal = None
        if self.winner == ONGOING and not self.tasks:
            raise InvalidStateError("an ongoing battle needs a pending decision")


def _jsonable(value: Any) -> Any:
    """Lists and tuples, nested, as lists (scalars are left as they are, unvisited)."""
    return [_jsonable(v) if type(v) in _SEQUENCES else v for v in value]


_SEQUENCES: Final = (list, tuple)


def _handlers(prefix: str) -> dict[str, Callable[..., Any]]:
    """The state's methods named ``prefix`` + a task kind, by kind: what a task of that kind
    runs. Looked up once here, not by building the name and calling ``getattr`` on every step.
    """
    return {
        name.removeprefix(prefix): getattr(DbpState, name)
        for name in dir(DbpState)
        if name.startswith(prefix)
    }


_AUTO: Final = _handlers("_auto_")
_ASK: Final = _handlers("_ask_")
_DO: Final = _handlers("_do_")
