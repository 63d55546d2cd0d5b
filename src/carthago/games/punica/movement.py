"""Where units may move (punica-en.txt "Movement"; "Special battle effect").

An army moves to an adjacent region, or from its region to another through a chain of
adjacent seas each holding a friendly Fleet; a printed Fleet symbol counts as its owner's Fleet
unless an enemy Fleet is on that sea. A fleet moves to any other sea. Units in an area that
also holds enemy units are in contact: their movement has ended (they wait for the battle).

During a battle-symbol effect (``battle_area`` given) armies may move into that battle but no
other area holding enemy units, and seas where a battle is pending (fleets engaged) carry
nothing; docs/punica.md explains these readings.

The board is plain lists: ``units[side][area]`` counts regular armies on regions and fleets on
seas; ``hannibal`` is Hannibal's region or -1. Sets of areas are bit sets (bit ``a``: area
``a``): the legal actions are listed at every step, and a bit set is one machine word.
"""

from __future__ import annotations

from typing import Final

from carthago.games.punica.components import BOARDS, CARTHAGE, NUM_REGIONS, Board

Units = list[list[int]]


MEMBERS: Final = tuple(
    tuple(bit for bit in range(NUM_REGIONS) if (bits >> bit) & 1)
    for bits in range(1 << NUM_REGIONS)
)
"""For every bit set of up to 11 bits (the regions; the seas shifted down by NUM_REGIONS), the
bits it holds, ascending: listing the moves visits only the destinations there are."""


def present(units: Units, hannibal: int, side: int, area: int) -> bool:
    """Whether ``side`` has any unit in ``area``."""
    return units[side][area] > 0 or (side == CARTHAGE and hannibal == area)


def presence(units: Units, hannibal: int) -> tuple[int, int]:
    """The areas where each side (Rome, then Carthage) has any unit, as bit sets."""
    rome, carthage = units[0], units[1]
    rome_areas = carthage_areas = 0
    for area in range(len(rome)):
        if rome[area] > 0:
            rome_areas |= 1 << area
        if carthage[area] > 0:
            carthage_areas |= 1 << area
    if hannibal >= 0:
        carthage_areas |= 1 << hannibal
    return rome_areas, carthage_areas


def contested(units: Units, hannibal: int, area: int) -> bool:
    """Whether both sides have units in ``area`` (a battle must be fought there)."""
    return present(units, hannibal, 0, area) and present(units, hannibal, 1, area)


def transport_seas(board: Board, units: Units, side: int, engaged_blocked: bool) -> int:
    """The seas that can carry ``side``'s armies, as a bit set: an own fleet, or the own
    printed symbol with no enemy fleet; with ``engaged_blocked`` seas holding both sides'
    fleets are left out."""
    own, enemy = units[side], units[1 - side]
    usable = 0
    for sea in range(NUM_REGIONS, board.num_areas):
        if own[sea] > 0 and not (engaged_blocked and enemy[sea] > 0):
            usable |= 1 << sea
    symbol = board.symbol_sea[side]
    if own[symbol] == 0 and enemy[symbol] == 0:
        usable |= 1 << symbol
    return usable


def sea_reach(board: Board, usable: int, origin: int) -> dict[int, int]:
    """Regions an army in ``origin`` reaches through chains of ``usable`` seas (a bit set),
    each with the fewest seas crossed (breadth-first, so the first time a region is seen is
    the closest)."""
    reached: dict[int, int] = {}
    frontier = [s for s in board.coast_seas[origin] if (usable >> s) & 1]
    seen = 0
    for sea in frontier:
        seen |= 1 << sea
    depth = 1
    while frontier:
        following = []
        for sea in frontier:
            for region in board.coast_regions[sea]:
                if region != origin and region not in reached:
                    reached[region] = depth
            for other in board.coast_seas[sea]:
                if (usable >> other) & 1 and not (seen >> other) & 1:
                    seen |= 1 << other
                    following.append(other)
        frontier = following
        depth += 1
    return reached


def sea_reach_masks(board: Board, usable: int) -> list[int]:
    """Per area, for a ``usable`` sea the regions its chain of connected ``usable`` seas
    touches (0 for every other area): an army on a coast of that sea may land on any of them
    (``sea_reach``'s regions, found once for every origin instead of by a search per origin)."""
    masks = [0] * board.num_areas
    done = 0
    for start in range(NUM_REGIONS, board.num_areas):
        if not (usable >> start) & 1 or (done >> start) & 1:
            continue
        chain = [start]
        seen = 1 << start
        regions = 0
        while chain:
            sea = chain.pop()
            regions |= board.shore_mask[sea]
            for other in board.coast_seas[sea]:
                if (usable >> other) & 1 and not (seen >> other) & 1:
                    seen |= 1 << other
                    chain.append(other)
        done |= seen
        for sea in range(NUM_REGIONS, board.num_areas):
            if (seen >> sea) & 1:
                masks[sea] = regions
    return masks


def _landings(board: Board) -> tuple[tuple[int, ...], ...]:
    """For every bit set of usable seas (shifted down to bit 0 for the first sea), per region
    the other regions an army there reaches over land or through a chain of those seas."""
    table = []
    for seas in range(1 << (board.num_areas - NUM_REGIONS)):
        reach = sea_reach_masks(board, seas << NUM_REGIONS)
        row = []
        for origin in range(NUM_REGIONS):
            reached = board.land_mask[origin]
            for sea in board.coast_seas[origin]:
                reached |= reach[sea]
            row.append(reached & ~(1 << origin))
        table.append(tuple(row))
    return tuple(table)


LANDINGS: Final = {edition: _landings(board) for edition, board in BOARDS.items()}
"""Per edition, ``_landings`` of its board: the searches through seas done once, at import
(256 and 512 sets of seas), instead of at every listing of the legal actions."""


def army_targets(
    board: Board, units: Units, hannibal: int, side: int, battle_area: int | None
) -> list[int]:
    """Per region, the regions ``side``'s armies there (Hannibal included) may move to, as a
    bit set; 0 where it has none, or where they are in contact with enemy units."""
    usable = transport_seas(board, units, side, battle_area is not None)
    landings = LANDINGS[board.edition][usable >> NUM_REGIONS]
    sides = presence(units, hannibal)
    mine, occupied = sides[side], sides[1 - side]
    # During a battle effect, no area holding enemy units but the battle's own.
    closed = occupied & ~(1 << battle_area) if battle_area is not None else 0
    targets = [0] * NUM_REGIONS
    for origin in range(NUM_REGIONS):
        if (mine >> origin) & 1 and not (occupied >> origin) & 1:
            targets[origin] = landings[origin] & ~closed
    return targets


def fleet_targets(board: Board, units: Units, side: int, battle_area: int | None) -> list[int]:
    """Per area, the seas ``side``'s fleets there may move to (any other sea), as a bit set;
    0 where it has none, or where they are in contact with enemy fleets."""
    own, enemy = units[side], units[1 - side]
    open_seas = 0
    for sea in range(NUM_REGIONS, board.num_areas):
        if battle_area is None or sea == battle_area or not enemy[sea]:
            open_seas |= 1 << sea
    targets = [0] * board.num_areas
    for origin in range(NUM_REGIONS, board.num_areas):
        if own[origin] > 0 and enemy[origin] == 0:
            targets[origin] = open_seas & ~(1 << origin)
    return targets
