"""Two bot processes on one database run the league clock: each round's work is done once. A round left
half seated (the process opening it died after its first table) is seated by exactly one of two clocks
ticking at once, and closed by one: the clocks take the storage claim `league-round:<league id>` first.

On PostgreSQL the two clocks are two processes' services, each with its own connections and claim owner
(without the claim both would seat the tables: two threads and two matches for a table). SQLite serves one
bot process: there the two clocks are two ticks of that process's league service at once.

The claim is renewed while the round's work runs, however long Discord takes: the other process cannot take
it meanwhile. A process that lost it (it stalled past its lease, and the other took the work over) stops
before posting anything more; what its matches had pending is delivered once, by the match clock.
"""

import asyncio
import itertools
from collections.abc import Awaitable, Callable

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from bot.leagues.service import LeagueService
from bot.services import MatchServices
from bot.storage import make_storage
from bot.storage.leagues import SqlLeagueStorage
from tests.bot.fakes import Clock, RecordingPresenter
from tests.support.backends import postgres_schema

GUILD, CHANNEL, BOSS = 1, 10, (True, [])
PLAYERS = [101, 102, 103, 104, 105, 106]
SHORT = 0.5  # seconds: a lease the slow round work below outlasts several times
SCHEDULED = {"game": "toy", "min_table": 2, "max_table": 2, "schedule_days": 7}  # the clock opens round 1


@pytest.mark.every_backend
async def test_two_league_clocks_seat_and_close_a_round_once(database_url, backend):
    clock = Clock()
    threads, news = itertools.count(1000), []
    made: list[int] = []
    owners = ("process-1", "process-2") if backend == "postgresql" else ("process-1",)
    stores = [make_storage(database_url, owner=owner) for owner in owners]
    for store in stores:
        await store.open()
    seeds = itertools.count(1)

    async def make_thread(league, round_, table):
        await asyncio.sleep(0.01)  # Discord answers after a while: the other clock runs meanwhile
        made.append(next(threads))
        return made[-1]

    async def announce(league, what, params, nonce):
        news.append((what, params["round"]))

    def clock_of(store):
        leagues = LeagueService(SqlLeagueStorage(store), MatchServices(store, RecordingPresenter(), now=clock,
                                                                      new_seed=lambda: next(seeds)), now=clock)
        leagues.make_thread, leagues.announce = make_thread, announce
        return leagues

    try:
        first = clock_of(stores[0])
        clocks = [first, clock_of(stores[1]) if len(stores) > 1 else first]
        await first.create(GUILD, CHANNEL, True, name="Spring", game="toy", min_table=2, max_table=2)
        for player in PLAYERS:
            await first.change(GUILD, "Spring", lambda lg, p=player: lg.join(p, clock(), f"p{p}"))

        async def dies_after_one_table(league, round_, table):
            if made:
                raise ProcessDied()
            return await make_thread(league, round_, table)

        first.make_thread = dies_after_one_table
        with pytest.raises(ProcessDied):
            await first.open_round(GUILD, "Spring", BOSS)
        first.make_thread = make_thread

        await asyncio.gather(*(leagues.tick() for leagues in clocks))
        tables = (await first.load(GUILD, "Spring")).league.rounds[0].tables
        assert len(tables) == 3 and all(t.match_id for t in tables)
        assert len(made) == 3, "one thread per table"
        assert len(await stores[0].matches(guild_id=GUILD)) == 3, "one match per table"

        for table in tables:
            for player in table.players:  # everyone resigns: the AI plays each match to its end
                if (await first.matches.table.get(table.match_id)).status == "running":
                    await first.matches.playing.resign(table.match_id, player)
        await asyncio.gather(*(leagues.tick() for leagues in clocks), first.settled())
        assert (await first.load(GUILD, "Spring")).league.current_round is None
        assert news == [("round_opened", 1), ("round_closed", 1)]
    finally:
        for leagues in {*clocks}:
            await leagues.settled()
        for store in stores:
            await store.close()


class ProcessDied(BaseException):
    """The process stops here, in the middle of its work: no handler of the bot runs (as when it is killed)."""


@pytest.fixture
async def shared_url(postgres_server):
    """A fresh PostgreSQL database for two processes at once."""
    async with postgres_schema(postgres_server) as url:
        yield url


class Process:
    """A bot process's league service with a short lease, the threads it made and what it announced."""

    def __init__(self, url: str, owner: str, clock: Clock):
        self.store = make_storage(url, lease_seconds=SHORT, owner=owner)
        self.presenter = RecordingPresenter()
        seeds = itertools.count(1)
        self.leagues = LeagueService(SqlLeagueStorage(self.store), MatchServices(
            self.store, self.presenter, now=clock, new_seed=lambda: next(seeds)), now=clock)
        self.leagues.make_thread, self.leagues.announce = self.make_thread, self.announce
        self.threads: list[int] = []  # the table numbers it made a thread for
        self.news: list[tuple[str, int]] = []
        self.while_making: Callable[[int], Awaitable[None]] | None = None  # what happens while Discord makes one

    async def make_thread(self, league, round_, table) -> int:
        self.threads.append(table)
        if self.while_making is not None:
            await self.while_making(table)
        return 1000 + table

    async def announce(self, league, what, params, nonce) -> None:
        self.news.append((what, params["round"]))


