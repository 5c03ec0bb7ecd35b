"""Storage for results of games played face to face (`bot/tabletop`): a match row with no state and its
record in `table_results` (migration `0016_table_results.sql` and its PostgreSQL twin). A record waits for its
confirmation; confirming it writes the match's results row in the same transaction, and from then on the
result is read with every other one (`finished_matches`). A concern of its own over the match storage's
database, like the leagues'.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Protocol

from .matches import insert_match, write_seats
from .records import MatchRecord, SeatRecord
from .sql import Database
from .store import SqlStorage


@dataclass
class TableRecord:
    """A result as recorded (or as its latest correction says), and whether it is confirmed."""

    match_id: int
    recorded_by: int
    players: list[dict[str, Any]]      # in the order given: {user_id, score, tiebreak, name}
    outcome: dict[str, Any]            # as an online match's outcome
    recorded_at: float
    confirmed_by: int | None = None    # None while it waits for its confirmation
    confirmed_at: float | None = None
    message_id: int | None = None

    @property
    def waiting(self) -> bool:
        return self.confirmed_by is None

    def user_ids(self) -> list[int]:
        return [p["user_id"] for p in self.players]


class TableResultStorage(Protocol):
    async def record_table(self, match: MatchRecord, record: TableRecord) -> TableRecord:
        """A new match (no state, status 'recorded') with its record waiting for confirmation, in one
        transaction; sets both ids."""

    async def correct_table(self, record: TableRecord) -> bool:
        """Put a correction in the place of whatever waits for `record.match_id`'s confirmation (the confirmed
        result still counts until the correction is confirmed); False if the match has no record."""

    async def table_result(self, match_id: int) -> TableRecord | None: ...

    async def confirm_table(self, match_id: int, by: int, at: float) -> TableRecord | None:
        """Confirm what waits: in one transaction the record, the match's seats, its status ('over') and its
        results row (a correction rewrites it, keeping whether it is voided). None if nothing waits (already
        confirmed, by this click or another)."""

    async def set_table_message(self, match_id: int, message_id: int) -> None: ...


class SqlTableResults:
    """Results of games played face to face over the match storage's database (SQLite or PostgreSQL)."""

    def __init__(self, storage: SqlStorage):
        self.storage = storage

    @property
    def db(self) -> Database:
        return self.storage.db

    async def record_table(self, match: MatchRecord, record: TableRecord) -> TableRecord:
        now = time.time()
        match.created_at = match.updated_at = now
        async with self.db.transaction() as q:
            await insert_match(q, match)
            record.match_id = match.id
            await q.execute("INSERT INTO table_results (match_id, recorded_by, players, outcome, recorded_at)"
                            " VALUES (?, ?, ?, ?, ?)", match.id, record.recorded_by, json.dumps(record.players),
                            json.dumps(record.outcome), record.recorded_at)
        return record

    async def correct_table(self, record: TableRecord) -> bool:
        async with self.db.transaction() as q:
            changed = await q.execute(
                "UPDATE table_results SET recorded_by = ?, players = ?, outcome = ?, confirmed_by = NULL,"
                " confirmed_at = NULL, message_id = NULL WHERE match_id = ?", record.recorded_by,
                json.dumps(record.players), json.dumps(record.outcome), record.match_id)
        return changed == 1

    async def table_result(self, match_id: int) -> TableRecord | None:
        rows = await self.db.fetch("SELECT * FROM table_results WHERE match_id = ?", match_id)
        return _record(rows[0]) if rows else None

    async def confirm_table(self, match_id: int, by: int, at: float) -> TableRecord | None:
        async with self.db.transaction() as q:
            if await q.execute("UPDATE table_results SET confirmed_by = ?, confirmed_at = ?"
                               " WHERE match_id = ? AND confirmed_by IS NULL", by, at, match_id) != 1:
                return None
            row = await q.fetchrow("SELECT t.*, m.game FROM table_results t JOIN matches m ON m.id = t.match_id"
                                   " WHERE t.match_id = ?", match_id)
            assert row is not None
            record = _record(row)
            seated = MatchRecord(game=row["game"], seed=0, channel_id=0, place_id=0, host_id=0, id=match_id,
                                 seats=[SeatRecord(seat=i, user_id=p["user_id"], name=p["name"] or None)
                                        for i, p in enumerate(record.players)])
            await q.execute("DELETE FROM seats WHERE match_id = ?", match_id)
            await write_seats(q, seated)
            await q.execute("UPDATE matches SET status = 'over', host_id = ?, updated_at = ? WHERE id = ?",
                            record.recorded_by, at, match_id)
            seats = [{"seat": i, "user_id": p["user_id"], "ai": None, "resigned": False}
                     for i, p in enumerate(record.players)]
            await q.execute(
                "INSERT INTO results (match_id, game, status, outcome, seats, finished_at) VALUES (?, ?, 'over', ?, ?, ?)"
                " ON CONFLICT (match_id) DO UPDATE SET outcome = excluded.outcome, seats = excluded.seats",
                match_id, row["game"], json.dumps(record.outcome), json.dumps(seats), record.recorded_at)
        return record

    async def set_table_message(self, match_id: int, message_id: int) -> None:
        async with self.db.statement() as q:
            await q.execute("UPDATE table_results SET message_id = ? WHERE match_id = ?", message_id, match_id)


def _record(row: Any) -> TableRecord:
    return TableRecord(match_id=row["match_id"], recorded_by=row["recorded_by"], players=json.loads(row["players"]),
                       outcome=json.loads(row["outcome"]), recorded_at=row["recorded_at"],
                       confirmed_by=row["confirmed_by"], confirmed_at=row["confirmed_at"],
                       message_id=row["message_id"])
