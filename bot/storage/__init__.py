"""Persistence: the storage port (split by concern), its records, and the SQLite and PostgreSQL backends."""

from __future__ import annotations

import re
from pathlib import Path

from .claims import LEASE_SECONDS, Lease, LeaseLost, current_lease, lease, reminder_lease
from .port import Lifecycle, MatchStore, OutboxStore, PlayerStore, ReminderStore, Storage, WorkClaims
from .records import (
    FINISHED,
    LIVE,
    DatabaseUnavailable,
    LogEntry,
    LogKind,
    Mail,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    OutboxKind,
    PlaceTaken,
    Reminder,
    ReminderKind,
    ResultRecord,
    SchemaTooNew,
    SeatRecord,
    StaleState,
    UserPrefs,
)
from .sqlite import SqliteStorage
from .store import SqlStorage

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEMES = ("sqlite:///", "sqlite://")
DATABASE_URLS = "postgresql://user:password@host:port/database, or sqlite:///path/to/file.db"


def make_storage(database: str | Path, *, lease_seconds: float = LEASE_SECONDS,
                 owner: str | None = None) -> SqlStorage:
    """The backend a DATABASE_URL names: `postgresql://…` is PostgreSQL; anything else (`sqlite:///path`, or a
    plain path) an SQLite file. `owner` names this process when it claims background work (by default a
    name of its own)."""
    target = str(database)
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", target) and not target.startswith(POSTGRES_SCHEMES + SQLITE_SCHEMES):
        raise DatabaseUnavailable(f"{target.partition('://')[0]}:// is not a database the bot can use: give "
                                  f"{DATABASE_URLS}.")
    if target.startswith(POSTGRES_SCHEMES):
        from .postgresql import PostgresStorage

        return PostgresStorage(target, lease_seconds=lease_seconds, owner=owner)
    return SqliteStorage(target.removeprefix(SQLITE_SCHEMES[0]).removeprefix(SQLITE_SCHEMES[1]) or ":memory:",
                         lease_seconds=lease_seconds, owner=owner)


__all__ = [
    "DATABASE_URLS", "DatabaseUnavailable", "FINISHED", "LEASE_SECONDS", "LIVE", "Lease", "LeaseLost", "Lifecycle",
    "LogEntry", "LogKind", "Mail", "MatchRecord", "MatchStatus", "MatchStore", "OutboxItem", "OutboxKind",
    "OutboxStore", "PlaceTaken", "PlayerStore", "Reminder", "ReminderKind", "ReminderStore", "ResultRecord", "SchemaTooNew", "SeatRecord", "SqlStorage",
    "SqliteStorage", "StaleState", "Storage", "UserPrefs", "WorkClaims", "current_lease",
    "lease", "make_storage", "reminder_lease",
]
