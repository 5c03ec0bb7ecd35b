"""Each player's preferences and the private notices waiting for them."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from .outbox import write_outbox
from .records import Mail, OutboxItem, Reminder, UserPrefs
from .sql import Database, Executor


class Players:
    db: Database

    async def prefs(self, user_id: int) -> UserPrefs:
        rows = await self.db.fetch("SELECT * FROM user_prefs WHERE user_id = ?", user_id)
        if not rows:
            return UserPrefs(user_id=user_id)
        return _prefs(rows[0])

    # Each write here is one statement, atomic by itself: no transaction around it (on SQLite that saves two
    # trips to its thread).
    async def away(self, user_ids: Sequence[int], now: float) -> dict[int, UserPrefs]:
        marks = ", ".join("?" * len(user_ids))
        rows = await self.db.fetch(f"SELECT * FROM user_prefs WHERE away_until > ? AND user_id IN ({marks})",
                                   now, *user_ids)
        return {row["user_id"]: _prefs(row) for row in rows}

    async def save_prefs(self, prefs: UserPrefs) -> None:
        async with self.db.statement() as q:
            await _write_prefs(q, prefs)

    async def save_break(self, prefs: UserPrefs, moved: Sequence[Reminder], outbox: Sequence[OutboxItem]) -> None:
        """A player's break saved with what it changes, at once: the reminders of their awaited seats moved to
        their new times, and the lines that tell their tables."""
        async with self.db.transaction() as q:
            await _write_prefs(q, prefs)
            for reminder in moved:
                await q.execute("UPDATE reminders SET due_at = ? WHERE id = ?", reminder.due_at, reminder.id)
            for item in outbox:
                await write_outbox(q, item.match_id, item.state_id, [item], time.time())

    async def post_mail(self, mail: Mail) -> None:
        async with self.db.statement() as q:
            await q.execute("INSERT INTO mailbox (user_id, match_id, payload, created_at) VALUES (?, ?, ?, ?)",
                            mail.user_id, mail.match_id, json.dumps(mail.payload), mail.created_at)

    async def take_mail(self, user_id: int, match_id: int | None = None) -> list[Mail]:
        where, params = ("user_id = ?", [user_id]) if match_id is None else \
            ("user_id = ? AND match_id = ?", [user_id, match_id])
        # Asked at every interaction, and nearly always empty: a read (which waits for no write) first.
        if not await self.db.fetch(f"SELECT 1 FROM mailbox WHERE {where} LIMIT 1", *params):
            return []
        # One statement: two processes asking at once cannot both hand over the same notice.
        async with self.db.statement() as q:
            rows = await q.fetch(f"DELETE FROM mailbox WHERE {where} RETURNING *", *params)
        return [Mail(id=r["id"], user_id=r["user_id"], match_id=r["match_id"], payload=json.loads(r["payload"]),
                     created_at=r["created_at"]) for r in sorted(rows, key=lambda r: r["id"])]


async def _write_prefs(q: Executor, prefs: UserPrefs) -> None:
    await q.execute(
        "INSERT INTO user_prefs (user_id, dms_enabled, dm_closed, snooze_until, locale, turn_alert, away_since,"
        " away_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
        " dms_enabled = excluded.dms_enabled, dm_closed = excluded.dm_closed, snooze_until = excluded.snooze_until,"
        " locale = excluded.locale, turn_alert = excluded.turn_alert, away_since = excluded.away_since,"
        " away_until = excluded.away_until",
        prefs.user_id, prefs.dms_enabled, prefs.dm_closed, prefs.snooze_until, prefs.locale, prefs.turn_alert,
        prefs.away_since, prefs.away_until)


def _prefs(row: Any) -> UserPrefs:
    return UserPrefs(user_id=row["user_id"], dms_enabled=bool(row["dms_enabled"]), dm_closed=bool(row["dm_closed"]),
                     snooze_until=row["snooze_until"], locale=row["locale"], turn_alert=row["turn_alert"],
                     away_since=row["away_since"], away_until=row["away_until"])
