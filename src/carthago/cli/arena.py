"""``carthago arena``: a tournament between agent specs, with a progress bar and a results table.

The lead's ``cli/app.py`` registers :func:`arena` as a command: ``app.command()(arena)``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from carthago.arena.tournament import (
    BACKENDS,
    MODES,
    SEATINGS,
    GameOutcome,
    TournamentResult,
    run_tournament,
    tables_for,
)
from carthago.cli.options import parse_options
from carthago.core.errors import CarthagoError
from carthago.core.registry import load


def split_specs(values: Sequence[str]) -> list[str]:
    """Agent specs from comma-separated lists, where a ``key=value`` part joins the spec before.

    >>> split_specs(["random,mcts:iterations=800,rollout=heuristic,heuristic"])
    ['random', 'mcts:iterations=800,rollout=heuristic', 'heuristic']
    """
    specs: list[str] = []
    for value in values:
        for part in filter(None, (p.strip() for p in value.split(","))):
            if "=" in part and ":" not in part and specs:
                specs[-1] += "," + part
            else:
                specs.append(part)
    return specs


def results_table(result: TournamentResult) -> Table:
    """Each pairing's score; for more than two players, the pairwise decomposition."""
    if result.players == 2:
        title = f"{result.game}: {result.games_per_pairing} games per pairing"
    else:
        title = "pairwise: every two seats of different agents in a game, the higher return wins"
    table = Table(title=title)
    for name in ("agent", "opponent", "W", "D", "L", "score", "95% CI", "wins 95% CI"):
        table.add_column(name, justify="left" if name in ("agent", "opponent") else "right")
    for score in result.scores:
        low, high = score.score_interval().low, score.score_interval().high
        win = score.win_interval()
        table.add_row(
            score.first,
            score.second,
            str(score.wins),
            str(score.draws),
            str(score.losses),
            f"{score.score:.1%}",
            f"{100 * low:.0f}-{100 * high:.0f}%",
            f"{100 * win.low:.0f}-{100 * win.high:.0f}%",
        )
    return table


def lineup(table: Sequence[str]) -> str:
    """A table's specs, each once with how many seats it fills.

    >>> lineup(("mcts", "random", "random"))
    'mcts, 2 random'
    """
    counts = {spec: table.count(spec) for spec in table}
    return ", ".join(spec if n == 1 else f"{n} {spec}" for spec, n in counts.items())


def agents_table(result: TournamentResult) -> Table:
    """Per table, every agent's wins (among the winners), draws (all equal) and losses."""
    table = Table(
        title=(
            f"{result.game}, {result.players} players: {result.games_per_pairing} games per "
            f"table, seats by {result.seating}"
        )
    )
    for name in ("table", "agent", "seats", "W", "D", "L", "wins", "95% CI", "seat share"):
        table.add_column(name, justify="left" if name in ("table", "agent") else "right")
    for score in result.agents:
        win = score.win_interval()
        table.add_row(
            lineup(score.table),
            score.agent,
            str(score.seats),
            str(score.wins),
            str(score.draws),
            str(score.losses),
            f"{score.win_rate:.1%}",
            f"{100 * win.low:.0f}-{100 * win.high:.0f}%",
            f"{score.seat_share:.0%}",
        )
    return table


def ratings_table(result: TournamentResult) -> Table:
    table = Table(title="Elo (mean 0; spread from a bootstrap over games)")
    for name in ("agent", "Elo", "± sd", "95% range"):
        table.add_column(name, justify="left" if name == "agent" else "right")
    ranked = sorted(result.ratings.items(), key=lambda item: -item[1].elo)
    for spec, rating in ranked:
        table.add_row(
            spec,
            f"{rating.elo:+.0f}",
            f"{rating.spread:.0f}",
            f"{rating.low:+.0f} … {rating.high:+.0f}",
        )
    return table


def arena(
    game: Annotated[str, typer.Argument(help="Game id, e.g. punica.")],
    agents: Annotated[
        list[str],
        typer.Option(
            "--agents",
            "-a",
            help="Agent specs, comma-separated or repeated (mcts:iterations=800,depth=40).",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games per pairing (per table).")
    ] = 20,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Parallel processes.")] = 1,
    mode: Annotated[
        str,
        typer.Option(
            help=(
                f"Tables: {', '.join(MODES)} (round-robin: every mix of at least two specs; "
                "gauntlet: the first spec against a field of each other; table: the specs as "
                "given, one per seat)."
            )
        ),
    ] = "round-robin",
    seating: Annotated[
        str,
        typer.Option(
            help=(
                f"How agents change seats between games: {' or '.join(SEATINGS)} (for two "
                "players both swap the seats every game)."
            )
        ),
    ] = "rotations",
    seed: Annotated[int, typer.Option(help="Base seed; every game's seed derives from it.")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    records: Annotated[
        Path | None, typer.Option(help="Folder to save every game record in.")
    ] = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the results as JSON to this file.")
    ] = None,
    backend: Annotated[
        str, typer.Option(help=f"Where games run: {', '.join(BACKENDS)}.")
    ] = "local",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (with --backend ray).")
    ] = None,
) -> None:
    """Play a tournament between agents, every agent in every seat, and rate them."""
    console = Console(highlight=False)
    try:
        instance = load(game, **parse_options(option or []))
        tables = tables_for(mode, split_specs(agents), instance.num_players)
        total = len(tables) * games
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress:
            bar = progress.add_task(f"{game}", total=total)

            def advance(outcome: GameOutcome) -> None:
                progress.advance(bar)

            result = run_tournament(
                instance,
                tables,
                games,
                seed=seed,
                jobs=jobs,
                records=records,
                backend=backend,
                address=address,
                on_outcome=advance,
                seating=seating,
            )
    except (CarthagoError, ValueError) as error:
        Console(stderr=True, highlight=False).print(Text(f"error: {error}"))
        raise typer.Exit(2) from None
    if result.players > 2:
        console.print(agents_table(result))
    console.print(results_table(result))
    console.print(ratings_table(result))
    if json_path is not None:
        json_path.write_text(json.dumps(result.to_json(), indent=1) + "\n", encoding="utf-8")
        console.print(f"results written to {json_path}")
    if records is not None:
        console.print(f"{total} records saved in {records}")
