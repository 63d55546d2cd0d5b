"""A terminal map of a battle, drawn only from an observation.

Flat-topped hexes take two text lines per row: even columns on the first, odd columns (half a
hex lower) on the second. A unit shows as four characters: its type (upper case Roman, lower
case Carthaginian), an arrow for its facing, and a mark: ``!`` in Panic, a digit for its
Disorder points, ``*`` its leader is with it. A lone leader shows as ``*`` and its initials.
Terrain: ``.`` open, ``^`` hill, ``%`` rocky, ``"`` bushes, ``~`` river (impassable).
"""

from __future__ import annotations

from carthago.core.state import JSONDict

ARROWS = "↑↗↘↓↙↖"
SIDE_NAMES = ("Rome", "Carthage")


def _cell(unit: JSONDict | None, leader: str, terrain: str) -> str:
    if unit is None:
        if leader:
            return f"*{leader} "
        return f" {terrain}  "
    code = unit["type"].upper() if unit["side"] == 0 else unit["type"].lower()
    if unit["panic"]:
        mark = "!"
    elif unit["disorder"]:
        mark = str(min(unit["disorder"], 9))
    elif leader:
        mark = "*"
    elif unit["finis"]:
        mark = "f"
    else:
        mark = " "
    return f"{code}{ARROWS[unit['facing']]}{mark}"


def render(observation: JSONDict) -> str:
    width, height = observation["width"], observation["height"]
    terrain = observation["terrain"]
    at: dict[tuple[int, int], JSONDict] = {}
    for unit in observation["units"]:
        if unit["hex"] is not None:
            at[(unit["hex"][0], unit["hex"][1])] = unit
    leaders: dict[tuple[int, int], str] = {}
    for leader in observation["leaders"]:
        if leader["hex"] is not None:
            leaders[(leader["hex"][0], leader["hex"][1])] = leader["name"][:2]
    lines = [
        f"{observation['title']}  turn {observation['turn']}/{observation['turns']}  "
        f"{observation['phase']}",
        "    " + "".join(f"{c:<4}" for c in range(width)),
    ]
    for row in range(height):
        for parity in (0, 1):
            text = f"{row:>3} " if parity == 0 else "    "
            for column in range(width):
                if column % 2 != parity:
                    text += "    "
                    continue
                key = (column, row)
                text += _cell(at.get(key), leaders.get(key, ""), terrain[row * width + column])
            lines.append(text.rstrip())
    for side in (0, 1):
        boxes = observation["boxes"][side]
        shown = []
        for name, count, spent in zip(boxes["names"], boxes["counters"], boxes["spent"],
                                      strict=True):  # fmt: skip
            if count:
                shown.append(f"{name} {count - spent}/{count}")
        vacuus = boxes["vacuus"]
        where = (
            "hidden" if vacuus == "hidden"
            else "none" if vacuus is None
            else boxes["names"][vacuus]
        )  # fmt: skip
        lines.append(
            f"{SIDE_NAMES[side]}: Rout {observation['rout'][side]}/"
            f"{observation['rout_limits'][side]}  on map {observation['on_map'][side]}  "
            f"in hand {boxes['in_hand']}  Vacuus: {where}"
        )
        lines.append(f"  boxes (unspent/placed): {', '.join(shown) or 'none'}")
    off = [
        f"{u['name']} ({u['status']})"
        for u in observation["units"]
        if u["status"] in ("pursuing", "reserve")
    ]
    if off:
        lines.append("Off the map: " + ", ".join(off))
    if observation["ambush"] is not None:
        lines.append(f"Numidian ambush at column {observation['ambush']} of the Roman edge")
    if observation["moving"] is not None:
        name = (
            observation["units"][observation["moving"]["unit"]]["name"]
            if (observation["moving"]["unit"] < len(observation["units"]))
            else "leader"
        )
        lines.append(f"Moving {name}, {observation['moving']['mp']} MP left")
    for entry in observation["log"][-4:]:
        lines.append(f"> {entry}")
    return "\n".join(lines)
