"""Load test of the web server on loopback, bounded in time: people at the table while the
computer players are busy.

Starts ``carthago serve`` on 127.0.0.1 over a fresh SQLite file (or ``--db URL``) and runs, at
once: games of a person against ``easy`` (the ones measured), one game of a person against
each other level (``normal``, ``hard``), and a few greedy visitors who try to start a computer
game with a long search against itself (``--greedy-spec``) and, when the server refuses it,
settle for ``hard`` against ``hard``. The people move at random over HTTP and follow their game
over a websocket. Reports the p50/p99 of a person's action (the HTTP round trip) and of an
``easy`` reply (from the person's action being applied to the view in which the person may
move again), and what became of the greedy visitors.

The server runs whatever ``carthago`` the Python path finds, so the same script measures two
versions: ``PYTHONPATH=<checkout>/src python benchmarks/web_load.py``.

    .venv/bin/python benchmarks/web_load.py --easy-games 6 --greedy 2 --seconds 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

LEVELS = ("normal", "hard")
"""The levels each get one game of a person against them, besides the measured ``easy``."""


@dataclass
class Measured:
    actions: list[float] = field(default_factory=list)
    """Seconds per person's action (HTTP round trip), every game."""
    easy_replies: list[float] = field(default_factory=list)
    """Seconds from a person's action to the ``easy`` reply that gives the turn back."""
    greedy: dict[str, int] = field(default_factory=dict)
    """What the greedy visitors' requests came to: accepted, refused, fallback."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def wait_for_server(base: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base) as client:
        while True:
            try:
                if (await client.get("/api/lobby")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            await asyncio.sleep(0.1)


async def play_person(
    base: str, computer: str, seed: int, deadline: float, measured: Measured
) -> None:
    """A person against ``computer``, game after game until the deadline, moving at random."""
    rng = random.Random(seed)
    host = base.removeprefix("http://")
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        while time.monotonic() < deadline:
            body = {"game": "punica", "seats": ["human", computer], "listed": False}
            created = (await client.post("/api/games", json=body)).json()
            game_id, token = created["id"], created["tokens"]["0"]
            headers = {"X-Seat-Token": token}
            waiting_since: float | None = None
            async with websockets.connect(f"ws://{host}/ws/games/{game_id}") as feed:
                await feed.send(json.dumps({"token": token}))
                while time.monotonic() < deadline:
                    remaining = max(0.1, deadline - time.monotonic())
                    try:
                        message = json.loads(await asyncio.wait_for(feed.recv(), remaining))
                    except TimeoutError:
                        return
                    view = message["view"]
                    if view["status"] != "active":
                        break
                    if not view["legal"]:
                        continue
                    if waiting_since is not None and computer == "easy":
                        measured.easy_replies.append(time.perf_counter() - waiting_since)
                    waiting_since = None
                    choice = rng.choice(view["legal"])["action"]
                    start = time.perf_counter()
                    response = await client.post(
                        f"/api/games/{game_id}/actions",
                        headers=headers,
                        json={"action": choice, "expected_move": view["move"]},
                    )
                    done = time.perf_counter()
                    measured.actions.append(done - start)
                    if response.status_code != 200:
                        raise RuntimeError(f"action refused: {response.text}")
                    after = response.json()["view"]
                    if not after["legal"] and after["status"] == "active":
                        waiting_since = done


async def play_greedy(base: str, spec: str, deadline: float, measured: Measured) -> None:
    """A visitor who wants the computer to themselves: computer games of ``spec`` against
    itself, or of ``hard`` against ``hard`` where the server refuses ``spec``."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        running: str | None = None
        while time.monotonic() < deadline:
            if (
                running is None
                or (await client.get(f"/api/games/{running}")).json()["status"] != "active"
            ):
                asked = await client.post(
                    "/api/games", json={"game": "punica", "seats": [spec, spec], "listed": False}
                )
                outcome = "accepted" if asked.status_code == 201 else "refused"
                measured.greedy[outcome] = measured.greedy.get(outcome, 0) + 1
                if asked.status_code != 201:
                    asked = await client.post(
                        "/api/games",
                        json={"game": "punica", "seats": ["hard", "hard"], "listed": False},
                    )
                    measured.greedy["fallback hard"] = measured.greedy.get("fallback hard", 0) + 1
                running = asked.json()["id"]
            await asyncio.sleep(1.0)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def latency(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (
        f"n {len(values)}, p50 {1000 * statistics.median(values):.0f} ms, "
        f"p99 {1000 * percentile(values, 0.99):.0f} ms"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--easy-games", type=int, default=6, help="people against easy")
    parser.add_argument("--greedy", type=int, default=2, help="greedy visitors")
    parser.add_argument("--greedy-spec", default="mcts:seconds=15,advice=false")
    parser.add_argument("--seconds", type=float, default=120.0, help="how long to run")
    parser.add_argument("--db", help="SQLAlchemy URL to store the games (default: new SQLite file)")
    parser.add_argument(
        "--serve-option",
        action="append",
        default=[],
        help="an option for carthago serve, e.g. --serve-option=--computer-processes",
    )
    args = parser.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    measured = Measured()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
        serve = "from carthago.cli.app import main; main()"
        command = [sys.executable, "-c", serve, "serve", "--port", str(port), "--db", db]
        server = subprocess.Popen(
            [*command, *args.serve_option],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            await wait_for_server(base)
            started = time.monotonic()
            deadline = started + args.seconds
            players = [
                play_person(base, "easy", i, deadline, measured) for i in range(args.easy_games)
            ]
            players += [
                play_person(base, level, 100 + i, deadline, measured)
                for i, level in enumerate(LEVELS)
            ]
            greedy = [
                play_greedy(base, args.greedy_spec, deadline, measured) for _ in range(args.greedy)
            ]
            await asyncio.gather(*players, *greedy)
            elapsed = time.monotonic() - started
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        f"{args.easy_games} people vs easy, 1 vs each of {', '.join(LEVELS)}, "
        f"{args.greedy} greedy visitors asking for {args.greedy_spec!r}, {elapsed:.0f} s "
        f"(serve {' '.join(args.serve_option) or 'with its defaults'})"
    )
    print(f"person's action: {latency(measured.actions)}")
    print(f"easy reply:      {latency(measured.easy_replies)}")
    print(f"greedy requests: {measured.greedy}")


if __name__ == "__main__":
    asyncio.run(main())
