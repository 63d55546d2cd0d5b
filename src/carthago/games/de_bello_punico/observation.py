"""What a viewer may know of a battle (DESIGN.md): the whole map, the dice, the Rout Points,
and the Command boxes as counts of face-down counters; only the owner (or, once turned up,
everyone) learns which counter is the Vacuus."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from carthago.core.state import JSONDict
from carthago.games.de_bello_punico import command
from carthago.games.de_bello_punico.actions import box_name
from carthago.games.de_bello_punico.morale import ON_MAP, RESERVE
from carthago.games.de_bello_punico.movement import FINIS, M_MP, M_UNIT, NO_FIGHT
from carthago.games.de_bello_punico.scenarios import CARTHAGE, SIDES

if TYPE_CHECKING:
    from carthago.games.de_bello_punico.state import DbpState

STATUS: Final = ("map", "eliminated", "pursuing", "reserve", "exited")


def _plain(values: object) -> list[object]:
    """Tuples inside a task or combat record as JSON lists."""
    assert isinstance(values, list | tuple)
    return [list(v) if isinstance(v, tuple) else v for v in values]


def boxes(s: DbpState, side: int, viewer: int | None) -> JSONDict:
    own = viewer == side or s.vac_known[side]
    counters = [s.box_real[side][b] + (1 if s.box_vac[side] == b else 0) for b in range(7)]
    out: JSONDict = {
        "names": [box_name(b, side) for b in range(7)],
        "counters": counters,
        "spent": list(s.box_used[side]),
        "in_hand": command.counters_in_hand(s, side),
        "vacuus": (s.box_vac[side] if s.box_vac[side] >= 0 else None) if own else "hidden",
    }
    if viewer == side:
        out["vacuus_in_hand"] = bool(s.hand[side][1])
    return out


def _ambush(s: DbpState, viewer: int | None) -> int | None:
    """Trebbia: the column of the Numidian reserve's ambush, for Carthage only until it enters
    (§17.1.3c); everyone learns it then."""
    column = s.ambush[0]
    if column < 0:
        return None
    hidden = any(s.where[u] == RESERVE for u in s.units_of[CARTHAGE])
    return column if viewer == CARTHAGE or not hidden else None


def observe(s: DbpState, viewer: int | None) -> JSONDict:
    g = s.grid
    width = g.width
    names, sides, utype = s._game.unit_names, s.sides, s.utype  # type: ignore[attr-defined]
    pos, where, face, dis, panic, flags = s.pos, s.where, s.face, s.dis, s.panic, s.flags
    units = [
        {
            "id": u,
            "name": names[u],
            "side": sides[u],
            "type": utype[u].code,
            "hex": [pos[u] % width, pos[u] // width] if pos[u] >= 0 else None,
            "status": STATUS[where[u]],
            "facing": face[u],
            "disorder": dis[u],
            "panic": panic[u],
            "finis": bool(flags[u] & FINIS),
            "no_fight": bool(flags[u] & NO_FIGHT),
        }
        for u in range(s.n_units)
    ]
    top = s.tasks[-1] if s.tasks else None
    stage = s.stage
    if stage >= 3:
        kind, side = s.impulse()
        phase = (
            f"impulse {stage - 2}: {SIDES[side]} "
            + ("movement", "missile volley", "combat", "recovery")[kind]
        )
    else:
        phase = ("set-up", "strategic", "initiative")[stage] if stage < 3 else "interphase"
    return {
        "scenario": s.scenario.id,
        "title": s.scenario.title,
        "width": g.width,
        "height": g.height,
        "terrain": s._game.terrain_symbols,  # type: ignore[attr-defined]
        "turn": s.turn,
        "turns": s.scenario.turns,
        "phase": phase,
        "first_player": s.first,
        "rout": list(s.rout),
        "rout_limits": list(s.scenario.rout),
        "units": units,
        "leaders": [
            {
                "name": s.scenario.leader_names[side],
                "hex": list(g.column_row(s.leader_hex[side])) if s.leader_hex[side] >= 0 else None,
            }
            for side in (0, 1)
        ],
        "boxes": [boxes(s, side, viewer) for side in (0, 1)],
        "pending": None if top is None else _plain(top),
        "moving": None if s.mv is None else {"unit": s.mv[M_UNIT], "mp": s.mv[M_MP]},
        "combat": None if s.cb is None else _plain(s.cb),
        "ambush": _ambush(s, viewer),
        "on_map": [[where[u] for u in s.units_of[side]].count(ON_MAP) for side in (0, 1)],
    }
