"""Where units may move (punica-en.txt "Movement"; "Special battle effect").

An army moves to an adjacent region, or from its region to another through a chain of
adjacent seas each holding a friendly Fleet; a printed Fleet symbol counts as its owner's Fleet
unless an enemy Fleet is on that sea. A fleet moves to any other sea. Units in an area that
also holds enemy units are in contact: their movement has ended (they wait for the battle).

During a battle-symbol effect (``battle_area`` given) armies may move into that battle but no
other area holding enemy units, and seas where a battle is pending (fleets engaged) carry
nothing; docs/punica.md explains these readings.

The board is plain lists: ``units[side][area]`` counts regular armies on regions and fleets on
seas; ``hannibal`` is Hannibal's region or -1.
"""

from __future__ import annotations

from carthago.games.punica.components import CARTHAGE, NUM_REGIONS, Board

Units = list[list[int]]


def present(units: Units, hannibal: int, side: int, area: int) -> bool:
    """Whether ``side`` has any unit in ``area``."""
    return units[side][area] > 0 or (side == CARTHAGE and hannibal == area)


def contested(units: Units, hannibal: int, area: int) -> bool:
    """Whether both sides have units in ``area`` (a battle must be fought there)."""
    return present(units, hannibal, 0, area) and present(units, hannibal, 1, area)


def transport_seas(board: Board, units: Units, side: int, engaged_blocked: bool) -> set[int]:
    """The seas that can carry ``side``'s armies: an own fleet, or the own printed symbol with
    no enemy fleet; with ``engaged_blocked`` seas holding both sides' fleets are left out."""
    own, enemy = units[side], units[1 - side]
    usable = set()
    for sea in range(NUM_REGIONS, board.num_areas):
        if own[sea] > 0:
            if engaged_blocked and enemy[sea] > 0:
                continue
            usable.add(sea)
        elif board.areas[sea].fleet_symbol == side and enemy[sea] == 0:
            usable.add(sea)
    return usable


def sea_reach(board: Board, usable: set[int], origin: int) -> dict[int, int]:
    """Regions an army in ``origin`` reaches through chains of ``usable`` seas, each with the
    fewest seas crossed (breadth-first, so the first time a region is seen is the closest)."""
    reached: dict[int, int] = {}
    frontier = [s for s in board.coast_seas[origin] if s in usable]
    seen = set(frontier)
    depth = 1
    while frontier:
        following = []
        for sea in frontier:
            for region in board.coast_regions[sea]:
                if region != origin and region not in reached:
                    reached[region] = depth
            for other in board.coast_seas[sea]:
                if other in usable and other not in seen:
                    seen.add(other)
                    following.append(other)
        frontier = following
        depth += 1
    return reached


def sea_reach_masks(board: Board, usable: set[int]) -> dict[int, int]:
    """For each ``usable`` sea, the regions its chain of connected ``usable`` seas touches, as
    a bit set: an army on a coast of that sea may land on any of them (``sea_reach``'s regions,
    found once for every origin instead of by a search per origin)."""
    masks: dict[int, int] = {}
    for start in usable:
        if start in masks:
            continue
        chain = [start]
        seen = {start}
        regions = 0
        while chain:
            sea = chain.pop()
            regions |= board.shore_mask[sea]
            for other in board.coast_seas[sea]:
                if other in usable and other not in seen:
                    seen.add(other)
                    chain.append(other)
        for sea in seen:
            masks[sea] = regions
    return masks


def army_moves(
    board: Board, units: Units, hannibal: int, side: int, battle_area: int | None
) -> list[tuple[int, int, bool]]:
    """Every ``(origin, destination, is_hannibal)`` army movement open to ``side``, ordered by
    origin, then destination. Regions are bit sets here (bit ``r``: region ``r``)."""
    reach = sea_reach_masks(board, transport_seas(board, units, side, battle_area is not None))
    own = units[side]
    enemy = 1 - side
    occupied = 0
    for region in range(NUM_REGIONS):
        if present(units, hannibal, enemy, region):
            occupied |= 1 << region
    # During a battle effect, no area holding enemy units but the battle's own.
    closed = occupied & ~(1 << battle_area) if battle_area is not None else 0
    moves = []
    for origin in range(NUM_REGIONS):
        regular = own[origin] > 0
        leader = side == CARTHAGE and hannibal == origin
        if not (regular or leader) or (occupied >> origin) & 1:
            continue
        targets = board.land_mask[origin]
        for sea in board.coast_seas[origin]:
            targets |= reach.get(sea, 0)
        targets &= ~(1 << origin) & ~closed
        for destination in range(NUM_REGIONS):
            if (targets >> destination) & 1:
                if regular:
                    moves.append((origin, destination, False))
                if leader:
                    moves.append((origin, destination, True))
    return moves


def fleet_moves(
    board: Board, units: Units, side: int, battle_area: int | None
) -> list[tuple[int, int]]:
    """Every ``(origin, destination)`` fleet movement open to ``side`` (any other sea)."""
    own, enemy = units[side], units[1 - side]
    moves = []
    for origin in range(NUM_REGIONS, board.num_areas):
        if own[origin] == 0 or enemy[origin] > 0:
            continue
        for destination in range(NUM_REGIONS, board.num_areas):
            if destination == origin:
                continue
            if battle_area is not None and destination != battle_area and enemy[destination]:
                continue
            moves.append((origin, destination))
    return moves
