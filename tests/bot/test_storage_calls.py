"""How often one click goes to storage: every call queues on the database, so a click reads the match once,
and each player's preferences at most once per delivery."""

import inspect
from collections import Counter

import pytest

import tests.support.simultaneous  # noqa: F401  (registers "blind-bid")
from bot.services import MatchServices

from .test_services import BOB, CAROL, HOST, awaited_user, started

pytestmark = pytest.mark.every_backend


class Counting:
    """The storage, counting its calls by method, and the preferences read by player."""

    def __init__(self, storage):
        self._storage = storage
        self.calls: Counter[str] = Counter()
        self.prefs_reads: Counter[int] = Counter()

    def __getattr__(self, name):
        found = getattr(self._storage, name)
        if not inspect.iscoroutinefunction(found):
            return found

        async def counted(*args, **kwargs):
            self.calls[name] += 1
            if name == "prefs":
                self.prefs_reads[args[0]] += 1
            return await found(*args, **kwargs)

        return counted

    def reset(self) -> None:
        self.calls.clear()
        self.prefs_reads.clear()


@pytest.fixture
def counting(storage):
    return Counting(storage)


@pytest.fixture
def counted_service(counting, presenter, clock):
    seeds = iter(range(1, 10_000))
    return MatchServices(counting, presenter, now=clock, new_seed=lambda: next(seeds))


async def test_a_click_followed_by_ai_steps_reads_the_match_and_each_players_preferences_once(
        counted_service, counting, presenter, storage):
    match = await started(counted_service, BOB, ai=1)  # seats: the host, Bob, an AI
    await counted_service.playing.play(match.id, HOST, "take 1")
    match = await counted_service.table.get(match.id)
    assert awaited_user(match) == BOB
    tables = len(presenter.tables)
    counting.reset()
    result = await counted_service.playing.play(match.id, BOB, "take 1", state_id=match.state_id)
    await counted_service.playing.settle(result, shown=True)
    # Bob's step and the AI's answer were delivered, and the host's new turn announced at the table.
    assert len(presenter.tables) == tables + 1 and [a.user_id for a in presenter.tables[-1].alerts] == [HOST]
    assert counting.calls["get_match"] == 1   # loaded once, then carried along the commit path
    assert counting.calls["pending"] == 1     # the outbox read once, under the delivery's claim
    assert counting.calls["reminders"] == 0   # nobody's turn went on: no clock to keep
    assert counting.calls["save_match"] == 2  # Bob's step, the AI's
    assert counting.prefs_reads == {HOST: 1}
    stored = await storage.get_match(match.id)
    assert [s.user_id for s in stored.seats if s.awaited_since is not None] == [HOST]
    assert stored.table_message_id == result.match.table_message_id  # the record handed back is as stored


async def test_a_round_opened_by_dm_reads_each_players_preferences_once_even_when_dms_turn_out_closed(
        counted_service, counting, presenter, storage):
    match = await started(counted_service, BOB, CAROL, game="blind-bid")
    for user in (HOST, BOB):
        await counted_service.playing.play(match.id, user, "play 1")
        await counted_service.playing.play(match.id, user, "confirm")
    await counted_service.playing.play(match.id, CAROL, "play 1")
    presenter.closed_dms.add(BOB)  # Bob closes his DMs: the new round's question cannot reach him there
    attempts = len(presenter.dm_attempts)
    counting.reset()
    last = await counted_service.playing.play(match.id, CAROL, "confirm")  # the round is revealed, the next one opens
    assert last.panel is not None  # Carol reads the new question in her reply
    assert sorted(presenter.dm_attempts[attempts:]) == [HOST, BOB]  # one try each, no retry into a closed DM
    assert (await storage.prefs(BOB)).dm_closed
    assert [a.user_id for a in presenter.tables[-1].alerts] == [BOB, CAROL]  # Bob instead of a DM; Carol too
    assert counting.calls["get_match"] == 1
    assert counting.calls["pending"] == 1
    assert counting.prefs_reads == {HOST: 1, BOB: 1, CAROL: 1}

