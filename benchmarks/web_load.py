"""Load test of the web server on loopback, bounded in time.

Starts ``carthago serve`` on 127.0.0.1 over a fresh SQLite file (or ``--db URL``, e.g. a
PostgreSQL database), then runs many concurrent Punica games, each a person's seat played by
this script over HTTP and a websocket against a computer seat moving on the server. Reports
the latency of applying a person's action (HTTP round trip, p50/p99) and the games finished
per minute.

    .venv/bin/python benchmarks/web_load.py --games 24 --seconds 60
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
from pathlib import Path

import httpx
import websockets


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


async def play_games(
    base: str,
    game: str,
    computer: str,
    seed: int,
    deadline: float,
    latencies: list[float],
    finished: list[int],
) -> None:
    """Play game after game until the deadline; the person's seat moves at random."""
    rng = random.Random(seed)
    host = base.removeprefix("http://")
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < deadline:
            created = (
                await client.post("/api/games", json={"game": game, "seats": ["human", computer]})
            ).json()
            token = created["tokens"]["0"]
            headers = {"X-Seat-Token": token}
            async with websockets.connect(f"ws://{host}/ws/games/{created['id']}") as feed:
                await feed.send(json.dumps({"token": token}))
                while time.monotonic() < deadline:
                    remaining = max(0.1, deadline - time.monotonic())
                    try:
                        message = json.loads(await asyncio.wait_for(feed.recv(), remaining))
                    except TimeoutError:
                        return
                    view = message["view"]
                    if view["status"] == "finished":
                        finished.append(view["move"])
                        break
                    if not view["legal"]:
                        continue
                    choice = rng.choice(view["legal"])["action"]
                    start = time.perf_counter()
                    response = await client.post(
                        f"/api/games/{created['id']}/actions",
                        headers=headers,
                        json={"action": choice, "expected_move": view["move"]},
                    )
                    latencies.append(time.perf_counter() - start)
                    if response.status_code != 200:
                        raise RuntimeError(f"action refused: {response.text}")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run")
    parser.add_argument("--game", default="punica")
    parser.add_argument("--computer", default="random", help="the computer seat's level or spec")
    parser.add_argument("--db", help="SQLAlchemy URL to store the games (default: new SQLite file)")
    args = parser.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'load.db'}"
        carthago = Path(sys.executable).with_name("carthago")
        server = subprocess.Popen(
            [str(carthago), "serve", "--port", str(port), "--db", db],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            await wait_for_server(base)
            latencies: list[float] = []
            finished: list[int] = []
            started = time.monotonic()
            deadline = started + args.seconds
            await asyncio.gather(
                *(
                    play_games(base, args.game, args.computer, i, deadline, latencies, finished)
                    for i in range(args.games)
                )
            )
            elapsed = time.monotonic() - started
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        f"{args.games} concurrent {args.game} games (person vs {args.computer}) for {elapsed:.0f} s"
    )
    print(f"person actions applied: {len(latencies)} ({len(latencies) / elapsed:.1f}/s)")
    if latencies:
        print(
            f"action latency: p50 {1000 * statistics.median(latencies):.1f} ms, "
            f"p99 {1000 * percentile(latencies, 0.99):.1f} ms"
        )
    mean_length = statistics.mean(finished) if finished else 0
    print(
        f"games finished: {len(finished)} ({60 * len(finished) / elapsed:.1f} per minute; "
        f"mean length {mean_length:.0f} actions)"
    )


if __name__ == "__main__":
    asyncio.run(main())
