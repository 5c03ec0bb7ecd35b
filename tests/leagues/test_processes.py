"""Two bot processes on one database run the league clock: each round's work is done once. A round left
half seated (the process opening it died after its first table) is seated by exactly one of two clocks
ticking at once, and closed by one: the clocks take the storage claim `league-round:<league id>` first.

On PostgreSQL the two clocks are two processes' services, each with its own connections and claim owner
(without the claim both would seat the tables: two threads and two matches for a table). SQLite serves one
bot process: there the two clocks are two ticks of that process's league service at once.
"""

import asyncio
import itertools

import pytest

import tests.support.toy_game  # noqa: F401  (registers the "toy" game)
from bot.leagues.service import LeagueService
from bot.services import MatchService
from bot.storage import make_storage
from bot.storage.leagues import SqlLeagueStorage
from tests.bot.fakes import Clock, RecordingPresenter

GUILD, CHANNEL, BOSS = 1, 10, (True, [])
PLAYERS = [101, 102, 103, 104, 105, 106]


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

    async def announce(league, what, params):
        news.append((what, params["round"]))

    def clock_of(store):
        leagues = LeagueService(SqlLeagueStorage(store), MatchService(store, RecordingPresenter(), now=clock,
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
                raise ConnectionError("the process died here")
            return await make_thread(league, round_, table)

        first.make_thread = dies_after_one_table
        with pytest.raises(ConnectionError):
            await first.open_round(GUILD, "Spring", BOSS)
        first.make_thread = make_thread

        await asyncio.gather(*(leagues.tick() for leagues in clocks))
        tables = (await first.load(GUILD, "Spring")).league.rounds[0].tables
        assert len(tables) == 3 and all(t.match_id for t in tables)
        assert len(made) == 3, "one thread per table"
        assert len(await stores[0].matches(guild_id=GUILD)) == 3, "one match per table"

        for table in tables:
            for player in table.players:  # everyone resigns: the AI plays each match to its end
                if (await first.matches.get(table.match_id)).status == "running":
                    await first.matches.resign(table.match_id, player)
        await asyncio.gather(*(leagues.tick() for leagues in clocks), first.settled())
        assert (await first.load(GUILD, "Spring")).league.current_round is None
        assert news == [("round_opened", 1), ("round_closed", 1)]
    finally:
        for leagues in {*clocks}:
            await leagues.settled()
        for store in stores:
            await store.close()
