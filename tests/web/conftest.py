"""Fixtures for the web tests: a server app over a fresh database, and ways to look behind it.

``db_url`` is a fresh SQLite file; tests marked ``@both_backends`` run once over SQLite and
once over a fresh PostgreSQL database (see :mod:`tests.web.postgres`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import create_engine, select

from carthago.core.registry import load
from carthago.core.state import State
from carthago.web.app import create_app
from carthago.web.storage import ActionRow, GameRow
from tests.web.browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, free_port
from tests.web.postgres import PostgresServer, PostgresUnavailable, running_postgres

BACKENDS = ("sqlite", "postgresql")
both_backends = pytest.mark.parametrize("db_url", BACKENDS, indirect=True)
"""Runs a test over SQLite and over PostgreSQL: the storage, persistence, idempotency and
concurrency tests, whose outcome depends on the database."""


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    try:
        with running_postgres() as server:
            yield server
    except PostgresUnavailable as reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")


@pytest.fixture
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    backend = getattr(request, "param", "sqlite")
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.new_database()
    yield url
    server.drop_database(url)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, poll_seconds=0.2)) as test_client:
        yield test_client


def true_state(db_url: str, game_id: str) -> State:
    """The whole state of a stored game, hidden parts included, read straight from the database
    (what no client may ever see; the leak tests compare payloads against it)."""
    engine = create_engine(db_url)
    with engine.connect() as connection:
        row = connection.execute(
            select(GameRow.game, GameRow.options).where(GameRow.id == game_id)
        ).one()
        actions = connection.execute(
            select(ActionRow.action).where(ActionRow.game_id == game_id).order_by(ActionRow.number)
        ).scalars()
        state = load(row.game, **row.options).replay(actions)
    engine.dispose()
    return state


def stored_actions(db_url: str, game_id: str) -> int:
    engine = create_engine(db_url)
    with engine.connect() as connection:
        count = len(
            connection.execute(select(ActionRow.number).where(ActionRow.game_id == game_id)).all()
        )
    engine.dispose()
    return count


def wait_until(condition: Callable[[], Any], seconds: float = 30.0) -> Any:
    """Poll ``condition`` until it is truthy (computer players move in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {seconds} s")
        time.sleep(0.02)


def new_game(
    client: TestClient, seats: list[str], game: str = "guessing", **extra: Any
) -> dict[str, Any]:
    body = {"game": game, "seats": seats, **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def seat_headers(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


# -- the browser harness (tests/web/browser.py) ---------------------------------------------


class LiveServer:
    """The app over ``db_url`` served by uvicorn in a thread on a free port of 127.0.0.1, which a
    test may stop and start again (same port, same database), as a host restarting it would."""

    def __init__(self, db_url: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._app = create_app(db_url, poll_seconds=0.5)
        self._live: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        config = uvicorn.Config(self._app, host="127.0.0.1", port=self.port, log_level="warning")
        self._live = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._live.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._live.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        assert self._live is not None and self._thread is not None
        self._live.should_exit = True
        self._thread.join(timeout=10)


@pytest.fixture
def live_server(db_url: str) -> Iterator[LiveServer]:
    running = LiveServer(db_url)
    running.start()
    yield running
    running.stop()


@pytest.fixture
def server(live_server: LiveServer) -> str:
    return live_server.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
