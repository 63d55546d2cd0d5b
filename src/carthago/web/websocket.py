"""Live updates: each websocket watches one game as one seat (or as a spectator).

The client opens ``/ws/games/{id}`` and first sends ``{"token": "..."}`` (a seat) or ``{}`` (a
spectator), so the secret never sits in a URL or a server log. It then receives
``{"type": "view", "view": ...}`` — the same payload as ``GET /api/games/{id}`` for that seat —
each time the game moves. A change made by this process wakes the connection at once; a
change made by another server process sharing the database is seen within ``poll_seconds``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import defaultdict
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from carthago.web.errors import WebError
from carthago.web.service import GameService

FIRST_MESSAGE_SECONDS = 10.0
UNSUPPORTED_DATA = 1003
"""The close code for a frame of a kind the feed does not take (RFC 6455)."""
BINARY_REFUSED = "binary frames are not accepted: send JSON text"


class BinaryFrame(Exception):
    """A client sent a binary frame; the feed speaks JSON text only."""


async def receive_text(websocket: WebSocket) -> str:
    """The next text frame; :class:`BinaryFrame` for a binary one (Starlette's ``receive_text``
    fails with a KeyError on it)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    if message.get("text") is None:
        raise BinaryFrame
    text: str = message["text"]
    return text


async def refuse_binary(websocket: WebSocket) -> None:
    if websocket.application_state != WebSocketState.DISCONNECTED:
        with contextlib.suppress(RuntimeError):
            await websocket.close(code=UNSUPPORTED_DATA, reason=BINARY_REFUSED)


class GameFeeds:
    """The open connections per game, and the wake-up signal each one waits on."""

    def __init__(
        self, service: GameService, loop: asyncio.AbstractEventLoop, poll_seconds: float = 2.0
    ) -> None:
        self._service = service
        self._loop = loop
        self._poll = poll_seconds
        self._waiting: defaultdict[str, set[asyncio.Event]] = defaultdict(set)

    def notify(self, game_id: str) -> None:
        """Wake every connection watching the game; callable from any thread."""
        self._loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        for event in self._waiting.get(game_id, ()):
            event.set()

    async def serve(self, websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        try:
            hello: Any = json.loads(
                await asyncio.wait_for(receive_text(websocket), FIRST_MESSAGE_SECONDS)
            )
            token = hello.get("token") if isinstance(hello, dict) else None
            if token is not None and not isinstance(token, str):
                raise WebError("the token is a string")
            seat = await asyncio.to_thread(self._service.authenticate, game_id, token)
        except WebError as error:
            await websocket.send_json(
                {"type": "error", "status": error.status, "error": error.message}
            )
            await websocket.close(code=4000 + error.status)
            return
        except BinaryFrame:
            await refuse_binary(websocket)
            return
        except (TimeoutError, ValueError, WebSocketDisconnect):
            with contextlib.suppress(RuntimeError):
                await websocket.close(code=4400)
            return
        await self._feed(websocket, game_id, seat)

    async def _feed(self, websocket: WebSocket, game_id: str, seat: int | None) -> None:
        event = asyncio.Event()
        self._waiting[game_id].add(event)
        listener = asyncio.create_task(self._until_closed(websocket))
        sent = -1
        try:
            while not listener.done():
                event.clear()
                moves = await asyncio.to_thread(self._service.moves, game_id)
                if moves != sent:
                    view = await asyncio.to_thread(self._service.view, game_id, seat)
                    await websocket.send_json({"type": "view", "view": view})
                    sent = view["move"]
                waiter = asyncio.create_task(event.wait())
                await asyncio.wait(
                    {waiter, listener}, timeout=self._poll, return_when=asyncio.FIRST_COMPLETED
                )
                waiter.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            listener.cancel()
            self._waiting[game_id].discard(event)
            if not self._waiting[game_id]:
                del self._waiting[game_id]

    @staticmethod
    async def _until_closed(websocket: WebSocket) -> None:
        # Clients may send pings; anything they send is otherwise ignored (acting is over HTTP,
        # where every request gets its own status and error).
        try:
            while True:
                await receive_text(websocket)
        except BinaryFrame:
            await refuse_binary(websocket)
        except (WebSocketDisconnect, RuntimeError):
            return
