"""Storage for leagues, their archived seasons, a server's defaults and the results log as leagues, ratings
and statistics read it. Its own concern of the storage port: `LeagueStorage` is the port, `SqlLeagueStorage`
its implementation on the match storage's database (SQLite or PostgreSQL) and transactions.
The tables come with the migrations (`0012_leagues.sql` and its PostgreSQL twin).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from .outbox import LIVE_ITEM, count_failure
from .sql import Database, Duplicate
from .store import SqlStorage


@dataclass
class LeagueRecord:
    guild_id: int
    name: str
    data: dict[str, Any]               # bot.leagues.League as JSON
    version: int = 0
    id: int | None = None


@dataclass(frozen=True)
class FinishedMatch:
    """A stored result with what its match row adds (server, params, names), for `bot.results.from_stored`."""

    match_id: int
    game: str
    guild_id: int
    status: str                        # over | abandoned
    params: dict[str, Any]
    settings: dict[str, Any]           # the match's MatchSettings as JSON
    seats: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    finished_at: float
    voided: bool
    names: dict[int, str]              # user id -> the name they sat down with


@dataclass(frozen=True)
class SatAt:
    """An online match as one player sat at it, for `bot.reliability`."""

    match_id: int
    left: bool                         # resigned, or forfeited on the clock
    settings: dict[str, Any]           # the match's MatchSettings as JSON
    turns: list[tuple[bool, float]]    # each turn's first step: (by the AI, seconds since the step before it)


class AnnouncementKind(StrEnum):
    """What a league tells its channel; stored as its value."""

    ROUND_OPENED = "round_opened"          # params: the round's number, the places of its tables
    FINAL_OPENED = "final_opened"          # the same, for the season's final
    TOURNAMENT_ROUND = "tournament_round"  # the same, for a round of the league's tournament
    ROUND_CLOSED = "round_closed"          # params: the round's number
    SEASON_ENDED = "season_ended"          # params: the season's archive
    TOURNAMENT_OVER = "tournament_over"    # params: the champion (None: nobody)


@dataclass(frozen=True)
class Announcement:
    """Something a league tells its channel, saved with the league's change and posted afterwards."""

    id: int
    league_id: int
    what: AnnouncementKind
    params: dict[str, Any]
    attempts: int = 0


class StaleLeague(Exception):
    """The league changed since it was loaded: nothing was written."""


class LeagueNameTaken(Exception):
    """The server already has a league of that name."""


class LeagueStorage(Protocol):
    async def create_league(self, league: LeagueRecord) -> LeagueRecord:
        """Insert; raises LeagueNameTaken if the server has a league of that name (any case)."""

    async def league(self, league_id: int) -> LeagueRecord | None: ...

    async def leagues(self, guild_id: int | None = None) -> list[LeagueRecord]:
        """The server's leagues (or every server's), oldest first."""

    async def save_league(self, league: LeagueRecord, *, archive: tuple[int, dict[str, Any]] | None = None,
                          announcement: tuple[AnnouncementKind, dict[str, Any]] | None = None) -> LeagueRecord:
        """Write the league guarded by the version it was loaded with (StaleLeague otherwise) and, in the same
        transaction, an archived season (season number, archive JSON) and an announcement (what, parameters)
        when given; returns it with version + 1."""

    async def pending_announcements(self, league_id: int | None = None, *, due_by: float | None = None
                                    ) -> list[Announcement]:
        """Announcements not yet posted nor set aside (of one league, or of all), oldest first; with `due_by`,
        also those still waiting out their retry delay then."""

    async def announced(self, announcement_id: int) -> None: ...

    async def announcement_failed(self, announcement_id: int, reason: str, now: float, *,
                                  for_good: bool = False) -> bool:
        """Count a failed post (retried later, or set aside as dead: True)."""

    async def seasons(self, league_id: int) -> list[tuple[int, dict[str, Any]]]:
        """Archived seasons, oldest first."""

    async def finished_matches(self, guild_id: int, *, match_ids: Sequence[int] | None = None,
                               newest: int | None = None) -> list[FinishedMatch]:
        """Every stored result of the server's matches (or of these matches, or the `newest` few), oldest first."""

    async def set_voided(self, match_id: int, voided: bool) -> bool:
        """Void or restore a result; False if the match has no result."""

    async def seats_played(self, guild_id: int, user_id: int, game: str | None = None) -> list[SatAt]:
        """Every online match of the server (of one game) the player sat at, started or finished, with the first
        step of each of their turns, for their reliability (`bot.reliability`)."""

    async def server_locale(self, guild_id: int) -> str | None: ...

    async def set_server_locale(self, guild_id: int, locale: str | None) -> None: ...


