"""Everything a match goes through: lobby, steps, AI seats, undo, resign, the clock, the end.

Every change follows one path: take the match's lock, load it from storage, let the engine apply the
step, save the new state and its log entry in one transaction guarded by `state_id`, then tell the
presenter what the players must see. Nothing lives only in memory.
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
    PlaceTaken,
    Reminder,
    ResultRecord,
    SeatRecord,
    StaleState,
    Storage,
    UserPrefs,
)
from . import ai, clock, pictures
from .errors import DmClosed, Refusal, StaleBoard
from .presenter import FinalReport, Presenter, PrivateNotice, TableUpdate

MAX_AI_STEPS = 5000  # a guard against a game that never hands the turn back


class MatchSettings(BaseModel):
    clock_hours: float = Field(72.0, gt=0, le=24 * 30)
    on_expiry: Literal["ai", "forfeit"] = "ai"
    resign: Literal["ai", "end"] = "ai"       # who gets a resigned seat: an AI, or nobody (the match ends)
    locale: str = "en"                         # the table's language (the server's)
    ai_policy: str = "heuristic"               # the AI that takes over resigned or forfeited seats


@dataclass(frozen=True)
class LogLine:
    entry: LogEntry
    events: list[Event]
    notation: str | None  # None: someone else's step, named only through its events


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
    notation: str
    events: list[Event]                       # what this step did, as this seat may read it
    still_to_act: bool                        # the same seat must take another step


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


def event_from_json(data: dict[str, Any]) -> Event:
    audience = data.get("audience")
    return Event(data["key"], dict(data.get("params") or {}),
                 frozenset(audience) if audience is not None else None, bool(data.get("reveals")))


class MatchService:
    def __init__(self, storage: Storage, presenter: Presenter, *,
                 reminder_fractions: tuple[float, ...] = clock.DEFAULT_FRACTIONS,
                 default_clock_hours: float = 72.0,
                 now: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] | None = None):
        self.storage = storage
        self.presenter = presenter
        self.reminder_fractions = reminder_fractions
        self.default_clock_hours = default_clock_hours
        self.now = now
        self.new_seed = new_seed or (lambda: random.SystemRandom().getrandbits(62))
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

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
        return f"{self.game_of(match).spec.title} · #{match.id}"

    def colour(self, match: MatchRecord, seat: int) -> str:
        colours = self.game_of(match).spec.colours
        return colours[seat] if seat < len(colours) else str(seat + 1)

    # ---- lobby -------------------------------------------------------------------------------------
    async def create(self, *, game_key: str, host_id: int, channel_id: int, place_id: int,
                     guild_id: int | None = None, settings: MatchSettings | None = None,
                     params: dict[str, Any] | None = None) -> MatchRecord:
        game = get_game(game_key)
        parsed = game.spec.params_model.model_validate(params or {})
        if await self.storage.live_match_at(place_id) is not None:
            raise Refusal("bot.refusal.place_taken")
        settings = settings or MatchSettings(clock_hours=self.default_clock_hours)
        match = MatchRecord(game=game.spec.key, seed=self.new_seed(), guild_id=guild_id, channel_id=channel_id,
                            place_id=place_id, host_id=host_id, params=parsed.model_dump(mode="json"),
                            settings=settings.model_dump(), seats=[SeatRecord(0, user_id=host_id)])
        try:
            match = await self.storage.create_match(match)
        except PlaceTaken:
            raise Refusal("bot.refusal.place_taken") from None
        async with self._locks[match.id]:
            return await self._show_lobby(match)

    async def _show_lobby(self, match: MatchRecord) -> MatchRecord:
        spec = self.game_of(match).spec
        message_id = await self.presenter.show_lobby(match, self.title(match), (spec.min_seats, spec.max_seats))
        if message_id is not None and message_id != match.lobby_message_id:
            match.lobby_message_id = message_id
            match = await self.storage.save_match(match)
        return match

    async def _lobby(self, match_id: int) -> MatchRecord:
        match = await self.get(match_id)
        if match.status != "lobby":
            raise Refusal("bot.refusal.lobby_closed")
        return match

    async def join(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            spec = self.game_of(match).spec
            if match.seat_of(user_id):
                raise Refusal("bot.refusal.already_seated")
            if len(match.seats) >= spec.max_seats:
                raise Refusal("bot.refusal.lobby_full", game=spec.title, high=spec.max_seats)
            match.seats.append(SeatRecord(len(match.seats), user_id=user_id))
            match = await self.storage.save_match(match)
            return await self._show_lobby(match)

    async def leave(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id == match.host_id:
                raise Refusal("bot.refusal.host_cannot_leave")
            if not match.seat_of(user_id):
                raise Refusal("bot.refusal.not_seated")
            self._renumber(match, [s for s in match.seats if s.user_id != user_id])
            match = await self.storage.save_match(match)
            return await self._show_lobby(match)

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
            match = await self.storage.save_match(match)
            return await self._show_lobby(match)

    async def remove_ai(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            self._require_host(match, user_id, is_manager=False)
            ai_seats = [s for s in match.seats if s.plays_ai]
            if not ai_seats:
                raise Refusal("bot.refusal.no_ai_seat")
            self._renumber(match, [s for s in match.seats if s is not ai_seats[-1]])
            match = await self.storage.save_match(match)
            return await self._show_lobby(match)

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
            before = self._awaited_humans(match)
            match = await self._commit(match, game, state, entry=None)
            match = await self._show_lobby(match)
            await self._advance(match, game, state, [], before)
            return await self.get(match_id)

    async def cancel(self, match_id: int, user_id: int, *, is_manager: bool) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if match.status not in LIVE:
                raise Refusal("bot.refusal.not_live")
            self._require_host(match, user_id, is_manager=is_manager)
            match.status = "cancelled"
            match = await self.storage.save_match(match, reminders=[])
            why = Message("bot.match.cancelled", {"match": match.id})
            if match.state is None:
                match = await self._show_lobby(match)
                await self.presenter.tell_table(match, why)
            else:  # the players hear it, and the table's buttons go
                await self.presenter.show_final(FinalReport(match, self.title(match), None, None, reason=why))
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

    async def play(self, match_id: int, user_id: int, notation: str, *, state_id: int | None = None) -> PlayResult:
        async with self._locks[match_id]:
            match, game, state = await self._running(match_id)
            seat = self._seat_for(match, user_id)
            if state_id is not None and state_id != match.state_id:
                raise StaleBoard(match.id)
            before = self._awaited_humans(match)
            state, events, entry = await self._step(match, game, state, seat.seat, notation, by_ai=False)
            match = await self._commit(match, game, state, entry=entry)
            still = seat.seat in game.active_seats(state)
            await self._advance(match, game, state, events, before)
            mine = [e for e in events if e.visible_to(seat.seat)]
            return PlayResult(await self.get(match_id), seat.seat, entry.notation or notation, mine, still)

    async def _step(self, match: MatchRecord, game: Game, state, seat: int, action: Action | str, *,
                    by_ai: bool) -> tuple[Any, list[Event], LogEntry]:
        new_state, events = await asyncio.to_thread(game.apply, state, seat, action)
        parsed = game.parse_action(action) if isinstance(action, str) else action
        entry = LogEntry(match_id=match.id, state_id=0, kind="step", seat=seat, notation=game.format_action(parsed),
                         at=self.now(), undoable=not by_ai and not any(e.reveals for e in events), by_ai=by_ai,
                         events=[e.to_json() for e in events])
        return new_state, events, entry

    async def _commit(self, match: MatchRecord, game: Game, state, *, entry: LogEntry | None) -> MatchRecord:
        """Save state, log entry, awaited seats, reminders and (at the end) the result in one transaction."""
        now = self.now()
        over = game.is_over(state)
        active = frozenset() if over else game.active_seats(state)
        existing = await self.storage.reminders(match.id)
        settings = self._settings(match)
        reminders: list[Reminder] = []
        for seat in match.seats:
            if seat.seat not in active:
                seat.awaited_since = None
                continue
            if seat.awaited_since is None:
                seat.awaited_since = now
                if not seat.plays_ai:
                    reminders += clock.schedule(match.id, seat.seat, now, settings.clock_hours,
                                                self.reminder_fractions)
            elif not seat.plays_ai:
                reminders += [r for r in existing if r.seat == seat.seat]
        result = None
        if over:
            match.status = "over"
            outcome = game.outcome(state)
            result = ResultRecord(match_id=match.id, game=match.game, status="over", seats=self._seat_rows(match),
                                  finished_at=now, outcome=outcome.to_json() if outcome else None)
        match.state = game.dump_state(state)
        try:
            return await self.storage.save_match(match, entry=entry, reminders=reminders, result=result)
        except StaleState:
            raise StaleBoard(match.id) from None

    @staticmethod
    def _seat_rows(match: MatchRecord) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "user_id": s.user_id, "ai": s.ai, "resigned": s.resigned} for s in match.seats]

    @staticmethod
    def _awaited_humans(match: MatchRecord) -> set[int]:
        return {s.seat for s in match.seats if s.awaited_since is not None and not s.plays_ai}

    async def _advance(self, match: MatchRecord, game: Game, state, events: list[Event], before: set[int]) -> None:
        """Let AI seats play until a human must act or the match ends, then tell everyone."""
        events = list(events)
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
            state, new_events, entry = await self._step(match, game, state, seat, action, by_ai=True)
            match = await self._commit(match, game, state, entry=entry)
            events += new_events
        await self._deliver_private(match, game, state, events)
        if game.is_over(state):
            await self._finish(match, game, state, events)
            return
        awaited = [s for s in match.seats if s.awaited_since is not None]
        notify = bool(self._awaited_humans(match) - before)
        table_id = await self.presenter.show_table(await self._table_update(match, game, state, events, awaited,
                                                                            notify))
        if table_id is not None and table_id != match.table_message_id:
            match.table_message_id = table_id
            await self.storage.save_match(match)

    async def _table_update(self, match: MatchRecord, game: Game, state, events: list[Event],
                            awaited: list[SeatRecord], notify: bool) -> TableUpdate:
        locale = self._settings(match).locale
        view = game.view(state, None)
        png = await asyncio.to_thread(pictures.board_png, view, locale)
        return TableUpdate(match=match, title=self.title(match), events=[e for e in events if e.audience is None],
                           awaited=awaited, board_png=png, status=self._status_lines(view), notify=notify)

    @staticmethod
    def _status_lines(view: BaseModel) -> list[Message]:
        lines = []
        phase = getattr(view, "phase", None)
        if phase:
            lines.append(Message("bot.status.phase", {"phase": Message(f"bot.phase.{phase}")}))
        if getattr(view, "turn", None) is not None and getattr(view, "turns", None):
            lines.append(Message("bot.status.turn", {"turn": view.turn, "turns": view.turns}))
        if getattr(view, "round", None):
            lines.append(Message("bot.status.round", {"round": view.round}))
        return lines

    async def _deliver_private(self, match: MatchRecord, game: Game, state, events: list[Event]) -> None:
        per_seat: dict[int, list[Event]] = defaultdict(list)
        for event in events:
            for seat in sorted(event.audience or ()):
                per_seat[seat].append(event)
        for index, seat_events in per_seat.items():
            seat = match.seat(index)
            if seat.plays_ai or seat.user_id is None:
                continue
            await self._send_private(match, game, state, seat, seat_events)

    async def _send_private(self, match: MatchRecord, game: Game, state, seat: SeatRecord,
                            events: list[Event]) -> None:
        prefs = await self.storage.prefs(seat.user_id)
        locale = prefs.locale or self._settings(match).locale
        if prefs.dms_enabled and not prefs.dm_closed:
            png = await asyncio.to_thread(pictures.hand_png, game.view(state, seat.seat), locale)
            try:
                await self.presenter.send_private(seat.user_id, PrivateNotice(match, seat, events, png, locale))
                return
            except DmClosed:
                await self._dms_closed(match, prefs)
        await self.storage.post_mail(Mail(seat.user_id, match.id, {"events": [e.to_json() for e in events]},
                                          self.now()))

    async def _dms_closed(self, match: MatchRecord, prefs: UserPrefs) -> None:
        """Remember it (no retry into 403s) and say once, in the match, where private news will be."""
        prefs.dm_closed = True
        await self.storage.save_prefs(prefs)
        await self.presenter.tell_table(match, Message("bot.dm.closed"), mention=prefs.user_id)

    async def _finish(self, match: MatchRecord, game: Game, state, events: list[Event]) -> None:
        locale = self._settings(match).locale
        view = game.view(state, None)
        board = await asyncio.to_thread(pictures.board_png, view, locale)
        await self.presenter.show_table(TableUpdate(match=match, title=self.title(match),
                                                    events=[e for e in events if e.audience is None], awaited=[],
                                                    board_png=board, status=self._status_lines(view)))
        png = await asyncio.to_thread(pictures.final_png, view, locale)
        await self.presenter.show_final(FinalReport(match, self.title(match), game.outcome(state), png))

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
            match, game, _ = await self._running(match_id)
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
            entry = LogEntry(match_id=match.id, state_id=0, kind="undo", seat=seat.seat, notation=last.notation,
                             at=self.now())
            before = self._awaited_humans(match)
            match = await self._commit(match, game, state, entry=entry)
            # Not the notation: it may name hidden things (e.g. the tiles chosen for a fight).
            await self._advance(match, game, state, [Event("bot.log.undone", {"seat": seat.seat})], before)
            return await self.get(match_id)

    async def resign(self, match_id: int, user_id: int) -> MatchRecord:
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if match.status == "lobby":
                raise Refusal("bot.refusal.resign_in_lobby")
            match, game, state = await self._running(match_id)
            seat = self._seat_for(match, user_id)
            await self._give_up(match, game, state, seat, Message("bot.match.resigned", {"user": f"<@{user_id}>"}))
            return await self.get(match_id)

    async def _give_up(self, match: MatchRecord, game: Game, state, seat: SeatRecord, why: Message) -> None:
        settings = self._settings(match)
        seat.resigned = True
        if settings.resign == "ai":
            seat.ai = settings.ai_policy
            before = self._awaited_humans(match)
            match = await self._commit(match, game, state, entry=None)
            await self.presenter.tell_table(match, Message("bot.match.ai_takes_over", {"why": why}))
            await self._advance(match, game, state, [], before)
            return
        match.status = "abandoned"
        result = ResultRecord(match_id=match.id, game=match.game, status="abandoned", seats=self._seat_rows(match),
                              finished_at=self.now())
        for other in match.seats:
            other.awaited_since = None
        match = await self.storage.save_match(match, reminders=[], result=result)
        view = game.view(state, None)
        png = await asyncio.to_thread(pictures.final_png, view, settings.locale) if game.is_over(state) else None
        await self.presenter.show_final(FinalReport(match, self.title(match), None, png, reason=why))

    # ---- the clock ------------------------------------------------------------------------------------------
    async def tick(self) -> int:
        """Fire every reminder that is due; returns how many fired. Called by a background poller."""
        due = await self.storage.due_reminders(self.now())
        for reminder in due:
            async with self._locks[reminder.match_id]:
                await self._fire(reminder)
        return len(due)

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
            return
        await self._play_for(match, game, state, seat)

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
                await self.presenter.remind(seat.user_id, match, Message(key, params), prefs.locale or settings.locale)
                return
            except DmClosed:
                prefs.dm_closed = True
                await self.storage.save_prefs(prefs)
        await self.presenter.tell_table(match, Message(key, params), mention=seat.user_id)

    async def _play_for(self, match: MatchRecord, game: Game, state, seat: SeatRecord) -> None:
        """The clock ran out: the AI takes this seat's pending steps, then the seat is the player's again."""
        before = self._awaited_humans(match) - {seat.seat}
        events: list[Event] = []
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state) or seat.seat not in game.active_seats(state):
                break
            action = await asyncio.to_thread(ai.choose, game, state, seat.seat, self._settings(match).ai_policy,
                                             match.seed + match.state_id)
            state, new_events, entry = await self._step(match, game, state, seat.seat, action, by_ai=True)
            match = await self._commit(match, game, state, entry=entry)
            seat = match.seat(seat.seat)
            events += new_events
        await self.presenter.tell_table(match, Message("bot.clock.ai_played", {"user": f"<@{seat.user_id}>"}))
        await self._advance(match, game, state, events, before)

    async def resume(self) -> None:
        """After a restart: let AI seats that were about to move, move."""
        for match in await self.storage.matches(statuses=("running",)):
            async with self._locks[match.id]:
                match = await self.get(match.id)
                game = self.game_of(match)
                state = self._state(match, game)
                if any(match.seat(s).plays_ai for s in game.active_seats(state)):
                    await self._advance(match, game, state, [], self._awaited_humans(match))

    # ---- what players ask ------------------------------------------------------------------------------------
    async def panel(self, match_id: int, user_id: int, locale: str) -> Panel:
        match, game, state = await self._running(match_id)
        seat = self._seat_for(match, user_id)
        if seat.seat not in game.active_seats(state):
            raise Refusal("bot.refusal.wait_your_turn")
        choices = [Choice(game.format_action(a), game.describe_action(state, seat.seat, a).text(locale))
                   for a in game.legal_actions(state, seat.seat)]
        suggested = game.suggested_action(state, seat.seat)
        default = (Choice(game.format_action(suggested), game.describe_action(state, seat.seat, suggested).text(locale))
                   if suggested is not None else None)
        return Panel(match, seat.seat, game.prompt(state, seat.seat), choices, default)

    async def choices_here(self, place_id: int, user_id: int, locale: str) -> list[Choice]:
        """The caller's legal steps in this channel's match (for /play autocomplete); empty if none."""
        match = await self.storage.live_match_at(place_id)
        if match is None or match.status != "running":
            return []
        try:
            return (await self.panel(match.id, user_id, locale)).choices
        except Refusal:
            return []

    async def board(self, match_id: int, locale: str) -> tuple[MatchRecord, bytes | None, list[Message]]:
        match = await self.get(match_id)
        game = self.game_of(match)
        view = game.view(self._state(match, game), None)
        return match, await asyncio.to_thread(pictures.board_png, view, locale), self._status_lines(view)

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
            lines += self._status_lines(game.view(self._state(match, game), None))
        seats = [SeatStatus(s, self.colour(match, s.seat), s.awaited_since,
                            clock.deadline(s.awaited_since, settings.clock_hours) if s.awaited_since else None)
                 for s in match.seats]
        return Status(match, self.title(match), lines, seats, [s for s in seats if s.awaited_since is not None])

    async def recent_log(self, match_id: int, user_id: int | None, limit: int = 15) -> list[LogLine]:
        """The latest log entries with what the caller may read: public events and their own seat's, and
        the notation of their own steps only (a notation may name hidden things, e.g. tiles chosen for a fight)."""
        match = await self.get(match_id)
        seat = match.seat_of(user_id) if user_id is not None else None
        index = seat.seat if seat else None
        rows = []
        for entry in (await self.storage.log(match.id))[-limit:]:
            events = [event_from_json(e) for e in entry.events]
            own = index is not None and entry.seat == index
            rows.append(LogLine(entry, [e for e in events if e.visible_to(index)], entry.notation if own else None))
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

    async def snooze(self, user_id: int, hours: float) -> UserPrefs:
        if not 0 <= hours <= 24 * 14:
            raise Refusal("bot.refusal.snooze_range", high=24 * 14)
        prefs = await self.storage.prefs(user_id)
        prefs.snooze_until = self.now() + hours * 3600 if hours else None
        await self.storage.save_prefs(prefs)
        return prefs

    async def take_mail(self, user_id: int) -> list[Mail]:
        return await self.storage.take_mail(user_id)
