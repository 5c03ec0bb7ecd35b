"""PostgreSQL backend (asyncpg), chosen by DATABASE_URL=postgresql://…; migrations in `migrations/postgresql/`.

A pool of connections serves the bot; several bot processes may share one database. The stores' SQL uses
`?` placeholders, turned into PostgreSQL's `$n` here.
"""

from __future__ import annotations

import functools
import os
import re
import socket
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import asyncpg  # type: ignore[import-untyped]

from .claims import LEASE_SECONDS
from .sql import MIGRATIONS, Duplicate, Row, Statement, to_apply
from .steps import POSTGRES_SAVE, StepIds, StepWrite, postgres_arguments
from .store import SqlStorage

POSTGRES_MIGRATIONS = MIGRATIONS / "postgresql"
_MIGRATION_LOCK = 0x6361_7261  # an advisory lock: two processes starting at once migrate one after the other


class PostgresStorage(SqlStorage):
    def __init__(self, url: str, *, pool_size: int = 10, lease_seconds: float = LEASE_SECONDS,
                 owner: str | None = None):
        self.url = url
        super().__init__(PostgresDatabase(url, pool_size), POSTGRES_MIGRATIONS, lease_seconds=lease_seconds,
                         owner=owner)


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` placeholders as `$1, $2, …`."""
    counter = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class _Statements:
    def __init__(self, connection: asyncpg.Connection):
        self.connection = connection

    async def execute(self, sql: str, *args: Any) -> int:
        status = await self.connection.execute(numbered(sql), *args)
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self.connection.executemany(numbered(sql), rows)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.connection.fetch(numbered(sql), *args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        row: Row | None = await self.connection.fetchrow(numbered(sql), *args)
        return row


class PostgresDatabase:
    skip_locked = " FOR UPDATE SKIP LOCKED"
    shared = True
    def __init__(self, url: str, pool_size: int = 10):
        self.url = url
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    async def open(self) -> None:
        self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)

    def unavailable(self, error: Exception) -> str | None:
        url = urlsplit(self.url)
        host, user = url.hostname or "localhost", unquote(url.username or "") or "(your system user)"
        server = f"the PostgreSQL server at {host}:{url.port or 5432}"
        database = unquote(url.path.lstrip("/")) or user
        if isinstance(error, asyncpg.InvalidPasswordError):
            return f"{server} refused the password of user {user!r}: correct the user name or the password."
        if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
            return f"{server} has no role {user!r} that may connect: create that role, or correct the user name."
        if isinstance(error, asyncpg.InvalidCatalogNameError):
            return (f"{server} has no database {database!r}: create it (createdb {database}), or correct the "
                    "database name.")
        if isinstance(error, socket.gaierror):
            return f"the PostgreSQL server's host {host!r} is unknown ({error.strerror}): correct the host name."
        if isinstance(error, TimeoutError):
            return f"{server} did not answer in time: check that it runs and that no firewall is in the way."
        if isinstance(error, OSError):
            # The error's own text repeats the address; its number says what happened.
            reason = os.strerror(error.errno) if error.errno else "no connection"
            return f"cannot reach {server} ({reason}): start it, or correct the host and port."
        if isinstance(error, asyncpg.PostgresError):
            return f"{server} refused to serve database {database!r} to {user!r} ({error}): check the URL and the role's rights."
        return None

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.pool.fetch(numbered(sql), *args))

    async def fetch_together(self, *statements: Statement) -> list[list[Row]]:
        # One view for the few queries of a read (matches and their seats).
        async with self.pool.acquire() as connection, connection.transaction(isolation="repeatable_read",
                                                                                readonly=True):
            return [list(await connection.fetch(numbered(sql), *args)) for sql, args in statements]

    @asynccontextmanager
    async def statement(self) -> AsyncIterator[_Statements]:
        async with self.pool.acquire() as connection:
            yield _Statements(connection)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Statements]:
        try:
            async with self.pool.acquire() as connection, connection.transaction():
                yield _Statements(connection)
        except asyncpg.UniqueViolationError as error:
            raise Duplicate(str(error)) from error

    async def save_step(self, step: StepWrite) -> StepIds | None:
        try:
            async with self.pool.acquire() as connection:  # one statement: one round trip, one transaction
                row = await connection.fetchrow(POSTGRES_SAVE, *postgres_arguments(step))
        except asyncpg.UniqueViolationError as error:
            raise Duplicate(str(error)) from error
        return StepIds(row["entry_id"], list(row["outbox_ids"])) if row["saved"] else None

    async def migrate(self, known: list[tuple[int, Path]]) -> None:
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await connection.execute("CREATE TABLE IF NOT EXISTS schema_migrations"
                                     " (version INTEGER PRIMARY KEY, name TEXT, applied_at DOUBLE PRECISION)")
            applied = {row[0] for row in await connection.fetch("SELECT version FROM schema_migrations")}
            for version, path in to_apply(applied, known):
                await connection.execute(path.read_text(encoding="utf-8"))
                await connection.execute("INSERT INTO schema_migrations VALUES ($1, $2, $3)",
                                         version, path.name, time.time())
