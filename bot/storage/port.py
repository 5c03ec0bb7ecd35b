"""The storage port, split by concern: small Protocols composed into `Storage`.

Services call `storage.<method>`; each backend (SQLite, PostgreSQL) implements every part and passes the
same tests (`tests/bot/test_storage.py` runs them on each backend through one fixture).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from .records import (
    LIVE,
    LogEntry,
    Mail,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    Reminder,
    ResultRecord,
    UserPrefs,
)


class Lifecycle(Protocol):
    async def open(self) -> None:
        """Connect and run pending migrations; raises SchemaTooNew if the database is newer than this code."""

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...


class MatchStore(Protocol):
    """Matches with their seats, the append-only action log and results."""

    async def create_match(self, match: MatchRecord, *, outbox: Sequence[OutboxItem] = ()) -> MatchRecord:
        """Insert a new match with its seats and outbox items; raises PlaceTaken if its place already has a
        live match."""

    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    async def live_match_at(self, place_id: int) -> MatchRecord | None: ...

    async def last_match_at(self, place_id: int) -> MatchRecord | None:
        """The latest match played at a channel or thread, whatever its status."""

    async def matches(self, *, guild_id: int | None = None, user_id: int | None = None,
                      statuses: Sequence[MatchStatus] = LIVE) -> list[MatchRecord]: ...

    async def count_matches(self, statuses: Sequence[MatchStatus] = LIVE) -> int:
        """How many matches have one of these statuses."""

    async def save_match(self, match: MatchRecord, *, entry: LogEntry | None = None,
                         reminders: Sequence[Reminder] | None = None,
                         result: ResultRecord | None = None, outbox: Sequence[OutboxItem] = ()) -> MatchRecord:
        """One transaction guarded by `match.state_id` (the value it was loaded with): writes the match,
        its seats, an optional log entry, replaces its reminders when given, stores a result when given,
        records the outbox items, and returns the match with state_id + 1. Raises StaleState if the stored
        state_id differs."""

    async def log(self, match_id: int, last: int | None = None) -> list[LogEntry]:
        """The match's action log, oldest first (only its `last` entries when given)."""

    async def result(self, match_id: int) -> ResultRecord | None: ...


class OutboxStore(Protocol):
    """What players must see after a change, recorded with it and delivered afterwards."""

    async def enqueue(self, items: Sequence[OutboxItem]) -> None:
        """Record outbox items that no change of state goes with (e.g. a notice about closed DMs)."""

    async def pending(self, match_id: int | None = None, *, due_by: float | None = None) -> list[OutboxItem]:
        """Undelivered outbox items (of one match, or of all), oldest first, the dead ones left out; with
        `due_by`, also those still waiting out their retry delay then."""

    async def backlog(self) -> int:
        """How many outbox items are undelivered (the dead ones left out)."""

    async def dead_letters(self) -> int:
        """How many outbox items were set aside as dead."""

    async def failed(self, ids: Sequence[int], reason: str, now: float, *, for_good: bool = False) -> list[int]:
        """Count a failed delivery of each item (retried later, or set aside as dead); returns the dead ids."""

    async def delivered(self, ids: Sequence[int], *, match_id: int, table_message_id: int | None = None,
                        lobby_message_id: int | None = None, told: Mapping[int, int] | None = None) -> None:
        """Mark items delivered and, in the same transaction, remember which messages now show the match and,
        by seat, the direct message that told a seat of its turn (`SeatRecord.told`)."""


class ReminderStore(Protocol):
    """The turn clock: reminders and expiries, due at a time (written by `save_match`)."""

    async def reminders(self, match_id: int) -> list[Reminder]: ...

    async def due_reminders(self, now: float) -> list[Reminder]: ...

    async def delete_reminder(self, reminder_id: int) -> None: ...


class PlayerStore(Protocol):
    """Each player's preferences and the private notices waiting for them."""

    async def prefs(self, user_id: int) -> UserPrefs: ...

    async def save_prefs(self, prefs: UserPrefs) -> None: ...

    async def away(self, user_ids: Sequence[int], now: float) -> dict[int, UserPrefs]:
        """The preferences of those of `user_ids` on a break at `now`."""

    async def save_break(self, prefs: UserPrefs, moved: Sequence[Reminder], outbox: Sequence[OutboxItem]) -> None:
        """Save a player's break with the reminders it moves (to their `due_at`) and the lines telling their
        tables, all at once."""

    async def post_mail(self, mail: Mail) -> None: ...

    async def take_mail(self, user_id: int, match_id: int | None = None) -> list[Mail]:
        """Return and remove every pending private notice for this user (of one match, if given)."""


class WorkClaims(Protocol):
    """Background work shared by several processes on one database, each piece done by one of them: a claim
    is a lease that lapses when its process dies, so another process picks the work up."""

    async def claim_due_reminders(self, now: float, limit: int = 100) -> list[Reminder]:
        """Reminders due by `now` and not held by another live process, now held by this one; delete each
        once it has fired (one left undeleted is claimed again when its lease lapses)."""

    async def claim(self, name: str) -> bool:
        """Take the work called `name` (e.g. `outbox:<match id>`, `league-round:<id>`) unless another live
        process holds it."""

    async def renew(self, name: str) -> bool:
        """Extend this process's claim on `name` by a lease; False when another process holds it now."""

    async def renew_reminder(self, reminder_id: int) -> bool:
        """Extend this process's claim on a reminder by a lease; False when it is another's now, or gone."""

    async def unclaim_reminder(self, reminder_id: int) -> None:
        """Give up this process's claim on a reminder not acted on, so that a later poll claims it again."""

    async def release(self, name: str) -> None: ...

    lease_seconds: float
    """How long a claim lasts unless renewed."""


class Storage(Lifecycle, MatchStore, OutboxStore, ReminderStore, PlayerStore, WorkClaims, Protocol):
    """Everything the bot keeps."""
