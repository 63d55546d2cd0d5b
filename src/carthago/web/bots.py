"""Computer seats: they think in worker pools, shared fairly between games.

A game owing a computer move gets one asyncio task that asks the service for the move to make,
hands the thinking to a pool, and applies the answer through the same at-most-once path a
person's click takes (the request id names the move number, so two servers sharing one database
cannot both apply it).

Fair shares: an agent that does not search (``easy``, ``random``) answers in a pool of its own,
so it never waits behind a search. Searches take turns for the search workers in the order
their games asked (each game holds at most one place in the queue, so a game searching move
after move goes to the back each time: round robin), each within the host's
``max_think_seconds``. A game's job is looked up again once it gets a worker, so a game
abandoned or gone idle while it waited does not use the computer.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from concurrent.futures import Executor

from carthago.agents import PlannerAgent, choose_action, make_agent
from carthago.agents.hints import best_moves
from carthago.agents.planner import PlanProgress
from carthago.core.registry import load
from carthago.web.limits import searches
from carthago.web.service import BotJob, GameService, HintJob

log = logging.getLogger(__name__)


PLANNERS_KEPT = 256
"""Impulse planners a worker keeps between moves (the least recently used go first)."""

_planners: OrderedDict[tuple[str, int, str], PlannerAgent] = OrderedDict()
_progress: dict[tuple[str, int], PlanProgress] = {}
_lock = threading.Lock()


def think(job: BotJob) -> int:
    """The action the computer seat of ``job`` chooses; runs in a worker thread or process.

    The agent sees only ``resample_from_infostate`` of the replayed state (``choose_action``).
    Most agents are made afresh for every move. An impulse planner's budget and plan belong to
    a whole impulse of many moves, so the worker keeps it between a game's moves; a worker
    process that has not seen the game before starts a new one (its impulse's budget starts
    over, never its rules).
    """
    state = load(job.game, **job.options).replay(job.history)
    agent = make_agent(job.agent, seed=job.seed)
    if not isinstance(agent, PlannerAgent):
        return choose_action(agent, state)
    key = (job.game_id, job.seat, job.agent)
    with _lock:
        kept = _planners.pop(key, None)
        _planners[key] = agent = kept or agent
        while len(_planners) > PLANNERS_KEPT:
            _planners.popitem(last=False)

    def show(progress: PlanProgress) -> None:
        _progress[job.game_id, job.seat] = progress

    agent.on_progress = show
    try:
        return choose_action(agent, state)
    finally:
        agent.on_progress = None
        _progress.pop((job.game_id, job.seat), None)


def thinking(game_id: str, seat: int) -> PlanProgress | None:
    """How far the impulse planner of ``seat`` in ``game_id`` has got, while it thinks in a
    worker thread of this process (None otherwise: not thinking, or in another process)."""
    return _progress.get((game_id, seat))


def weigh_moves(job: HintJob) -> list[dict[str, int | float | str]]:
    """The hints of ``job``: the seat's best moves, searched from its resampled view only."""
    state = load(job.game, **job.options).replay(job.history)
    return [hint.to_json() for hint in best_moves(state, job.seat, job.seed)]


class ComputerPlayers:
    """Runs the computer seats of every game on the event loop ``loop``: searches in
    ``search_pool`` (at most ``search_workers`` at a time), quick agents in ``quick_pool``."""

    def __init__(
        self,
        service: GameService,
        search_pool: Executor,
        search_workers: int,
        quick_pool: Executor,
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self._service = service
        self._search_pool = search_pool
        self._quick_pool = quick_pool
        self._turns = asyncio.Semaphore(search_workers)
        """The search workers' queue: asyncio wakes its waiters first come, first served."""
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
                thought = None if job is None else await self._think(game_id, job)
                if thought is None:
                    if game_id in self._kicked:
                        continue
                    return
                await asyncio.to_thread(self._service.apply_bot, *thought)
        except Exception:
            # A failing agent must not bring the server down; the game waits and the log says why.
            log.exception("computer player of game %s failed", game_id)
        finally:
            if self._running.get(game_id) is asyncio.current_task():
                del self._running[game_id]

    async def _think(self, game_id: str, job: BotJob) -> tuple[BotJob, int] | None:
        """The job done and the action chosen; None if the job lapsed while it waited."""
        if not searches(job.agent):
            return job, await self._loop.run_in_executor(self._quick_pool, think, job)
        async with self._turns:
            # The wait may have been long: the game may have moved on, been abandoned or gone
            # idle meanwhile.
            current = await asyncio.to_thread(self._service.bot_job, game_id)
            if current is None:
                return None
            return current, await self._loop.run_in_executor(self._search_pool, think, current)

    async def hints(self, job: HintJob) -> list[dict[str, int | float | str]]:
        """The hints of ``job``: a search like the computer players', so it waits its turn with
        theirs (no game waits behind a person's hints more than behind another game's search)."""
        async with self._turns:
            return await self._loop.run_in_executor(self._search_pool, weigh_moves, job)

    async def close(self) -> None:
        tasks = list(self._running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._running.clear()
