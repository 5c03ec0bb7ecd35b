"""Persistence: the storage port, its records and the SQLite backend."""

from .port import Storage
from .records import (
    LIVE,
    LogEntry,
    Mail,
    MatchRecord,
    OutboxItem,
    PlaceTaken,
    Reminder,
    ResultRecord,
    SeatRecord,
    StaleState,
    UserPrefs,
)
from .sqlite import SqliteStorage

__all__ = [
    "LIVE", "LogEntry", "Mail", "MatchRecord", "OutboxItem", "PlaceTaken", "Reminder", "ResultRecord", "SeatRecord",
    "SqliteStorage", "StaleState", "Storage", "UserPrefs",
]
