"""Terrain: what entering a hex costs in each scenario (§6, §17.x.1).

A scenario's map names a terrain kind per hex (open where not listed) and the cost of each kind;
``None`` is impassable (the Calore and the Po, §17.2.1, §17.3.1).
"""

from __future__ import annotations

from typing import Final

from carthago.core.errors import ComponentDataError

IMPASSABLE: Final = 99
"""Stored cost of a hex nothing may enter: more than any unit's movement allowance."""
SYMBOLS: Final = {"open": ".", "hill": "^", "rocky": "%", "bushes": '"', "river": "~"}
"""How the terminal map draws each terrain kind."""


def cost_table(costs: dict[str, object], where: str) -> dict[str, int]:
    """Kind -> MP cost, with the string ``"impassable"`` allowed for rivers."""
    table: dict[str, int] = {}
    for kind, value in costs.items():
        if kind not in SYMBOLS:
            raise ComponentDataError(f"{where}: unknown terrain kind {kind!r}")
        if value == "impassable":
            table[kind] = IMPASSABLE
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            table[kind] = value
        else:
            raise ComponentDataError(f"{where}: cost of {kind!r} must be >= 1 or 'impassable'")
    if "open" not in table:
        raise ComponentDataError(f"{where}: the cost of open terrain is missing")
    return table
