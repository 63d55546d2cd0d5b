"""The ``carthago`` command line: games, play, replay, bench (and what later issues add)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from carthago.agents import DEFAULT_LEVEL, LEVELS, is_human, level_spec, make_agent
from carthago.agents.base import Agent
from carthago.arena.throughput import measure_throughput
from carthago.cli.arena import arena
from carthago.cli.options import parse_options, parse_seats, seat_index
from carthago.cli.serve import serve
from carthago.cli.session import PlaySession, result_line
from carthago.core.errors import CarthagoError
from carthago.core.game import Game
from carthago.core.records import GameRecord
from carthago.core.registry import game_class, games, load

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Play, replay and measure the tabletop games of the Punic Wars.",
)
console = Console(highlight=False)


def fail(message: str) -> typer.Exit:
    """Print a clear error and give the exit to raise (status 2, as for bad usage)."""
    Console(stderr=True, highlight=False).print(Text(f"error: {message}"))
    return typer.Exit(2)


def load_game(game_id: str, option: list[str]) -> Game:
    try:
        return load(game_id, **parse_options(option))
    except CarthagoError as error:
        raise fail(str(error)) from None


OptionArg = Annotated[
    list[str], typer.Option("--option", "-o", help="A game option as name=value, repeatable.")
]


@app.command("games")
def list_games() -> None:
    """List the games, their players and options."""
    # The table keeps to what fits 80 columns whole (an id is typed, so it is never cut); the
    # options, which run long, follow as wrapped lines under each game's id.
    table = Table(title="carthago games")
    table.add_column("id", no_wrap=True)
    table.add_column("title")
    table.add_column("players")
    table.add_column("status", no_wrap=True)
    options: list[Text] = []
    for game_id in games():
        cls = game_class(game_id)
        game = cls()
        status = "complete" if cls.complete else "incomplete"
        table.add_row(game_id, cls.title, ", ".join(game.player_names), status)
        for option in cls.OPTIONS:
            if option.choices:
                values = "|".join(map(str, option.choices))
            elif option.minimum is not None and option.maximum is not None:
                values = f"{option.minimum}..{option.maximum}"
            else:
                values = type(option.default).__name__
            options.append(
                Text(f"  {game_id} -o {option.name}={values} (default {option.default})")
            )
    console.print(table)
    if options:
        console.print("Options (carthago play GAME -o name=value):")
        for line in options:
            console.print(line)


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, see `carthago games`.")],
    seat: Annotated[
        list[str],
        typer.Option(help="Who plays a seat, e.g. Rome=human or Carthage=mcts; repeatable."),
    ] = [],  # noqa: B006  (Typer reads the default; it is never mutated)
    seed: Annotated[int | None, typer.Option(help="Seed for dice, shuffles and agents.")] = None,
    option: OptionArg = [],  # noqa: B006
    record: Annotated[Path | None, typer.Option(help="Save the game record to this file.")] = None,
    level: Annotated[
        str,
        typer.Option(
            help="Strength of computer seats not named by --seat: "
            + "; ".join(f"{lv.name}: {lv.summary}" for lv in LEVELS.values())
        ),
    ] = DEFAULT_LEVEL,
    quiet: Annotated[
        bool, typer.Option(help="Without a person at the table: print only the result.")
    ] = False,
    hints: Annotated[
        bool, typer.Option(help="Allow `hint`: the computer's best moves for your seat.")
    ] = True,
) -> None:
    """Play a game in the terminal. With no --seat, you play the first seat against the computer.

    With no human seat the game plays itself, prints the moves and the result, and exits 0.
    """
    game = load_game(game_id, option)
    if not seat and sys.stdin.isatty():
        seat = [f"{game.player_names[0]}=human"]
    try:
        specs = parse_seats(game, seat, level_spec(level, game.name))
        agents: list[Agent | None] = [
            None if is_human(spec) else make_agent(spec, None if seed is None else seed + index)
            for index, spec in enumerate(specs)
        ]
    except CarthagoError as error:
        raise fail(str(error)) from None
    session = PlaySession(
        game, agents, specs, console, seed, record, verbose=not quiet, hints=hints
    )
    session.run()


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (JSON).")],
    viewer: Annotated[
        str | None,
        typer.Option("--as", help="See the game as this seat; the public view by default."),
    ] = None,
    step: Annotated[
        bool, typer.Option(help="Step with Enter (b: back, q: quit); default when interactive.")
    ] = sys.stdin.isatty(),
) -> None:
    """Step through a recorded game, checking every move as it is replayed."""
    try:
        recorded = GameRecord.load(path)
        states = [state.clone() for state in recorded.steps()]
    except CarthagoError as error:
        raise fail(str(error)) from None
    game = states[0].game
    who = None if viewer is None else seat_index(game, viewer)
    options = ", ".join(f"{k}={v}" for k, v in game.options.items()) or "default options"
    players = ", ".join(
        f"{name} ({agent})" for name, agent in zip(recorded.players, recorded.agents, strict=True)
    )
    console.print(Text(f"{game.title} ({options}): {players}"))
    if not step:
        for number, notation in enumerate(recorded.notation, start=1):
            console.print(Text(f"{number:4d}. {notation}"))
        console.print(Text(states[-1].render(who)))
    else:
        index = 0
        while True:
            console.rule(f"move {index} of {len(recorded.actions)}")
            if index:
                console.print(Text(f"last move: {recorded.notation[index - 1]}"))
            console.print(Text(states[index].render(who)))
            try:
                answer = console.input("[Enter] next, b back, q quit> ").strip().casefold()
            except (EOFError, KeyboardInterrupt):
                break
            if answer == "q":
                break
            if answer == "b":
                index = max(0, index - 1)
            elif index < len(recorded.actions):
                index += 1
            elif answer == "":
                break
    final = states[-1]
    if final.is_terminal():
        console.print(Text(result_line(game, final.returns())))
    else:
        console.print("The record ends before the game does.")


@app.command()
def bench(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    option: OptionArg = [],  # noqa: B006
    seconds: Annotated[float, typer.Option(min=0.1, help="Seconds of random playouts.")] = 3.0,
    seed: Annotated[int, typer.Option()] = 0,
) -> None:
    """Measure random-playout actions, games and clones per second on this machine."""
    game = load_game(game_id, option)
    result = measure_throughput(game, seconds=seconds, seed=seed)
    table = Table(title=f"{game_id} engine throughput (random playouts, one core)")
    table.add_column("measure")
    table.add_column("per second", justify="right")
    table.add_column("count", justify="right")
    table.add_row("actions", f"{result.actions_per_second:,.0f}", f"{result.actions:,}")
    table.add_row("games", f"{result.games_per_second:,.1f}", f"{result.games:,}")
    table.add_row("clones", f"{result.clones_per_second:,.0f}", f"{result.clones:,}")
    console.print(table)


app.command()(arena)
app.command()(serve)


def main() -> None:
    app()
