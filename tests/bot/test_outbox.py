"""The outbox: what a change must show is saved with it and delivered after it, once; a crash in between
loses nothing; every new turn is announced exactly once, whatever made it someone's turn."""

import asyncio
import contextlib
import random
from collections import Counter

import pytest

from bot.services import MatchServices, MatchSettings, Refusal
from bot.services.courier import alert_nonce
from bot.storage import make_storage
from bot.storage.outbox import MAX_ATTEMPTS, RETRY_FIRST_SECONDS

from .fakes import RecordingPresenter

# The services' contract with storage holds on every backend: each test here runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.every_backend

HOST, BOB, CAROL = 1, 2, 3


class Crashing(RecordingPresenter):
    """A presenter whose Discord is down: every post fails, as if the process died before posting."""

    async def show_table(self, update):
        raise ConnectionError("Discord is unreachable")

    async def show_lobby(self, match, title, seat_range, nonce):
        raise ConnectionError("Discord is unreachable")

    async def send_private(self, user_id, notice):
        raise ConnectionError("Discord is unreachable")


async def new_match(service, *humans, ai=0, game="toy", **settings):
    match = await service.lobby.create(game_key=game, host_id=HOST, channel_id=70, place_id=77, guild_id=9,
                                 settings=MatchSettings(**settings), host_name="Host")
    for user in humans:
        await service.lobby.join(match.id, user, name=f"player {user}")
    for _ in range(ai):
        await service.lobby.add_ai(match.id, HOST, "easy")
    return match


def becoming_active(game, match, log):
    """Independent of the bot: from a replay of the log, how many times each human seat became one the game
    waits for (a seat that keeps the move, step after step, becomes active once). A seat whose only legal step
    reveals nothing is not waited for (the bot takes that step), and an undo takes such steps back with the
    step chosen before them."""
    humans = {s.seat for s in match.seats if s.user_id is not None and not s.resigned}
    state = game.new_game(match.params, len(match.seats), match.seed)
    counts, before = Counter(), set()
    steps = []
    for entry in log:
        if entry.kind == "undo":
            while steps and steps[-1].by_ai and steps[-1].undoable:
                steps.pop()
            steps.pop()
        else:
            steps.append(entry)
        state = game.new_game(match.params, len(match.seats), match.seed)
        for step in steps:
            state, _ = game.apply(state, step.seat, step.notation)
        if only_step(game, state, humans):
            continue
        now = set(game.active_seats(state)) & humans
        counts.update(now - before)
        before = now
    first = game.active_seats(game.new_game(match.params, len(match.seats), match.seed)) & humans
    counts.update(first)  # the first to act, at the start (before any log entry)
    return counts


def only_step(game, state, humans) -> bool:
    """One human seat is asked, and its only legal step reveals nothing."""
    active = game.active_seats(state)
    if len(active) != 1 or not active <= humans:
        return False
    (seat,) = active
    legal = game.legal_actions(state, seat)
    return len(legal) == 1 and not any(e.reveals for e in game.apply(state, seat, legal[0])[1])


async def test_a_crash_between_saving_and_posting_loses_nothing(database_url, clock):
    down = make_storage(database_url)
    await down.open()
    crashed = MatchServices(down, Crashing(), now=clock, new_seed=lambda: 3)
    match = await new_match(crashed, BOB)
    await crashed.lobby.start(match.id, HOST)  # saved, but nothing reached Discord
    match = await crashed.table.get(match.id)
    assert match.status == "running" and await down.pending(match.id)
    await down.close()

    storage = make_storage(database_url)
    await storage.open()
    presenter = RecordingPresenter()
    service = MatchServices(storage, presenter, now=clock)
    await service.timekeeper.resume()  # start-up: everything undelivered is delivered
    assert await storage.pending() == []
    assert presenter.lobbies[-1][2] == "running"  # the lobby says the match started
    (table,) = presenter.tables
    awaited = next(s for s in match.seats if s.awaited_since is not None)
    assert table.new_turn and [a.user_id for a in table.alerts] == [awaited.user_id]
    assert table.match.state_id == match.state_id  # the current state
    # Each player's starting hand (the toy's secret), privately, once each, to them alone.
    assert sorted((user, notice.seat.user_id) for user, notice in presenter.privates) == [(HOST, HOST), (BOB, BOB)]
    assert all([e.key for e in notice.events] == ["bot.dm.starting_hand"] for _, notice in presenter.privates)
    await service.timekeeper.resume()  # a second start-up delivers nothing again
    assert len(presenter.tables) == 1 and len(presenter.privates) == 2
    await storage.close()


