"""The turn clock and start-up: reminders, what happens when a clock runs out, and resuming after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import logging
from typing import Any

from engine.core import Game, Message

from ..storage import (
    LeaseLost,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    Reminder,
    ReminderKind,
    SeatRecord,
    UserPrefs,
    lease,
    reminder_lease,
)
from . import ai, clock
from .core import MAX_AI_STEPS, MatchCore, moves_by_itself
from .errors import DmClosed, Refusal
from .payloads import LineNews, outbox_item

log = logging.getLogger(__name__)


def nudge_nonce(reminder: Reminder) -> str:
    """The same for a nudge fired again after a crash (Discord then returns the message already posted);
    made of what the reminder is, since a deleted reminder's id may be given to a new one."""
    what = f"{reminder.match_id}:{reminder.seat}:{reminder.kind}:{reminder.level}:{reminder.due_at!r}"
    return "cr" + hashlib.blake2b(what.encode(), digest_size=8).hexdigest()


class TimekeeperService:
    def __init__(self, core: MatchCore):
        self.core = core

    async def tick(self) -> int:
        """Fire every reminder that is due and retry what could not be delivered; returns how many reminders
        fired. Called by a background poller."""
        fired = 0
        for reminder in await self.core.storage.claim_due_reminders(self.core.now()):  # one process each
            assert reminder.id is not None
            if self.core.locks[reminder.match_id].locked():
                # A change holds the match (for as long as discord.py retries a failing Discord): a later poll
                # fires this, and no other match's reminder waits behind it.
                await self.core.storage.unclaim_reminder(reminder.id)
                continue
            async with self.core.locks[reminder.match_id]:
                await self._fire(reminder)
            fired += 1
        await self.deliver_pending(due_only=True)
        return fired

    async def deliver_pending(self, *, due_only: bool = False) -> None:
        """Deliver every match's undelivered outbox (at start-up: whatever a crash or a failure left behind;
        on the clock, `due_only`: what is due for another try, skipping a match busy with a change, which
        delivers what is pending once saved, or a later tick does: one match held up by a failing Discord
        holds up no other's retries)."""
        due_by = self.core.now() if due_only else None
        for match_id in sorted({item.match_id for item in await self.core.storage.pending(due_by=due_by)}):
            if due_only and self.core.locks[match_id].locked():
                continue
            async with self.core.locks[match_id]:
                await self.core.deliver(match_id)

    async def _fire(self, reminder: Reminder) -> None:
        if reminder.id is None or reminder.id not in {r.id for r in await self.core.storage.reminders(
                reminder.match_id)}:
            return  # the turn moved on while we waited for the lock
        # Deleted once done (an expiry's own save drops it): if this process dies first, its claim lapses and
        # another process fires it; a nudge posted again then finds the one already posted (its nonce).
        # The claim is renewed while this runs; lost to another process, nothing more is posted here.
        self.core.firing.add(reminder.id)
        try:
            async with reminder_lease(self.core.storage, reminder):
                await self._act_on(reminder)
        except LeaseLost:
            log.warning("reminder %s was taken over by another process; left to it", reminder.id)
            return
        finally:
            self.core.firing.discard(reminder.id)
        await self.core.storage.delete_reminder(reminder.id)

    async def _act_on(self, reminder: Reminder) -> None:
        match = await self.core.storage.get_match(reminder.match_id)
        if match is None or match.status != MatchStatus.RUNNING:
            return
        seat = match.seat(reminder.seat)
        if seat.awaited_since is None or seat.plays_ai:
            return
        settings = self.core.settings_of(match)
        if reminder.kind == ReminderKind.NUDGE:
            deadline = clock.expiries(await self.core.storage.reminders(match.id)).get(
                seat.seat, clock.deadline(seat.awaited_since, settings.clock_hours))
            await self._nudge(match, seat, reminder.level, deadline, nonce=nudge_nonce(reminder))
            return
        game = self.core.game_of(match)
        state = self.core.state_of(match, game)
        if settings.on_expiry == "forfeit":
            why = Message("bot.clock.forfeited", {"user": f"<@{seat.user_id}>"})
            match = await self.core.give_up(match, game, state, seat, why)
        else:
            match = await self._play_for(match, game, state, seat)
        await self.core.deliver(match.id, match)

    async def set_away(self, user_id: int, days: float) -> UserPrefs:
        """A break of `days` from now (0: back now): the player's turn clocks stand still until it ends, in a
        league's match at most the league's maximum from the break's start, and each of their tables is told.
        The clocks of their turns already running move on by what the break adds (or gives back)."""
        if not 0 <= days <= clock.MAX_AWAY_DAYS:
            raise Refusal("bot.refusal.away_range", high=f"{clock.MAX_AWAY_DAYS:g}")
        now = self.core.now()
        before = await self.core.storage.prefs(user_id)
        if not days and not before.away_at(now):
            raise Refusal("bot.refusal.not_away")
        after = dataclasses.replace(before, away_since=(before.away_since if before.away_at(now) else now) if days
                                    else None, away_until=now + days * clock.DAY if days else None)
        running = sorted(m.id for m in await self.core.storage.matches(user_id=user_id, statuses=(MatchStatus.RUNNING,))
                         if m.id is not None)
        async with contextlib.AsyncExitStack() as held:  # in one order, so that no two callers wait on each other
            for match_id in running:
                await held.enter_async_context(self.core.locks[match_id])
            moved: list[Reminder] = []
            told: list[OutboxItem] = []
            for match_id in running:
                match = await self.core.get(match_id)
                if match.status != MatchStatus.RUNNING:
                    continue
                most = self.core.settings_of(match).max_away_days
                later = clock.break_end(after, now, most) - clock.break_end(before, now, most)
                awaited = {s.seat for s in match.seats if s.user_id == user_id and s.awaited_since and not s.plays_ai}
                moved += clock.moved([r for r in await self.core.storage.reminders(match_id)
                                      if r.seat in awaited and r.due_at > now], later, now)
                mention = f"<@{user_id}>"
                told.append(outbox_item(match.id, LineNews(Message("bot.away.table", {
                    "user": mention, "until": clock.discord_time(clock.break_end(after, now, most), "f")})
                    if days else Message("bot.away.back", {"user": mention}))))
            await self.core.storage.save_break(after, moved, told)
            for item in told:
                await self.core.deliver(item.match_id)
        return after

    async def pause_match(self, match_id: int, user_id: int, *, is_manager: bool = False) -> MatchRecord:
        """The host (or a server manager) stops every turn clock of the match until it resumes; players may
        still move meanwhile."""
        return await self._set_paused(match_id, user_id, is_manager, pause=True)

    async def resume_match(self, match_id: int, user_id: int, *, is_manager: bool = False) -> MatchRecord:
        """The clocks run again, each with the time it had left when the match was paused."""
        return await self._set_paused(match_id, user_id, is_manager, pause=False)

    async def _set_paused(self, match_id: int, user_id: int, is_manager: bool, *, pause: bool) -> MatchRecord:
        async with self.core.locks[match_id]:
            match = await self.core.get(match_id)
            if match.status != MatchStatus.RUNNING:
                raise Refusal("bot.refusal.not_running")
            if user_id != match.host_id and not is_manager:
                raise Refusal("bot.refusal.host_only")
            settings = self.core.settings_of(match)
            if (settings.paused_at is not None) == pause:
                raise Refusal("bot.refusal.already_paused" if pause else "bot.refusal.not_paused")
            now = self.core.now()
            later = clock.PARKED if pause else now - (settings.paused_at or now) - clock.PARKED
            reminders = clock.moved(await self.core.storage.reminders(match_id), later, now)
            match.settings = settings.model_copy(update={"paused_at": now if pause else None}).model_dump()
            said = Message("bot.pause.paused" if pause else "bot.pause.resumed", {"user": f"<@{user_id}>"})
            match = await self.core.storage.save_match(match, reminders=reminders, outbox=[outbox_item(match.id, LineNews(said))])
            await self.core.deliver(match.id, match)
            return match

    async def _nudge(self, match: MatchRecord, seat: SeatRecord, level: int, deadline: float, nonce: str) -> None:
        if seat.user_id is None:
            return
        prefs = await self.core.storage.prefs(seat.user_id)
        if prefs.snooze_until and prefs.snooze_until > self.core.now():
            return
        settings = self.core.settings_of(match)
        key = f"bot.clock.nudge{min(level, 2)}"
        params = {"match": self.core.title(match), "deadline": clock.discord_time(deadline),
                  "action": Message(f"bot.clock.then_{settings.on_expiry}")}
        if prefs.dms_enabled and not prefs.dm_closed:
            try:
                await self.core.courier.presenter.remind(seat.user_id, match, Message(key, params),
                                                         prefs.locale or settings.locale, nonce=nonce)
                return
            except DmClosed:
                prefs.dm_closed = True
                await self.core.storage.save_prefs(prefs)
        await self.core.courier.presenter.tell_table(match, Message(key, params), mention=seat.user_id,
                                                     locale=prefs.locale or settings.locale, nonce=nonce)

    async def _play_for(self, match: MatchRecord, game: Game[Any], state: Any, seat: SeatRecord) -> MatchRecord:
        """The clock ran out: the AI takes this seat's pending steps, then the seat is the player's again."""
        said: OutboxItem | None = outbox_item(match.id, LineNews(Message("bot.clock.ai_played",
                                                                         {"user": f"<@{seat.user_id}>"})))
        waiting = game.active_seats(state)
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state) or seat.seat not in game.active_seats(state):
                break
            if game.active_seats(state) - waiting:
                break  # a new round began: the seat's turn is over, the next is the player's again
            action = await asyncio.to_thread(ai.choose, game, state, seat.seat, self.core.settings_of(match).ai_policy,
                                             match.seed + match.state_id)
            state, events, entry = await self.core.step(match, game, state, seat.seat, action, by_ai=True)
            match = await self.core.commit(match, game, state, entry=entry, events=events, extra=[said] if said else ())
            said = None
        match, _ = await self.core.advance(match, game, state)
        return match

    async def resume(self) -> None:
        """After a restart: deliver what a crash left undelivered, and let AI seats that were about to move, move."""
        await self.deliver_pending()
        for match in await self.core.storage.matches(statuses=(MatchStatus.RUNNING,)):
            game = self.core.game_of(match)
            if not moves_by_itself(match, game, self.core.state_of(match, game)):
                continue
            # Several processes starting at once: one of them moves each match's AI seats.
            async with self.core.locks[match.id], lease(self.core.storage, f"resume:{match.id}") as held:
                if held is None:
                    continue
                match = await self.core.get(match.id)
                if match.status != MatchStatus.RUNNING:
                    continue
                state = self.core.state_of(match, game)
                if moves_by_itself(match, game, state):
                    match, _ = await self.core.advance(match, game, state)
                    await self.core.deliver(match.id, match)
