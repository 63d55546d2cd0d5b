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
    for sea in board.seas:
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


def army_destinations(
    board: Board,
    units: Units,
    hannibal: int,
    side: int,
    origin: int,
    usable: set[int],
    battle_area: int | None,
) -> list[int]:
    """Regions an army of ``side`` in ``origin`` may move to (``origin`` not in contact)."""
    targets = set(board.land_neighbours[origin])
    targets.update(sea_reach(board, usable, origin))
    enemy = 1 - side
    if battle_area is not None:
        targets = {t for t in targets if t == battle_area or not present(units, hannibal, enemy, t)}
    return sorted(targets)


def army_moves(
    board: Board, units: Units, hannibal: int, side: int, battle_area: int | None
) -> list[tuple[int, int, bool]]:
    """Every ``(origin, destination, is_hannibal)`` army movement open to ``side``."""
    usable = transport_seas(board, units, side, battle_area is not None)
    moves = []
    own = units[side]
    enemy = 1 - side
    for origin in range(NUM_REGIONS):
        regular = own[origin] > 0
        leader = side == CARTHAGE and hannibal == origin
        if not (regular or leader) or present(units, hannibal, enemy, origin):
            continue
        for destination in army_destinations(
            board, units, hannibal, side, origin, usable, battle_area
        ):
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
    for origin in board.seas:
        if own[origin] == 0 or enemy[origin] > 0:
            continue
        for destination in board.seas:
            if destination == origin:
                continue
            if battle_area is not None and destination != battle_area and enemy[destination]:
                continue
            moves.append((origin, destination))
    return moves