async def test_a_failed_delivery_is_retried_by_the_clock_and_announces_once(service, presenter, storage, clock):
    match = await new_match(service, BOB)
    match = await service.lobby.start(match.id, HOST)
    first = next(s.user_id for s in match.seats if s.awaited_since is not None)
    presenter.tables.clear()
    real = presenter.show_table

    async def down(update):
        raise ConnectionError("Discord is unreachable")

    presenter.show_table = down
    await service.playing.settle(await service.playing.play(match.id, first, "take 1"), shown=True)
    assert [i.kind for i in await storage.pending(match.id)] == ["table"]
    presenter.show_table = real
    await service.timekeeper.tick()  # too soon: the item waits out its retry delay
    assert [i.kind for i in await storage.pending(match.id)] == ["table"] and presenter.tables == []
    clock.advance(RETRY_FIRST_SECONDS / 3600)
    await service.timekeeper.tick()
    assert await storage.pending(match.id) == []
    second = BOB if first == HOST else HOST
    assert presenter.alerted() == [second]


async def test_an_item_that_keeps_failing_is_tried_later_and_later_then_set_aside_and_logged_once(
        service, presenter, storage, clock, caplog):
    match = await service.lobby.start((await new_match(service, BOB)).id, HOST)
    tries = []

    async def down(update):
        tries.append(clock())
        raise ConnectionError("Discord is unreachable")

    presenter.show_table = down
    first = next(s.user_id for s in match.seats if s.awaited_since is not None)
    await service.playing.play(match.id, first, "take 1")
    for _ in range(400):  # a tick every two minutes, for over thirteen hours
        clock.advance(2 / 60)
        await service.timekeeper.tick()
    gaps = [later - earlier for earlier, later in zip(tries, tries[1:], strict=False)]
    assert len(tries) == MAX_ATTEMPTS and gaps == sorted(gaps) and gaps[-1] > 8 * gaps[0]
    assert await storage.pending(match.id) == [] and await storage.backlog() == 0
    assert await storage.dead_letters() == 1
    set_aside = [r for r in caplog.records if "set aside as dead" in r.getMessage()]
    assert len(set_aside) == 1 and set_aside[0].levelname == "ERROR"
    assert sum(bool(r.exc_info) for r in caplog.records if "delivery for match" in r.getMessage()) == 1


class ChannelGone(Exception):
    """What discord.py raises when Discord answers 404 Unknown Channel (the channel was deleted)."""

    status, code = 404, 10003


async def test_a_channel_gone_stops_the_retries_at_once_and_its_host_is_told_by_dm(service, presenter, storage, clock):
    match = await service.lobby.start((await new_match(service, BOB)).id, HOST)
    tries = []

    async def gone(update):
        tries.append(update)
        raise ChannelGone()

    presenter.show_table = gone
    first = next(s.user_id for s in match.seats if s.awaited_since is not None)
    await service.playing.play(match.id, first, "take 1")
    assert len(tries) == 1 and await storage.pending(match.id) == [] and await storage.dead_letters() == 1
    ((host, told),) = presenter.reminders
    assert host == HOST and told.key == "bot.outbox.unreachable" and "Unknown Channel" in told.params["reason"]
    for _ in range(10):
        clock.advance(1)
        await service.timekeeper.tick()
    assert len(tries) == 1 and len(presenter.reminders) == 1


async def test_a_turn_alert_by_dm_when_the_player_asks_for_it(service, presenter):
    await service.preferences.set_turn_alert(BOB, "dm")
    match = await new_match(service, BOB)
    match = await service.lobby.start(match.id, HOST)
    first = next(s.user_id for s in match.seats if s.awaited_since is not None)
    if first == HOST:
        await service.playing.play(match.id, HOST, "take 1")
    assert presenter.turn_dms == [(BOB, match.id)]
    assert BOB not in [a.user_id for t in presenter.tables for a in t.alerts]  # a DM, not also a mention
    (_, turn), = presenter.turn_notices  # with his question and its buttons, to answer from the DM
    assert turn.panel.prompt is not None and [c.notation for c in turn.panel.choices] == ["take 1", "take 2", "take 3"]
    presenter.closed_dms.add(BOB)  # then Bob closes his DMs: the alert falls back to the table's mention
    await service.playing.play(match.id, BOB, "take 1")
    await service.playing.play(match.id, HOST, "take 1")
    assert [a.user_id for a in presenter.tables[-1].alerts] == [BOB] and len(presenter.turn_dms) == 1
    assert presenter.lines[-1][2] == BOB and presenter.lines[-1][1].key == "bot.dm.closed"  # said once


@pytest.mark.parametrize("seed", range(4))
async def test_every_turn_is_announced_exactly_once_whatever_made_it(service, presenter, storage, clock, seed):
    """Two humans and an AI, playing with random steps, undos and clocks that run out: each human is
    alerted exactly as many times as a replay of the log says their seat became active."""
    rng = random.Random(seed)
    match = await new_match(service, BOB, ai=1, game="toy-peek", clock_hours=1, on_expiry="ai")
    match = await service.lobby.start(match.id, HOST)
    game = service.core.game_of(match)
    for _ in range(60):
        match = await service.table.get(match.id)
        if match.status != "running":
            break
        awaited = [s for s in match.seats if s.awaited_since is not None and not s.plays_ai]
        roll = rng.random()
        if roll < 0.15:
            clock.advance(1.01)  # the clock runs out: the AI plays for the awaited player
            await service.timekeeper.tick()
            continue
        (seat,) = awaited
        if roll < 0.3:
            with contextlib.suppress(Refusal):  # nothing of theirs to take back: fine
                await service.playing.undo(match.id, seat.user_id)
            continue
        state = game.load_state(match.state)
        step = rng.choice(game.legal_actions(state, seat.seat))
        result = await service.playing.play(match.id, seat.user_id, game.format_action(step), state_id=match.state_id)
        await service.playing.settle(result, shown=rng.random() < 0.8)
    match = await service.table.get(match.id)
    expected = becoming_active(game, match, await storage.log(match.id))
    users = {s.seat: s.user_id for s in match.seats}
    assert Counter(presenter.alerted()) == Counter({users[s]: n for s, n in expected.items()})
    assert await storage.pending(match.id) == []


