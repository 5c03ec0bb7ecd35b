"""The league service: leagues, their rounds and seasons, standings, ratings and statistics, over storage.

It loads a league, asks the pure `League` for the change (which refuses with a sentence or returns the new
league), saves it guarded by its version, and creates or decides the matches of a round through the match
service. Everything it knows lives in storage, so a restart loses nothing: `tick` (on the bot's clock) and
the match-ended event both look at what is stored and finish what is due.

A league's round work (seating tables, closing rounds, deciding matches at a deadline, opening scheduled
rounds) and every command that changes a league run one at a time: under this process's lock, and across
bot processes on one database under the storage claim `league-round:<league id>` (a lease, renewed while
the work runs, so a dead process's work passes to another; a process that lost it posts nothing more). The
match-ended event closes a round at once; the clock's poll is the safety net after a crash.

Ratings and statistics are computed again from the server's whole results log; the ratings are kept per
server until that log changes (a new result, a voided or restored one).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import get_game
from engine.core.messages import DEFAULT_LOCALE

from .. import ratings as skill
from .. import reliability as conduct
from .. import results as match_results
from .. import stats
from ..results import MatchResult
from ..services import MatchEnded, MatchServices, MatchSettings, Refusal
from ..services.courier import PLACE_UNREACHABLE
from ..storage import Lease, LeaseLost, MatchStatus, current_lease, lease
from ..storage.leagues import AnnouncementKind, LeagueNameTaken, LeagueRecord, LeagueStorage, StaleLeague
from .errors import LeagueRefusal
from .league import League, Round
from .rounds import PlayOut, RoundTable, TableStatus, Void, check_round, next_round_due
from .season import SeasonArchive, archive_season, final_table
from .settings import Format, LeagueSettings
from .standings import Standing, ladder_results, standings
from .tournament import Deal, Kind, Played, Tournament, next_round, seeded

log = logging.getLogger(__name__)

# Creates the thread a table plays in and returns its id: (league, round, table number from 1, players).
MakeThread = Callable[[League, Round, int], Awaitable[int]]
# Tells a league's channel something happened: (league, what, its parameters, the post's nonce).
Announce = Callable[[League, AnnouncementKind, dict[str, Any], str], Awaitable[None]]
# The language a server chose in Discord itself (its community locale), if known: (guild id) -> locale.
GuildLocale = Callable[[int], str | None]
CLAIM_WAIT_SECONDS = 5.0   # how long a command waits for another process's work on its league
CLAIM_POLL_SECONDS = 0.25


@dataclass(frozen=True)
class Loaded:
    record: LeagueRecord
    league: League


@dataclass(frozen=True)
class PlayerPage:
    """What `/stats` shows: games, wins, average place, the rating with its history, per game, and how
    reliably the player plays their turns."""

    game: str | None
    stats: stats.PlayerStats
    rating: skill.Rating | None
    history: list[skill.RatingPoint]
    reliability: conduct.Reliability


class LeagueService:
    def __init__(self, leagues: LeagueStorage, matches: MatchServices, *, now: Callable[[], float] = time.time):
        self.storage = leagues
        self.matches = matches
        self.now = now
        self._ratings: dict[int, tuple[int, skill.Ratings]] = {}
        self._lock = asyncio.Lock()  # one change of any league at a time: the clock and commands never interleave
        self._after_matches: set[asyncio.Task[None]] = set()
        self.make_thread: MakeThread | None = None
        self.announce: Announce | None = None
        self.guild_locale: GuildLocale | None = None
        self._unseated: dict[int, str] = {}  # league id -> why its round could not be seated, logged once
        matches.core.ended.subscribe(self.on_match_ended)

    @contextlib.asynccontextmanager
    async def working(self, league_id: int, *, wait: float = 0.0) -> AsyncIterator[Lease | None]:
        """This process's turn at a league: the lock against its own clock and commands, and the claim
        `league-round:<id>` against other processes, renewed while the work runs. Yields None if another
        process still holds the claim after `wait` seconds (then nothing may be done). Once the claim is lost
        (this process stalled past its lease), the league's posts raise LeaseLost: the work stops there."""
        name = f"league-round:{league_id}"
        polls = int(wait / CLAIM_POLL_SECONDS)
        async with self._lock:
            for poll in range(polls + 1):
                async with lease(self.matches.core.storage, name) as held:
                    if held is not None or poll == polls:
                        yield held
                        return
                await asyncio.sleep(CLAIM_POLL_SECONDS)

    @contextlib.asynccontextmanager
    async def command(self, guild_id: int, name: str, admin: tuple[bool, Sequence[int]] | None = None
                      ) -> AsyncIterator[Loaded]:
        """A command's turn at the league called `name`: claimed (waiting a little for another process's work
        on it), loaded afresh, and the caller checked when `admin` = (is manager, role ids) is given."""
        found = await self.load(guild_id, name)
        assert found.record.id is not None
        async with self.working(found.record.id, wait=CLAIM_WAIT_SECONDS) as held:
            loaded = await self._load_id(found.record.id) if held is not None else None
            if loaded is None:
                raise LeagueRefusal("league.refusal.working", league=found.league.settings.name)
            if admin is not None:
                loaded.league.check_admin(is_manager=admin[0], roles=admin[1])
            yield loaded

    # ---- the results log ------------------------------------------------------------------------------------
    async def results(self, guild_id: int, match_ids: Sequence[int] | None = None
                      ) -> tuple[list[MatchResult], dict[int, str]]:
        """The server's finished matches (voided ones marked), and the names players sat down with."""
        found, names = [], {}
        for row in await self.storage.finished_matches(guild_id, match_ids=match_ids):
            names.update(row.names)
            result = match_results.from_stored(
                match_id=row.match_id, game=row.game, guild_id=row.guild_id, finished_at=row.finished_at,
                seats=row.seats, outcome=row.outcome, params=row.params, voided=row.voided, settings=row.settings)
            if result is not None:
                found.append(result)
        return found, names

    async def ratings(self, guild_id: int) -> tuple[skill.Ratings, list[MatchResult], dict[int, str]]:
        results, names = await self.results(guild_id)
        mark = hash(tuple((r.match_id, r.voided, r.seats) for r in results))  # a correction changes only places
        kept = self._ratings.get(guild_id)
        if kept is None or kept[0] != mark:
            kept = (mark, await asyncio.to_thread(skill.recompute, results))
            self._ratings[guild_id] = kept
        return kept[1], results, names

    async def leaderboard(self, guild_id: int, game: str) -> tuple[list[tuple[int, skill.Rating]], dict[int, str]]:
        rated, _, names = await self.ratings(guild_id)
        return rated.leaderboard(guild_id, game), names

    async def player(self, guild_id: int, player: int, game: str | None) -> PlayerPage:
        rated, results, _ = await self.ratings(guild_id)
        played = stats.player_stats(results, guild_id, player, game)
        reliable = conduct.reliability(
            conduct.SeatPlayed(sat.left, 3600 * MatchSettings.model_validate(sat.settings).clock_hours,
                               [conduct.TurnStart(*turn) for turn in sat.turns])
            for sat in await self.storage.seats_played(guild_id, player, game))
        if game is None:  # the game they played most carries the rating and chart
            counts: dict[str, int] = {}
            for result in stats.history(results, guild_id, player=player):
                counts[result.game] = counts.get(result.game, 0) + 1
            game = max(sorted(counts), key=lambda g: counts[g], default=None)
        if game is None:
            return PlayerPage(None, played, None, [], reliable)
        history = rated.history_of(guild_id, game, player)
        return PlayerPage(game, played, rated.of(guild_id, game, player) if history else None, history, reliable)

    async def void(self, match_id: int, guild_id: int, voided: bool) -> list[tuple[League, SeasonArchive]]:
        """Void (or restore) a finished match. Returns the archived seasons that counted it, or played it as
        their final, as they rank now: like the ratings, they are computed again from the results log."""
        match = await self.matches.core.storage.get_match(match_id)
        if match is None or match.guild_id != guild_id:
            raise Refusal("queries.refusal.no_such_match", match=match_id)
        if not await self.storage.set_voided(match_id, voided):
            raise Refusal("queries.refusal.not_finished", match=match_id)
        return [(league, archive) for league in await self.all(guild_id)
                for archive in await self.seasons(league) if archive.holds(match_id)]

    # ---- leagues --------------------------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, admin: bool, **options: Any) -> League:
        if not admin:
            raise LeagueRefusal("league.refusal.not_admin", league=options.get("name", "?"))
        settings = LeagueSettings.checked(starts_at=self.now(), **options)
        league = League(guild_id=guild_id, settings=settings, channel_id=channel_id)
        try:
            record = await self.storage.create_league(LeagueRecord(
                guild_id=guild_id, name=settings.name, data=league.model_dump(mode="json")))
        except LeagueNameTaken:
            raise LeagueRefusal("league.refusal.name_taken", league=settings.name) from None
        return League.model_validate(record.data)

    async def all(self, guild_id: int) -> list[League]:
        return [League.model_validate(r.data) for r in await self.storage.leagues(guild_id)]

    async def load(self, guild_id: int, name: str) -> Loaded:
        wanted = " ".join(name.split()).casefold()
        for record in await self.storage.leagues(guild_id):
            if record.name.casefold() == wanted or str(record.id) == wanted:
                return Loaded(record, League.model_validate(record.data))
        raise LeagueRefusal("league.refusal.unknown", league=name[:60])

    async def _load_id(self, league_id: int) -> Loaded | None:
        record = await self.storage.league(league_id)
        return Loaded(record, League.model_validate(record.data)) if record else None

    async def _save(self, loaded: Loaded, league: League, archive: SeasonArchive | None = None,
                    announcement: tuple[AnnouncementKind, dict[str, Any]] | None = None) -> Loaded:
        """Save the league (guarded by its version) with, in the same transaction, the season it archives and
        what it must announce (posted by `deliver_announcements`)."""
        record = loaded.record
        record.data, record.name = league.model_dump(mode="json"), league.settings.name
        try:
            await self.storage.save_league(record, archive=(archive.season, archive.model_dump(mode="json"))
                                           if archive else None, announcement=announcement)
        except StaleLeague:
            raise LeagueRefusal("league.refusal.busy", league=league.settings.name) from None
        return Loaded(record, league)

    async def change(self, guild_id: int, name: str, change: Callable[[League], League], *,
                     admin: tuple[bool, Sequence[int]] | None = None) -> League:
        """Load, check the caller may run it (when `admin` = (is manager, role ids) is given), change, save."""
        async with self.command(guild_id, name, admin) as loaded:
            return (await self._save(loaded, change(loaded.league))).league

    async def settings(self, guild_id: int, name: str, admin: tuple[bool, Sequence[int]], *,
                       admin_role: int | None = None, **options: Any) -> League:
        def changed(league: League) -> League:
            given = {k: v for k, v in options.items() if v is not None}
            fields = {**league.settings.model_dump(mode="json"), **given}
            if "season_days" in given:  # this season's end moves with its length (0: no end)
                fields["ends_at"] = None
            settings = LeagueSettings.checked(**fields)
            if "season_days" in given and settings.ends_at is not None and settings.ends_at <= self.now():
                raise LeagueRefusal("league.refusal.season_length_passed", league=settings.name, season=league.season,
                                    days=f"{settings.season_days:g}", start=f"<t:{int(settings.starts_at)}:d>")
            update: dict[str, Any] = {"settings": settings}
            if admin_role is not None:
                update["admin_role"] = admin_role
            return league.model_copy(update=update)

        return await self.change(guild_id, name, changed, admin=admin)

    async def counted(self, league: League) -> list[MatchResult]:
        """The matches this season of the league counts: its rounds' matches, or a ladder's rated matches, and
        (when the league allows them) the results recorded for it of games played at the table."""
        until = league.final.opened_at if league.final else float("inf")  # the final counts for no standings
        if league.settings.format is Format.LADDER or league.settings.table_results:
            results, _ = await self.results(league.guild_id)
        else:
            results = []
        at_table = [r for r in results if r.at_table and r.league_id == league.id and league.settings.table_results
                    and league.settings.starts_at <= r.finished_at < min(until, league.settings.ends_at or until)]
        if league.settings.format is Format.LADDER:
            tournament = league.tournament_matches()
            return [r for r in ladder_results(results, league.settings, league.member_ids())
                    if league.settings.starts_at <= r.finished_at < until and r.match_id not in tournament] + at_table
        return (await self.results(league.guild_id, league.league_matches()))[0] + at_table

    async def standings(self, league: League) -> list[Standing]:
        return standings(await self.counted(league), league.member_ids(), league.settings)

    async def names(self, league: League, archive: SeasonArchive | None = None) -> dict[int, str]:
        """A name for every member (of this season, or of an archived one): the one they joined with, else the
        one they last sat down with."""
        matches = list(archive.matches) if archive else league.league_matches()
        _, sat = await self.results(league.guild_id, matches)
        joined = {m.player: m.name for m in league.members}
        players = (archive.members or [s.player for s in archive.standings]) if archive else list(joined)
        return {p: joined.get(p) or sat.get(p) or str(p) for p in players}

    # ---- rounds -------------------------------------------------------------------------------------------
    async def open_round(self, guild_id: int, name: str, admin: tuple[bool, Sequence[int]]) -> League:
        async with self.command(guild_id, name, admin) as loaded:
            return await self._open(loaded)

    async def _open(self, loaded: Loaded) -> League:
        ranked = [s.player for s in await self.standings(loaded.league)]
        league, opened = loaded.league.open_round(self.now(), ranked)
        return await self.seat_tables(await self._save(loaded, league), opened.number)

    async def _on_the_clock(self, league_id: int, work: Awaitable[Any]) -> None:
        """The clock's round work (a scheduled round, or the rest of one after a crash): what refuses it (a
        round that cannot be seated is withdrawn) is logged once, not at every tick while nothing changes."""
        try:
            await work
        except LeagueRefusal as refusal:
            why = refusal.message.text(DEFAULT_LOCALE)
            if self._unseated.get(league_id) != why:
                self._unseated[league_id] = why
                log.warning("league %s: %s", league_id, why)

    async def seat_tables(self, loaded: Loaded, number: int) -> League:
        """Create the match of every table of round `number` that has none yet, each saved as it is made
        (after a crash the next tick creates the rest; a table's thread is its match's place). A table that
        cannot be seated withdraws the round, its matches cancelled, so that it can simply be opened again;
        raises LeagueRefusal saying why."""
        try:
            seated = await self._seat_tables(loaded, number)
        except LeaseLost:
            raise
        except Exception as error:
            await self._withdraw(number, loaded.record.id)
            if isinstance(error, LeagueRefusal):
                raise
            log.warning("league %s: round %s could not be seated: %r", loaded.record.id, number, error)
            raise LeagueRefusal("league.refusal.round_not_seated", league=loaded.league.settings.name,
                                round=number) from error
        self._unseated.pop(loaded.record.id or 0, None)
        return seated

    async def _withdraw(self, number: int, league_id: int | None) -> None:
        """Take back round `number`: cancel the matches made for it, and save the league without it."""
        assert league_id is not None
        fresh = await self._load_id(league_id)
        if fresh is None or not any(r.number == number for r in fresh.league.rounds):
            return
        round_ = next(r for r in fresh.league.rounds if r.number == number)
        for match_id in round_.match_ids():
            with contextlib.suppress(Refusal):  # already over
                await self.matches.lobby.cancel(match_id, 0, is_manager=True)
        await self._save(fresh, fresh.league.withdraw_round(number))

    async def _seat_tables(self, loaded: Loaded, number: int) -> League:
        league = loaded.league
        game = get_game(league.settings.game)
        names = {m.player: m.name for m in league.members}
        round_ = next(r for r in league.rounds if r.number == number)
        for index, table in enumerate(round_.tables):
            if table.match_id is not None:
                continue
            if self.make_thread is None:
                raise RuntimeError("the league service has no way to make threads")
            _still_ours()
            place = await self.make_thread(league, round_, index + 1)
            host, *guests = table.players
            settings = MatchSettings(**league.settings.match_settings(), locale=await self.locale(league.guild_id),
                                     league_id=league.id)  # kept once MatchSettings has the field (the event names it)
            match = await self.matches.lobby.create(game_key=game.spec.key, host_id=host, channel_id=league.channel_id or place,
                                              place_id=place, guild_id=league.guild_id, settings=settings,
                                              params=league.settings.params, host_name=names.get(host))
            for guest in guests:
                await self.matches.lobby.join(match.id, guest, name=names.get(guest))
            for _seat in range(table.ai_seats):
                await self.matches.lobby.add_ai(match.id, host)  # at the league's level, in the match's settings
            loaded = await self._save(loaded, loaded.league.seat_match(number, index, match.id))
            await self.matches.lobby.start(match.id, host)
        round_ = next(r for r in loaded.league.rounds if r.number == number)
        what = (AnnouncementKind.FINAL_OPENED if round_.final else
                AnnouncementKind.TOURNAMENT_ROUND if round_.tournament else AnnouncementKind.ROUND_OPENED)
        loaded = await self._save(loaded, loaded.league, announcement=(
            what, {"round": number, "places": await self.places(round_)}))
        await self.deliver_announcements(loaded.record.id)
        return loaded.league

    async def places(self, round_: Round) -> list[int]:
        """The threads a round's seated tables play in, table by table."""
        return [(await self.matches.table.get(t.match_id)).place_id for t in round_.tables if t.match_id is not None]

    async def locale(self, guild_id: int) -> str:
        """The league's language: the one chosen with /server language, else the server's own language in
        Discord (as every other message of the bot), else English."""
        chosen = await self.storage.server_locale(guild_id)
        return chosen or (self.guild_locale(guild_id) if self.guild_locale else None) or DEFAULT_LOCALE

    async def on_match_ended(self, event: MatchEnded) -> None:
        """The match-ended event: the league of the match looks at its round at once. In a task of its own,
        so the match's delivery never waits for the league (which may be deciding that very match at a
        deadline, holding its lock); whatever this misses, the clock's next poll does. In a context of its own
        too: the league's work is not part of the delivery that told of the end (whose claim ends with it)."""
        if event.league_id is None:
            return
        task = asyncio.create_task(self.check_league(event.league_id), name=f"league-{event.league_id}",
                                   context=contextvars.Context())
        self._after_matches.add(task)
        task.add_done_callback(self._after_matches.discard)

    async def settled(self) -> None:
        """Wait for the work ended matches started (tests, and a bot stopping)."""
        while self._after_matches:
            await asyncio.gather(*self._after_matches, return_exceptions=True)

    async def deliver_announcements(self, league_id: int | None, *, due_only: bool = False) -> None:
        """Post what a league's saved changes must announce, in order (the caller holds the league's work); a
        post that fails stops there, tried again later and later, or set aside when no retry can pass."""
        if self.announce is None or league_id is None:
            return
        for item in await self.storage.pending_announcements(league_id, due_by=self.now() if due_only else None):
            loaded = await self._load_id(league_id)
            if loaded is None:
                return
            params = dict(item.params)
            if item.what == AnnouncementKind.SEASON_ENDED:
                params["archive"] = SeasonArchive.model_validate(params["archive"])
            try:
                _still_ours()
                await self.announce(loaded.league, item.what, params, f"cL{item.id}")
            except LeaseLost:
                raise
            except Exception as error:  # noqa: BLE001 — Discord refused or is down: later, or set aside
                code = getattr(error, "code", None)
                reason = " ".join(f"{type(error).__name__} {getattr(error, 'status', '')} {code or ''}".split())
                if await self.storage.announcement_failed(item.id, reason, self.now(),
                                                          for_good=code in PLACE_UNREACHABLE):
                    log.error("league %s: its announcement %s was set aside after %s", league_id, item.what, reason)
                else:
                    log.warning("league %s: announcing %s failed (%s); tried again later", league_id, item.what,
                                reason, exc_info=not item.attempts)
                return
            await self.storage.announced(item.id)

    async def tick(self) -> None:
        """On the bot's clock: post what is still to be announced, finish seating tables, close rounds that are
        done or past their deadline, decide matches still running at a deadline, open rounds a schedule says
        are due."""
        for league_id in sorted({a.league_id for a in await self.storage.pending_announcements(due_by=self.now())}):
            async with self.working(league_id) as held:
                if held is not None:
                    with contextlib.suppress(LeaseLost):
                        await self.deliver_announcements(league_id, due_only=True)
        for record in await self.storage.leagues():
            if record.id is not None and League.model_validate(record.data).on_the_clock:
                await self.check_league(record.id)

    async def check_league(self, league_id: int) -> None:
        """What the clock does for one league, by one process at a time (another holding the league's claim
        is doing it now); an error is logged and the next poll tries again."""
        try:
            async with self.working(league_id) as held:
                loaded = await self._load_id(league_id) if held is not None else None
                if loaded is not None:
                    await self._check(loaded)
        except LeaseLost:
            log.warning("league %s: its round work was taken over by another process; left to it", league_id)
        except Exception:
            log.exception("league %s: could not check its round; trying again at the next tick", league_id)

    async def _check(self, loaded: Loaded) -> None:
        league = loaded.league
        current = league.current_round
        if current is None and league.tournament_running:  # its next round could not be seated: again
            await self._on_the_clock(loaded.record.id or 0, self._tournament_next(loaded))
            return
        if league.season_due_to_end(self.now()):
            await self._on_the_clock(loaded.record.id or 0, self._end_season(loaded))
            return
        if current is None:
            if league.settings.format is Format.PODS and league.settings.schedule_days is not None and next_round_due(
                    [r.opened_at for r in league.rounds], league.settings.starts_at, league.settings.schedule_days,
                    self.now(), league.settings.ends_at) and len(league.members) >= 2:
                await self._on_the_clock(loaded.record.id or 0, self._open(loaded))
            return
        if any(t.match_id is None for t in current.tables):
            await self._on_the_clock(loaded.record.id or 0, self.seat_tables(loaded, current.number))
            return
        for _attempt in range(2):  # matches played out at the deadline end at once: look again
            tables = [await self._round_table(match_id) for match_id in current.match_ids()]
            verdict = check_round(tables, current.deadline, self.now(), league.settings.at_deadline)
            for decision in verdict.decisions:
                if isinstance(decision, Void):
                    await self.matches.lobby.cancel(decision.match_id, 0, is_manager=True)
                elif isinstance(decision, PlayOut):
                    await self.play_out(decision)
            if verdict.closed and current.final:
                await self._archive(loaded, league.close_round(current.number, self.now()))
                return
            if verdict.closed and current.tournament:
                loaded = await self._save(loaded, league.close_round(current.number, self.now()))
                await self._on_the_clock(loaded.record.id or 0, self._tournament_next(loaded))
                return
            if verdict.closed:
                loaded = await self._save(loaded, league.close_round(current.number, self.now()),
                                          announcement=(AnnouncementKind.ROUND_CLOSED, {"round": current.number}))
                await self.deliver_announcements(loaded.record.id)
                return
            if not verdict.decisions:
                return

    async def _round_table(self, match_id: int) -> RoundTable:
        match = await self.matches.core.storage.get_match(match_id)
        assert match is not None
        status = {MatchStatus.OVER: TableStatus.OVER, MatchStatus.ABANDONED: TableStatus.ABANDONED,
                  MatchStatus.CANCELLED: TableStatus.VOIDED}.get(match.status, TableStatus.RUNNING)
        waiting = frozenset(s.user_id for s in match.seats
                            if s.awaited_since is not None and s.user_id is not None and not s.plays_ai)
        return RoundTable(match_id, status, waiting)

    async def play_out(self, decision: PlayOut) -> None:
        """The deadline passed: the players the match waits for forfeit (an AI takes their seat), and the AI
        plays the other players' seats too, to the end, without taking their places from them."""
        match = await self.matches.core.storage.get_match(decision.match_id)
        if match is None or match.status != MatchStatus.RUNNING:
            return
        policy = MatchSettings.model_validate(match.settings).ai_policy
        stand_ins = [s for s in match.seats if s.user_id is not None and not s.plays_ai
                     and s.user_id not in decision.forfeits]
        if stand_ins:
            for seat in stand_ins:
                seat.ai = policy
            await self.matches.core.storage.save_match(match)
        for player in sorted(decision.forfeits):
            with contextlib.suppress(Refusal):  # already gone (resigned, or the match ended meanwhile)
                await self.matches.playing.resign(decision.match_id, player)

    # ---- the tournament ------------------------------------------------------------------------------------
    async def start_tournament(self, guild_id: int, name: str, admin: tuple[bool, Sequence[int]], kind: Kind,
                               advance: int | None = None) -> League:
        """Start the league's tournament of its members, seeded by rating, and open its first round."""
        async with self.command(guild_id, name, admin) as loaded:
            league = loaded.league
            rated, _, _ = await self.ratings(guild_id)
            ordinal = {p: rated.of(guild_id, league.settings.game, p).ordinal for p in league.member_ids()}
            tournament = Tournament.started(kind, seeded(league.member_ids(), ordinal), advance, league.settings)
            return await self._tournament_next(await self._save(loaded, league.start_tournament(tournament)))

    async def tournament_played(self, league: League) -> list[list[Played]]:
        """The tournament's rounds so far, each a list of its tables with their results (None: voided or
        abandoned, or still being played)."""
        assert league.tournament is not None
        rounds = [next(r for r in league.rounds if r.number == s.round) for s in league.tournament.stages]
        results, _ = await self.results(league.guild_id, [m for r in rounds for m in r.match_ids()])
        by_id = {r.match_id: r for r in results}
        return [[Played(t.players, found := by_id.get(t.match_id or 0), playing=r.open and found is None)
                 for t in r.tables] for r in rounds]

    async def _tournament_next(self, loaded: Loaded) -> League:
        """Open the tournament's next round, or end it with its champion (announced in the league's channel)."""
        league = loaded.league
        assert league.tournament is not None
        following = next_round(league.tournament, await self.tournament_played(league), league.settings,
                               league.member_ids())
        if isinstance(following, Deal):
            league, opened = league.open_tournament_round(self.now(), following)
            return await self.seat_tables(await self._save(loaded, league), opened.number)
        loaded = await self._save(loaded, league.end_tournament(following),
                                  announcement=(AnnouncementKind.TOURNAMENT_OVER, {"champion": following}))
        await self.deliver_announcements(loaded.record.id)
        return loaded.league

    # ---- seasons ------------------------------------------------------------------------------------------
    async def end_season(self, guild_id: int, name: str, admin: tuple[bool, Sequence[int]]
                         ) -> SeasonArchive | League:
        """End the season now: archived at once (returns the archive), or, with a final, the final opens
        (returns the league) and the season is archived when it ends."""
        async with self.command(guild_id, name, admin) as loaded:
            return await self._end_season(loaded)

    async def _end_season(self, loaded: Loaded) -> SeasonArchive | League:
        league = loaded.league
        if league.final is not None:
            raise LeagueRefusal("league.refusal.final_open", league=league.settings.name)
        if league.tournament_running:
            raise LeagueRefusal("league.refusal.tournament_on", league=league.settings.name)
        if league.current_round is not None:
            raise LeagueRefusal("league.refusal.round_open", league=league.settings.name,
                                round=league.current_round.number)
        table = final_table(await self.standings(league), league.settings)
        if table is None:
            return await self._archive(loaded, league)
        with_final, final = league.open_final(self.now(), table)
        return await self.seat_tables(await self._save(loaded, with_final), final.number)

    async def _archive(self, loaded: Loaded, league: League) -> SeasonArchive:
        """Archive the season (ranked by its final when it had one) and start the next, in one save."""
        final = league.final
        decided = (await self.results(league.guild_id, final.match_ids()))[0] if final else []
        archive = archive_season(season=league.season, settings=league.settings, ended_at=self.now(),
                                 rounds=league.rounds_played(), results=await self.counted(league),
                                 members=league.member_ids(), final=decided[0] if decided else None)
        loaded = await self._save(loaded, league.new_season(self.now()), archive,
                                  announcement=(AnnouncementKind.SEASON_ENDED, {"archive": archive.model_dump(mode="json")}))
        await self.deliver_announcements(loaded.record.id)
        return archive

    async def seasons(self, league: League) -> list[SeasonArchive]:
        """The archived seasons, oldest first, each ranked again from the results log as it reads now (a match
        voided or restored after its season ended changes that season's standings, ranking and champion)."""
        assert league.id is not None
        archived = [SeasonArchive.model_validate(data) for _, data in await self.storage.seasons(league.id)]
        wanted = sorted({m for a in archived for m in (*a.matches, a.final) if m is not None})
        results = (await self.results(league.guild_id, wanted))[0]
        return [archive.recounted(results) for archive in archived]


def _still_ours() -> None:
    """Before the league posts anything itself (a table's thread, an announcement): raise LeaseLost once
    another process has taken its work over. The posts of its matches check the same in their courier."""
    held = current_lease.get()
    if held is not None:
        held.check()


def admin_of(member: Any) -> tuple[bool, list[int]]:
    """(manages the server, role ids) of a Discord member, as `League.check_admin` reads them."""
    permissions = getattr(member, "guild_permissions", None)
    return bool(permissions and permissions.manage_guild), [r.id for r in getattr(member, "roles", [])]

