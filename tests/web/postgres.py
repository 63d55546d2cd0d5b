"""A throwaway PostgreSQL server for the web tests, and a fresh database per test.

``CARTHAGO_TEST_POSTGRES_URL`` (an SQLAlchemy URL to a server where the user may create
databases) takes a server that already runs. Otherwise the tests start their own from Debian's
binaries (``make postgres`` installs them): ``initdb`` into a temporary folder and ``pg_ctl``
on a free loopback port, as the ``postgres`` user when run as root (PostgreSQL refuses root),
with fsync off (the data lives for one test run). Without the binaries the tests that need
PostgreSQL skip and say why.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

URL_VARIABLE = "CARTHAGO_TEST_POSTGRES_URL"
DRIVER = "postgresql+psycopg"


class PostgresUnavailable(Exception):
    """No PostgreSQL server can be had here; the message says why (the tests skip with it)."""


@dataclass
class PostgresServer:
    """A server reached at ``url`` (its maintenance database); each test gets its own database."""

    url: str
    admin: Engine = field(init=False)

    def __post_init__(self) -> None:
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT")

    def new_database(self) -> str:
        """The URL of a new, empty database: a schema of its own, which is much cheaper to make
        than a PostgreSQL database, named by the connection's search path."""
        name = f"carthago_test_{secrets.token_hex(6)}"
        with self.admin.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA "{name}"'))
        url = make_url(self.url).update_query_dict(
            {"options": f"-csearch_path={name}", "application_name": name}
        )
        return url.render_as_string(hide_password=False)

    def drop_database(self, url: str) -> None:
        name = make_url(url).query["application_name"]
        with self.admin.connect() as connection:
            # End the connections the test's engines still pool (they carry the schema's name),
            # so that dropping the schema waits on no lock of theirs.
            connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = :name"
                ),
                {"name": name},
            )
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))


def postgres_bin() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: Debian keeps them under /usr/lib/postgresql."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: int(version) if (version := Path(p).parent.name).isdigit() else 0,
    )
    for folder in reversed(candidates):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    initdb = shutil.which("initdb")
    if initdb is not None:
        return Path(initdb).resolve().parent
    raise PostgresUnavailable(
        "PostgreSQL is not installed (no initdb; `make postgres` installs Debian's postgresql) "
        f"and {URL_VARIABLE} is not set"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the length of the block: the given one, or a new throwaway one."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        server = PostgresServer(given)
        try:
            yield server
        finally:
            server.admin.dispose()
        return
    yield from _throwaway_server()


def _throwaway_server() -> Iterator[PostgresServer]:
    folder = postgres_bin()
    user: int | None = None
    group: int | None = None
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable(
                "running as root and there is no 'postgres' user to start PostgreSQL as"
            ) from None
        user, group = account.pw_uid, account.pw_gid
    # As root the server runs as postgres, which must reach its folder: /tmp, whatever TMPDIR is.
    home = Path(tempfile.mkdtemp(prefix="carthago-pg-", dir="/tmp" if user is not None else None))
    if user is not None and group is not None:
        os.chown(home, user, group)
    data = home / "data"
    port = free_port()

    def run(*command: str) -> None:
        result = subprocess.run(
            command,
            cwd=home,
            user=user,
            group=group,
            extra_groups=[] if user is not None else None,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if result.returncode != 0:
            log = home / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise PostgresUnavailable(
                f"{Path(command[0]).name} failed: {result.stderr.strip()[-2000:]} {tail}"
            )

    server: PostgresServer | None = None
    try:
        run(
            str(folder / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        )
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={home} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 "
            "-c shared_buffers=32MB"
        )
        run(
            str(folder / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(home / "server.log"),
            "-o",
            options,
            "-w",
            "start",
        )
        server = PostgresServer(f"{DRIVER}://postgres@127.0.0.1:{port}/postgres")
        yield server
    finally:
        if server is not None:
            server.admin.dispose()
        if (data / "postmaster.pid").exists():
            # Whatever the tests left behind, the server goes with them.
            subprocess.run(
                [str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                cwd=home,
                user=user,
                group=group,
                extra_groups=[] if user is not None else None,
                capture_output=True,
                timeout=60,
                check=False,
            )
        shutil.rmtree(home, ignore_errors=True)
