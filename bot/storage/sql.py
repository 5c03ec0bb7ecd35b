"""The seam between the stores and a database driver, and the migrations both backends run at start-up.

The stores (`matches.py`, `outbox.py`, `reminders.py`, `players.py`) write their SQL once, with `?`
placeholders and SQL that SQLite and PostgreSQL both accept (RETURNING, ON CONFLICT, partial indexes);
a `Database` runs it on its driver.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

from .records import SchemaTooNew
from .steps import StepIds, StepWrite

MIGRATIONS = Path(__file__).with_name("migrations")

Row = Mapping[str, Any]


class Duplicate(Exception):
    """A write broke a unique constraint (e.g. a second live match at one place)."""


class Executor(Protocol):
    async def execute(self, sql: str, *args: Any) -> int:
        """Run one statement; returns the number of rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None: ...


Statement = tuple[str, Sequence[Any]]
"""One SQL statement and its arguments."""


class Database(Protocol):
    """One backend's connection(s). `fetch()` runs a read-only query and `fetch_together()` several on one
    consistent view, each in one trip; `statement()` runs single statements that may write (each atomic on
    its own); `transaction()` gives an all-or-nothing write (raising Duplicate on a unique violation)."""

    skip_locked: str
    """What a claiming subquery ends with: PostgreSQL skips rows another transaction is claiming."""
    shared: bool
    """Whether several bot processes may use the database at once (PostgreSQL) or only one (SQLite)."""

    async def open(self) -> None: ...

    def unavailable(self, error: Exception) -> str | None:
        """Why the database could not be opened, in one sentence, when `error` says so; None otherwise."""

    async def close(self) -> None: ...

    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetch_together(self, *statements: Statement) -> list[list[Row]]: ...

    def statement(self) -> AbstractAsyncContextManager[Executor]: ...

    def transaction(self) -> AbstractAsyncContextManager[Executor]: ...

    async def save_step(self, step: StepWrite) -> StepIds | None:
        """A step's save in one trip (see steps.py); None when the match's state_id moved on."""

    async def migrate(self, known: list[tuple[int, Path]]) -> None:
        """Apply the migrations not yet applied, each in its own transaction (see `to_apply`)."""


def migrations(folder: Path = MIGRATIONS) -> list[tuple[int, Path]]:
    """The versioned scripts `NNNN_name.sql` in a folder, in order."""
    found = []
    for path in folder.glob("*.sql"):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def to_apply(applied: set[int], known: list[tuple[int, Path]]) -> list[tuple[int, Path]]:
    """The migrations still to run; refuses a database that an upgrade already moved past this code."""
    newest = max((v for v, _ in known), default=0)
    if applied and max(applied) > newest:
        raise SchemaTooNew(
            f"The database's schema is at version {max(applied)}, newer than this version of Caravanserai knows "
            f"({newest}): run the release that upgraded it, or restore a backup taken before the upgrade.")
    return [(v, path) for v, path in known if v not in applied]
