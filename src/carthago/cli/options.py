"""Parsing what the command line says about games and seats (``--option``, ``--seat``)."""

from __future__ import annotations

import typer

from carthago.core.game import Game


def parse_options(pairs: list[str]) -> dict[str, str]:
    """``["edition=pl"]`` as ``{"edition": "pl"}``; the game validates the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(
                f"{pair!r} is not of the form name=value", param_hint="--option"
            )
        options[key.strip()] = value.strip()
    return options


def seat_index(game: Game, name: str) -> int:
    """The seat a player name (any case) or a 0-based number names."""
    for index, player in enumerate(game.player_names):
        if player.casefold() == name.strip().casefold():
            return index
    if name.strip().isdigit() and int(name) < game.num_players:
        return int(name)
    seats = ", ".join(game.player_names)
    raise typer.BadParameter(
        f"{game.name} has no seat {name!r} (seats: {seats})", param_hint="--seat"
    )


def parse_seats(game: Game, pairs: list[str], default: str) -> list[str]:
    """The agent spec of every seat: ``["Rome=human"]`` sets Rome, the rest get ``default``."""
    specs = [default] * game.num_players
    for pair in pairs:
        name, sep, spec = pair.partition("=")
        if not sep or not spec.strip():
            raise typer.BadParameter(f"{pair!r} is not of the form Seat=agent", param_hint="--seat")
        specs[seat_index(game, name)] = spec.strip()
    return specs
