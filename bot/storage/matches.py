"""Matches with their seats, the append-only action log and results."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from .outbox import write_outbox
from .records import (
    LIVE,
    LogEntry,
    LogKind,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    PlaceTaken,
    Reminder,
    ResultRecord,
    SeatRecord,
    StaleState,
)
from .sql import Database, Duplicate, Executor
from .steps import MATCH_UPDATE_COLUMNS, StepWrite, to_json

MATCH_COLUMNS = (
    "game", "params", "seed", "guild_id", "channel_id", "place_id", "host_id", "settings", "status", "state",
    "state_id", "lobby_message_id", "table_message_id", "created_at", "updated_at",
)
_JSON_COLUMNS = {"params", "settings", "state"}
# Written out rather than bound, so that the partial index on live matches serves the lookup (a planner cannot
# tell that bound values fall within the index's condition, and would read the whole table).
LIVE_SQL = f"({', '.join(repr(status.value) for status in LIVE)})"


class MatchRecords:
    db: Database

    async def create_match(self, match: MatchRecord, *, outbox: Sequence[OutboxItem] = ()) -> MatchRecord:
        now = time.time()
        match.created_at = match.created_at or now
        match.updated_at = now
        try:
            async with self.db.transaction() as q:
                await insert_match(q, match)
                await write_outbox(q, match.id, match.state_id, outbox, now)
        except Duplicate:
            match.id = 0
            raise PlaceTaken(match.place_id) from None
        return match

    async def get_match(self, match_id: int) -> MatchRecord | None:
        rows = await self._select_matches("id = ?", (match_id,))
        return rows[0] if rows else None

    async def live_match_at(self, place_id: int) -> MatchRecord | None:
        rows = await self._select_matches(f"place_id = ? AND status IN {LIVE_SQL}", (place_id,))
        return rows[0] if rows else None

    async def last_match_at(self, place_id: int) -> MatchRecord | None:
        rows = await self._select_matches("id = (SELECT MAX(id) FROM matches WHERE place_id = ?)", (place_id,))
        return rows[0] if rows else None

    async def matches(self, *, guild_id: int | None = None, user_id: int | None = None,
                      statuses: Sequence[MatchStatus] = LIVE) -> list[MatchRecord]:
        where = [f"status IN ({', '.join('?' * len(statuses))})"]
        params: list[Any] = list(statuses)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("id IN (SELECT match_id FROM seats WHERE user_id = ? AND NOT resigned)")
            params.append(user_id)
        return await self._select_matches(" AND ".join(where), tuple(params))

    async def count_matches(self, statuses: Sequence[MatchStatus] = LIVE) -> int:
        sql = f"SELECT COUNT(*) AS n FROM matches WHERE status IN ({', '.join('?' * len(statuses))})"
        if set(statuses) <= set(LIVE):  # counted on the partial index of live matches
            sql += f" AND status IN {LIVE_SQL}"
        return int((await self.db.fetch(sql, *statuses))[0]["n"])

    async def save_match(self, match: MatchRecord, *, entry: LogEntry | None = None,
                         reminders: Sequence[Reminder] | None = None,
                         result: ResultRecord | None = None, outbox: Sequence[OutboxItem] = ()) -> MatchRecord:
        assert match.id is not None, "save_match needs a match that create_match stored"
        expected = match.state_id
        now = time.time()
        values = {**dict(zip(MATCH_COLUMNS, _match_values(match), strict=True)),
                  "state_id": expected + 1, "updated_at": now}
        del values["created_at"]
        step = StepWrite(
            match_id=match.id, expected=expected, match=tuple(values[c] for c in MATCH_UPDATE_COLUMNS), now=now,
            seats=[(s.seat, s.user_id, s.ai, s.awaited_since, s.resigned, s.name, s.told) for s in match.seats],
            entry=None if entry is None else (
                entry.kind, entry.seat, entry.notation, entry.undoable, entry.by_ai, to_json(entry.events),
                entry.at, to_json(entry.label) if entry.label is not None else None),
            reminders=None if reminders is None else [(r.seat, r.kind, r.level, r.due_at) for r in reminders],
            result=None if result is None else (
                result.game, result.status, to_json(result.outcome) if result.outcome is not None else None,
                to_json(result.seats), result.finished_at),
            outbox=[(item.kind, to_json(item.payload)) for item in outbox])
        try:
            ids = await self.db.save_step(step)
        except Duplicate:
            raise PlaceTaken(match.place_id) from None
        if ids is None:
            raise StaleState(match.id)
        if entry is not None:
            entry.match_id, entry.state_id, entry.id = match.id, expected + 1, ids.entry_id
        for item, item_id in zip(outbox, ids.outbox_ids, strict=True):
            item.match_id, item.state_id, item.created_at, item.id = match.id, expected + 1, now, item_id
        match.state_id = expected + 1
        match.updated_at = now
        return match

    async def log(self, match_id: int, last: int | None = None) -> list[LogEntry]:
        query = "SELECT * FROM actions WHERE match_id = ? ORDER BY id DESC" + (" LIMIT ?" if last else "")
        rows = list(reversed(await self.db.fetch(query, *((match_id, last) if last else (match_id,)))))
        return [
            LogEntry(id=r["id"], match_id=r["match_id"], state_id=r["state_id"], kind=LogKind(r["kind"]), seat=r["seat"],
                     notation=r["notation"], undoable=bool(r["undoable"]), by_ai=bool(r["by_ai"]),
                     events=json.loads(r["events"]), at=r["at"], label=json.loads(r["label"]) if r["label"] else None)
            for r in rows
        ]

    async def result(self, match_id: int) -> ResultRecord | None:
        rows = await self.db.fetch("SELECT * FROM results WHERE match_id = ?", match_id)
        if not rows:
            return None
        row = rows[0]
        return ResultRecord(match_id=row["match_id"], game=row["game"], status=MatchStatus(row["status"]),
                            outcome=json.loads(row["outcome"]) if row["outcome"] else None,
                            seats=json.loads(row["seats"]), finished_at=row["finished_at"])

    async def _select_matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRecord]:
        rows, seats = await self.db.fetch_together(
            (f"SELECT * FROM matches WHERE {where} ORDER BY id", params),
            (f"SELECT * FROM seats WHERE match_id IN (SELECT id FROM matches WHERE {where}) ORDER BY match_id, seat",
             params))
        found = {}
        for row in rows:
            data = {k: row[k] for k in MATCH_COLUMNS}
            for key in _JSON_COLUMNS:
                data[key] = json.loads(data[key]) if data[key] is not None else None
            data["status"] = MatchStatus(data["status"])
            found[row["id"]] = MatchRecord(id=row["id"], **data)
        for s in seats:
            found[s["match_id"]].seats.append(
                SeatRecord(seat=s["seat"], user_id=s["user_id"], ai=s["ai"], awaited_since=s["awaited_since"],
                           resigned=bool(s["resigned"]), name=s["name"], told=s["told"]))
        return list(found.values())


async def insert_match(q: Executor, match: MatchRecord) -> None:
    """Insert a new match and its seats in the caller's transaction; sets `match.id`."""
    values = _match_values(match)
    row = await q.fetchrow(f"INSERT INTO matches ({', '.join(MATCH_COLUMNS)}) VALUES ({', '.join('?' * len(values))})"
                           " RETURNING id", *values)
    assert row is not None
    match.id = row["id"]
    await write_seats(q, match)


async def write_seats(q: Executor, match: MatchRecord) -> None:
    await q.executemany(
        "INSERT INTO seats (match_id, seat, user_id, ai, awaited_since, resigned, name, told)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(match.id, s.seat, s.user_id, s.ai, s.awaited_since, s.resigned, s.name, s.told) for s in match.seats])


def _match_values(match: MatchRecord) -> tuple[Any, ...]:
    values = []
    for column in MATCH_COLUMNS:
        value = getattr(match, column)
        if column in _JSON_COLUMNS:
            value = to_json(value) if value is not None else None
        values.append(value)
    return tuple(values)
