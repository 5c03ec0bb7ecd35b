"""The storage port on every backend: migrations, the state_id guard, the log, reminders, preferences, mail.

Every test here runs on SQLite and on PostgreSQL (one fixture, `database_url`): they are the contract a backend
must keep, and they are cheap (a fresh schema per test).
"""

import asyncio
import sqlite3

import pytest

from bot.storage import (
    LogEntry,
    Mail,
    MatchRecord,
    OutboxItem,
    PlaceTaken,
    Reminder,
    SchemaTooNew,
    SeatRecord,
    StaleState,
    make_storage,
)
from bot.storage.matches import LIVE_SQL
from bot.storage.postgresql import POSTGRES_MIGRATIONS
from bot.storage.sql import MIGRATIONS, migrations

pytestmark = pytest.mark.every_backend


def a_match(place=10, **kw):
    return MatchRecord(game="toy", seed=7, channel_id=1, place_id=place, host_id=100,
                       seats=[SeatRecord(0, user_id=100), SeatRecord(1, ai="random")], **kw)


def test_each_migration_has_its_postgresql_twin():
    """A new table or column is written for both backends, under the same number and name."""
    assert [p.name for _, p in migrations(POSTGRES_MIGRATIONS)] == [p.name for _, p in migrations(MIGRATIONS)]


async def test_migrations_run_once_and_record_their_version(database_url, backend, db_path):
    store = make_storage(database_url)
    await store.open()
    assert await store.schema_version() == migrations()[-1][0]
    await store.close()
    again = make_storage(database_url)
    await again.open()  # a second start must not re-run 0001 (it would fail on CREATE TABLE)
    assert await again.schema_version() == migrations()[-1][0]
    await again.close()
    if backend == "sqlite":
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_database_newer_than_the_code_refuses_to_start(storage, database_url):
    async with storage.db.transaction() as q:  # as if a newer release had migrated it
        await q.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                        9999, "9999_from_the_future.sql", 0.0)
    older = make_storage(database_url)
    with pytest.raises(SchemaTooNew, match="version 9999, newer than"):
        await older.open()
    await older.close()


async def test_a_match_round_trips_with_its_seats(storage):
    created = await storage.create_match(a_match(settings={"clock_hours": 5}))
    loaded = await storage.get_match(created.id)
    assert loaded.seats == [SeatRecord(0, user_id=100), SeatRecord(1, ai="random")]
    assert loaded.settings == {"clock_hours": 5}
    assert (await storage.live_match_at(10)).id == created.id


async def test_the_live_match_at_a_place_is_found_through_its_index(tmp_path):
    """Asked at every /play and autocomplete: a lookup, not a read of every match ever played (SQLite's plan)."""
    store = make_storage(tmp_path / "plan.db")
    await store.open()
    await store.close()
    with sqlite3.connect(tmp_path / "plan.db") as raw:
        plan = raw.execute(f"EXPLAIN QUERY PLAN SELECT * FROM matches WHERE place_id = ? AND status IN {LIVE_SQL}",
                           (10,)).fetchall()
    assert any("USING INDEX matches_one_live_per_place" in step[-1] for step in plan), plan


async def test_one_live_match_per_place_but_finished_ones_do_not_count(storage):
    first = await storage.create_match(a_match())
    with pytest.raises(PlaceTaken):
        await storage.create_match(a_match())
    first.status = "cancelled"
    await storage.save_match(first)
    second = await storage.create_match(a_match())
    assert (await storage.live_match_at(10)).id == second.id


async def test_save_is_guarded_by_state_id(storage):
    match = await storage.create_match(a_match())
    copy = await storage.get_match(match.id)
    match.state = {"heap": 3}
    await storage.save_match(match, entry=LogEntry(match.id, 0, "step", 0, "take 1", at=1.0))
    copy.state = {"heap": 99}
    with pytest.raises(StaleState):
        await storage.save_match(copy, entry=LogEntry(copy.id, 0, "step", 0, "take 2", at=1.0))
    stored = await storage.get_match(match.id)
    assert stored.state == {"heap": 3} and stored.state_id == 1
    assert [e.notation for e in await storage.log(match.id)] == ["take 1"]  # the refused entry left nothing


async def test_a_save_changes_the_seats_that_changed_and_keeps_the_others(storage):
    """PostgreSQL leaves a seat row that a step did not change as it is: every change, to or from nothing
    included, still reads back, and so do the seats left alone and a seat taken away."""
    match = await storage.create_match(MatchRecord(
        game="toy", seed=7, channel_id=1, place_id=10, host_id=100,
        seats=[SeatRecord(0, user_id=100), SeatRecord(1, ai="random"), SeatRecord(2, user_id=102, name="Bea")]))
    match.seats[0].awaited_since = 5.0
    match.seats[1].name = "Robot"
    await storage.save_match(match)
    assert (await storage.get_match(match.id)).seats == [
        SeatRecord(0, user_id=100, awaited_since=5.0), SeatRecord(1, ai="random", name="Robot"),
        SeatRecord(2, user_id=102, name="Bea")]
    match.seats = [SeatRecord(0, user_id=100, ai="greedy"), SeatRecord(2, user_id=102, resigned=True)]
    await storage.save_match(match)
    assert (await storage.get_match(match.id)).seats == match.seats


