"""Work shared by several bot processes on one database, done once: claims renewed while their work runs
(and work that lost its claim posts nothing), a nudge never repeated after a crash, and processes that start
at once resuming each match once. The reminder tests run on SQLite and PostgreSQL; named claims are no-ops on
SQLite, which serves one process, so the tests of several processes run on PostgreSQL alone."""

from __future__ import annotations

import asyncio

import pytest

from bot.services import MatchServices
from bot.services.payloads import LobbyNews, outbox_item
from bot.storage import LeaseLost, MatchRecord, Reminder, SeatRecord, lease, make_storage, reminder_lease
from tests.support.backends import postgres_schema

from .fakes import RecordingPresenter
from .test_services import BOB, HOST, awaited_user, lobby, started

pytestmark = pytest.mark.every_backend  # for the tests on `database_url`

SHORT = 0.6  # seconds: a lease that would lapse several times during the slow work below


@pytest.fixture
async def shared_url(postgres_server):
    """A fresh PostgreSQL database for several processes at once."""
    async with postgres_schema(postgres_server) as url:
        yield url


async def processes(url, count=2, **options):
    stores = [make_storage(url, **options) for _ in range(count)]
    for store in stores:
        await store.open()
    return stores


async def poll(until: asyncio.Event, attempt) -> list:
    """What `attempt` got each 0.1 s until `until` is set."""
    got = []
    while not until.is_set():
        got.append(await attempt())
        await asyncio.sleep(0.1)
    return got


async def test_a_claim_is_renewed_while_its_work_runs(shared_url):
    first, second = await processes(shared_url, lease_seconds=SHORT)
    try:
        done = asyncio.Event()
        async with lease(first, "outbox:1") as held:
            assert held is not None
            watcher = asyncio.create_task(poll(done, lambda: second.claim("outbox:1")))
            await asyncio.sleep(4 * SHORT)  # slow work: the lease alone would have lapsed three times
            held.check()  # still this process's
            done.set()
            assert not any(await watcher)
        assert await second.claim("outbox:1")  # released when the work ended
    finally:
        for store in (first, second):
            await store.close()


async def test_a_claimed_reminder_is_renewed_while_it_is_acted_on(storage, database_url):
    match = await storage.create_match(MatchRecord(game="toy", seed=7, channel_id=1, place_id=10, host_id=HOST,
                                                     seats=[SeatRecord(0, user_id=BOB), SeatRecord(1, ai="random")]))
    await storage.save_match(match, reminders=[Reminder(match.id, 0, "nudge", 10.0)])
    first, second = await processes(database_url, lease_seconds=SHORT)
    try:
        (reminder,) = await first.claim_due_reminders(100.0)
        done = asyncio.Event()
        async with reminder_lease(first, reminder) as held:
            watcher = asyncio.create_task(poll(done, lambda: second.claim_due_reminders(100.0)))
            await asyncio.sleep(4 * SHORT)
            held.check()
            done.set()
            assert not any(await watcher)  # never claimed by the other process while it ran
    finally:
        for store in (first, second):
            await store.close()


async def test_a_reminder_given_up_is_claimed_again_at_once(storage, database_url):
    """The clock leaves a busy match's reminder to a later poll: any process may take it then, without
    waiting for the lease to lapse; only the process that holds a claim can give it up."""
    match = await storage.create_match(MatchRecord(game="toy", seed=7, channel_id=1, place_id=10, host_id=HOST,
                                                     seats=[SeatRecord(0, user_id=BOB), SeatRecord(1, ai="random")]))
    await storage.save_match(match, reminders=[Reminder(match.id, 0, "nudge", 10.0)])
    first, second = await processes(database_url)  # leases far longer than this test
    try:
        (reminder,) = await first.claim_due_reminders(100.0)
        assert reminder.id is not None
        await second.unclaim_reminder(reminder.id)  # not the holder's: changes nothing
        assert await second.claim_due_reminders(100.0) == []
        await first.unclaim_reminder(reminder.id)
        assert [r.id for r in await second.claim_due_reminders(100.0)] == [reminder.id]
    finally:
        for store in (first, second):
            await store.close()


