"""SQLite backend (aiosqlite, WAL). Versioned migrations in `migrations/NNNN_name.sql` run at open.

One connection serves the whole bot; a lock keeps each operation (and each transaction) whole, since
coroutines sharing a connection would otherwise interleave their statements.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

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

MIGRATIONS = Path(__file__).with_name("migrations")
_MATCH_COLUMNS = (
    "game", "params", "seed", "guild_id", "channel_id", "place_id", "host_id", "settings", "status", "state",
    "state_id", "lobby_message_id", "table_message_id", "created_at", "updated_at",
)
_JSON_COLUMNS = {"params", "settings", "state"}


def migrations() -> list[tuple[int, Path]]:
    found = []
    for path in MIGRATIONS.glob("*.sql"):
        match = re.match(r"(\d+)_", path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


class SqliteStorage:
    def __init__(self, path: str | Path):
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # ---- lifecycle ---------------------------------------------------------------------------
    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=NORMAL")  # with WAL: a crashed process loses nothing committed
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def _migrate(self) -> None:
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at REAL)"
        )
        async with self.db.execute("SELECT version FROM schema_migrations") as cursor:
            done = {row[0] for row in await cursor.fetchall()}
        for version, path in migrations():
            if version in done:
                continue
            script = path.read_text(encoding="utf-8")
            await self.db.executescript(
                f"BEGIN;\n{script}\nINSERT INTO schema_migrations VALUES ({version}, '{path.name}', {time.time()});\nCOMMIT;"
            )

    @asynccontextmanager
    async def _transaction(self, place_id: int | None = None) -> AsyncIterator[None]:
        """One write transaction under the connection lock; a second live match at a place is `PlaceTaken`."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
                await self.db.execute("COMMIT")
            except sqlite3.IntegrityError as error:
                await self.db.execute("ROLLBACK")
                if place_id is None:
                    raise
                raise PlaceTaken(place_id) from error
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    async def schema_version(self) -> int:
        async with self.db.execute("SELECT MAX(version) FROM schema_migrations") as cursor:
            row = await cursor.fetchone()
        return (row[0] if row is not None else 0) or 0

    # ---- matches -----------------------------------------------------------------------------
    async def create_match(self, match: MatchRecord, *, outbox: Sequence[OutboxItem] = ()) -> MatchRecord:
        now = time.time()
        match.created_at = match.created_at or now
        match.updated_at = now
        values = _match_values(match)
        async with self._transaction(match.place_id):
            cursor = await self.db.execute(
                f"INSERT INTO matches ({', '.join(_MATCH_COLUMNS)}) VALUES ({', '.join('?' * len(values))})",
                values,
            )
            match.id = cursor.lastrowid or 0
            await self._write_seats(match)
            await self._write_outbox(match.id, match.state_id, outbox, now)
        return match

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self._lock:
            rows = await self._select_matches("id = ?", (match_id,))
        return rows[0] if rows else None

    async def live_match_at(self, place_id: int) -> MatchRecord | None:
        async with self._lock:
            rows = await self._select_matches(
                f"place_id = ? AND status IN ({', '.join('?' * len(LIVE))})", (place_id, *LIVE)
            )
        return rows[0] if rows else None

    async def matches(self, *, guild_id: int | None = None, user_id: int | None = None,
                      statuses: Sequence[str] = LIVE) -> list[MatchRecord]:
        where = [f"status IN ({', '.join('?' * len(statuses))})"]
        params: list[Any] = list(statuses)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("id IN (SELECT match_id FROM seats WHERE user_id = ? AND resigned = 0)")
            params.append(user_id)
        async with self._lock:
            return await self._select_matches(" AND ".join(where), tuple(params))

    async def save_match(self, match: MatchRecord, *, entry: LogEntry | None = None,
                         reminders: Sequence[Reminder] | None = None,
                         result: ResultRecord | None = None, outbox: Sequence[OutboxItem] = ()) -> MatchRecord:
        expected = match.state_id
        now = time.time()
        async with self._transaction(match.place_id):
            values = {**dict(zip(_MATCH_COLUMNS, _match_values(match), strict=True)),
                      "state_id": expected + 1, "updated_at": now}
            del values["created_at"]
            cursor = await self.db.execute(
                f"UPDATE matches SET {', '.join(f'{k} = ?' for k in values)} WHERE id = ? AND state_id = ?",
                (*values.values(), match.id, expected),
            )
            if cursor.rowcount != 1:
                raise StaleState(match.id)
            await self.db.execute("DELETE FROM seats WHERE match_id = ?", (match.id,))
            await self._write_seats(match)
            if entry is not None:
                entry.match_id, entry.state_id = match.id, expected + 1
                cursor = await self.db.execute(
                    "INSERT INTO actions (match_id, state_id, kind, seat, notation, undoable, by_ai, events, at, label)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (entry.match_id, entry.state_id, entry.kind, entry.seat, entry.notation, int(entry.undoable),
                     int(entry.by_ai), json.dumps(entry.events), entry.at,
                     json.dumps(entry.label) if entry.label is not None else None),
                )
                entry.id = cursor.lastrowid
            if reminders is not None:
                await self.db.execute("DELETE FROM reminders WHERE match_id = ?", (match.id,))
                await self.db.executemany(
                    "INSERT INTO reminders (match_id, seat, kind, level, due_at) VALUES (?, ?, ?, ?, ?)",
                    [(match.id, r.seat, r.kind, r.level, r.due_at) for r in reminders],
                )
            if result is not None:
                await self.db.execute(
                    "INSERT OR REPLACE INTO results (match_id, game, status, outcome, seats, finished_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (result.match_id, result.game, result.status,
                     json.dumps(result.outcome) if result.outcome is not None else None,
                     json.dumps(result.seats), result.finished_at),
                )
            await self._write_outbox(match.id, expected + 1, outbox, now)
        match.state_id = expected + 1
        match.updated_at = now
        return match

    async def _select_matches(self, where: str, params: tuple) -> list[MatchRecord]:
        async with self.db.execute(f"SELECT * FROM matches WHERE {where} ORDER BY id", params) as cursor:
            rows = await cursor.fetchall()
        found = []
        for row in rows:
            data = {k: row[k] for k in _MATCH_COLUMNS}
            for key in _JSON_COLUMNS:
                data[key] = json.loads(data[key]) if data[key] is not None else None
            record = MatchRecord(id=row["id"], **data)
            async with self.db.execute(
                "SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (record.id,)
            ) as cursor:
                record.seats = [
                    SeatRecord(seat=s["seat"], user_id=s["user_id"], ai=s["ai"], awaited_since=s["awaited_since"],
                               resigned=bool(s["resigned"]), name=s["name"])
                    for s in await cursor.fetchall()
                ]
            found.append(record)
        return found

    async def _write_seats(self, match: MatchRecord) -> None:
        await self.db.executemany(
            "INSERT INTO seats (match_id, seat, user_id, ai, awaited_since, resigned, name) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(match.id, s.seat, s.user_id, s.ai, s.awaited_since, int(s.resigned), s.name) for s in match.seats],
        )

    async def _write_outbox(self, match_id: int, state_id: int, items: Sequence[OutboxItem], now: float) -> None:
        for item in items:
            item.match_id, item.state_id, item.created_at = match_id, state_id, now
            cursor = await self.db.execute(
                "INSERT INTO outbox (match_id, state_id, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, state_id, item.kind, json.dumps(item.payload), now),
            )
            item.id = cursor.lastrowid

    # ---- the outbox ----------------------------------------------------------------------------
    async def enqueue(self, items: Sequence[OutboxItem]) -> None:
        async with self._transaction():
            for item in items:
                await self._write_outbox(item.match_id, item.state_id, [item], time.time())

    async def pending(self, match_id: int | None = None) -> list[OutboxItem]:
        where, params = ("delivered_at IS NULL AND match_id = ?", (match_id,)) if match_id is not None else (
            "delivered_at IS NULL", ())
        async with self._lock, self.db.execute(f"SELECT * FROM outbox WHERE {where} ORDER BY id", params) as cursor:
            rows = await cursor.fetchall()
        return [OutboxItem(id=r["id"], match_id=r["match_id"], state_id=r["state_id"], kind=r["kind"],
                           payload=json.loads(r["payload"]), created_at=r["created_at"]) for r in rows]

    async def delivered(self, ids: Sequence[int], *, match_id: int, table_message_id: int | None = None,
                        lobby_message_id: int | None = None) -> None:
        now = time.time()
        async with self._transaction():
            await self.db.executemany("UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL",
                                      [(now, i) for i in ids])
            for column, value in (("table_message_id", table_message_id), ("lobby_message_id", lobby_message_id)):
                if value is not None:  # which message shows the match is not part of its state: no state_id bump
                    await self.db.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", (value, match_id))

    # ---- log, reminders, results ---------------------------------------------------------------
    async def log(self, match_id: int, last: int | None = None) -> list[LogEntry]:
        query = "SELECT * FROM actions WHERE match_id = ? ORDER BY id DESC" + (" LIMIT ?" if last else "")
        async with self._lock, self.db.execute(query, (match_id, last) if last else (match_id,)) as cursor:
            rows = list(reversed(list(await cursor.fetchall())))
        return [
            LogEntry(id=r["id"], match_id=r["match_id"], state_id=r["state_id"], kind=r["kind"], seat=r["seat"],
                     notation=r["notation"], undoable=bool(r["undoable"]), by_ai=bool(r["by_ai"]),
                     events=json.loads(r["events"]), at=r["at"], label=json.loads(r["label"]) if r["label"] else None)
            for r in rows
        ]

    async def reminders(self, match_id: int) -> list[Reminder]:
        return await self._reminders("match_id = ?", (match_id,))

    async def due_reminders(self, now: float) -> list[Reminder]:
        return await self._reminders("due_at <= ?", (now,))

    async def _reminders(self, where: str, params: tuple) -> list[Reminder]:
        async with self._lock, self.db.execute(
            f"SELECT * FROM reminders WHERE {where} ORDER BY due_at, id", params
        ) as cursor:
            rows = await cursor.fetchall()
        return [Reminder(id=r["id"], match_id=r["match_id"], seat=r["seat"], kind=r["kind"], level=r["level"],
                         due_at=r["due_at"]) for r in rows]

    async def delete_reminder(self, reminder_id: int) -> None:
        async with self._lock:
            await self.db.execute("DELETE FROM reminders WHERE id = ?", (reminder_id,))

    async def result(self, match_id: int) -> ResultRecord | None:
        async with self._lock, self.db.execute("SELECT * FROM results WHERE match_id = ?", (match_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return None
        return ResultRecord(match_id=row["match_id"], game=row["game"], status=row["status"],
                            outcome=json.loads(row["outcome"]) if row["outcome"] else None,
                            seats=json.loads(row["seats"]), finished_at=row["finished_at"])

    # ---- players -------------------------------------------------------------------------------
    async def prefs(self, user_id: int) -> UserPrefs:
        async with self._lock, self.db.execute("SELECT * FROM user_prefs WHERE user_id = ?", (user_id,)) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return UserPrefs(user_id=user_id)
        return UserPrefs(user_id=user_id, dms_enabled=bool(row["dms_enabled"]), dm_closed=bool(row["dm_closed"]),
                         snooze_until=row["snooze_until"], locale=row["locale"], turn_alert=row["turn_alert"])

    async def save_prefs(self, prefs: UserPrefs) -> None:
        async with self._lock:
            await self.db.execute(
                "INSERT OR REPLACE INTO user_prefs (user_id, dms_enabled, dm_closed, snooze_until, locale, turn_alert)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (prefs.user_id, int(prefs.dms_enabled), int(prefs.dm_closed), prefs.snooze_until, prefs.locale,
                 prefs.turn_alert),
            )

    async def post_mail(self, mail: Mail) -> None:
        async with self._lock:
            await self.db.execute(
                "INSERT INTO mailbox (user_id, match_id, payload, created_at) VALUES (?, ?, ?, ?)",
                (mail.user_id, mail.match_id, json.dumps(mail.payload), mail.created_at),
            )

    async def take_mail(self, user_id: int) -> list[Mail]:
        async with self._transaction():
            async with self.db.execute("SELECT * FROM mailbox WHERE user_id = ? ORDER BY id", (user_id,)) as cursor:
                rows = await cursor.fetchall()
            await self.db.execute("DELETE FROM mailbox WHERE user_id = ?", (user_id,))
        return [Mail(id=r["id"], user_id=r["user_id"], match_id=r["match_id"], payload=json.loads(r["payload"]),
                     created_at=r["created_at"]) for r in rows]


def _match_values(match: MatchRecord) -> tuple:
    values = []
    for column in _MATCH_COLUMNS:
        value = getattr(match, column)
        if column in _JSON_COLUMNS:
            value = json.dumps(value) if value is not None else None
        values.append(value)
    return tuple(values)