async def test_a_state_reads_back_as_the_json_module_would_write_it(storage):
    """Integer keys come back as strings, an integer past 64 bits and a name with accents come back whole."""
    match = await storage.create_match(a_match(state={1: "north", "rng": 2**70, "name": "Niccolò"}))
    assert (await storage.get_match(match.id)).state == {"1": "north", "rng": 2**70, "name": "Niccolò"}
    match.state = {"scores": {0: 3, 1: -(2**65)}, "note": "più tardi"}
    await storage.save_match(match)
    assert (await storage.get_match(match.id)).state == {"scores": {"0": 3, "1": -(2**65)}, "note": "più tardi"}


async def test_simultaneous_saves_with_one_state_id_apply_exactly_once(storage):
    match = await storage.create_match(a_match())
    copies = [await storage.get_match(match.id) for _ in range(12)]

    async def save(i, copy):
        copy.state = {"by": i}
        try:
            await storage.save_match(copy, entry=LogEntry(copy.id, 0, "step", 0, f"take {i}", at=1.0))
            return True
        except StaleState:
            return False

    outcomes = await asyncio.gather(*(save(i, c) for i, c in enumerate(copies)))
    assert outcomes.count(True) == 1
    assert len(await storage.log(match.id)) == 1



async def test_reads_see_the_last_commit_without_waiting_for_a_write_in_progress(storage):
    """A click's reads do not queue behind another match's save (on SQLite they have a connection of their
    own): while a write is open, a read answers at once with what was committed before it."""
    match = await storage.create_match(a_match())
    async with storage.db.transaction() as q:
        await q.execute("UPDATE matches SET state = ? WHERE id = ?", '{"heap": 5}', match.id)
        await q.execute("UPDATE seats SET name = ? WHERE match_id = ?", "Ada", match.id)
        # Waiting for the write to end would never finish: it ends after this read.
        seen = await asyncio.wait_for(storage.get_match(match.id), timeout=30)
    assert seen.state is None and all(s.name is None for s in seen.seats)
    after = await storage.get_match(match.id)
    assert after.state == {"heap": 5} and all(s.name == "Ada" for s in after.seats)

async def test_reminders_are_replaced_with_the_save_and_come_due_in_order(storage):
    match = await storage.create_match(a_match())
    await storage.save_match(match, reminders=[Reminder(match.id, 0, "expire", 300.0),
                                               Reminder(match.id, 0, "nudge", 100.0)])
    assert [r.kind for r in await storage.due_reminders(1000.0)] == ["nudge", "expire"]
    assert await storage.due_reminders(50.0) == []
    await storage.save_match(match, reminders=[Reminder(match.id, 1, "nudge", 200.0, level=1)])
    due = await storage.due_reminders(1000.0)
    assert [(r.seat, r.level) for r in due] == [(1, 1)]
    await storage.delete_reminder(due[0].id)
    assert await storage.reminders(match.id) == []


async def test_preferences_and_mail(storage):
    prefs = await storage.prefs(5)
    assert prefs.dms_enabled and not prefs.dm_closed
    prefs.dm_closed, prefs.locale = True, "it"
    await storage.save_prefs(prefs)
    assert (await storage.prefs(5)).dm_closed and (await storage.prefs(5)).locale == "it"
    match = await storage.create_match(a_match())
    await storage.post_mail(Mail(5, match.id, {"events": [1]}, 1.0))
    assert [m.payload for m in await storage.take_mail(5)] == [{"events": [1]}]
    assert await storage.take_mail(5) == []
    other = await storage.create_match(a_match(place=2))
    for match_id, n in ((match.id, 2), (other.id, 3), (match.id, 4)):
        await storage.post_mail(Mail(5, match_id, {"events": [n]}, 1.0))
    assert [m.payload for m in await storage.take_mail(5, other.id)] == [{"events": [3]}]  # one match's news only
    assert [m.payload for m in await storage.take_mail(5)] == [{"events": [2]}, {"events": [4]}]


async def test_listing_by_guild_and_by_player(storage):
    await storage.create_match(a_match(place=1, guild_id=9))
    other = a_match(place=2, guild_id=8)
    other.seats = [SeatRecord(0, user_id=200)]
    await storage.create_match(other)
    assert [m.place_id for m in await storage.matches(guild_id=9)] == [1]
    assert [m.place_id for m in await storage.matches(user_id=200)] == [2]


