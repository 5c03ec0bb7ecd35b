"""Background work that several bot processes share, each piece done by exactly one of them.

A claim is a lease: it lapses `lease_seconds` after it was taken, so when a process dies its work goes to
another. Due reminders are claimed in a batch (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so two processes
polling at once take different rows without waiting for each other); other work is claimed by name
(`outbox:<match>`, `league-round:<id>`, …). On SQLite, which serves one process, the same calls cost
nothing for named work.

Work that may outlast its lease runs inside `lease(storage, name)` / `reminder_lease(storage, reminder)`: a
heartbeat renews the claim every third of the lease while the work runs, and the work checks `Lease.check()`
before anything it must not do twice (posting): once another process has taken the claim over, it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING

from .records import Reminder, ReminderKind
from .sql import Database

if TYPE_CHECKING:
    from .port import Storage

LEASE_SECONDS = 60.0
log = logging.getLogger(__name__)


class LeaseLost(Exception):
    """Another process took this work over (its lease lapsed): stop before posting anything."""


class Lease:
    """A claim kept alive while its work runs: renewed every third of `seconds`; lost once a renewal
    finds another owner, or when no renewal came through before the lease ran out (a stalled loop)."""

    def __init__(self, name: str, renew: Callable[[], Awaitable[bool]], seconds: float,
                 outer: Lease | None = None):
        self.name = name
        self.renew = renew
        self.seconds = seconds
        self.until = time.time() + seconds
        self.lost = False
        self.outer = outer  # the claim this work runs inside of, if any: both must hold

    def check(self) -> None:
        if self.lost or time.time() >= self.until:
            raise LeaseLost(self.name)
        if self.outer is not None:
            self.outer.check()

    async def beat(self) -> None:
        while not self.lost:
            await asyncio.sleep(self.seconds / 3)
            began = time.time()
            try:
                held = await self.renew()
            except Exception as error:  # noqa: BLE001 — the database may come back before the lease runs out
                log.warning("could not renew the claim on %s (%s)", self.name, type(error).__name__)
                continue
            if held:
                self.until = began + self.seconds
            else:
                self.lost = True


current_lease: ContextVar[Lease | None] = ContextVar("current_lease", default=None)
"""The lease of the work this task is doing (checked before each post, see services/courier.py)."""


@contextlib.asynccontextmanager
async def _kept(lease: Lease) -> AsyncIterator[Lease]:
    token = current_lease.set(lease)
    heartbeat = asyncio.create_task(lease.beat(), name=f"lease {lease.name}")
    try:
        yield lease
    finally:
        heartbeat.cancel()
        current_lease.reset(token)
        with contextlib.suppress(asyncio.CancelledError):
            await heartbeat


@contextlib.asynccontextmanager
async def lease(storage: Storage, name: str) -> AsyncIterator[Lease | None]:
    """Claim the work called `name` and keep the claim while the body runs; None when another live process
    holds it. Released at the end."""
    if not await storage.claim(name):
        yield None
        return
    try:
        async with _kept(Lease(name, lambda: storage.renew(name), storage.lease_seconds,
                               current_lease.get())) as held:
            yield held
    finally:
        await storage.release(name)


@contextlib.asynccontextmanager
async def reminder_lease(storage: Storage, reminder: Reminder) -> AsyncIterator[Lease]:
    """Keep the claim on a reminder this process claimed (claim_due_reminders) while it is acted on."""
    assert reminder.id is not None
    reminder_id = reminder.id
    async with _kept(Lease(f"reminder:{reminder_id}", lambda: storage.renew_reminder(reminder_id),
                           storage.lease_seconds, current_lease.get())) as held:
        yield held


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
        reminders = [Reminder(id=r["id"], match_id=r["match_id"], seat=r["seat"], kind=ReminderKind(r["kind"]), level=r["level"],
                              due_at=r["due_at"]) for r in rows]
        return sorted(reminders, key=lambda r: (r.due_at, r.id or 0))

    async def claim(self, name: str) -> bool:
        """Take the work called `name` unless another live process holds it (this one may take it again)."""
        if not self.db.shared:
            return True  # one process, whose own locks keep its work apart: nothing to write
        wall = time.time()
        async with self.db.statement() as q:  # one statement, atomic by itself
            row = await q.fetchrow(
                "INSERT INTO leases (name, owner, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE"
                " SET owner = excluded.owner, until = excluded.until"
                " WHERE leases.until < ? OR leases.owner = excluded.owner RETURNING owner",
                name, self.owner, wall + self.lease_seconds, wall)
        return row is not None

    async def renew(self, name: str) -> bool:
        """Extend this process's claim on `name`; False when it is no longer this process's."""
        if not self.db.shared:
            return True
        async with self.db.statement() as q:
            changed = await q.execute("UPDATE leases SET until = ? WHERE name = ? AND owner = ?",
                                      time.time() + self.lease_seconds, name, self.owner)
        return changed == 1

    async def renew_reminder(self, reminder_id: int) -> bool:
        """Extend this process's claim on a reminder; False once another process claimed it (or it is gone)."""
        async with self.db.statement() as q:
            changed = await q.execute("UPDATE reminders SET claimed_until = ? WHERE id = ? AND claimed_by = ?",
                                      time.time() + self.lease_seconds, reminder_id, self.owner)
        return changed == 1

    async def unclaim_reminder(self, reminder_id: int) -> None:
        async with self.db.statement() as q:
            await q.execute("UPDATE reminders SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?",
                            reminder_id, self.owner)

    async def release(self, name: str) -> None:
        if not self.db.shared:
            return
        async with self.db.statement() as q:
            await q.execute("DELETE FROM leases WHERE name = ? AND owner = ?", name, self.owner)
