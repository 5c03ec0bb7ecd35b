"""Everything a match goes through: lobby, steps, AI seats, undo, resign, the clock, the end.

Every change follows one path: take the match's lock, load it from storage, let the engine apply the
step, and save the new state, its log entry and what the players must now see (the outbox) in one
transaction guarded by `state_id`. The courier then delivers the outbox — right away, and again at
start-up after a crash — so nothing a player should see lives only in memory.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core import Action, Event, Game, Message, get_game

from ..storage import (
    LIVE,
    LogEntry,
    Mail,
    MatchRecord,
    OutboxItem,
    PlaceTaken,
    Reminder,
    ResultRecord,
    SeatRecord,
    StaleState,
    Storage,
    UserPrefs,
)
from . import ai, clock, pictures
from .courier import Courier, title_of
from .ended import MatchEnded, MatchEndedBus
from .errors import DmClosed, Refusal, StaleBoard
from .presenter import Presenter
from .tidings import Names, colour_name, colour_of, event_from_json, plain

MAX_AI_STEPS = 5000  # a guard against a game that never hands the turn back


class MatchSettings(BaseModel):
    clock_hours: float = Field(72.0, gt=0, le=24 * 30)
    on_expiry: Literal["ai", "forfeit"] = "ai"
    resign: Literal["ai", "end"] = "ai"       # who gets a resigned seat: an AI, or nobody (the match ends)
    locale: str = "en"                         # the table's language (the server's)
    ai_policy: str = "heuristic"               # the AI that takes over resigned or forfeited seats
    league_id: int | None = None               # set by a league that schedules the match


@dataclass(frozen=True)
class LogLine:
    entry: LogEntry
    events: list[Event]
    label: Message | None  # None: someone else's step, told only through its events


@dataclass
class Choice:
    notation: str
    label: str


@dataclass
class Panel:
    """The private controls of the seat the game waits for."""

    match: MatchRecord
    seat: int
    prompt: Message | None
    choices: list[Choice]
    suggested: Choice | None


@dataclass
class PlayResult:
    match: MatchRecord
    seat: int
    label: Message                            # the step, in words
    private: list[Event]                      # private news for this player, shown in their reply
    private_ids: list[int]                    # the outbox items that news comes from
    hand_png: bytes | None                    # their hand, when there is private news
    panel: Panel | None                       # the next question, when the player keeps the move


@dataclass
class SeatStatus:
    seat: SeatRecord
    colour: str
    awaited_since: float | None
    deadline: float | None


@dataclass
class Status:
    match: MatchRecord
    title: str
    lines: list[Message]
    seats: list[SeatStatus]
    awaited: list[SeatStatus] = field(default_factory=list)


def effective_steps(log: Iterable[LogEntry]) -> list[LogEntry]:
    """The steps that make up the current state: each 'undo' cancels the latest step still standing."""
    steps: list[LogEntry] = []
    for entry in log:
        if entry.kind == "step":
            steps.append(entry)
        elif entry.kind == "undo" and steps:
            steps.pop()
    return steps


def lobby_item(match: MatchRecord) -> OutboxItem:
    return OutboxItem(match.id or 0, "lobby")


def line_item(match: MatchRecord, message: Message, mention: int | None = None) -> OutboxItem:
    return OutboxItem(match.id or 0, "line", {"message": plain(message), "mention": mention})


def ended_item(match: MatchRecord, result: ResultRecord) -> OutboxItem:
    """The match-ended event, saved with the result it tells of (see ended.py)."""
    return OutboxItem(match.id or 0, "ended", MatchEnded.of(match, result).to_json())


class MatchService:
    def __init__(self, storage: Storage, presenter: Presenter, *,
                 reminder_fractions: tuple[float, ...] = clock.DEFAULT_FRACTIONS,
                 default_clock_hours: float = 72.0,
                 now: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] | None = None):
        self.storage = storage
        self.ended = MatchEndedBus()   # features subscribe here to every ended match
        self.courier = Courier(storage, presenter, lambda: self.now(), self.ended)
        self.reminder_fractions = reminder_fractions
        self.default_clock_hours = default_clock_hours
        self.now = now
        self.new_seed = new_seed or (lambda: random.SystemRandom().getrandbits(62))
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._held: set[int] = set()  # private news being shown in a player's reply, not to be sent twice

    # ---- loading ---------------------------------------------------------------------------------
    async def get(self, match_id: int) -> MatchRecord:
        match = await self.storage.get_match(match_id)
        if match is None:
            raise Refusal("bot.refusal.no_such_match", match=match_id)
        return match

    async def match_here(self, place_id: int) -> MatchRecord:
        match = await self.storage.live_match_at(place_id)
        if match is None:
            raise Refusal("bot.refusal.no_match_here")
        return match

    @staticmethod
    def game_of(match: MatchRecord) -> Game:
        return get_game(match.game)

    def _state(self, match: MatchRecord, game: Game):
        if match.state is None:
            raise Refusal("bot.refusal.not_started")
        return game.load_state(match.state)

    def _settings(self, match: MatchRecord) -> MatchSettings:
        return MatchSettings.model_validate(match.settings)

    def title(self, match: MatchRecord) -> str:
        return title_of(match)

    def colour(self, match: MatchRecord, seat: int) -> str:
        return colour_of(self.game_of(match), seat)

    async def _deliver(self, match_id: int) -> None:
        await self.courier.deliver(match_id, self._held)

    # ---- lobby -------------------------------------------------------------------------------------
    async def create(self, *, game_key: str, host_id: int, channel_id: int, place_id: int,
                     guild_id: int | None = None, settings: MatchSettings | None = None,
                     params: dict[str, Any] | None = None, host_name: str | None = None) -> MatchRecord:
        game = get_game(game_key)
        parsed = game.parse_params(params)
        if await self.storage.live_match_at(place_id) is not None:
            raise Refusal("bot.refusal.place_taken")
        settings = settings or MatchSettings(clock_hours=self.default_clock_hours)
        match = MatchRecord(game=game.spec.key, seed=self.new_seed(), guild_id=guild_id, channel_id=channel_id,
                            place_id=place_id, host_id=host_id, params=parsed.model_dump(mode="json"),
                            settings=settings.model_dump(), seats=[SeatRecord(0, user_id=host_id, name=host_name)])
        try:
            match = await self.storage.create_match(match, outbox=[lobby_item(match)])
        except PlaceTaken:
            raise Refusal("bot.refusal.place_taken") from None
        async with self._locks[match.id]:
            await self._deliver(match.id)
        return await self.get(match.id)

    async def _lobby(self, match_id: int) -> MatchRecord:
        match = await self.get(match_id)
        if match.status != "lobby":
            raise Refusal("bot.refusal.lobby_closed")
        return match

    async def _save_lobby(self, match: MatchRecord) -> MatchRecord:
        match = await self.storage.save_match(match, outbox=[lobby_item(match)])
        await self._deliver(match.id)
        return match

    async def join(self, match_id: int, user_id: int, name: str | None = None) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            spec = self.game_of(match).spec
            if match.seat_of(user_id):
                raise Refusal("bot.refusal.already_seated")
            if len(match.seats) >= spec.max_seats:
                raise Refusal("bot.refusal.lobby_full", game=spec.title, high=spec.max_seats)
            match.seats.append(SeatRecord(len(match.seats), user_id=user_id, name=name))
            return await self._save_lobby(match)

    async def leave(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id == match.host_id:
                raise Refusal("bot.refusal.host_cannot_leave")
            if not match.seat_of(user_id):
                raise Refusal("bot.refusal.not_seated")
            self._renumber(match, [s for s in match.seats if s.user_id != user_id])
            return await self._save_lobby(match)

    async def add_ai(self, match_id: int, user_id: int, policy: str = "heuristic") -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=False)
            spec = self.game_of(match).spec
            if policy not in ai.available(self.game_of(match)):
                raise Refusal("bot.refusal.unknown_ai", policy=policy, known=ai.available(self.game_of(match)))
            if len(match.seats) >= spec.max_seats:
                raise Refusal("bot.refusal.lobby_full", game=spec.title, high=spec.max_seats)
            match.seats.append(SeatRecord(len(match.seats), ai=policy))
            return await self._save_lobby(match)

    async def remove_ai(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=False)
            ai_seats = [s for s in match.seats if s.plays_ai]
            if not ai_seats:
                raise Refusal("bot.refusal.no_ai_seat")
            self._renumber(match, [s for s in match.seats if s is not ai_seats[-1]])
            return await self._save_lobby(match)

    @staticmethod
    def _renumber(match: MatchRecord, seats: list[SeatRecord]) -> None:
        for index, seat in enumerate(seats):
            seat.seat = index
        match.seats = seats

    @staticmethod
    def _require_host(match: MatchRecord, user_id: int, *, is_manager: bool) -> None:
        if user_id != match.host_id and not is_manager:
            raise Refusal("bot.refusal.host_only")

    async def start(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=False)
            game = self.game_of(match)
            spec = game.spec
            if not spec.min_seats <= len(match.seats) <= spec.max_seats:
                raise Refusal("bot.refusal.seat_count", game=spec.title, low=spec.min_seats,
                              high=spec.max_seats, seats=len(match.seats))
            state = await asyncio.to_thread(game.new_game, match.params, len(match.seats), match.seed)
            match.status = "running"
            match = await self._commit(match, game, state, extra=[lobby_item(match)])
            await self._advance(match, game, state)
            await self._deliver(match_id)
            return await self.get(match_id)

    async def cancel(self, match_id: int, user_id: int, *, is_manager: bool) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if match.status not in LIVE:
                raise Refusal("bot.refusal.not_live")
            self._require_host(match, user_id, is_manager=is_manager)
            match.status = "cancelled"
            why = Message("bot.match.cancelled", {"match": match.id})
            for seat in match.seats:
                seat.awaited_since = None
            # In the lobby the lobby message says so; a running match's players hear it and its buttons go.
            outbox = [lobby_item(match), line_item(match, why)] if match.state is None else [
                OutboxItem(match.id, "final", {"reason": plain(why)})]
            match = await self.storage.save_match(match, reminders=[], outbox=outbox)
            await self._deliver(match_id)
            return match

    # ---- playing -------------------------------------------------------------------------------------
    async def _running(self, match_id: int) -> tuple[MatchRecord, Game, Any]:
        match = await self.get(match_id)
        if match.status != "running":
            raise Refusal("bot.refusal.not_running" if match.status != "lobby" else "bot.refusal.not_started")
        game = self.game_of(match)
        return match, game, self._state(match, game)

    @staticmethod
    def _seat_for(match: MatchRecord, user_id: int) -> SeatRecord:
        seat = match.seat_of(user_id)
        if seat is None or seat.plays_ai:
            raise Refusal("bot.refusal.not_a_player")
        return seat

    async def play(self, match_id: int, user_id: int, notation: str, *, state_id: int | None = None,
                   locale: str = "en") -> PlayResult:
        """One step of a player's. Their private news comes back in the result, held back from the courier
        until `settle` says whether the reply showed it."""
        async with self._locks[match_id]:
            match, game, state = await self._running(match_id)
            seat = self._seat_for(match, user_id)
            if state_id is not None and await self.moved_on(match, seat.seat, state_id):
                raise StaleBoard(match.id)
            state, events, entry = await self._step(match, game, state, seat.seat, notation, by_ai=False)
            match = await self._commit(match, game, state, entry=entry, events=events)
            match, state = await self._advance(match, game, state)
            mine = [i for i in await self.storage.pending(match.id)
                    if i.kind == "private" and i.payload["seat"] == seat.seat]
            held = [i.id for i in mine if i.id is not None]
            self._held.update(held)
            await self._deliver(match.id)
            try:
                names = Names(match)
                private = names.events(event_from_json(e) for i in mine for e in i.payload["events"])
                hand = (await asyncio.to_thread(pictures.hand_png, game.view(state, seat.seat), locale)
                        if private else None)
                still = seat.seat in game.active_seats(state) and match.status == "running"
                panel = self._panel(match, game, state, seat.seat, locale) if still else None
                label = names.message(Message.from_json(entry.label or {"key": notation, "params": {}}))
            except Exception:
                self._held.difference_update(held)  # no reply will show it: the courier sends it
                await self._deliver(match.id)
                raise
            return PlayResult(match, seat.seat, label, private, held, hand, panel)

    async def moved_on(self, match: MatchRecord, seat: int, state_id: int) -> bool:
        """Whether a seat's own situation moved on since the board it clicked on (drawn at `state_id`): it
        stepped since (or an AI stepped for it), or a step was taken back. Other seats' steps do not count,
        so several seats choosing at once never make each other's panels stale; the engine still refuses a
        step that another seat's choice made illegal, with its rule."""
        if state_id >= match.state_id:
            return state_id > match.state_id
        since = [e for e in await self.storage.log(match.id, last=match.state_id - state_id) if e.state_id > state_id]
        return any(e.seat == seat or e.kind == "undo" for e in since)

    async def settle(self, result: PlayResult, *, shown: bool) -> None:
        """After the reply to a step: its private news was shown (delivered), or must go by DM after all."""
        if not result.private_ids:
            return
        async with self._locks[result.match.id]:
            self._held.difference_update(result.private_ids)
            if shown:
                await self.storage.delivered(result.private_ids, match_id=result.match.id)
            else:
                await self._deliver(result.match.id)

    async def _step(self, match: MatchRecord, game: Game, state, seat: int, action: Action | str, *,
                    by_ai: bool) -> tuple[Any, list[Event], LogEntry]:
        new_state, events = await asyncio.to_thread(game.apply, state, seat, action)
        parsed = game.parse_action(action) if isinstance(action, str) else action
        entry = LogEntry(match_id=match.id, state_id=0, kind="step", seat=seat, notation=game.format_action(parsed),
                         at=self.now(), undoable=not by_ai and not any(e.reveals for e in events), by_ai=by_ai,
                         events=[e.to_json() for e in events],
                         label=game.describe_action(state, seat, parsed).to_json())
        return new_state, events, entry

    async def _commit(self, match: MatchRecord, game: Game, state, *, entry: LogEntry | None = None,
                      events: Iterable[Event] = (), extra: Iterable[OutboxItem] = ()) -> MatchRecord:
        """Save state, log entry, awaited seats, reminders, the result at the end and the outbox (the table,
        whom to alert, private news, and the `extra` items of the change) in one transaction."""
        now = self.now()
        over = game.is_over(state)
        active = frozenset() if over else game.active_seats(state)
        existing = await self.storage.reminders(match.id)
        settings = self._settings(match)
        reminders: list[Reminder] = []
        newly_awaited: list[int] = []
        # A step that wakes a seat (a new round of simultaneous choices, say) starts a new turn for every
        # seat awaited: each is announced and gets a full clock again.
        new_round = any(s.awaited_since is None for s in match.seats if s.seat in active)
        for seat in match.seats:
            if seat.seat not in active:
                seat.awaited_since = None
                continue
            if seat.awaited_since is None or new_round:
                seat.awaited_since = now
                if not seat.plays_ai:
                    newly_awaited.append(seat.seat)
                    reminders += clock.schedule(match.id, seat.seat, now, settings.clock_hours,
                                                self.reminder_fractions)
            elif not seat.plays_ai:
                reminders += [r for r in existing if r.seat == seat.seat]
        outbox = list(extra)
        if newly_awaited or over or any(e.audience is None for e in events) or extra:
            # A step that changed nothing public (choosing a piece before placing it) leaves the table as it is.
            outbox.append(OutboxItem(match.id, "table", {"announce": newly_awaited}))
        per_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for event in events:
            for seat_index in sorted(event.audience or ()):
                if not match.seat(seat_index).plays_ai:
                    per_seat[seat_index].append(event.to_json())
        outbox += [OutboxItem(match.id, "private", {"seat": s, "events": e}) for s, e in per_seat.items()]
        result = None
        if over:
            match.status = "over"
            outcome = game.outcome(state)
            result = ResultRecord(match_id=match.id, game=match.game, status="over", seats=self._seat_rows(match),
                                  finished_at=now, outcome=outcome.to_json() if outcome else None)
            outbox += [OutboxItem(match.id, "final"), ended_item(match, result)]
        match.state = game.dump_state(state)
        try:
            return await self.storage.save_match(match, entry=entry, reminders=reminders, result=result,
                                                 outbox=outbox)
        except StaleState:
            raise StaleBoard(match.id) from None

    @staticmethod
    def _seat_rows(match: MatchRecord) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "user_id": s.user_id, "ai": s.ai, "resigned": s.resigned} for s in match.seats]

    async def _advance(self, match: MatchRecord, game: Game, state) -> tuple[MatchRecord, Any]:
        """Let AI seats play until a human must act or the match ends; each step is saved with its outbox."""
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state):
                break
            robots = sorted(s for s in game.active_seats(state) if match.seat(s).plays_ai)
            if not robots:
                break
            seat = robots[0]
            action = await asyncio.to_thread(
                ai.choose, game, state, seat, match.seat(seat).ai or "random", match.seed + match.state_id
            )
            state, events, entry = await self._step(match, game, state, seat, action, by_ai=True)
            match = await self._commit(match, game, state, entry=entry, events=events)
        return match, state

    # ---- undo and resign ---------------------------------------------------------------------------------
    async def replay(self, match: MatchRecord) -> Any:
        """Rebuild the state from the seed and the log (exactly the stored one, if all is well)."""
        game = self.game_of(match)
        log = await self.storage.log(match.id)
        return await asyncio.to_thread(self._replay, game, match, effective_steps(log))

    @staticmethod
    def _replay(game: Game, match: MatchRecord, steps: list[LogEntry]):
        state = game.new_game(match.params, len(match.seats), match.seed)
        for step in steps:
            state, _ = game.apply(state, step.seat, step.notation)
        return state

    async def undo(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match, game, current = await self._running(match_id)
            seat = self._seat_for(match, user_id)
            steps = effective_steps(await self.storage.log(match.id))
            if not steps:
                raise Refusal("bot.refusal.undo_nothing")
            last = steps[-1]
            if last.seat != seat.seat or last.by_ai:
                raise Refusal("bot.refusal.undo_not_yours")
            if not last.undoable:
                raise Refusal("bot.refusal.undo_reveal")
            state = await asyncio.to_thread(self._replay, game, match, steps[:-1])
            if len(game.active_seats(state)) > 1 or len(game.active_seats(current)) > 1:
                # Several seats choose at once: taking one choice back would reopen a question the
                # others may already have answered knowing it was closed.
                raise Refusal("bot.refusal.undo_simultaneous")
            # Told without the notation, which may name hidden things (e.g. the tiles chosen for a fight).
            told = Event("bot.log.undone", {"player": colour_name(game, seat.seat).to_json()})
            entry = LogEntry(match_id=match.id, state_id=0, kind="undo", seat=seat.seat, notation=last.notation,
                             at=self.now(), events=[told.to_json()], label=last.label)
            match = await self._commit(match, game, state, entry=entry, events=[told])
            await self._advance(match, game, state)
            await self._deliver(match_id)
            return await self.get(match_id)

    async def resign(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if match.status == "lobby":
                raise Refusal("bot.refusal.resign_in_lobby")
            match, game, state = await self._running(match_id)
            seat = self._seat_for(match, user_id)
            await self._give_up(match, game, state, seat, Message("bot.match.resigned", {"user": f"<@{user_id}>"}))
            await self._deliver(match_id)
            return await self.get(match_id)

    async def _give_up(self, match: MatchRecord, game: Game, state, seat: SeatRecord, why: Message) -> None:
        settings = self._settings(match)
        seat.resigned = True
        if settings.resign == "ai":
            seat.ai = settings.ai_policy
            said = line_item(match, Message("bot.match.ai_takes_over", {"why": why}))
            match = await self._commit(match, game, state, extra=[said])
            await self._advance(match, game, state)
            return
        match.status = "abandoned"
        result = ResultRecord(match_id=match.id, game=match.game, status="abandoned", seats=self._seat_rows(match),
                              finished_at=self.now())
        for other in match.seats:
            other.awaited_since = None
        await self.storage.save_match(match, reminders=[], result=result,
                                      outbox=[OutboxItem(match.id, "final", {"reason": plain(why)}),
                                              ended_item(match, result)])

    # ---- the clock and start-up ------------------------------------------------------------------------------
    async def tick(self) -> int:
        """Fire every reminder that is due and retry what could not be delivered; returns how many reminders
        fired. Called by a background poller."""
        due = await self.storage.due_reminders(self.now())
        for reminder in due:
            async with self._locks[reminder.match_id]:
                await self._fire(reminder)
        await self.deliver_pending()
        return len(due)

    async def deliver_pending(self) -> None:
        """Deliver every match's undelivered outbox (at start-up: what a crash left behind)."""
        for match_id in sorted({item.match_id for item in await self.storage.pending()}):
            async with self._locks[match_id]:
                await self._deliver(match_id)

    async def _fire(self, reminder: Reminder) -> None:
        if reminder.id not in {r.id for r in await self.storage.reminders(reminder.match_id)}:
            return  # the turn moved on while we waited for the lock
        await self.storage.delete_reminder(reminder.id)
        match = await self.storage.get_match(reminder.match_id)
        if match is None or match.status != "running":
            return
        seat = match.seat(reminder.seat)
        if seat.awaited_since is None or seat.plays_ai:
            return
        settings = self._settings(match)
        if reminder.kind == "nudge":
            await self._nudge(match, seat, reminder.level, clock.deadline(seat.awaited_since, settings.clock_hours))
            return
        game = self.game_of(match)
        state = self._state(match, game)
        if settings.on_expiry == "forfeit":
            await self._give_up(match, game, state, seat, Message("bot.clock.forfeited", {"user": f"<@{seat.user_id}>"}))
        else:
            await self._play_for(match, game, state, seat)
        await self._deliver(match.id)

    async def _nudge(self, match: MatchRecord, seat: SeatRecord, level: int, deadline: float) -> None:
        prefs = await self.storage.prefs(seat.user_id)
        if prefs.snooze_until and prefs.snooze_until > self.now():
            return
        settings = self._settings(match)
        key = f"bot.clock.nudge{min(level, 2)}"
        params = {"match": self.title(match), "deadline": clock.discord_time(deadline),
                  "action": Message(f"bot.clock.then_{settings.on_expiry}")}
        if prefs.dms_enabled and not prefs.dm_closed:
            try:
                await self.courier.presenter.remind(seat.user_id, match, Message(key, params),
                                                    prefs.locale or settings.locale)
                return
            except DmClosed:
                prefs.dm_closed = True
                await self.storage.save_prefs(prefs)
        await self.courier.presenter.tell_table(match, Message(key, params), mention=seat.user_id,
                                                locale=prefs.locale or settings.locale)

    async def _play_for(self, match: MatchRecord, game: Game, state, seat: SeatRecord) -> None:
        """The clock ran out: the AI takes this seat's pending steps, then the seat is the player's again."""
        said = line_item(match, Message("bot.clock.ai_played", {"user": f"<@{seat.user_id}>"}))
        waiting = game.active_seats(state)
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state) or seat.seat not in game.active_seats(state):
                break
            if game.active_seats(state) - waiting:
                break  # a new round began: the seat's turn is over, the next is the player's again
            action = await asyncio.to_thread(ai.choose, game, state, seat.seat, self._settings(match).ai_policy,
                                             match.seed + match.state_id)
            state, events, entry = await self._step(match, game, state, seat.seat, action, by_ai=True)
            match = await self._commit(match, game, state, entry=entry, events=events, extra=[said] if said else ())
            said = None
        await self._advance(match, game, state)

    async def resume(self) -> None:
        """After a restart: deliver what a crash left undelivered, and let AI seats that were about to move, move."""
        await self.deliver_pending()
        for match in await self.storage.matches(statuses=("running",)):
            async with self._locks[match.id]:
                match = await self.get(match.id)
                if match.status != "running":
                    continue
                game = self.game_of(match)
                state = self._state(match, game)
                if any(match.seat(s).plays_ai for s in game.active_seats(state)):
                    await self._advance(match, game, state)
                    await self._deliver(match.id)

    # ---- what players ask ------------------------------------------------------------------------------------
    def _panel(self, match: MatchRecord, game: Game, state, seat: int, locale: str) -> Panel:
        choices = [Choice(game.format_action(a), game.describe_action(state, seat, a).text(locale))
                   for a in game.legal_actions(state, seat)]
        suggested = game.suggested_action(state, seat)
        default = (Choice(game.format_action(suggested), game.describe_action(state, seat, suggested).text(locale))
                   if suggested is not None else None)
        prompt = game.prompt(state, seat)
        return Panel(match, seat, Names(match).message(prompt) if prompt else None, choices, default)

    async def panel(self, match_id: int, user_id: int, locale: str) -> Panel:
        match, game, state = await self._running(match_id)
        seat = self._seat_for(match, user_id)
        if seat.seat not in game.active_seats(state):
            raise Refusal("bot.refusal.wait_your_turn")
        return self._panel(match, game, state, seat.seat, locale)

    async def proposal(self, match_id: int, user_id: int, notation: str, locale: str) -> Panel:
        """A move typed by hand rather than picked from the list carries no state, so it is not applied at
        once: the player gets their panel with that move as the one-click choice, tied to the board they see.
        An illegal move is refused with the rule, as if played."""
        match, game, state = await self._running(match_id)
        seat = self._seat_for(match, user_id)
        await asyncio.to_thread(game.apply, state, seat.seat, notation)
        panel = self._panel(match, game, state, seat.seat, locale)
        typed = game.format_action(game.parse_action(notation))
        panel.suggested = next((c for c in panel.choices if c.notation == typed), panel.suggested)
        return panel

    async def choices_here(self, place_id: int, user_id: int, locale: str) -> tuple[int, list[Choice]]:
        """The state the caller's legal steps in this channel's match are offered for, and the steps
        (for /play autocomplete); no steps if none."""
        match = await self.storage.live_match_at(place_id)
        if match is None or match.status != "running":
            return 0, []
        try:
            return match.state_id, (await self.panel(match.id, user_id, locale)).choices
        except Refusal:
            return match.state_id, []

    async def board(self, match_id: int, locale: str) -> tuple[MatchRecord, bytes | None, list[Message]]:
        match = await self.get(match_id)
        game = self.game_of(match)
        state = self._state(match, game)
        picture = await asyncio.to_thread(pictures.board_png, game.view(state, None), locale)
        return match, picture, [Names(match).message(game.headline(state))]

    async def hand(self, match_id: int, user_id: int, locale: str) -> tuple[BaseModel, bytes | None]:
        match = await self.get(match_id)
        game = self.game_of(match)
        seat = self._seat_for(match, user_id)
        view = game.view(self._state(match, game), seat.seat)
        return view, await asyncio.to_thread(pictures.hand_png, view, locale)

    async def status(self, match_id: int) -> Status:
        match = await self.get(match_id)
        settings = self._settings(match)
        lines: list[Message] = [Message(f"bot.match.status_{match.status}")]
        if match.state is not None:
            game = self.game_of(match)
            lines.append(Names(match).message(game.headline(self._state(match, game))))
        seats = [SeatStatus(s, self.colour(match, s.seat), s.awaited_since,
                            clock.deadline(s.awaited_since, settings.clock_hours) if s.awaited_since else None)
                 for s in match.seats]
        return Status(match, self.title(match), lines, seats, [s for s in seats if s.awaited_since is not None])

    async def recent_log(self, match_id: int, user_id: int | None, limit: int = 15) -> list[LogLine]:
        """The latest log entries with what the caller may read: public events and their own seat's, and
        their own steps in words only (a step may name hidden things, e.g. tiles chosen for a fight)."""
        match = await self.get(match_id)
        seat = match.seat_of(user_id) if user_id is not None else None
        index = seat.seat if seat else None
        names = Names(match)
        rows = []
        for entry in (await self.storage.log(match.id))[-limit:]:
            events = names.events(e for e in map(event_from_json, entry.events) if e.visible_to(index))
            own = index is not None and entry.seat == index and entry.label is not None
            rows.append(LogLine(entry, events, names.message(Message.from_json(entry.label)) if own else None))
        return rows

    async def mine(self, user_id: int) -> list[tuple[MatchRecord, bool]]:
        """The caller's live matches, each with whether the game waits for them."""
        found = []
        for match in await self.storage.matches(user_id=user_id):
            seat = match.seat_of(user_id)
            found.append((match, bool(seat and seat.awaited_since is not None and not seat.plays_ai)))
        return found

    async def server_matches(self, guild_id: int) -> list[MatchRecord]:
        return await self.storage.matches(guild_id=guild_id)

    # ---- players' preferences ----------------------------------------------------------------------------------
    async def remember_locale(self, user_id: int, locale: str) -> None:
        prefs = await self.storage.prefs(user_id)
        if prefs.locale != locale:
            prefs.locale = locale
            await self.storage.save_prefs(prefs)

    async def set_dms(self, user_id: int, enabled: bool) -> UserPrefs:
        prefs = await self.storage.prefs(user_id)
        prefs.dms_enabled = enabled
        if enabled:
            prefs.dm_closed = False  # the player asks us to try again
        await self.storage.save_prefs(prefs)
        return prefs

    async def set_turn_alert(self, user_id: int, how: Literal["mention", "dm"]) -> UserPrefs:
        prefs = await self.storage.prefs(user_id)
        prefs.turn_alert = how
        if how == "dm":
            prefs.dm_closed = False
        await self.storage.save_prefs(prefs)
        return prefs

    async def snooze(self, user_id: int, hours: float) -> UserPrefs:
        if not 0 <= hours <= 24 * 14:
            raise Refusal("bot.refusal.snooze_range", high=24 * 14)
        prefs = await self.storage.prefs(user_id)
        prefs.snooze_until = self.now() + hours * 3600 if hours else None
        await self.storage.save_prefs(prefs)
        return prefs

    async def take_mail(self, user_id: int) -> list[Mail]:
        return await self.storage.take_mail(user_id)