async def test_matches_and_undelivered_items_are_counted_by_status(storage):
    lobby = await storage.create_match(a_match(place=1), outbox=[OutboxItem(0, "lobby")])
    running = await storage.create_match(a_match(place=2, status="running"),
                                         outbox=[OutboxItem(0, "table"), OutboxItem(0, "line")])
    await storage.create_match(a_match(place=3, status="over"))
    assert await storage.count_matches() == 2
    assert await storage.count_matches(("running",)) == 1
    assert await storage.count_matches(("over", "lobby")) == 2
    assert await storage.backlog() == 3
    await storage.delivered([i.id for i in await storage.pending(running.id)], match_id=running.id)
    assert await storage.backlog() == 1 == len(await storage.pending(lobby.id))


# ---- background work shared by several processes -------------------------------------------------------
async def two_processes(database_url, *, lease_seconds=60.0):
    """Two storages on one database, as two bot processes would hold them."""
    first, second = (make_storage(database_url, lease_seconds=lease_seconds) for _ in range(2))
    await first.open()
    await second.open()
    return first, second


async def test_due_reminders_are_claimed_by_one_process_each(storage, database_url):
    matches = [await storage.create_match(a_match(place=p)) for p in range(1, 7)]
    for match in matches:
        await storage.save_match(match, reminders=[Reminder(match.id, 0, "nudge", 10.0),
                                                   Reminder(match.id, 1, "expire", 20.0)])
    first, second = await two_processes(database_url)
    try:
        claimed = await asyncio.gather(*(p.claim_due_reminders(100.0, limit=5) for p in (first, second, first)))
        ids = [r.id for batch in claimed for r in batch]
        assert len(ids) == len(set(ids)) == 12  # every due reminder claimed, none twice
        assert await second.claim_due_reminders(100.0) == []  # held: not claimed again
    finally:
        await first.close()
        await second.close()


async def test_a_dead_process_s_claims_lapse_and_another_takes_its_work(storage, database_url):
    match = await storage.create_match(a_match())
    await storage.save_match(match, reminders=[Reminder(match.id, 0, "nudge", 10.0)])
    dead, alive = await two_processes(database_url, lease_seconds=-1.0)  # every lease already lapsed
    try:
        assert [r.seat for r in await dead.claim_due_reminders(100.0)] == [0]
        assert await dead.claim("outbox:1")
        # The process died holding both: its leases lapse, the other process picks the work up.
        assert [r.seat for r in await alive.claim_due_reminders(100.0)] == [0]
        assert await alive.claim("outbox:1")
    finally:
        await dead.close()
        await alive.close()


async def test_named_work_is_held_by_one_live_process_until_released(database_url, backend):
    first, second = await two_processes(database_url)
    try:
        if backend == "sqlite":  # one bot process: its own locks keep its work apart, claims always succeed
            assert await first.claim("league-round:3") and await second.claim("league-round:3")
            return
        assert await first.claim("league-round:3")
        assert not await second.claim("league-round:3")
        assert await first.claim("league-round:3")  # the holder may take it again
        assert await second.claim("outbox:9")  # other work is free
        await second.release("league-round:3")  # only the holder releases
        assert not await second.claim("league-round:3")
        await first.release("league-round:3")
        assert await second.claim("league-round:3")
    finally:
        await first.close()
        await second.close()


# ---- leagues -----------------------------------------------------------------------------------------
async def test_leagues_seasons_results_and_server_defaults(storage):
    from bot.storage import ResultRecord
    from bot.storage.leagues import LeagueNameTaken, LeagueRecord, SqlLeagueStorage, StaleLeague

    leagues = SqlLeagueStorage(storage)
    league = await leagues.create_league(LeagueRecord(9, "Spring", {"format": "swiss"}))
    assert (await leagues.league(league.id)).data == {"format": "swiss", "id": league.id}
    with pytest.raises(LeagueNameTaken):
        await leagues.create_league(LeagueRecord(9, "SPRING", {}))  # a name is the same whatever its case
    await leagues.create_league(LeagueRecord(8, "Spring", {}))  # another server may use it
    copy = await leagues.league(league.id)
    await leagues.save_league(league, archive=(1, {"winner": 100}))
    with pytest.raises(StaleLeague):
        await leagues.save_league(copy)
    assert await leagues.seasons(league.id) == [(1, {"winner": 100})]
    assert [x.guild_id for x in await leagues.leagues()] == [9, 8]

    match = await storage.create_match(a_match(guild_id=9))
    match.seats[0].name = "Bruno"
    match.status = "over"
    await storage.save_match(match, result=ResultRecord(match.id, "toy", "over", [{"seat": 0}], 5.0))
    (finished,) = await leagues.finished_matches(9)
    assert finished.names == {100: "Bruno"} and not finished.voided
    assert await leagues.set_voided(match.id, True)
    assert (await leagues.finished_matches(9, match_ids=[match.id]))[0].voided
    assert await leagues.finished_matches(8) == []
    await leagues.set_server_locale(9, "it")
    await leagues.set_server_locale(9, "en")
    assert await leagues.server_locale(9) == "en" and await leagues.server_locale(8) is None
