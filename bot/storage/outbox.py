"""The transactional outbox: items saved with a change, delivered afterwards.

An item whose delivery fails is tried again after a wait that doubles with each failure (RETRY_FIRST_SECONDS,
then twice that, up to RETRY_MAX_SECONDS); after MAX_ATTEMPTS failures, or at once when the failure cannot
pass (its channel is gone or closed to the bot), it is set aside as dead with the reason: never delivered,
never tried again, counted by `dead_letters`."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from .records import OutboxItem, OutboxKind
from .sql import Database, Executor
from .steps import to_json

MAX_ATTEMPTS = 8
RETRY_FIRST_SECONDS = 30.0
RETRY_MAX_SECONDS = 3600.0
LIVE_ITEM = "delivered_at IS NULL AND dead_at IS NULL"


def retry_delay(attempts: int) -> float:
    """How long after its `attempts`-th failure an item is tried again."""
    return min(RETRY_FIRST_SECONDS * 2.0 ** (attempts - 1), RETRY_MAX_SECONDS)


class Outbox:
    db: Database

    async def enqueue(self, items: Sequence[OutboxItem]) -> None:
        async with self.db.transaction() as q:
            for item in items:
                await write_outbox(q, item.match_id, item.state_id, [item], time.time())

    async def pending(self, match_id: int | None = None, *, due_by: float | None = None) -> list[OutboxItem]:
        where, params = LIVE_ITEM, list[Any]()
        if match_id is not None:
            where += " AND match_id = ?"
            params.append(match_id)
        if due_by is not None:  # leave the items waiting out their retry delay
            where += " AND (next_try_at IS NULL OR next_try_at <= ?)"
            params.append(due_by)
        rows = await self.db.fetch(f"SELECT * FROM outbox WHERE {where} ORDER BY id", *params)
        return [OutboxItem(id=r["id"], match_id=r["match_id"], state_id=r["state_id"], kind=OutboxKind(r["kind"]),
                           payload=json.loads(r["payload"]), created_at=r["created_at"], attempts=r["attempts"])
                for r in rows]

    async def backlog(self) -> int:
        return await self._count(LIVE_ITEM)

    async def dead_letters(self) -> int:
        return await self._count("dead_at IS NOT NULL")

    async def _count(self, where: str) -> int:
        """Items of the matches' outbox and of the leagues' announcements."""
        rows = await self.db.fetch(f"SELECT (SELECT COUNT(*) FROM outbox WHERE {where})"
                                   f" + (SELECT COUNT(*) FROM league_outbox WHERE {where}) AS n")
        return int(rows[0]["n"])

    async def failed(self, ids: Sequence[int], reason: str, now: float, *, for_good: bool = False) -> list[int]:
        async with self.db.transaction() as q:
            return [i for i in ids if await count_failure(q, "outbox", i, reason, now, for_good=for_good)]

    async def delivered(self, ids: Sequence[int], *, match_id: int, table_message_id: int | None = None,
                        lobby_message_id: int | None = None, told: Mapping[int, int] | None = None) -> None:
        # Which message shows the match is not part of its state: no state_id bump.
        shown = [(column, value) for column, value in (("table_message_id", table_message_id),
                                                       ("lobby_message_id", lobby_message_id)) if value is not None]
        # Marking alone is one statement, atomic by itself: no transaction (on SQLite, two trips fewer).
        async with self.db.transaction() if shown or told else self.db.statement() as q:
            if ids:
                await q.execute(f"UPDATE outbox SET delivered_at = ? WHERE id IN ({', '.join('?' * len(ids))})"
                                " AND delivered_at IS NULL", time.time(), *ids)
            for column, value in shown:
                await q.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", value, match_id)
            for seat, message_id in (told or {}).items():  # still told of that turn: it has not stepped since
                await q.execute("UPDATE seats SET told = ? WHERE match_id = ? AND seat = ? AND told IS NOT NULL",
                                message_id, match_id, seat)


async def count_failure(q: Executor, table: str, item_id: int, reason: str, now: float, *, for_good: bool) -> bool:
    """Count a failed try of an item of `table` (an outbox): it waits its retry delay or, after MAX_ATTEMPTS
    tries or when the failure is `for_good`, it is set aside as dead. True when it is set aside now."""
    row = await q.fetchrow(f"SELECT attempts FROM {table} WHERE id = ? AND {LIVE_ITEM}", item_id)
    if row is None:
        return False
    attempts = row["attempts"] + 1
    if for_good or attempts >= MAX_ATTEMPTS:
        await q.execute(f"UPDATE {table} SET attempts = ?, dead_at = ?, failure = ? WHERE id = ?",
                        attempts, now, reason, item_id)
        return True
    await q.execute(f"UPDATE {table} SET attempts = ?, next_try_at = ?, failure = ? WHERE id = ?",
                    attempts, now + retry_delay(attempts), reason, item_id)
    return False


async def write_outbox(q: Executor, match_id: int, state_id: int, items: Sequence[OutboxItem], now: float) -> None:
    for item in items:
        item.match_id, item.state_id, item.created_at = match_id, state_id, now
        row = await q.fetchrow(
            "INSERT INTO outbox (match_id, state_id, kind, payload, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
            match_id, state_id, item.kind, to_json(item.payload), now)
        assert row is not None
        item.id = row["id"]
