"""SQLite backend (aiosqlite, WAL): the embedded default. Migrations in `migrations/NNNN_name.sql`.

One connection writes for the whole bot; a lock keeps each operation (and each transaction) whole, since
coroutines sharing a connection would otherwise interleave their statements. Reads go to a second,
read-only connection: with WAL a reader sees the last commit without waiting for the writer, and each
read is one trip to that connection's thread, so a click's reads never queue behind other matches' saves.
(An in-memory database has one connection only: it reads through the writer's lock.)
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import aiosqlite

from .claims import LEASE_SECONDS
from .sql import MIGRATIONS, Duplicate, Row, Statement, to_apply
from .steps import StepIds, StepWrite, write_sqlite
from .store import SqlStorage


class SqliteStorage(SqlStorage):
    db: SqliteDatabase

    def __init__(self, path: str | Path, *, lease_seconds: float = LEASE_SECONDS, owner: str | None = None):
        self.path = str(path)
        super().__init__(SqliteDatabase(self.path), MIGRATIONS, lease_seconds=lease_seconds, owner=owner)


class _Statements:
    def __init__(self, connection: aiosqlite.Connection):
        self.connection = connection

    # One trip to aiosqlite's thread per statement: each costs more than the statement itself.
    async def execute(self, sql: str, *args: Any) -> int:
        cursor = await self.connection.execute(sql, args)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.connection.executemany(sql, rows)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return cast(list[Row], list(await self.connection.execute_fetchall(sql, args)))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None


def _in_one_hop(connection: aiosqlite.Connection, work: Callable[..., Any], *args: Any) -> Awaitable[Any]:
    """`work(the sqlite3 connection, *args)` on aiosqlite's thread, the way each of its own calls goes there:
    several statements in one hop. (aiosqlite leaves this method without types.)"""
    execute: Callable[..., Awaitable[Any]] = connection._execute
    return execute(work, connection._conn, *args)


def _fetch_together(connection: sqlite3.Connection, statements: tuple[Statement, ...]) -> list[list[Row]]:
    """On the connection's own thread: several queries inside one read transaction, so they see one commit."""
    if len(statements) == 1:
        return [connection.execute(statements[0][0], statements[0][1]).fetchall()]
    connection.execute("BEGIN")
    try:
        return [connection.execute(sql, args).fetchall() for sql, args in statements]
    finally:
        connection.execute("COMMIT")  # it only read: nothing to undo


class SqliteDatabase:
    skip_locked = ""  # one writer at a time: nothing to skip
    shared = False    # one bot process
    def __init__(self, path: str):
        self.path = path
        self._connection: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # Plain sqlite3 first: a file it cannot open fails here, before aiosqlite starts a thread for it
            # (whose failed connect leaves the thread to report to a loop that may be gone).
            await asyncio.to_thread(lambda: sqlite3.connect(self.path).close())
        self._connection = await _connect(self.path)
        await self._connection.execute("PRAGMA journal_mode=WAL")
        # With WAL, a crashed process loses nothing committed.
        await self._connection.execute("PRAGMA synchronous=NORMAL")
        await self._connection.execute("PRAGMA foreign_keys=ON")
        if self.path != ":memory:":
            self._reader = await _connect(self.path)
            await self._reader.execute("PRAGMA query_only=ON")

    def unavailable(self, error: Exception) -> str | None:
        path = Path(self.path)
        blocking = next((p for p in path.parents if p.exists()), None)
        if path.is_dir():
            return f"{path} is a folder, not a database file: name a file in it, such as {path / 'caravanserai.db'}."
        if blocking is not None and not blocking.is_dir():
            return f"{blocking} is a file, so the database {path} cannot be made inside it: choose another path."
        if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError):
            return (f"{path} is not an SQLite database (SQLite says: {error}): name the bot's database file, or move "
                    "this file away to start with an empty database.")
        if isinstance(error, OSError | sqlite3.OperationalError):
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            return (f"the SQLite database {path} cannot be created or written ({reason}): choose a path in a folder "
                    "the bot's user may write to.")
        return None

    async def close(self) -> None:
        for connection in (self._reader, self._connection):
            if connection is not None:
                await connection.close()
        self._connection = self._reader = None

    @property
    def connection(self) -> aiosqlite.Connection:
        if self._connection is None:
            raise RuntimeError("storage is not open")
        return self._connection

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return (await self.fetch_together((sql, args)))[0]

    async def fetch_together(self, *statements: Statement) -> list[list[Row]]:
        if self._reader is not None:
            return cast(list[list[Row]], await _in_one_hop(self._reader, _fetch_together, statements))
        async with self._lock:
            return cast(list[list[Row]], await _in_one_hop(self.connection, _fetch_together, statements))

    @asynccontextmanager
    async def statement(self) -> AsyncIterator[_Statements]:
        async with self._lock:
            yield _Statements(self.connection)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Statements]:
        async with self._lock:
            await self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield _Statements(self.connection)
                await self.connection.execute("COMMIT")
            except BaseException as error:
                # Cancelled while COMMIT ran in aiosqlite's thread, the transaction may be over already.
                with contextlib.suppress(sqlite3.Error, ValueError):
                    if self.connection.in_transaction:
                        await self.connection.execute("ROLLBACK")
                if isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error):
                    raise Duplicate(str(error)) from error
                raise

    async def save_step(self, step: StepWrite) -> StepIds | None:
        async with self._lock:
            try:
                ids = cast(StepIds | None, await _in_one_hop(self.connection, write_sqlite, step))
            except sqlite3.IntegrityError as error:
                if "UNIQUE" in str(error):
                    raise Duplicate(str(error)) from error
                raise
            return ids

    async def migrate(self, known: list[tuple[int, Path]]) -> None:
        async with self._lock:
            await self.connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at REAL)")
            async with self.connection.execute("SELECT version FROM schema_migrations") as cursor:
                applied = {row[0] for row in await cursor.fetchall()}
            for version, path in to_apply(applied, known):
                # executescript commits whatever is open first, so the script carries its own transaction.
                script = path.read_text(encoding="utf-8")
                try:
                    await self.connection.executescript(
                        f"BEGIN;\n{script}\nINSERT INTO schema_migrations VALUES "
                        f"({version}, '{path.name}', {time.time()});\nCOMMIT;")
                except BaseException:
                    if self.connection.in_transaction:
                        await self.connection.execute("ROLLBACK")
                    raise


async def _connect(path: str) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None)
    connection.row_factory = sqlite3.Row
    await connection.execute("PRAGMA busy_timeout=5000")
    return connection
