"""The turn clock's reminders and expiries (written with the match by `save_match`)."""

from __future__ import annotations

from typing import Any

from .records import Reminder, ReminderKind
from .sql import Database


class Reminders:
    db: Database

    async def reminders(self, match_id: int) -> list[Reminder]:
        return await self._reminders("match_id = ?", match_id)

    async def due_reminders(self, now: float) -> list[Reminder]:
        return await self._reminders("due_at <= ?", now)

    async def delete_reminder(self, reminder_id: int) -> None:
        async with self.db.statement() as q:  # one statement, atomic by itself
            await q.execute("DELETE FROM reminders WHERE id = ?", reminder_id)

    async def _reminders(self, where: str, *params: Any) -> list[Reminder]:
        rows = await self.db.fetch(f"SELECT * FROM reminders WHERE {where} ORDER BY due_at, id", *params)
        return [Reminder(id=r["id"], match_id=r["match_id"], seat=r["seat"], kind=ReminderKind(r["kind"]), level=r["level"],
                         due_at=r["due_at"]) for r in rows]