@pytest.fixture
async def two_processes(shared_url):
    clock = Clock()
    both = [Process(shared_url, owner, clock) for owner in ("process-1", "process-2")]
    for process in both:
        await process.store.open()
    league = await both[0].leagues.create(GUILD, CHANNEL, True, name="Spring", **SCHEDULED)
    for player in PLAYERS:
        await both[0].leagues.change(GUILD, "Spring", lambda lg, p=player: lg.join(p, clock(), f"p{p}"))
    yield (*both, f"league-round:{league.id}")
    for process in both:
        await process.leagues.settled()
        await process.store.close()


async def test_round_work_longer_than_its_lease_keeps_its_claim(two_processes):
    first, second, claim = two_processes
    seating = asyncio.Event()

    async def slow_discord(table):
        if table == 1:
            seating.set()
            await asyncio.sleep(3 * SHORT)  # the first thread alone outlasts the lease three times

    first.while_making = slow_discord
    work = asyncio.create_task(first.leagues.tick())  # opens round 1 and seats its three tables
    await seating.wait()
    refused = []
    while not work.done():  # the other process's clock ticks meanwhile, and finds the league claimed
        refused.append(not await second.store.claim(claim))
        await second.leagues.tick()
        await asyncio.sleep(SHORT / 4)
    await work
    assert refused and all(refused)
    assert first.threads == [1, 2, 3] and second.threads == []
    assert first.news == [("round_opened", 1)] and second.news == []
    assert len(await first.store.matches(guild_id=GUILD)) == 3
    assert await second.store.claim(claim)  # released once the work ended


async def test_round_work_that_lost_its_claim_stops_before_posting(two_processes):
    first, second, claim = two_processes

    async def stalls(_):  # this process stalls past its lease; the other takes the league's work over
        async with first.store.db.statement() as q:
            await q.execute("UPDATE leases SET owner = ?, until = ? WHERE name = ?", second.store.owner, 1e12, claim)
        await asyncio.sleep(SHORT)

    first.while_making = stalls
    await first.leagues.tick()  # stops at its next post: logged, not raised
    assert first.threads == [1] and first.news == []
    assert first.presenter.lobbies == first.presenter.tables == []  # table 1's match was made, never shown
    assert await first.store.pending()

    await second.leagues.tick()  # seats the other tables
    await second.leagues.matches.timekeeper.tick()  # the match clock delivers what the first left pending
    assert second.threads == [2, 3] and second.news == [("round_opened", 1)]
    matches = [m.id for m in await first.store.matches(guild_id=GUILD)]
    assert sorted({update.match.id for update in second.presenter.tables}) == sorted(matches)
    assert first.presenter.tables == [] and await first.store.pending() == []


async def test_a_match_ended_while_the_league_was_busy_closes_its_round_after_the_delivery(database_url):
    """The match-ended event's league work runs after the delivery that told of it, whose claim has ended
    by then: it is the league's own work, under the league's claim alone."""
    clock = Clock()
    process = Process(database_url, "process-1", clock)
    await process.store.open()
    leagues = process.leagues
    try:
        await leagues.create(GUILD, CHANNEL, True, name="Spring", **SCHEDULED)
        for player in PLAYERS[:2]:
            await leagues.change(GUILD, "Spring", lambda lg, p=player: lg.join(p, clock(), f"p{p}"))
        await leagues.tick()
        loaded = await leagues.load(GUILD, "Spring")
        (table,), league_id = loaded.league.rounds[0].tables, loaded.record.id
        busy, done = asyncio.Event(), asyncio.Event()

        async def clock_busy_with_the_league():
            async with leagues.working(league_id):
                busy.set()
                await done.wait()

        holding = asyncio.create_task(clock_busy_with_the_league())
        await busy.wait()
        for player in table.players:  # the match ends; its league work waits for the league
            if (await leagues.matches.table.get(table.match_id)).status == "running":
                await leagues.matches.playing.resign(table.match_id, player)
        await asyncio.sleep(2 * SHORT)  # longer than the ended delivery's claim lasts
        done.set()
        await holding
        await leagues.settled()
        assert (await leagues.load(GUILD, "Spring")).league.current_round is None
        assert process.news == [("round_opened", 1), ("round_closed", 1)]
    finally:
        await leagues.settled()
        await process.store.close()
