"""The server's game logic: create, join, view and act, each in one database transaction.

Every path that reaches a client goes through :meth:`GameService.view` (``observation(seat)``)
or through a finished game's record, so nothing hidden ever leaves the server. Actions are
applied under a per-game lock and in one transaction; the unique constraints of
:mod:`carthago.web.storage` make them at-most-once per client request id, and safe against
concurrent writers in other server processes.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from carthago.agents import computer_label
from carthago.core.chance import sample_chance_outcome
from carthago.core.errors import CarthagoError, IllegalActionError, quoted
from carthago.core.game import Game
from carthago.core.records import GameRecord
from carthago.core.registry import game_class, games, load
from carthago.core.state import CHANCE, JSONDict, State
from carthago.web.errors import BadRequest, Conflict, Forbidden, NotFound, Unprocessable
from carthago.web.levels import HUMAN, resolve_seat
from carthago.web.limits import HostLimits, think_seconds, within_budget
from carthago.web.storage import (
    CHANCE_SEAT,
    ActionRow,
    FollowingRow,
    GameRow,
    RecordRow,
    SeatRow,
    token_digest,
    utcnow,
)

AUTOMATIC = "auto:"
"""The request id prefix of a move the server played for a person (``_advance``)."""
PLAYED_FOR_YOU = 30
"""How many of the moves played for a seat its view lists."""
MAX_REQUEST_ID = 64
MAX_ID = 32
MAX_AGENT_SPEC = 128
CACHE_SIZE = 256


@dataclass(frozen=True)
class Created:
    """A new game, shown once to its creator: its id, the token of the creator's seat and of
    each invited seat (seats open to the public get theirs when someone joins), and the
    creator's token, which may abandon the game (the creator's seat token if the creator sits).
    """

    game_id: str
    tokens: dict[int, str]
    creator_seat: int | None
    creator_token: str


@dataclass(frozen=True)
class BotJob:
    """A computer seat's move to think about: plain data, so a process pool can take it."""

    game_id: str
    game: str
    options: dict[str, Any]
    history: tuple[int, ...]
    seat: int
    agent: str
    seed: int

    @property
    def move(self) -> int:
        return len(self.history)


@dataclass(frozen=True)
class HintJob:
    """A person's request for hints: the position and the seat, plain data for the pool."""

    game: str
    options: dict[str, Any]
    history: tuple[int, ...]
    seat: int
    seed: str

    @property
    def move(self) -> int:
        return len(self.history)


def chance_rng(seed: int, move: int) -> random.Random:
    """The generator of the chance outcome at ``move``: a pure function of the game's seed, so a
    restarted server rolls exactly what the stopped one would have."""
    return random.Random(f"chance:{seed}:{move}")


def agent_seed(seed: int, move: int) -> int:
    return random.Random(f"agent:{seed}:{move}").getrandbits(32)


