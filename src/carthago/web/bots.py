"""Computer seats: they think in a worker pool, so no game waits for another game's search.

A game owing a computer move gets one asyncio task that asks the service for the move to make,
hands the thinking to the pool, and applies the answer through the same at-most-once path a
person's click takes (the request id names the move number, so two servers sharing one database
cannot both apply it).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor

from carthago.agents import choose_action, make_agent
from carthago.agents.hints import best_moves
from carthago.core.registry import load
from carthago.web.service import BotJob, GameService, HintJob

log = logging.getLogger(__name__)


def think(job: BotJob) -> int:
    """The action the computer seat of ``job`` chooses; runs in a worker thread or process.

    The agent sees only ``resample_from_infostate`` of the replayed state (``choose_action``).
    """
    state = load(job.game, **job.options).replay(job.history)
    agent = make_agent(job.agent, seed=job.seed)
    return choose_action(agent, state)


def weigh_moves(job: HintJob) -> list[dict[str, int | float | str]]:
    """The hints of ``job``: the seat's best moves, searched from its resampled view only."""
    state = load(job.game, **job.options).replay(job.history)
    return [hint.to_json() for hint in best_moves(state, job.seat, job.seed)]


class ComputerPlayers:
    """Runs the computer seats of every game on the event loop ``loop``, thinking in ``pool``."""

    def __init__(
        self, service: GameService, pool: Executor, loop: asyncio.AbstractEventLoop
    ) -> None:
        self._service = service
        self._pool = pool
        self._loop = loop
        self._running: dict[str, asyncio.Task[None]] = {}
        self._kicked: set[str] = set()
        """Games kicked while their task was busy: it looks again before it stops."""

    def kick(self, game_id: str) -> None:
        """Make sure the game's computer seats move if one is due; callable from any thread."""
        self._loop.call_soon_threadsafe(self._start, game_id)

    def _start(self, game_id: str) -> None:
        task = self._running.get(game_id)
        if task is not None and not task.done():
            self._kicked.add(game_id)
            return
        self._running[game_id] = self._loop.create_task(self._play(game_id))

    async def _play(self, game_id: str) -> None:
        try:
            while True:
                self._kicked.discard(game_id)
                job = await asyncio.to_thread(self._service.bot_job, game_id)
                if job is None:
                    if game_id in self._kicked:
                        continue
                    return
                action = await self._loop.run_in_executor(self._pool, think, job)
                await asyncio.to_thread(self._service.apply_bot, job, action)
        except Exception:
            # A failing agent must not bring the server down; the game waits and the log says why.
            log.exception("computer player of game %s failed", game_id)
        finally:
            if self._running.get(game_id) is asyncio.current_task():
                del self._running[game_id]

    async def close(self) -> None:
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()
