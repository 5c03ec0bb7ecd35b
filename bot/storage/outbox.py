"""The transactional outbox: items saved with a change, delivered afterwards."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from .records import OutboxItem
from .sql import Database, Executor
from .steps import to_json


class Outbox:
    db: Database

    async def enqueue(self, items: Sequence[OutboxItem]) -> None:
        async with self.db.transaction() as q:
            for item in items:
                await write_outbox(q, item.match_id, item.state_id, [item], time.time())

    async def pending(self, match_id: int | None = None) -> list[OutboxItem]:
        where, params = ("delivered_at IS NULL AND match_id = ?", (match_id,)) if match_id is not None else (
            "delivered_at IS NULL", ())
        rows = await self.db.fetch(f"SELECT * FROM outbox WHERE {where} ORDER BY id", *params)
        return [OutboxItem(id=r["id"], match_id=r["match_id"], state_id=r["state_id"], kind=r["kind"],
                           payload=json.loads(r["payload"]), created_at=r["created_at"]) for r in rows]

    async def backlog(self) -> int:
        return (await self.db.fetch("SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL"))[0]["n"]

    async def delivered(self, ids: Sequence[int], *, match_id: int, table_message_id: int | None = None,
                        lobby_message_id: int | None = None) -> None:
        # Which message shows the match is not part of its state: no state_id bump.
        shown = [(column, value) for column, value in (("table_message_id", table_message_id),
                                                       ("lobby_message_id", lobby_message_id)) if value is not None]
        # Marking alone is one statement, atomic by itself: no transaction (on SQLite, two trips fewer).
        async with self.db.transaction() if shown else self.db.statement() as q:
            if ids:
                await q.execute(f"UPDATE outbox SET delivered_at = ? WHERE id IN ({', '.join('?' * len(ids))})"
                                " AND delivered_at IS NULL", time.time(), *ids)
            for column, value in shown:
                await q.execute(f"UPDATE matches SET {column} = ? WHERE id = ?", value, match_id)


async def write_outbox(q: Executor, match_id: int, state_id: int, items: Sequence[OutboxItem], now: float) -> None:
    for item in items:
        item.match_id, item.state_id, item.created_at = match_id, state_id, now
        row = await q.fetchrow(
            "INSERT INTO outbox (match_id, state_id, kind, payload, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
            match_id, state_id, item.kind, to_json(item.payload), now)
        assert row is not None
        item.id = row["id"]
