"""A step's save in one trip to the database: the guarded update of the match, its seats, the log entry,
its reminders, the result at the end and the outbox items, all in one transaction.

SQLite runs the statements one after the other in a single call on its connection's thread (one hop
from the event loop instead of one per statement); PostgreSQL runs them as one statement (data-modifying
CTEs), so a save is one round trip. Either way the outbox is written in the same transaction as the step.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

import orjson

MATCH_UPDATE_COLUMNS = (
    "game", "params", "seed", "guild_id", "channel_id", "place_id", "host_id", "settings", "status", "state",
    "state_id", "lobby_message_id", "table_message_id", "updated_at",
)


def to_json(value: Any) -> str:
    """The JSON text a step stores. orjson writes a match's state four to six times faster than the json module
    (every step serializes the whole state, some 5-8 KB); integer keys become strings as with the json module,
    and what orjson refuses (an integer past 64 bits) goes to the json module."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


@dataclass
class StepWrite:
    match_id: int
    expected: int                                  # the state_id the save is guarded by
    match: tuple[Any, ...]                         # MATCH_UPDATE_COLUMNS' values (state_id = expected + 1)
    seats: list[tuple[Any, ...]]                   # (seat, user_id, ai, awaited_since, resigned, name, told)
    now: float
    entry: tuple[Any, ...] | None = None           # (kind, seat, notation, undoable, by_ai, events, at, label)
    reminders: list[tuple[Any, ...]] | None = None  # (seat, kind, level, due_at); None: leave them as they are
    result: tuple[Any, ...] | None = None          # (game, status, outcome, seats, finished_at)
    outbox: list[tuple[str, str]] = field(default_factory=list)  # (kind, payload)


@dataclass
class StepIds:
    entry_id: int | None
    outbox_ids: list[int]


_UPDATE = (f"UPDATE matches SET {', '.join(f'{c} = ?' for c in MATCH_UPDATE_COLUMNS)}"
           " WHERE id = ? AND state_id = ?")
_RESULT_UPSERT = (" ON CONFLICT (match_id) DO UPDATE SET game = excluded.game, status = excluded.status,"
                  " outcome = excluded.outcome, seats = excluded.seats, finished_at = excluded.finished_at")


def write_sqlite(connection: sqlite3.Connection, step: StepWrite) -> StepIds | None:
    """On the connection's own thread; None when the match moved on (state_id no longer `expected`)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if connection.execute(_UPDATE, (*step.match, step.match_id, step.expected)).rowcount != 1:
            connection.execute("ROLLBACK")
            return None
        state_id = step.expected + 1
        connection.execute("DELETE FROM seats WHERE match_id = ?", (step.match_id,))
        connection.executemany(
            "INSERT INTO seats (match_id, seat, user_id, ai, awaited_since, resigned, name, told)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(step.match_id, *s) for s in step.seats])
        entry_id = None
        if step.entry is not None:
            entry_id = connection.execute(
                "INSERT INTO actions (match_id, state_id, kind, seat, notation, undoable, by_ai, events, at, label)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (step.match_id, state_id, *step.entry)).lastrowid
        if step.reminders is not None:
            connection.execute("DELETE FROM reminders WHERE match_id = ?", (step.match_id,))
            connection.executemany("INSERT INTO reminders (match_id, seat, kind, level, due_at) VALUES (?, ?, ?, ?, ?)",
                                   [(step.match_id, *r) for r in step.reminders])
        if step.result is not None:
            connection.execute("INSERT INTO results (match_id, game, status, outcome, seats, finished_at)"
                               " VALUES (?, ?, ?, ?, ?, ?)" + _RESULT_UPSERT, (step.match_id, *step.result))
        outbox_ids: list[int] = []
        for kind, payload in step.outbox:
            cursor = connection.execute(
                "INSERT INTO outbox (match_id, state_id, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (step.match_id, state_id, kind, payload, step.now))
            outbox_ids.append(cursor.lastrowid or 0)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return StepIds(entry_id, outbox_ids)


def _numbered(count: int, start: int) -> list[str]:
    return [f"${n}" for n in range(start, start + count)]


def _postgres_save() -> str:
    columns = len(MATCH_UPDATE_COLUMNS)
    sets = ", ".join(f"{c} = {p}" for c, p in zip(MATCH_UPDATE_COLUMNS, _numbered(columns, 1), strict=True))
    n = columns  # $1..$n: the match's columns, then:
    match_id, expected, now = f"${n + 1}", f"${n + 2}", f"${n + 3}"
    seats = ", ".join(f"{p}::{t}[]" for p, t in zip(
        _numbered(7, n + 4), ("int", "bigint", "text", "float8", "bool", "text", "bigint"), strict=True))
    entry = [f"{p}::{t}" for p, t in zip(
        _numbered(9, n + 11), ("bool", "text", "int", "text", "bool", "bool", "text", "float8", "text"), strict=True)]
    reminders = [f"{p}::{t}" for p, t in zip(
        _numbered(5, n + 20), ("bool", "int[]", "text[]", "int[]", "float8[]"), strict=True)]
    result = [f"{p}::{t}" for p, t in zip(
        _numbered(6, n + 25), ("bool", "text", "text", "text", "text", "float8"), strict=True)]
    outbox = [f"{p}::text[]" for p in _numbered(2, n + 31)]
    return f"""
