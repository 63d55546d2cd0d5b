"""Where retreating units may go (punica-en.txt "Retreat"; punica-pl.txt "Wycofanie").

Three restrictions hold for every retreat: not to an area the opponent attacked this battle
from, not to the opponent's Capital, not to an area where a battle is pending (the one being
fought included). Armies also never retreat into an area holding enemy units (a retreat moves
away from the enemy; docs/punica.md). The functions return the areas of the best tier the
rules allow, among which the retreating player chooses; an empty list means the retreating
units are removed from the game.
"""

from __future__ import annotations

from carthago.games.punica.components import Board
from carthago.games.punica.movement import Units, present, sea_reach, transport_seas


def _allowed(board: Board, side: int, area: int, opponent_origins: int, battles: set[int]) -> bool:
    return (
        not (opponent_origins >> area) & 1
        and area != board.capital[1 - side]
        and area not in battles
    )


def attacker_army_options(
    board: Board,
    units: Units,
    hannibal: int,
    side: int,
    own_origins: int,
    opponent_origins: int,
    battles: set[int],
) -> list[int]:
    """An attacker's armies all go back to one of the regions they attacked from."""
    enemy = 1 - side
    return [
        area
        for area in range(board.num_areas)
        if (own_origins >> area) & 1
        and not board.is_sea(area)
        and _allowed(board, side, area, opponent_origins, battles)
        and not present(units, hannibal, enemy, area)
    ]


def defender_army_options(
    board: Board,
    units: Units,
    hannibal: int,
    side: int,
    battle_area: int,
    opponent_origins: int,
    battles: set[int],
) -> list[int]:
    """A defender's armies go, in this order of priority, to: an adjacent region holding own
    armies or carrying an own area-of-influence symbol; an adjacent region no one controls;
    the closest region holding own armies, or the own Capital, reached by sea through own
    fleets; the closest region no one controls reached by sea through own fleets."""
    enemy = 1 - side

    def open_to(area: int) -> bool:
        return _allowed(board, side, area, opponent_origins, battles) and not present(
            units, hannibal, enemy, area
        )

    neighbours = [r for r in board.land_neighbours[battle_area] if open_to(r)]
    first = [
        r
        for r in neighbours
        if present(units, hannibal, side, r) or side in board.areas[r].influence
    ]
    if first:
        return first
    second = [r for r in neighbours if not present(units, hannibal, side, r)]
    if second:
        return second
    usable = transport_seas(board, units, side, True)
    reach = {r: d for r, d in sea_reach(board, usable, battle_area).items() if open_to(r)}
    third = {
        r: d
        for r, d in reach.items()
        if present(units, hannibal, side, r) or r == board.capital[side]
    }
    if third:
        closest = min(third.values())
        return sorted(r for r, d in third.items() if d == closest)
    fourth = {r: d for r, d in reach.items() if not present(units, hannibal, side, r)}
    if fourth:
        closest = min(fourth.values())
        return sorted(r for r, d in fourth.items() if d == closest)
    return []


def fleet_options(
    board: Board,
    units: Units,
    side: int,
    battle_area: int,
    opponent_origins: int,
    battles: set[int],
) -> list[int]:
    """Where retreating fleets go, per edition.

    ``en``: to the sea next to the own Capital (a battle follows if enemy fleets are there).
    ``pl``: to an adjacent sea holding own fleets, else an adjacent sea without enemy fleets,
    never the sea next to the enemy Capital.
    """
    if board.edition == "en":
        home = board.symbol_sea[side]
        return [home] if _allowed(board, side, home, opponent_origins, battles) else []
    forbidden = board.symbol_sea[1 - side]
    candidates = [
        s
        for s in board.coast_seas[battle_area]
        if s != forbidden and _allowed(board, side, s, opponent_origins, battles)
    ]
    own = [s for s in candidates if units[side][s] > 0 and units[1 - side][s] == 0]
    if own:
        return own
    return [s for s in candidates if units[1 - side][s] == 0]