async def test_work_that_lost_its_claim_posts_nothing(shared_url, clock):
    first, second = await processes(shared_url, lease_seconds=SHORT)
    presenter = RecordingPresenter()
    service = MatchServices(first, presenter, now=clock)
    try:
        match = await lobby(service, BOB, ai=1)
        async with lease(first, f"outbox:{match.id}") as held:
            await first.enqueue([outbox_item(match.id, LobbyNews())])
            # This process stalls past its lease; the other one takes the work over meanwhile.
            async with first.db.statement() as q:
                await q.execute("UPDATE leases SET owner = ?, until = ? WHERE name = ?", second.owner, 1e12,
                                f"outbox:{match.id}")
            await asyncio.sleep(SHORT)
            with pytest.raises(LeaseLost):
                held.check()
            posted = len(presenter.lobbies)
            await service.core.courier.deliver(match.id)
            assert len(presenter.lobbies) == posted  # stopped before posting
        assert await first.pending(match.id)  # left to the process that holds the claim now
    finally:
        for store in (first, second):
            await store.close()


class Died(BaseException):
    """The process dies right there (nothing catches it)."""


class Discord(RecordingPresenter):
    """Keeps the nonce of each DM like Discord's enforce_nonce: a repeat returns the earlier message."""

    def __init__(self, die_after_reminding=False):
        super().__init__()
        self.nonces: list[str] = []
        self.die_after_reminding = die_after_reminding

    async def remind(self, user_id, match, message, locale, nonce=None):
        assert nonce, "a nudge must carry a nonce"
        self.nonces.append(nonce)
        if nonce not in self.nonces[:-1]:
            await super().remind(user_id, match, message, locale, nonce)
        if self.die_after_reminding:
            raise Died()


async def test_a_nudge_is_not_repeated_when_the_process_dies_after_sending_it(database_url, clock):
    first, = await processes(database_url, count=1, lease_seconds=2.0)  # long enough for drawing the tables
    discord = Discord(die_after_reminding=True)
    match = await started(MatchServices(first, discord, now=clock), BOB, clock_hours=10)
    clock.advance(5.1)  # the first nudge is due
    with pytest.raises(Died):
        await MatchServices(first, discord, now=clock).timekeeper.tick()  # sent, then died before deleting the reminder
    await first.close()
    assert len(discord.reminders) == 1

    # Once its claim lapses, another process (or the same one restarted) fires the nudge again.
    await asyncio.sleep(2.0)
    again, = await processes(database_url, count=1, lease_seconds=2.0)
    try:
        discord.die_after_reminding = False
        assert await MatchServices(again, discord, now=clock).timekeeper.tick() == 1
        assert len(discord.nonces) == 2 and discord.nonces[0] == discord.nonces[1]  # the same nudge, again
        assert [user for user, _ in discord.reminders] == [awaited_user(match)]  # which the player sees once
        assert [(r.kind, r.level) for r in await again.reminders(match.id)] == [("nudge", 1), ("nudge", 2), ("expire", 0)]
        assert await MatchServices(again, discord, now=clock).timekeeper.tick() == 0
    finally:
        await again.close()


async def test_processes_starting_at_once_resume_each_match_once(shared_url, clock):
    first, second = await processes(shared_url)
    services = [MatchServices(store, RecordingPresenter(), now=clock) for store in (first, second)]
    try:
        match = await started(services[0], ai=1)  # the host and an AI seat
        core = services[0].core
        # A crash right after a player's step was saved, before the AI seat answered it.
        match, game, state = await core.running(match.id)
        seat = match.seat_of(awaited_user(match)).seat
        state, events, entry = await core.step(match, game, state, seat, "take 1", by_ai=False)
        await core.commit(match, game, state, entry=entry, events=events)
        steps_before = len(await first.log(match.id))
        services[0].core.courier.presenter.tables.clear()

        await asyncio.gather(*(service.timekeeper.resume() for service in services))  # neither refused by the other
        # The AI's answer, saved while the other process held the match's delivery, waits for the next tick.
        await asyncio.gather(*(service.timekeeper.tick() for service in services))
        log = await first.log(match.id)
        assert [e.by_ai for e in log[steps_before:]] == [True]  # the AI seat answered once
        nonces = [t.nonce for service in services for t in service.core.courier.presenter.tables]
        assert nonces and len(nonces) == len(set(nonces))  # every table posted once, by one of them
        assert await first.pending() == []
    finally:
        for store in (first, second):
            await store.close()