WITH m AS (
    UPDATE matches SET {sets} WHERE id = {match_id} AND state_id = {expected} RETURNING id, state_id
), seated AS (
    INSERT INTO seats (match_id, seat, user_id, ai, awaited_since, resigned, name, told)
    SELECT m.id, s.* FROM m, unnest({seats}) AS s
    ON CONFLICT (match_id, seat) DO UPDATE SET user_id = excluded.user_id, ai = excluded.ai,
        awaited_since = excluded.awaited_since, resigned = excluded.resigned, name = excluded.name,
        told = excluded.told
    WHERE (seats.user_id, seats.ai, seats.awaited_since, seats.resigned, seats.name, seats.told)
        IS DISTINCT FROM (excluded.user_id, excluded.ai, excluded.awaited_since, excluded.resigned, excluded.name,
                          excluded.told)
), unseated AS (
    DELETE FROM seats WHERE match_id IN (SELECT id FROM m) AND NOT seat = ANY(${n + 4}::int[])
), logged AS (
    INSERT INTO actions (match_id, state_id, kind, seat, notation, undoable, by_ai, events, at, label)
    SELECT m.id, m.state_id, {', '.join(entry[1:])} FROM m WHERE {entry[0]} RETURNING id
), forgotten AS (
    DELETE FROM reminders WHERE {reminders[0]} AND match_id IN (SELECT id FROM m)
), reminded AS (
    INSERT INTO reminders (match_id, seat, kind, level, due_at)
    SELECT m.id, r.* FROM m, unnest({', '.join(reminders[1:])}) AS r WHERE {reminders[0]}
), resulted AS (
    INSERT INTO results (match_id, game, status, outcome, seats, finished_at)
    SELECT m.id, {', '.join(result[1:])} FROM m WHERE {result[0]}{_RESULT_UPSERT}
), posted AS (
    INSERT INTO outbox (match_id, state_id, kind, payload, created_at)
    SELECT m.id, m.state_id, o.kind, o.payload, {now}
    FROM m, unnest({', '.join(outbox)}) WITH ORDINALITY AS o(kind, payload, n) ORDER BY o.n RETURNING id
)
SELECT (SELECT count(*) FROM m) AS saved, (SELECT id FROM logged) AS entry_id,
       ARRAY(SELECT id FROM posted ORDER BY id) AS outbox_ids"""


POSTGRES_SAVE = _postgres_save()


def postgres_arguments(step: StepWrite) -> list[Any]:
    """POSTGRES_SAVE's arguments, in order."""
    seats = [list(column) for column in zip(*step.seats, strict=True)] if step.seats else [[]] * 7
    seats[4] = [bool(r) for r in seats[4]]
    entry = step.entry or (None,) * 8
    reminders = [list(column) for column in zip(*step.reminders, strict=True)] \
        if step.reminders else [[], [], [], []]
    result = step.result or (None,) * 5
    kinds, payloads = ([list(c) for c in zip(*step.outbox, strict=True)] if step.outbox else [[], []])
    return [*step.match, step.match_id, step.expected, step.now, *seats,
            step.entry is not None, entry[0], entry[1], entry[2], bool(entry[3]), bool(entry[4]), *entry[5:],
            step.reminders is not None, *reminders, step.result is not None, *result, kinds, payloads]