async def test_al_rashid_a_player_who_keeps_the_move_is_not_alerted_again(service, presenter):
    """Choosing a piece, then where to place it: one turn, one alert, and the table is edited in between."""
    match = await new_match(service, ai=2, game="al-rashid")
    match = await service.lobby.start(match.id, HOST)
    game = service.core.game_of(match)
    for _ in range(40):  # to the first placement of the host's
        state = game.load_state(match.state)
        step = game.legal_actions(state, 0)[0]
        tables_before_the_piece = len(presenter.tables)
        result = await service.playing.play(match.id, HOST, game.format_action(step), state_id=match.state_id)
        await service.playing.settle(result, shown=True)
        match = await service.table.get(match.id)
        if step.verb == "piece":
            break
    else:
        raise AssertionError("no piece was chosen")
    assert result.panel is not None and result.panel.prompt.key == "al_rashid.ask.place.area"
    assert tables_before_the_piece == len(presenter.tables)  # nothing public changed: the table stands
    alerts = len(presenter.alerted())
    state = game.load_state(match.state)
    await service.playing.play(match.id, HOST, game.format_action(game.legal_actions(state, 0)[0]),
                       state_id=match.state_id)
    assert len(presenter.alerted()) == alerts + 1  # the AIs placed, and the turn came back: one alert
    expected = becoming_active(game, match := await service.table.get(match.id), await service.core.storage.log(match.id))
    assert presenter.alerted().count(HOST) == expected[0]


def test_a_turn_dm_nonce_fits_discord_for_any_outbox_id_and_player():
    """Discord refuses a nonce over 25 characters: a turn DM's nonce (and the closed-DM line's, one more
    character) fits once outbox ids and snowflakes are large, stays the same for a repeated delivery and
    differs between deliveries and players."""

    big_user = 2**63 - 1
    nonces = {alert_nonce(item, user) for item in (1, 999, 1_000, 10**12) for user in (big_user, 42)}
    assert len(nonces) == 8
    assert all(len(nonce + "c") <= 25 for nonce in nonces)
    assert alert_nonce(10**12, big_user) == alert_nonce(10**12, big_user)


class Unshared(asyncio.Lock):
    """A match's lock that fails whoever would wait for it while it is held."""

    async def acquire(self):
        if self.locked():
            raise AssertionError("waited on the lock of a match busy with a change")
        return await super().acquire()


async def test_the_turn_clock_waits_on_no_match_busy_with_a_change(service, presenter, storage, clock):
    """While Discord fails, a change can hold its match's lock for as long as discord.py retries (about 25
    seconds): the clock's retries and reminders of that match wait for a later tick, and other matches'
    reminders go on."""
    busy = await service.lobby.start((await new_match(service, BOB, clock_hours=10)).id, HOST)
    other = await service.lobby.create(game_key="toy", host_id=CAROL, channel_id=71, place_id=78, guild_id=9,
                                 settings=MatchSettings(clock_hours=10))
    await service.lobby.join(other.id, HOST)
    other = await service.lobby.start(other.id, CAROL)
    real = presenter.show_table

    async def down(update):
        raise ConnectionError("Discord is unreachable")

    presenter.show_table = down
    first = next(s.user_id for s in busy.seats if s.awaited_since is not None)
    await service.playing.play(busy.id, first, "take 1")
    presenter.show_table = real
    assert [i.kind for i in await storage.pending(busy.id)] == ["table"]
    clock.advance(5.5)  # past half of both clocks: each match's player is due a nudge; the failed table a retry
    service.core.locks[busy.id] = lock = Unshared()
    async with lock:  # the busy match's change, still posting
        assert await service.timekeeper.tick() == 1
    assert [i.kind for i in await storage.pending(busy.id)] == ["table"]  # left to a later tick
    due = [r for r in await storage.reminders(busy.id) if r.due_at <= service.core.now()]
    assert [r.kind for r in due] == ["nudge"]  # its nudge too, unclaimed for the next tick
    waiting = next(s.user_id for s in (await service.table.get(other.id)).seats if s.awaited_since is not None)
    assert [user for user, _ in presenter.reminders] == [waiting]
    assert await service.timekeeper.tick() == 1
    assert await storage.pending(busy.id) == []
    late = next(s.user_id for s in (await service.table.get(busy.id)).seats if s.awaited_since is not None)
    assert [user for user, _ in presenter.reminders] == [waiting, late]
