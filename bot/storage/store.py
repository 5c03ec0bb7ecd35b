"""A `Storage` made of the stores of each concern over one `Database`."""

from __future__ import annotations

from pathlib import Path

from .claims import LEASE_SECONDS, Claims, process_name
from .matches import MatchRecords
from .outbox import Outbox
from .players import Players
from .records import DatabaseUnavailable
from .reminders import Reminders
from .sql import Database, migrations


class SqlStorage(MatchRecords, Outbox, Reminders, Players, Claims):
    def __init__(self, db: Database, migrations_folder: Path, *, lease_seconds: float = LEASE_SECONDS,
                 owner: str | None = None):
        self.db = db
        self.migrations_folder = migrations_folder
        self.owner = owner or process_name()  # who holds this process's claims
        self.lease_seconds = lease_seconds

    async def open(self) -> None:
        """Connect and migrate; a database that cannot be opened raises DatabaseUnavailable, saying why."""
        try:
            await self.db.open()
            await self.db.migrate(migrations(self.migrations_folder))
        except BaseException as error:
            await self.db.close()
            problem = self.db.unavailable(error) if isinstance(error, Exception) else None
            if problem is None:
                raise
            raise DatabaseUnavailable(problem) from None

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        async with self.db.statement() as q:
            row = await q.fetchrow("SELECT MAX(version) AS version FROM schema_migrations")
        return (row["version"] if row else None) or 0
