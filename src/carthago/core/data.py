"""Loading component data (``games/<id>/data/*.toml``) with errors that name the bad entry.

Every table entry that stands for a printed component says where it comes from: ``source`` is
``"rulebook"`` (a fact the rulebook gives) or ``"reconstructed"`` (our reconstruction, argued in
``docs/<id>.md``), so that a player with the printed game knows what to correct.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, Final, TypeVar

from carthago.core.errors import ComponentDataError

SOURCES: Final = ("rulebook", "aide", "reconstructed")
"""Where a component fact comes from: the rulebook, a player aide the designer published, or our
reconstruction of a component no public source prints."""
T = TypeVar("T")


def load_toml(package: str, filename: str) -> dict[str, Any]:
    """The parsed ``data/<filename>`` of a game package, e.g. ``("carthago.games.punica",
    "map.toml")``; ComponentDataError if it is missing or not valid TOML."""
    try:
        text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as error:
        raise ComponentDataError(f"{package}: data file {filename!r} not found") from error
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ComponentDataError(f"{package}: data/{filename} is not valid TOML: {error}") from None


def field(entry: dict[str, Any], key: str, kind: type[T], where: str) -> T:
    """``entry[key]``, which must exist and be of ``kind``; ``where`` names the entry.

    >>> field({"strength": 2}, "strength", int, "card 'Legio'")
    2
    >>> field({"strength": "2"}, "strength", int, "card 'Legio'")
    Traceback (most recent call last):
    ...
    carthago.core.errors.ComponentDataError: card 'Legio': field 'strength' must be a int, not '2'
    """
    if key not in entry:
        raise ComponentDataError(f"{where}: field {key!r} is missing")
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ComponentDataError(f"{where}: field {key!r} must be a {kind.__name__}, not {value!r}")
    return value


def source(entry: dict[str, Any], where: str) -> str:
    """The entry's ``source``, one of ``SOURCES``."""
    value = field(entry, "source", str, where)
    if value not in SOURCES:
        raise ComponentDataError(f"{where}: source must be one of {SOURCES}, not {value!r}")
    return value


def reference(value: str, known: set[str] | dict[str, Any], what: str, where: str) -> str:
    """``value`` if it names one of ``known``; otherwise a dangling-link error."""
    if value not in known:
        raise ComponentDataError(f"{where}: {what} {value!r} does not exist")
    return value