class SqlLeagueStorage:
    """The league concern over the match storage's database (SQLite or PostgreSQL), in its transactions."""

    def __init__(self, storage: SqlStorage):
        self.storage = storage

    @property
    def db(self) -> Database:
        return self.storage.db

    async def create_league(self, league: LeagueRecord) -> LeagueRecord:
        now = time.time()
        try:
            async with self.db.transaction() as q:
                row = await q.fetchrow(
                    "INSERT INTO leagues (guild_id, name, data, version, created_at, updated_at)"
                    " VALUES (?, ?, ?, 0, ?, ?) RETURNING id", league.guild_id, league.name, "{}", now, now)
                assert row is not None
                league.id = row["id"]
                league.data = {**league.data, "id": league.id}
                await q.execute("UPDATE leagues SET data = ? WHERE id = ?", json.dumps(league.data), league.id)
        except Duplicate:
            raise LeagueNameTaken(league.name) from None
        league.version = 0
        return league

    async def league(self, league_id: int) -> LeagueRecord | None:
        found = await self._select("id = ?", (league_id,))
        return found[0] if found else None

    async def leagues(self, guild_id: int | None = None) -> list[LeagueRecord]:
        return await self._select("guild_id = ?", (guild_id,)) if guild_id is not None else await self._select(
            "TRUE", ())

    async def _select(self, where: str, params: tuple[Any, ...]) -> list[LeagueRecord]:
        rows = await self.db.fetch(f"SELECT * FROM leagues WHERE {where} ORDER BY id", *params)
        return [LeagueRecord(id=r["id"], guild_id=r["guild_id"], name=r["name"], data=json.loads(r["data"]),
                             version=r["version"]) for r in rows]

    async def save_league(self, league: LeagueRecord, *, archive: tuple[int, dict[str, Any]] | None = None,
                          announcement: tuple[AnnouncementKind, dict[str, Any]] | None = None) -> LeagueRecord:
        async with self.db.transaction() as q:
            changed = await q.execute(
                "UPDATE leagues SET name = ?, data = ?, version = version + 1, updated_at = ?"
                " WHERE id = ? AND version = ?",
                league.name, json.dumps(league.data), time.time(), league.id, league.version)
            if changed != 1:
                raise StaleLeague(league.id)
            if archive is not None:
                await q.execute("INSERT INTO league_seasons (league_id, season, archive) VALUES (?, ?, ?)"
                                " ON CONFLICT (league_id, season) DO UPDATE SET archive = excluded.archive",
                                league.id, archive[0], json.dumps(archive[1]))
            if announcement is not None:
                await q.execute("INSERT INTO league_outbox (league_id, what, params, created_at) VALUES (?, ?, ?, ?)",
                                league.id, announcement[0], json.dumps(announcement[1]), time.time())
        league.version += 1
        return league

    async def pending_announcements(self, league_id: int | None = None, *, due_by: float | None = None
                                    ) -> list[Announcement]:
        where, params = LIVE_ITEM, list[Any]()
        if league_id is not None:
            where += " AND league_id = ?"
            params.append(league_id)
        if due_by is not None:
            where += " AND (next_try_at IS NULL OR next_try_at <= ?)"
            params.append(due_by)
        rows = await self.db.fetch(f"SELECT * FROM league_outbox WHERE {where} ORDER BY id", *params)
        return [Announcement(r["id"], r["league_id"], AnnouncementKind(r["what"]), json.loads(r["params"]), r["attempts"]) for r in rows]

    async def announced(self, announcement_id: int) -> None:
        async with self.db.statement() as q:
            await q.execute("UPDATE league_outbox SET delivered_at = ? WHERE id = ?", time.time(), announcement_id)

    async def announcement_failed(self, announcement_id: int, reason: str, now: float, *,
                                  for_good: bool = False) -> bool:
        async with self.db.transaction() as q:
            return await count_failure(q, "league_outbox", announcement_id, reason, now, for_good=for_good)

    async def seasons(self, league_id: int) -> list[tuple[int, dict[str, Any]]]:
        rows = await self.db.fetch("SELECT season, archive FROM league_seasons WHERE league_id = ? ORDER BY season",
                                   league_id)
        return [(r["season"], json.loads(r["archive"])) for r in rows]

    async def finished_matches(self, guild_id: int, *, match_ids: Sequence[int] | None = None,
                               newest: int | None = None) -> list[FinishedMatch]:
        where, params = "m.guild_id = ?", [guild_id]
        if match_ids is not None:
            if not match_ids:
                return []
            where += f" AND r.match_id IN ({', '.join('?' * len(match_ids))})"
            params += list(match_ids)
        found = (" FROM results r JOIN matches m ON m.id = r.match_id"
                 f" WHERE {where} ORDER BY r.finished_at DESC, r.match_id DESC" + (" LIMIT ?" if newest else ""))
        if newest:
            params.append(newest)
        rows, seats = await self.db.fetch_together(
            ("SELECT r.*, m.guild_id, m.params, m.settings" + found, params),
            (f"SELECT match_id, user_id, name FROM seats WHERE match_id IN (SELECT r.match_id{found})"
             " AND user_id IS NOT NULL", params))
        rows.reverse()
        names: dict[int, dict[int, str]] = {}
        for seat in seats:
            if seat["name"]:
                names.setdefault(seat["match_id"], {})[seat["user_id"]] = seat["name"]
        return [FinishedMatch(match_id=r["match_id"], game=r["game"], guild_id=r["guild_id"], status=r["status"],
                              params=json.loads(r["params"]), settings=json.loads(r["settings"]),
                              seats=json.loads(r["seats"]),
                              outcome=json.loads(r["outcome"]) if r["outcome"] else None,
                              finished_at=r["finished_at"], voided=bool(r["voided"]),
                              names=names.get(r["match_id"], {}))
                for r in rows]

    async def set_voided(self, match_id: int, voided: bool) -> bool:
        async with self.db.transaction() as q:
            changed = await q.execute("UPDATE results SET voided = ? WHERE match_id = ?", voided, match_id)
        return changed == 1

    async def seats_played(self, guild_id: int, user_id: int, game: str | None = None) -> list[SatAt]:
        where, params = "s.user_id = ? AND m.guild_id = ? AND m.state IS NOT NULL", list[Any]([user_id, guild_id])
        if game is not None:
            where += " AND m.game = ?"
            params.append(game)
        sat = f" FROM seats s JOIN matches m ON m.id = s.match_id WHERE {where}"
        # A turn starts with a step of the player's seat right after another seat's step (found by the database:
        # a player's log runs to hundreds of thousands of steps, a small share of them the start of their turns).
        # A substitute's turns start when they took the seat over: its steps before are not theirs, and the
        # first step after, even in the middle of a turn, starts one timed from the takeover.
        seats, turns = await self.db.fetch_together(
            ("SELECT s.match_id, s.resigned, m.settings" + sat + " ORDER BY s.match_id", params),
            ("SELECT t.match_id, t.by_ai,"
             " t.at - CASE WHEN o.id > t.id_before THEN o.at ELSE t.at_before END AS waited"
             " FROM (SELECT a.id, a.match_id, a.seat, a.by_ai, a.at, LAG(a.seat) OVER log_order AS seat_before,"
             " LAG(a.at) OVER log_order AS at_before, COALESCE(LAG(a.id) OVER log_order, 0) AS id_before"
             f" FROM actions a WHERE a.kind = 'step' AND a.match_id IN (SELECT s.match_id{sat})"
             " WINDOW log_order AS (PARTITION BY a.match_id ORDER BY a.id)) t"
             " JOIN seats p ON p.match_id = t.match_id AND p.seat = t.seat AND p.user_id = ?"
             " LEFT JOIN (SELECT x.match_id, x.seat, MAX(x.id) AS id, MAX(x.at) AS at FROM actions x"
             f" WHERE x.kind = 'substitute' AND x.match_id IN (SELECT s.match_id{sat})"
             " GROUP BY x.match_id, x.seat) o ON o.match_id = t.match_id AND o.seat = t.seat"
             " WHERE (o.id IS NULL OR t.id > o.id) AND (t.seat_before <> t.seat OR t.id_before < o.id)"
             " ORDER BY t.match_id, t.at", [*params, user_id, *params]))
        by_match: dict[int, list[tuple[bool, float]]] = {}
        for row in turns:
            by_match.setdefault(row["match_id"], []).append((bool(row["by_ai"]), row["waited"]))
        return [SatAt(match_id=r["match_id"], left=bool(r["resigned"]), settings=json.loads(r["settings"]),
                      turns=by_match.get(r["match_id"], [])) for r in seats]

    async def server_locale(self, guild_id: int) -> str | None:
        rows = await self.db.fetch("SELECT locale FROM servers WHERE guild_id = ?", guild_id)
        return rows[0]["locale"] if rows else None

    async def set_server_locale(self, guild_id: int, locale: str | None) -> None:
        async with self.db.transaction() as q:
            await q.execute("INSERT INTO servers (guild_id, locale) VALUES (?, ?)"
                            " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale", guild_id, locale)


SqliteLeagueStorage = SqlLeagueStorage  # the name the bot and its tests know it by
