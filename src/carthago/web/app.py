"""The FastAPI application: the JSON API, the websocket feed and the browser client.

``create_app(db_url)`` builds a server over any SQLAlchemy URL. A seat proves itself with its
secret token in the ``X-Seat-Token`` header (HTTP) or in its first websocket message; without a
token a request is a spectator's and sees only the public view. Every refusal is a 4xx with a
JSON body ``{"error": "..."}`` that says what was wrong.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException

from carthago.agents import DEFAULT_LEVEL
from carthago.core.errors import CarthagoError
from carthago.core.state import JSONDict
from carthago.web.boards import board_geometry, component_data
from carthago.web.bots import ComputerPlayers
from carthago.web.errors import BadRequest, Forbidden, NotFound, WebError, bounded
from carthago.web.levels import computer_levels
from carthago.web.limits import HostLimits
from carthago.web.service import GameService
from carthago.web.storage import make_engine, make_sessionmaker
from carthago.web.websocket import GameFeeds

DEFAULT_DB = "sqlite:///carthago.db"
MAX_RECORD_BYTES = 4_000_000
STATIC = resources.files("carthago.web").joinpath("static")
CLIENT_PAGES = ("/", "/play/{game_id}", "/watch/{game_id}", "/replay/{game_id}", "/record/{rid}")

SeatToken = Annotated[str | None, Header(alias="X-Seat-Token")]


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(description="a registered game id, e.g. punica")
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] = Field(description="per seat: human, a computer level or an agent spec")
    listed: bool = Field(
        default=True, description="show the game in the lobby while a public seat is free"
    )
    public: list[int] = Field(
        default_factory=list, description="the persons' seats anyone may join from the lobby"
    )
    creator_seat: int | None = Field(
        default=None, description="the creator's own seat (default: the first other person's)"
    )
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    hints: bool = Field(
        default=True, description="whether people may ask what the computer would do"
    )


class Seats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    options: dict[str, Any] = Field(default_factory=dict)


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int | None = None


class Following(BaseModel):
    model_config = ConfigDict(extra="forbid")

    following: bool = Field(description="pass until something needs this seat")


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: int | None = None
    notation: str | None = Field(default=None, max_length=256)
    request_id: str | None = Field(default=None, max_length=64)
    expected_move: int | None = None


def create_app(
    db_url: str = DEFAULT_DB,
    *,
    computer_workers: int = 2,
    computer_processes: bool = False,
    poll_seconds: float = 2.0,
    limits: HostLimits | None = None,
) -> FastAPI:
    """A server storing its games at ``db_url``, its computer players held to ``limits``.

    Searches run ``computer_workers`` at a time in threads, or processes if
    ``computer_processes`` (they then use every core without holding the interpreter); agents
    that do not search answer in threads of their own.
    """
    engine = make_engine(db_url)
    service = GameService(make_sessionmaker(engine), limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        pool: Executor = (
            ProcessPoolExecutor(computer_workers)
            if computer_processes
            else ThreadPoolExecutor(computer_workers, thread_name_prefix="search")
        )
        quick = ThreadPoolExecutor(2, thread_name_prefix="quick")
        computers = ComputerPlayers(service, pool, computer_workers, quick, loop)
        feeds = GameFeeds(service, loop, poll_seconds)
        service.listeners[:] = [feeds.notify, computers.kick]
        app.state.feeds = feeds
        app.state.computers = computers
        for game_id in await asyncio.to_thread(service.games_awaiting_computer):
            computers.kick(game_id)
        try:
            yield
        finally:
            service.listeners[:] = []
            await computers.close()
            pool.shutdown(wait=False, cancel_futures=True)
            quick.shutdown(wait=False, cancel_futures=True)
            # A stopped server holds no database connection (the engine reconnects if the app
            # is started again).
            engine.dispose()

    app = FastAPI(title="carthago", lifespan=lifespan)
    app.state.service = service

    @app.exception_handler(WebError)
    async def web_error(_request: Request, error: WebError) -> JSONResponse:
        return JSONResponse({"error": bounded(error.message)}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = []
        for item in error.errors():
            if item.get("type") == "json_invalid":
                problems.append("the request body is not valid JSON")
                continue
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            problems.append(f"{where or 'request'}: {item.get('msg', 'invalid')}")
        return JSONResponse({"error": bounded("; ".join(problems))}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, error: HTTPException) -> JSONResponse:
        return JSONResponse({"error": bounded(str(error.detail))}, status_code=error.status_code)

    # -- the API -----------------------------------------------------------------------------

    @app.get("/api/catalogue")
    def catalogue() -> JSONDict:
        return {
            "games": service.catalogue(),
            "computers": computer_levels(service.limits.max_think_seconds),
            "max_think_seconds": service.limits.max_think_seconds,
            "default_level": DEFAULT_LEVEL,
        }

    @app.post("/api/players")
    def players(body: Seats) -> JSONDict:
        return {"players": service.players(body.game, body.options)}

    @app.post("/api/games", status_code=201)
    def create_game(body: NewGame) -> JSONDict:
        created = service.create(
            body.game,
            body.options,
            body.seats,
            body.listed,
            body.seed,
            public=body.public,
            creator_seat=body.creator_seat,
            hints=body.hints,
        )
        return {
            "id": created.game_id,
            "creator_seat": created.creator_seat,
            "creator_token": created.creator_token,
            "tokens": {str(seat): token for seat, token in created.tokens.items()},
            "links": {
                str(seat): f"/play/{created.game_id}#token={token}"
                for seat, token in created.tokens.items()
            },
            "spectator": f"/watch/{created.game_id}",
        }

    @app.get("/api/boards/{game}")
    def board(game: str) -> JSONDict:
        try:
            return board_geometry(game)
        except CarthagoError as error:
            raise NotFound(str(error)) from None

    @app.get("/api/data/{game}")
    def data(game: str) -> JSONDict:
        try:
            return component_data(game)
        except CarthagoError as error:
            raise NotFound(str(error)) from None

    @app.get("/api/lobby")
    def lobby() -> JSONDict:
        return {"games": service.lobby()}

    @app.post("/api/games/{game_id}/join")
    def join(game_id: str, body: Join) -> JSONDict:
        seat, token = service.join(game_id, body.seat)
        return {"seat": seat, "token": token, "link": f"/play/{game_id}#token={token}"}

    @app.post("/api/games/{game_id}/abandon")
    def abandon(game_id: str, x_seat_token: SeatToken = None) -> JSONDict:
        service.abandon(game_id, x_seat_token)
        return {"status": "abandoned"}

    @app.get("/api/games/{game_id}")
    def view(game_id: str, x_seat_token: SeatToken = None) -> JSONDict:
        seat = service.authenticate(game_id, x_seat_token)
        return service.view(game_id, seat)

    @app.post("/api/games/{game_id}/actions")
    def act(game_id: str, body: Act, x_seat_token: SeatToken = None) -> JSONDict:
        seat = service.authenticate(game_id, x_seat_token)
        if seat is None:
            raise BadRequest("a spectator cannot act: send your seat token in X-Seat-Token")
        result = service.act(
            game_id, seat, body.action, body.notation, body.request_id, body.expected_move
        )
        return {**result, "view": service.view(game_id, seat)}

    @app.put("/api/games/{game_id}/following")
    def following(game_id: str, body: Following, x_seat_token: SeatToken = None) -> JSONDict:
        seat = service.authenticate(game_id, x_seat_token)
        if seat is None:
            raise BadRequest("a spectator follows anyway: send your seat token in X-Seat-Token")
        service.set_following(game_id, seat, body.following)
        return {"view": service.view(game_id, seat)}

    @app.get("/api/games/{game_id}/hints")
    async def hints(game_id: str, request: Request, x_seat_token: SeatToken = None) -> JSONDict:
        seat = await asyncio.to_thread(service.authenticate, game_id, x_seat_token)
        if seat is None:
            raise Forbidden("hints are for a seat: send your seat token in X-Seat-Token")
        job = await asyncio.to_thread(service.hint_job, game_id, seat)
        computers: ComputerPlayers = request.app.state.computers
        found = await computers.hints(job)
        return {"move": job.move, "hints": found}

    @app.get("/api/games/{game_id}/replay")
    def replay(
        game_id: str, step: int, seat: int | None = None, x_seat_token: SeatToken = None
    ) -> JSONDict:
        token_seat = service.authenticate(game_id, x_seat_token)
        return service.replay_step(game_id, step, seat, token_seat)

    @app.get("/api/games/{game_id}/record")
    def record(game_id: str) -> JSONResponse:
        data = service.record(game_id)
        return JSONResponse(
            data,
            headers={
                "Content-Disposition": f'attachment; filename="{data["game"]}-{game_id}.json"'
            },
        )

    @app.post("/api/records", status_code=201)
    async def upload(request: Request) -> JSONDict:
        body = await request.body()
        if len(body) > MAX_RECORD_BYTES:
            raise BadRequest(f"a record may have at most {MAX_RECORD_BYTES} bytes")
        try:
            data = json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise BadRequest("the record is not valid JSON") from None
        record_id = await asyncio.to_thread(service.upload_record, data)
        return {"id": record_id, "link": f"/record/{record_id}"}

    @app.get("/api/records/{record_id}")
    def uploaded(record_id: str) -> JSONDict:
        return service.uploaded_record(record_id)

    @app.get("/api/records/{record_id}/replay")
    def uploaded_step(record_id: str, step: int, seat: int | None = None) -> JSONDict:
        return service.uploaded_step(record_id, step, seat)

    @app.websocket("/ws/games/{game_id}")
    async def feed(websocket: WebSocket, game_id: str) -> None:
        feeds: GameFeeds = websocket.app.state.feeds
        await feeds.serve(websocket, game_id)

    # -- the browser client ------------------------------------------------------------------

    async def page() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("index.html")), media_type="text/html")

    for path in CLIENT_PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app
