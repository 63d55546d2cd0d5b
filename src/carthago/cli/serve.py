"""``carthago serve``: the browser front end (FastAPI and websockets) on a local address."""

from __future__ import annotations

from typing import Annotated

import typer

from carthago.web.app import DEFAULT_DB
from carthago.web.limits import HostLimits


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="SQLAlchemy database URL (SQLite file by default; PostgreSQL works)."),
    ] = DEFAULT_DB,
    computer_processes: Annotated[
        bool, typer.Option(help="Let computer players think in processes instead of threads.")
    ] = False,
    max_think_seconds: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="Longest a computer player may think per move; longer specs are refused, "
            "levels above it are not offered.",
        ),
    ] = HostLimits.max_think_seconds,
    idle_minutes: Annotated[
        float,
        typer.Option(
            min=1,
            help="A game no person has acted in for this long gets no more computer moves.",
        ),
    ] = HostLimits.idle_minutes,
) -> None:
    """Serve browser play at http://HOST:PORT: games survive restarts in the database."""
    import uvicorn

    from carthago.web.app import create_app

    typer.echo(f"carthago: open http://{host}:{port}/ (games stored in {db})")
    uvicorn.run(
        create_app(
            db,
            computer_processes=computer_processes,
            limits=HostLimits(max_think_seconds, idle_minutes),
        ),
        host=host,
        port=port,
        log_level="info",
    )
