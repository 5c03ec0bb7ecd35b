"""Background work that several bot processes share, each piece done by exactly one of them.

A claim is a lease: it lapses `lease_seconds` after it was taken, so when a process dies its work goes to
another. Due reminders are claimed in a batch (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two processes
polling at once take different rows without waiting for each other); other work is claimed by name
(`outbox:<match>`, `league-round:<id>`, …). On SQLite, which serves one process, the same calls cost
nothing for named work.
"""

from __future__ import annotations

import os
import secrets
import socket
import time

from .records import Reminder
from .sql import Database

LEASE_SECONDS = 60.0


def process_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Claims:
    db: Database
    owner: str
    lease_seconds: float

    async def claim_due_reminders(self, now: float, limit: int = 100) -> list[Reminder]:
        """Reminders due by `now` that no live claim holds, now held by this process; delete each once done
        (an unfinished one is claimed again when the lease lapses)."""
        wall = time.time()
        async with self.db.transaction() as q:
            rows = await q.fetch(
                "UPDATE reminders SET claimed_by = ?, claimed_until = ? WHERE id IN ("
                " SELECT id FROM reminders WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)"
                f" ORDER BY due_at, id LIMIT ?{self.db.skip_locked}) RETURNING *",
                self.owner, wall + self.lease_seconds, now, wall, limit)
        reminders = [Reminder(id=r["id"], match_id=r["match_id"], seat=r["seat"], kind=r["kind"], level=r["level"],
                              due_at=r["due_at"]) for r in rows]
        return sorted(reminders, key=lambda r: (r.due_at, r.id or 0))

    async def claim(self, name: str) -> bool:
        """Take the work called `name` unless another live process holds it (this one may take it again)."""
        if not self.db.shared:
            return True  # one process, whose own locks keep its work apart: nothing to write
        wall = time.time()
        async with self.db.read() as q:  # one statement, atomic by itself
            row = await q.fetchrow(
                "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                " SET owner = excluded.owner, until = excluded.until"
                " WHERE leases.until < ? OR leases.owner = excluded.owner RETURNING owner",
                name, self.owner, wall + self.lease_seconds, wall)
        return row is not None

    async def release(self, name: str) -> None:
        if not self.db.shared:
            return
        async with self.db.read() as q:
            await q.execute("DELETE FROM leases WHERE name = ? AND owner = ?", name, self.owner)