def as_utc(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite hands back naive datetimes (stored in UTC),
    PostgreSQL aware ones."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def new_id() -> str:
    return secrets.token_hex(8)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_request_id(request_id: str | None) -> None:
    # Printable only: PostgreSQL text cannot hold a NUL, and a control character is no id.
    if request_id is not None and not (
        1 <= len(request_id) <= MAX_REQUEST_ID and request_id.isprintable()
    ):
        raise BadRequest(
            f"a request id has 1 to {MAX_REQUEST_ID} printable characters (no control characters)"
        )


def well_formed_id(text: str) -> bool:
    """Whether ``text`` could be a stored id (ASCII letters and digits, as :func:`new_id` makes):
    anything else is answered 404 without asking the database, which may refuse it (a NUL)."""
    return len(text) <= MAX_ID and text.isascii() and text.isalnum()


class GameService:
    """Games stored through ``sessions``; ``listeners`` are told the id of every game that moved.

    States are cached per game and rebuilt from the stored actions whenever the database holds
    more of them than the cache (another process wrote), so the database stays the one truth.
    """

    def __init__(self, sessions: sessionmaker[Session], limits: HostLimits | None = None) -> None:
        self._sessions = sessions
        self.limits = limits or HostLimits()
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._cache: OrderedDict[str, State] = OrderedDict()
        self._cache_guard = threading.Lock()
        self.listeners: list[Callable[[str], None]] = []

    # -- catalogue ---------------------------------------------------------------------------

    def catalogue(self) -> list[JSONDict]:
        """Every registered game with its options and player names, for the new-game form."""
        result = []
        for name in games():
            cls = game_class(name)
            game = cls()
            result.append(
                {
                    "name": name,
                    "title": cls.title,
                    "complete": cls.complete,
                    "players": list(game.player_names),
                    "options": [
                        {
                            "name": option.name,
                            "default": option.default,
                            "choices": list(option.choices),
                            "help": option.help,
                            "minimum": option.minimum,
                            "maximum": option.maximum,
                        }
                        for option in cls.OPTIONS
                    ],
                }
            )
        return result

    @staticmethod
    def players(game_name: str, options: dict[str, Any]) -> list[str]:
        """The seats of ``game_name`` with ``options`` (some options change how many)."""
        try:
            return list(load(game_name, **options).player_names)
        except CarthagoError as error:
            raise BadRequest(str(error)) from None

    # -- creating and joining ----------------------------------------------------------------

    def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[str],
        listed: bool = True,
        seed: int | None = None,
        public: Sequence[int] = (),
        creator_seat: int | None = None,
        hints: bool = True,
    ) -> Created:
        """A new game; ``seats`` holds ``human``, a computer level or an agent spec per seat.

        ``public`` are the persons' seats anyone may join from the lobby (if ``listed``); the
        creator sits at ``creator_seat`` (by default the first other person's seat), claimed
        now; every other person's seat belongs to its link. ``hints``: whether its people may
        ask the computer what it would do.
        """
        try:
            game = load(game_name, **options)
        except CarthagoError as error:
            raise BadRequest(str(error)) from None
        if len(seats) != game.num_players:
            raise BadRequest(
                f"{game_name} has {game.num_players} seats ({', '.join(game.player_names)}); "
                f"{len(seats)} were given"
            )
        agents = [resolve_seat(text, self.limits.max_think_seconds, game.name) for text in seats]
        for agent in agents:
            if len(agent) > MAX_AGENT_SPEC:
                raise BadRequest(f"an agent spec has at most {MAX_AGENT_SPEC} characters")
        persons = [i for i, agent in enumerate(agents) if agent == HUMAN]
        opened = set(public)
        named = [*opened, *([] if creator_seat is None else [creator_seat])]
        for seat in sorted(named):
            if seat not in persons:
                raise BadRequest(f"seat {seat} is not a seat for a person in this game")
        if creator_seat is None:
            creator_seat = next((i for i in persons if i not in opened), None)
        elif creator_seat in opened:
            raise BadRequest(f"seat {creator_seat} is the creator's: it cannot also be public")
        game_id = new_id()
        tokens = {i: new_token() for i in persons if i not in opened}
        creator_token = new_token() if creator_seat is None else tokens[creator_seat]
        row = GameRow(
            id=game_id,
            game=game.name,
            options=dict(game.options),
            seed=secrets.randbits(31) if seed is None else seed,
            listed=listed,
            hints=hints,
            status="active",
            moves=0,
            creator_hash=token_digest(creator_token),
        )
        row.seats = [
            SeatRow(
                seat=i,
                agent=agent,
                token_hash=token_digest(tokens[i]) if i in tokens else None,
                claimed=i == creator_seat,
                public=i in opened,
            )
            for i, agent in enumerate(agents)
        ]
        state = game.new_initial_state()
        with self._sessions.begin() as session:
            session.add(row)
            session.flush()
            self._advance(session, row, state)
        self._remember(game_id, state)
        self._notify(game_id)
        return Created(game_id, tokens, creator_seat, creator_token)

    def join(self, game_id: str, seat: int | None = None) -> tuple[int, str]:
        """Claim a free seat the creator opened to the public, in a listed game; its token.

        Knowing a game's id (it is in the spectator link) is not enough: an unlisted game, the
        creator's seat and an invited seat (it belongs to its link) are refused with a 403.
        The claim is one conditional UPDATE (the seat must still be unclaimed), so of several
        joins racing for a seat, in this process or another one, exactly one takes it and the
        others get a 409.
        """
        token = new_token()
        digest = token_digest(token)
        with self._sessions.begin() as session:
            row = self._game_row(session, game_id)
            if seat is not None and seat not in {s.seat for s in row.seats if s.is_human}:
                raise BadRequest(f"seat {seat} is not a seat for a person in this game")
            if not row.listed:
                raise Forbidden(
                    "this game is not open to the public: only its creator's links open its seats"
                )
            if row.status != "active":
                raise Conflict(f"this game is {row.status}: no seat can be joined")
            if seat is not None and not row.seats[seat].public:
                raise Forbidden(
                    f"seat {seat} is not open to the public: it belongs to its creator's link"
                )
            free = [s.seat for s in row.seats if s.is_human and s.public and not s.claimed]
            if seat is not None:
                free = [s for s in free if s == seat]
            for candidate in free:
                claimed = session.connection().execute(
                    update(SeatRow)
                    .where(
                        SeatRow.game_id == game_id,
                        SeatRow.seat == candidate,
                        SeatRow.agent == HUMAN,
                        SeatRow.public.is_(True),
                        SeatRow.claimed.is_(False),
                    )
                    .values(token_hash=digest, claimed=True)
                )
                if claimed.rowcount == 1:
                    return candidate, token
        if seat is None:
            raise Conflict("no seat open to the public is free in this game")
        raise Conflict(f"seat {seat} has been taken by someone else")

    def authenticate(self, game_id: str, token: str | None) -> int | None:
        """The seat ``token`` opens in the game, or None for a spectator (no token).

        A wrong token is refused rather than treated as a spectator, so a broken link says so.
        The first use of a seat's link claims the seat with a conditional UPDATE that needs the
        token to still be the seat's, so a join racing for the same seat either finds it taken
        or replaces the token first and this link is refused: never both.
        """
        if token is None or token == "":
            with self._sessions() as session:
                self._game_row(session, game_id)
            return None
        digest = token_digest(token)
        with self._sessions.begin() as session:
            self._game_row(session, game_id)
            found = session.execute(
                select(SeatRow.seat, SeatRow.claimed).where(
                    SeatRow.game_id == game_id, SeatRow.token_hash == digest
                )
            ).one_or_none()
            if found is not None and found.claimed:
                # A claimed seat's token never changes: no write needed.
                return int(found.seat)
            if found is not None:
                session.connection().execute(
                    update(SeatRow)
                    .where(
                        SeatRow.game_id == game_id,
                        SeatRow.token_hash == digest,
                        SeatRow.claimed.is_(False),
                    )
                    .values(claimed=True)
                )
                # Read again: whether this token claimed the seat (here or in a concurrent
                # request of the same holder), or a join replaced it meanwhile.
                found = session.execute(
                    select(SeatRow.seat, SeatRow.claimed).where(
                        SeatRow.game_id == game_id, SeatRow.token_hash == digest
                    )
                ).one_or_none()
            if found is None:
                raise Forbidden("this seat token does not open any seat of this game")
            return int(found.seat)

    def abandon(self, game_id: str, token: str | None) -> None:
        """End the game for good at its creator's request (``token``: the creator's): no one,
        person or computer, moves in it any more. Abandoning it again changes nothing."""
        with self._game_lock(game_id), self._sessions.begin() as session:
            row = self._game_row(session, game_id, for_update=True)
            if token is None or row.creator_hash is None:
                raise Forbidden("only the creator of a game can abandon it (send their token)")
            if not secrets.compare_digest(token_digest(token), row.creator_hash):
                raise Forbidden("only the creator of a game can abandon it; this token cannot")
            if row.status == "finished":
                raise Conflict("the game is over: there is nothing to abandon")
            row.status = "abandoned"
            row.updated = utcnow()
        self._notify(game_id)

    # -- reading -----------------------------------------------------------------------------

    def moves(self, game_id: str) -> int:
        """How many actions the game has stored."""
        with self._sessions() as session:
            return self._game_row(session, game_id).moves

    def view(self, game_id: str, seat: int | None) -> JSONDict:
        """All a seat (None: a spectator) is shown of the game now."""
        with self._sessions() as session:
            row = self._game_row(session, game_id)
            state = self._state(session, row)
            info = self._summary(row, state.game)
            created = seat is not None and row.seats[seat].token_hash == row.creator_hash
            own = self._played_for(session, row, seat) if seat is not None else ([], False)
        observation = state.observation(seat)
        to_move = state.current_player()
        legal: list[JSONDict] = []
        shortcuts: list[JSONDict] = []
        if seat is not None and to_move == seat and info["status"] == "active":
            legal = [
                {"action": a, "notation": state.action_to_string(a)} for a in state.legal_actions()
            ]
            shortcuts = state.shortcuts()
        return {
            **info,
            "viewer": seat,
            "viewer_name": None if seat is None else state.game.player_names[seat],
            "creator": created,
            "to_move": to_move,
            "observation": observation,
            "text": state.game.render_observation(observation),
            "legal": legal,
            "shortcuts": shortcuts,
            "played_for_you": own[0],
            "following": own[1],
        }

    @staticmethod
    def _played_for(session: Session, row: GameRow, seat: int) -> tuple[list[JSONDict], bool]:
        """The latest moves the server played for ``seat`` (its own moves, so nothing it may
        not know), and whether it passes until something needs it."""
        played = session.scalars(
            select(ActionRow)
            .where(
                ActionRow.game_id == row.id,
                ActionRow.seat == seat,
                ActionRow.request_id.startswith(AUTOMATIC),
            )
            .order_by(ActionRow.number.desc())
            .limit(PLAYED_FOR_YOU)
        ).all()
        following = session.get(FollowingRow, (row.id, seat)) is not None
        return [{"move": a.number, "notation": a.notation} for a in reversed(played)], following

    def lobby(self) -> list[JSONDict]:
        """Listed games that still have a free seat open to the public."""
        with self._sessions() as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.listed.is_(True), GameRow.status == "active")
                .order_by(GameRow.created.desc())
                .limit(200)
            ).all()
            result = []
            for row in rows:
                free = [s.seat for s in row.seats if s.is_human and s.public and not s.claimed]
                if free:
                    game = load(row.game, **row.options)
                    result.append({**self._summary(row, game), "free_seats": free})
            return result

    def record(self, game_id: str) -> JSONDict:
        """The record of a finished game (an unfinished one holds hidden information)."""
        with self._sessions() as session:
            row = self._game_row(session, game_id)
            if row.status != "finished":
                raise Conflict(
                    "the record of a game in progress would show hidden information; "
                    "it can be downloaded once the game is over"
                )
            return self._record(session, row).to_json()

    def replay_step(
        self, game_id: str, step: int, seat: int | None, token_seat: int | None
    ) -> JSONDict:
        """The game after ``step`` actions, as ``seat`` (None: public) saw it.

        Once the game is over every view and every action's notation is open. While it goes on,
        only the public view or the requester's own seat can be replayed, without notation.
        """
        with self._sessions() as session:
            row = self._game_row(session, game_id)
            state = self._state(session, row)
            finished = row.status == "finished"
            game = state.game
        if not finished and seat is not None and seat != token_seat:
            raise Forbidden(
                "while the game goes on, only the public view or your own seat can be replayed"
            )
        history = state.history()
        return self._replay_view(game, history, step, seat, with_notation=finished)

    # -- uploaded records --------------------------------------------------------------------

    def upload_record(self, data: Any) -> str:
        """Store a record after checking that it replays; its id."""
        try:
            record = GameRecord.from_json(data)
            game = record.game_instance()
            if len(record.actions) > game.max_game_length:
                raise BadRequest(f"the record has more actions than a {game.name} game can have")
            record.replay()
        except CarthagoError as error:
            raise BadRequest(f"not a playable record: {error}") from None
        record_id = new_id()
        with self._sessions.begin() as session:
            session.add(RecordRow(id=record_id, data=record.to_json()))
        return record_id

    def uploaded_record(self, record_id: str) -> JSONDict:
        with self._sessions() as session:
            row = session.get(RecordRow, record_id) if well_formed_id(record_id) else None
            if row is None:
                raise NotFound(f"no uploaded record {quoted(record_id)}")
            return dict(row.data)

    def uploaded_step(self, record_id: str, step: int, seat: int | None) -> JSONDict:
        """An uploaded record after ``step`` actions; its uploader holds it all, so every view
        and the notation are open."""
        record = GameRecord.from_json(self.uploaded_record(record_id))
        game = record.game_instance()
        view = self._replay_view(game, record.actions, step, seat, with_notation=True)
        view["players"] = [
            {
                "seat": i,
                "name": name,
                "agent": agent,
                "label": "person" if agent == HUMAN else computer_label(agent),
                "claimed": True,
            }
            for i, (name, agent) in enumerate(zip(record.players, record.agents, strict=False))
        ]
        return view

    # -- acting ------------------------------------------------------------------------------

    def act(
        self,
        game_id: str,
        seat: int,
        action: int | None = None,
        notation: str | None = None,
        request_id: str | None = None,
        expected_move: int | None = None,
    ) -> JSONDict:
        """Apply ``seat``'s action (by number or notation) and the chance rolls that follow.

        The same ``request_id`` from the same seat applies at most once: a repeat answers
        ``duplicate: true`` with the move the first request made. ``expected_move`` refuses a
        request made while looking at an older position.
        """
        check_request_id(request_id)
        if request_id is not None and request_id.startswith(AUTOMATIC):
            raise BadRequest(f"request ids starting {AUTOMATIC!r} are the server's own")
        if (action is None) == (notation is None):
            raise BadRequest("give either an action number or its notation, not both")
        with self._game_lock(game_id):
            try:
                with self._sessions.begin() as session:
                    return self._act(
                        session, game_id, seat, action, notation, request_id, expected_move
                    )
            except IntegrityError:
                # Another process wrote this move or this request first.
                return self._after_race(game_id, seat, request_id)
            finally:
                self._notify(game_id)

    def _act(
        self,
        session: Session,
        game_id: str,
        seat: int,
        action: int | None,
        notation: str | None,
        request_id: str | None,
        expected_move: int | None,
    ) -> JSONDict:
        row = self._game_row(session, game_id, for_update=True)
        if request_id is not None:
            earlier = self._request(session, game_id, seat, request_id)
            if earlier is not None:
                return {"applied": True, "duplicate": True, "move": earlier.number}
        if expected_move is not None and expected_move != row.moves:
            raise Conflict(
                f"the game has moved on since you looked (move {row.moves}, not "
                f"{expected_move}); nothing was applied"
            )
        if row.status == "abandoned":
            raise Conflict("the game was abandoned by its creator; nothing was applied")
        state = self._state(session, row).clone()
        names = state.game.player_names
        if state.is_terminal():
            raise Conflict("the game is over")
        to_move = state.current_player()
        if to_move != seat:
            raise Conflict(f"it is not {names[seat]}'s turn; nothing was applied")
        legal = state.legal_actions()
        if notation is not None:
            try:
                action = state.string_to_action(notation)
            except IllegalActionError:
                raise Unprocessable(
                    f"{quoted(notation)} names none of {names[seat]}'s legal actions"
                ) from None
        assert action is not None
        if action not in legal:
            raise Unprocessable(
                f"action {action} is not one of {names[seat]}'s {len(legal)} legal actions"
            )
        number = row.moves
        session.add(
            ActionRow(
                game_id=game_id,
                number=number,
                seat=seat,
                action=action,
                notation=state.action_to_string(action),
                request_id=request_id,
            )
        )
        state.apply_action(action)
        if row.seats[seat].is_human:
            row.attended = utcnow()
        self._advance(session, row, state)
        session.flush()
        self._remember(game_id, state)
        return {"applied": True, "duplicate": False, "move": number}

    def _after_race(self, game_id: str, seat: int, request_id: str | None) -> JSONDict:
        with self._sessions() as session:
            if request_id is not None:
                earlier = self._request(session, game_id, seat, request_id)
                if earlier is not None:
                    return {"applied": True, "duplicate": True, "move": earlier.number}
        self._forget(game_id)
        raise Conflict("another action was applied to this game at the same time; look again")

    def _advance(self, session: Session, row: GameRow, state: State) -> None:
        """Roll every chance event now due, with the game's own generator, and play each move a
        person's seat need not be asked (``Game.automatic_action``); store them all.

        A move played for a person carries the request id ``auto:<move>``, so the seat's view
        can list what was played for it.
        """
        following = set(
            session.scalars(select(FollowingRow.seat).where(FollowingRow.game_id == row.id))
        )
        while True:
            player = state.current_player()
            number = len(state.history())
            request_id = None
            if player == CHANCE:
                action = sample_chance_outcome(state, chance_rng(row.seed, number))
                seat = CHANCE_SEAT
            elif player >= 0 and row.seats[player].is_human:
                found = state.game.automatic_action(state, player in following)
                if found is None:
                    break
                action, seat, request_id = found, player, f"{AUTOMATIC}{number}"
            else:
                break
            session.add(
                ActionRow(
                    game_id=row.id,
                    number=number,
                    seat=seat,
                    action=action,
                    notation=state.action_to_string(action),
                    request_id=request_id,
                )
            )
            state.apply_action(action)
        row.moves = len(state.history())
        row.status = "finished" if state.is_terminal() else "active"
        row.updated = utcnow()

    def set_following(self, game_id: str, seat: int, following: bool) -> None:
        """Whether ``seat`` passes until something needs it; turned on, it passes at once if
        it is to move in a step where it only follows."""
        with self._game_lock(game_id):
            try:
                with self._sessions.begin() as session:
                    row = self._game_row(session, game_id, for_update=True)
                    if not row.seats[seat].is_human:
                        raise BadRequest("only a person's seat can pass until needed")
                    stored = session.get(FollowingRow, (game_id, seat))
                    if following and stored is None:
                        session.add(FollowingRow(game_id=game_id, seat=seat))
                    elif not following and stored is not None:
                        session.delete(stored)
                    session.flush()
                    if row.status == "active":
                        state = self._state(session, row).clone()
                        self._advance(session, row, state)
                        session.flush()
                        self._remember(game_id, state)
            except IntegrityError:
                self._forget(game_id)
                raise Conflict("the game moved at the same time; look again") from None
            finally:
                self._notify(game_id)

    # -- computer seats ----------------------------------------------------------------------

    def bot_job(self, game_id: str) -> BotJob | None:
        """The move a computer seat owes now, if any: none in an abandoned game, nor in one no
        person has acted in for the host's idle limit (a person's move wakes it again). The
        agent thinks within the host's budget, even if the game was stored under a larger one.
        """
        with self._sessions() as session:
            row = self._game_row(session, game_id)
            if row.status != "active" or self._idle(row):
                return None
            state = self._state(session, row)
            seat = state.current_player()
            if seat < 0:
                return None
            agent = row.seats[seat].agent
            if agent == HUMAN:
                return None
            return BotJob(
                game_id=game_id,
                game=row.game,
                options=dict(row.options),
                history=tuple(state.history()),
                seat=seat,
                agent=within_budget(agent, self.limits.max_think_seconds),
                seed=agent_seed(row.seed, row.moves),
            )

    def apply_bot(self, job: BotJob, action: int) -> None:
        """Apply a computer seat's move, unless the game moved on meanwhile; at most once."""
        try:
            self.act(
                job.game_id,
                job.seat,
                action=action,
                request_id=f"computer:{job.move}",
                expected_move=job.move,
            )
        except Conflict:
            # Another worker applied this move first; the game has moved on.
            return

    def hint_job(self, game_id: str, seat: int) -> HintJob:
        """What to search for ``seat``'s hints now; refused where the game allows none."""
        with self._sessions() as session:
            row = self._game_row(session, game_id)
            state = self._state(session, row)
            if not row.hints:
                raise Forbidden("hints are off in this game: it was created without them")
            names = state.game.player_names
            if row.status == "abandoned":
                raise Conflict("the game was abandoned by its creator")
            if state.is_terminal():
                raise Conflict("the game is over")
            if state.current_player() != seat:
                raise Conflict(f"a hint is for your turn, and it is not {names[seat]}'s turn")
            return HintJob(
                game=row.game,
                options=dict(row.options),
                history=tuple(state.history()),
                seat=seat,
                seed=f"{row.seed}:{row.moves}",
            )

    def games_awaiting_computer(self) -> list[str]:
        """Active games with a computer seat (after a restart, some may owe a move)."""
        with self._sessions() as session:
            return list(
                session.scalars(
                    select(GameRow.id)
                    .join(SeatRow)
                    .where(GameRow.status == "active", SeatRow.agent != HUMAN)
                    .distinct()
                ).all()
            )

    def _idle(self, row: GameRow) -> bool:
        return utcnow() - as_utc(row.attended or row.updated) > self.limits.idle

    # -- internals ---------------------------------------------------------------------------

    @contextmanager
    def _game_lock(self, game_id: str) -> Iterator[None]:
        with self._locks_guard:
            lock = self._locks.setdefault(game_id, threading.Lock())
        with lock:
            yield

    def _game_row(self, session: Session, game_id: str, for_update: bool = False) -> GameRow:
        if not well_formed_id(game_id):
            raise NotFound(f"no game {quoted(game_id)}")
        query = select(GameRow).where(GameRow.id == game_id)
        if for_update:
            # PostgreSQL serialises writers of one game here; SQLite ignores it and relies on
            # its database lock and the unique (game, move) key.
            query = query.with_for_update()
        row = session.scalar(query)
        if row is None:
            raise NotFound(f"no game {quoted(game_id)}")
        return row

    @staticmethod
    def _request(session: Session, game_id: str, seat: int, request_id: str) -> ActionRow | None:
        return session.scalar(
            select(ActionRow).where(
                ActionRow.game_id == game_id,
                ActionRow.seat == seat,
                ActionRow.request_id == request_id,
            )
        )

    def _state(self, session: Session, row: GameRow) -> State:
        """The state after the ``row.moves`` stored actions (shared: callers clone to change it).

        Only the first ``row.moves`` actions are read, so the state always matches the row it
        was asked for, even if another writer commits more actions between the two reads.
        """
        with self._cache_guard:
            cached = self._cache.get(row.id)
        if cached is not None and len(cached.history()) == row.moves:
            return cached
        if cached is not None and len(cached.history()) < row.moves:
            state = cached.clone()
        else:
            state = load(row.game, **row.options).new_initial_state()
        missing = session.scalars(
            select(ActionRow.action)
            .where(
                ActionRow.game_id == row.id,
                ActionRow.number >= len(state.history()),
                ActionRow.number < row.moves,
            )
            .order_by(ActionRow.number)
        ).all()
        for action in missing:
            state.apply_action(action)
        if len(state.history()) != row.moves:
            raise RuntimeError(
                f"game {row.id} stores {len(state.history())} of {row.moves} actions"
            )
        if cached is None or len(cached.history()) < row.moves:
            self._remember(row.id, state)
        return state

    def _remember(self, game_id: str, state: State) -> None:
        with self._cache_guard:
            self._cache[game_id] = state
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._cache_guard:
            self._cache.pop(game_id, None)

    def _notify(self, game_id: str) -> None:
        for listener in self.listeners:
            listener(game_id)

    @staticmethod
    def _summary(row: GameRow, game: Game) -> JSONDict:
        return {
            "id": row.id,
            "game": row.game,
            "title": game.title,
            "options": dict(row.options),
            "status": row.status,
            "hints": row.hints,
            "move": row.moves,
            "created": row.created.isoformat(),
            "updated": as_utc(row.updated).isoformat(),
            "players": [
                {
                    "seat": s.seat,
                    "name": game.player_names[s.seat],
                    "agent": s.agent,
                    "label": "person" if s.is_human else computer_label(s.agent),
                    "think_seconds": 0.0 if s.is_human else think_seconds(s.agent) or 0.0,
                    "claimed": s.claimed,
                }
                for s in row.seats
            ],
        }

    def _record(self, session: Session, row: GameRow) -> GameRecord:
        game = load(row.game, **row.options)
        actions = session.scalars(
            select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.number)
        ).all()
        state = self._state(session, row)
        return GameRecord(
            game=row.game,
            options=dict(row.options),
            rules_version=game.rules_version,
            players=list(game.player_names),
            agents=[s.agent for s in row.seats],
            actions=[a.action for a in actions],
            notation=[a.notation for a in actions],
            result=state.returns() if state.is_terminal() else None,
            seed=row.seed,
            started=row.created.isoformat(timespec="seconds"),
            finished=row.updated.isoformat(timespec="seconds") if state.is_terminal() else None,
        )

    @staticmethod
    def _replay_view(
        game: Game, history: list[int], step: int, seat: int | None, with_notation: bool
    ) -> JSONDict:
        if not 0 <= step <= len(history):
            raise BadRequest(f"step must be between 0 and {len(history)}")
        if seat is not None and not 0 <= seat < game.num_players:
            raise BadRequest(f"seat must be between 0 and {game.num_players - 1}")
        state = game.new_initial_state()
        notation = None
        for index, action in enumerate(history[:step]):
            if with_notation and index == step - 1:
                notation = state.action_to_string(action)
            state.apply_action(action)
        observation = state.observation(seat)
        return {
            "game": game.name,
            "title": game.title,
            "options": dict(game.options),
            "step": step,
            "steps": len(history),
            "viewer": seat,
            "to_move": state.current_player(),
            "observation": observation,
            "text": game.render_observation(observation),
            "notation": notation,
        }
