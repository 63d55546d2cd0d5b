"""What the server keeps: games, seats and their secret tokens, actions, uploaded records.

SQLAlchemy 2 over SQLite by default; any SQLAlchemy URL (PostgreSQL included) works the same.
A game's state is never stored: it is the replay of its actions, which are the whole truth.
Two unique constraints make concurrent writers safe even across server processes: one action
per (game, move number), and one action per (game, seat, client request id).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    false,
    inspect,
    text,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker
from sqlalchemy.schema import CreateColumn

CHANCE_SEAT = -1
"""The ``seat`` of a stored chance outcome (rolled by the server, not chosen by a player)."""


def utcnow() -> datetime:
    return datetime.now(UTC)


def token_digest(token: str) -> str:
    """What is stored of a seat token: its SHA-256, so a leaked database holds no live token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One game played on the server."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    """Seeds the server's chance rolls and its computer players."""
    listed: Mapped[bool] = mapped_column(default=True)
    """Whether the lobby shows the game while a seat open to the public is free."""
    hints: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Whether its people may ask the computer for hints (chosen when it is created)."""
    status: Mapped[str] = mapped_column(String(16), default="active")
    """``active``, ``finished`` or ``abandoned`` (by its creator: no one moves any more)."""
    creator_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    """The digest of the creator's token (the creator's seat token, if the creator sits), which
    may abandon the game; None for games stored before creators were recorded."""
    attended: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=utcnow)
    """When a person last acted (or created the game): a game left alone longer than the
    server's idle limit gets no more computer moves. None (older games): ``updated`` counts."""
    moves: Mapped[int] = mapped_column(Integer, default=0)
    """How many actions are stored (the next move number)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """A seat: a person (reached by a secret token) or a computer player (an agent spec)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    agent: Mapped[str] = mapped_column(String(128))
    """``human`` or the agent spec of a computer seat."""
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    claimed: Mapped[bool] = mapped_column(default=False)
    """Whether a person holds the seat: the creator's from the start, an invited seat once its
    link is opened, a public seat once someone joins it."""
    public: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whether anyone may join the seat from the lobby (only seats the creator opened); every
    other person's seat belongs to its link."""

    game_row: Mapped[GameRow] = relationship(back_populates="seats")

    @property
    def is_human(self) -> bool:
        return self.agent == "human"


class ActionRow(Base):
    """One applied action or chance outcome, in order."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("game_id", "seat", "request_id", name="one_action_per_request"),
    )

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The move number (0-based): the primary key allows one action per move, so of two
    concurrent writers of the same move only one can commit."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(256))
    request_id: Mapped[str | None] = mapped_column(String(64), default=None)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class FollowingRow(Base):
    """A person's seat that passes until something needs it (``Game.automatic_action``).

    A table of its own, not a column of ``seats``, so a database made before it gains it at
    start-up (``create_all`` adds missing tables, never missing columns).
    """

    __tablename__ = "following"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)


class RecordRow(Base):
    """An uploaded game record, kept to be watched."""

    __tablename__ = "records"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers go on while a writer commits; the busy timeout makes writers queue.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    # In WAL mode NORMAL never corrupts the database; it only defers the fsync to checkpoints.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the tables created; SQLite gets WAL and a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    create_tables(engine)
    return engine


def add_missing_columns(engine: Engine) -> None:
    """Add the columns a database made by an older carthago lacks (``create_all`` only makes
    missing tables), so its games stay playable; new columns are nullable or have a default."""
    inspector = inspect(engine)
    with engine.begin() as connection:
        for table in Base.metadata.sorted_tables:
            present = {column["name"] for column in inspector.get_columns(table.name)}
            for column in table.columns:
                if column.name not in present:
                    ddl = CreateColumn(column).compile(dialect=engine.dialect)
                    connection.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {ddl}"))


def create_tables(engine: Engine, attempts: int = 5) -> None:
    """Create the tables that are missing, even while other server processes do the same.

    Processes started together on a new database all find a table missing and race to create
    it; the losers' CREATE fails (SQLite: "already exists", PostgreSQL: a unique violation in
    its catalogue). Each failure means another process made progress, so trying again, which
    skips the tables now there, ends in a few attempts.
    """
    for attempt in range(1, attempts + 1):
        try:
            Base.metadata.create_all(engine)
            add_missing_columns(engine)
            return
        except (OperationalError, IntegrityError, ProgrammingError):
            if attempt == attempts:
                raise


def make_sessionmaker(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)
