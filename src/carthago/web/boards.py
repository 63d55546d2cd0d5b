"""Public component data for the browser: a game's data files, and Punica's map geometry.

The printed components are public, so every client may have them: a board module draws the
seat's observation (what stands where, what is in hand) against the game's data files (what a
card, a technology, a unit or a war is), so a corrected data file corrects the page.
``data/map.toml`` with ``regions`` and ``seas`` that carry ``x``/``y`` (Punica) is also served
as ready-made geometry.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from carthago.core.data import load_toml
from carthago.core.errors import ComponentDataError
from carthago.core.registry import game_class
from carthago.core.state import JSONDict
from carthago.web.errors import NotFound


def component_data(game_id: str) -> JSONDict:
    """Every ``data/*.toml`` of a game, parsed, keyed by file stem (``{"cards": {...}}``).

    Component data holds only what is printed on the components, never a game's hidden state.
    """
    cls = game_class(game_id)
    package = cls.__module__.rsplit(".", 1)[0]
    names = sorted(
        entry.name
        for entry in resources.files(package).joinpath("data").iterdir()
        if entry.name.endswith(".toml")
    )
    return {
        "game": game_id,
        "files": {n.removesuffix(".toml"): load_toml(package, n) for n in names},
    }


def board_geometry(game_id: str) -> JSONDict:
    """Areas with position and size, and the links between them, each with its editions.

    A sea's ``coasts_<edition>`` / ``neighbours_<edition>`` replace its ``coasts`` /
    ``neighbours`` on that edition's board.
    """
    cls = game_class(game_id)
    try:
        data = load_toml(cls.__module__.rsplit(".", 1)[0], "map.toml")
    except ComponentDataError:
        raise NotFound(f"{game_id} has no board drawing") from None
    editions = sorted({e for sea in data.get("seas", []) for e in sea.get("editions", [])})
    areas: list[JSONDict] = []
    links: dict[tuple[str, str, str], set[str]] = {}

    def link(a: str, b: str, kind: str, on: list[str]) -> None:
        key = (min(a, b), max(a, b), kind)
        links.setdefault(key, set()).update(on)

    for region in data.get("regions", []):
        areas.append(_area(region, "region", editions))
    for border in data.get("borders", []):
        first, second = border["between"]
        link(first, second, "land", editions)
    for sea in data.get("seas", []):
        areas.append(_area(sea, "sea", sea.get("editions", editions)))
        for edition in sea.get("editions", editions):
            for region in sea.get(f"coasts_{edition}", sea.get("coasts", [])):
                link(sea["id"], region, "coast", [edition])
            for other in sea.get(f"neighbours_{edition}", sea.get("neighbours", [])):
                link(sea["id"], other, "sea", [edition])
    return {
        "game": game_id,
        "width": max((a["x"] + a["radius"] for a in areas), default=0) + 20,
        "height": max((a["y"] + a["radius"] for a in areas), default=0) + 20,
        "areas": areas,
        "links": [
            {"a": a, "b": b, "kind": kind, "editions": sorted(on)}
            for (a, b, kind), on in sorted(links.items())
        ],
    }


def _area(entry: dict[str, Any], kind: str, editions: list[str]) -> JSONDict:
    return {
        "id": entry["id"],
        "name": entry.get("name", entry["id"]),
        "kind": kind,
        "x": entry["x"],
        "y": entry["y"],
        "radius": entry.get("radius", 30),
        "island": bool(entry.get("island", False)),
        "capital": entry.get("capital"),
        "editions": list(editions),
    }
