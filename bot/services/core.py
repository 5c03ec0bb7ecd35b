"""The one commit path every change of a match goes through, and what the services share.

Every change follows one path: take the match's lock, load it from storage, let the engine apply the
step, and save the new state, its log entry and what the players must now see (the outbox) in one
transaction guarded by `state_id` (`MatchCore.commit`). The courier then delivers the outbox — right away,
and again at start-up after a crash — so nothing a player should see lives only in memory. The services
by concern (lobby.py, play.py, table.py, timekeeper.py, preferences.py) are built around one `MatchCore`.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core import Action, Event, Game, Message, get_game

from ..storage import (
    LogEntry,
    LogKind,
    MatchRecord,
    MatchStatus,
    OutboxItem,
    OutboxKind,
    Reminder,
    ResultRecord,
    SeatRecord,
    StaleState,
    Storage,
    lease,
)
from . import ai, clock
from .courier import Courier, title_of
from .ended import MatchEnded, MatchEndedBus
from .errors import Refusal, StaleBoard
from .payloads import FinalNews, LineNews, PrivateNews, TableNews, outbox_item
from .presenter import Presenter
from .tidings import colour_of

MAX_AI_STEPS = 5000  # a guard against a game that never hands the turn back


class MatchSettings(BaseModel):
    clock_hours: float = Field(72.0, gt=0, le=24 * 30)
    on_expiry: Literal["ai", "forfeit"] = "ai"
    resign: Literal["ai", "end"] = "ai"       # who gets a resigned seat: an AI, or nobody (the match ends)
    locale: str = "en"                         # the table's language (the server's)
    ai_policy: str = "heuristic"               # the AI that takes over resigned or forfeited seats
    league_id: int | None = None               # set by a league that schedules the match, or one it was recorded for
    challenged: list[int] = []                 # a challenge: only these players may join (anyone when empty)
    max_away_days: float | None = None         # a break stops a player's clock at most this long (a league's)
    paused_at: float | None = None             # the host paused the match then: its turn clocks stand still
    rematch_of: int | None = None              # the ended match this lobby plays again
    at_table: bool = False                     # played face to face, recorded with /result record: no state


def effective_steps(log: Iterable[LogEntry]) -> list[LogEntry]:
    """The steps that make up the current state: each 'undo' cancels the latest step still standing, with the
    forced steps the bot took after it."""
    steps: list[LogEntry] = []
    for entry in log:
        if entry.kind == LogKind.STEP:
            steps.append(entry)
        elif entry.kind == LogKind.UNDO:
            taken_back(steps)
    return steps


def taken_back(steps: list[LogEntry]) -> list[LogEntry]:
    """Remove from `steps` (those standing) what an undo takes back: the latest step that was chosen, and the
    forced steps after it; returns them."""
    cut = len(steps)
    while cut and steps[cut - 1].forced:
        cut -= 1
    cut = max(cut - 1, 0)
    gone = steps[cut:]
    del steps[cut:]
    return gone


@dataclass(frozen=True)
class Forced:
    """A player's only legal answer, taken for them: nothing to decide, and it reveals nothing."""

    seat: int
    action: Action
    state: Any
    events: list[Event]


def forced_step(match: MatchRecord, game: Game[Any], state: Any) -> Forced | None:
    """The step the bot takes for a player: the one seat awaited is a player's, their question has exactly
    one legal answer, and taking it reveals nothing (a draw or a hidden thing shown stays the player's own
    click, which cannot be undone). Choices made at once by several seats are always asked."""
    active = game.active_seats(state)
    if len(active) != 1 or game.is_over(state) or match.seat(next(iter(active))).plays_ai:
        return None
    return only_answer(game, state)


def only_answer(game: Game[Any], state: Any) -> Forced | None:
    """The only legal answer of the one seat awaited, taken, unless it reveals something; cached for the state
    (states never change once made, and a commit and the `advance` after it ask about the same one)."""
    global _last_forced
    cached = _last_forced
    if cached is not None and cached[0] is state:
        return cached[1]
    active = game.active_seats(state)
    legal = game.legal_actions(state, next(iter(active))) if len(active) == 1 else []
    found = None
    if len(legal) == 1:
        (seat,) = active
        new_state, events = game.apply(state, seat, legal[0])
        found = None if any(e.reveals for e in events) else Forced(seat, legal[0], new_state, events)
    _last_forced = (state, found)
    return found


_last_forced: tuple[Any, Forced | None] | None = None


def moves_by_itself(match: MatchRecord, game: Game[Any], state: Any) -> bool:
    """Whether the bot must move this match on: an AI seat is to play, or a player's forced step is due."""
    return any(match.seat(s).plays_ai for s in game.active_seats(state)) or forced_step(match, game, state) is not None


@dataclass
class Delivery:
    """A delivery under way: the private news held back for the reply (`mine`), and when the table's picture
    is drawn (or no table is due)."""

    mine: list[OutboxItem] = field(default_factory=list)
    table_drawn: asyncio.Event = field(default_factory=asyncio.Event)


class MatchCore:
    """Loading, the lock per match, the commit path, AI seats' answers, and delivery."""

    def __init__(self, storage: Storage, presenter: Presenter | None, *,
                 reminder_fractions: tuple[float, ...] = clock.DEFAULT_FRACTIONS,
                 default_clock_hours: float = 72.0,
                 now: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] | None = None):
        self.storage = storage
        self.ended = MatchEndedBus()   # features subscribe here to every ended match
        self.courier = Courier(storage, presenter, lambda: self.now(), self.ended)  # type: ignore[arg-type]
        self.reminder_fractions = reminder_fractions
        self.default_clock_hours = default_clock_hours
        self.now = now
        self.new_seed = new_seed or (lambda: random.SystemRandom().getrandbits(62))
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.held: set[int] = set()  # private news being shown in a player's reply, not to be sent twice
        self.firing: set[int] = set()  # reminders being acted on: not carried into the match's next save

    async def get(self, match_id: int) -> MatchRecord:
        match = await self.storage.get_match(match_id)
        if match is None:
            raise Refusal("bot.refusal.no_such_match", match=match_id)
        if match.at_table:
            raise Refusal("tabletop.refusal.no_board", match=match_id)
        return match

    async def match_here(self, place_id: int) -> MatchRecord:
        match = await self.storage.live_match_at(place_id)
        if match is not None:
            return match
        ended = await self.storage.last_match_at(place_id)
        if ended is not None and ended.at_table:
            raise Refusal("tabletop.refusal.no_board", match=ended.id)
        if ended is not None and ended.status in (MatchStatus.OVER, MatchStatus.ABANDONED) and ended.state is not None:
            raise Refusal("bot.refusal.match_ended", match=ended.id)  # its replay shows it again
        raise Refusal("bot.refusal.no_match_here")

    @staticmethod
    def game_of(match: MatchRecord) -> Game[Any]:
        return get_game(match.game)

    def state_of(self, match: MatchRecord, game: Game[Any]) -> Any:
        if match.state is None:
            raise Refusal("bot.refusal.not_started")
        return game.load_state(match.state)

    def settings_of(self, match: MatchRecord) -> MatchSettings:
        return MatchSettings.model_validate(match.settings)

    def title(self, match: MatchRecord) -> str:
        return title_of(match)

    def colour(self, match: MatchRecord, seat: int) -> str:
        return colour_of(self.game_of(match), seat)

    async def deliver(self, match_id: int, match: MatchRecord | None = None, *,
                      replying: int | None = None) -> list[OutboxItem]:
        """Deliver what is pending for a match (the caller holds its lock). `match` is the record the caller
        loaded and saved under that lock, current, so not read again. `replying` is a seat whose reply to its
        own step shows its next question and its private news: that news is held back (see
        `PlayService.settle`) and returned."""
        async with self.delivering(match_id, match, replying=replying) as delivery:
            return delivery.mine

    @contextlib.asynccontextmanager
    async def delivering(self, match_id: int, match: MatchRecord | None = None, *,
                         replying: int | None = None) -> AsyncIterator[Delivery]:
        """`deliver`, with the body run while the courier delivers (e.g. the reply to a step worked out while
        the table is posted); it ends when both have."""
        # Another bot process on the same database may be delivering this match's outbox: that one (or the
        # next tick) delivers what is pending, never both; the claim is renewed while the delivery runs.
        async with lease(self.storage, f"outbox:{match_id}") as held:
            delivery = Delivery()
            if held is None:
                delivery.table_drawn.set()
                yield delivery
                return
            pending = await self.storage.pending(match_id)  # read under the claim: none of it delivered yet
            delivery.mine = [i for i in pending if i.kind == OutboxKind.PRIVATE and PrivateNews.of(i).seat == replying]
            self.held.update(i.id for i in delivery.mine if i.id is not None)
            courier = asyncio.create_task(self.courier.deliver(
                match_id, self.held, match=match, pending=pending, drawn=delivery.table_drawn))
            courier.add_done_callback(lambda _: delivery.table_drawn.set())  # it had nothing to draw, or failed
            try:
                yield delivery
            finally:
                await courier  # not cancelled when the body fails: what it posts is what a player sees

    async def running(self, match_id: int) -> tuple[MatchRecord, Game[Any], Any]:
        return self.in_play(await self.get(match_id))

    def in_play(self, match: MatchRecord) -> tuple[MatchRecord, Game[Any], Any]:
        """A loaded match with its game and state; refused unless it is being played."""
        if match.status != MatchStatus.RUNNING:
            raise Refusal("bot.refusal.not_running" if match.status != MatchStatus.LOBBY else "bot.refusal.not_started")
        game = self.game_of(match)
        return match, game, self.state_of(match, game)

    @staticmethod
    def seat_for(match: MatchRecord, user_id: int) -> SeatRecord:
        seat = match.seat_of(user_id)
        if seat is None or seat.plays_ai:
            raise Refusal("bot.refusal.not_a_player")
        return seat

    async def moved_on(self, match: MatchRecord, seat: int, state_id: int) -> bool:
        """Whether a seat's own situation moved on since the board it clicked on (drawn at `state_id`): it
        stepped since (or an AI stepped for it), or a step was taken back. Other seats' steps do not count,
        so several seats choosing at once never make each other's panels stale; the engine still refuses a
        step that another seat's choice made illegal, with its rule."""
        if state_id >= match.state_id:
            return state_id > match.state_id
        since = [e for e in await self.storage.log(match.id, last=match.state_id - state_id) if e.state_id > state_id]
        return any(e.seat == seat or e.kind == LogKind.UNDO for e in since)

    async def step(self, match: MatchRecord, game: Game[Any], state: Any, seat: int, action: Action | str, *,
                    by_ai: bool) -> tuple[Any, list[Event], LogEntry]:
        new_state, events = await asyncio.to_thread(game.apply, state, seat, action)
        return new_state, events, self.entry(match, game, state, seat, action, events, by_ai=by_ai)

    def entry(self, match: MatchRecord, game: Game[Any], state: Any, seat: int, action: Action | str,
              events: list[Event], *, by_ai: bool, forced: bool = False) -> LogEntry:
        """The log entry of a step taken on `state`. A forced step is the bot's and undoable (see LogEntry.forced)."""
        parsed = game.parse_action(action) if isinstance(action, str) else action
        return LogEntry(match_id=match.id, state_id=0, kind=LogKind.STEP, seat=seat, notation=game.format_action(parsed),
                        at=self.now(), undoable=forced or (not by_ai and not any(e.reveals for e in events)),
                        by_ai=by_ai or forced, events=[e.to_json() for e in events],
                        label=game.describe_action(state, seat, parsed).to_json())

    async def commit(self, match: MatchRecord, game: Game[Any], state: Any, *, entry: LogEntry | None = None,
                      events: Iterable[Event] = (), extra: Iterable[OutboxItem] = (),
                      answering: int | None = None, undoing: int | None = None) -> MatchRecord:
        """Save state, log entry, awaited seats, reminders, the result at the end and the outbox (the table,
        whom to alert, private news, and the `extra` items of the change) in one transaction. `answering`: the
        seat whose own step this change answers (its reply shows its next question, see courier.py), saved
        with the table so that a delivery repeated after a crash announces its turn the same way, once.
        `undoing`: the seat whose step this change takes back (the reply tells it the move is its own again).

        Each turn is announced once (`SeatRecord.told`): a seat told of its turn is not told again until it steps,
        so a turn taken back and played again is not announced twice; its DM shows the turn as it stands."""
        now = self.now()
        over = game.is_over(state)
        active = frozenset() if over else game.active_seats(state)
        # A forced step is taken at once (see `advance`): it starts no turn and announces none.
        forced = await asyncio.to_thread(forced_step, match, game, state) if not over else None
        settings = self.settings_of(match)
        reminders: list[Reminder] = []
        newly_awaited: list[int] = []
        # A step that wakes a seat (a new round of simultaneous choices, say) starts a new turn for every
        # seat awaited: each is announced and gets a full clock again.
        new_round = any(s.awaited_since is None for s in match.seats if s.seat in active)
        # A player still awaited keeps the reminders of their turn (read only then: AI steps need none).
        keeps_clock = not new_round and any(s.seat in active and not s.plays_ai for s in match.seats)
        existing = [r for r in await self.storage.reminders(match.id)
                    if r.id not in self.firing] if keeps_clock else []
        # A turn's clock starts now, or when its player's break ends; in a paused match, when it resumes.
        starting = [s.user_id for s in match.seats if s.seat in active and not s.plays_ai and s.user_id is not None
                    and (s.awaited_since is None or new_round)]
        away = await self.storage.away(starting, now) if starting and settings.paused_at is None else {}
        stepped = entry is not None and entry.kind == LogKind.STEP
        taken_back = [s.seat for s in match.seats if s.awaited_since is not None and s.seat not in active
                      and s.told] if undoing is not None else []
        # A turn that goes on while its seat waits for the other players (a draft's two passes) keeps the DM that
        # told of it: the next question of that turn, and the news meanwhile, are shown in it. (A player alone
        # among AI seats waits for nobody: the replies to their clicks carry the turn on.)
        going_on = set() if over else {s.seat for s in match.seats if game.turn_goes_on(state, s.seat)}
        if sum(not match.seat(s).plays_ai for s in going_on) < 2:
            going_on = set()
        mover = entry.seat if entry is not None and stepped else None
        went_on = self._went_on(match, game, [s for s in match.seats if s.told is not None and (
            s.seat == mover and s.seat in going_on or s.awaited_since is None and s.seat not in going_on)])
        told_of = {s.seat: s.told for s in match.seats}  # a DM's id: the seat's private news edits it
        for seat in match.seats:
            if seat.seat == mover and (seat.seat not in active or new_round) and not (
                    seat.seat in going_on and seat.seat in went_on and seat.told is not None):
                seat.told = None  # its turn is played: the next one is announced (unless it goes on: the DM, or
                # the mention when DMs are closed, that told of it stands)
            elif seat.awaited_since is None and seat.seat in went_on and seat.seat not in going_on:
                seat.told = None  # it waited for the others, and the draft is over: its next question is a new turn
            if seat.seat not in active:
                seat.awaited_since = None
                continue
            if forced is not None and seat.seat == forced.seat:
                reminders += [r for r in existing if r.seat == seat.seat]  # a turn under way goes on
            elif seat.awaited_since is None or new_round:
                seat.awaited_since = now
                if not seat.plays_ai:
                    newly_awaited.append(seat.seat)
                    start = (settings.paused_at + clock.PARKED if settings.paused_at is not None else
                             clock.break_end(away[seat.user_id], now, settings.max_away_days)
                             if seat.user_id in away else now)
                    reminders += clock.schedule(match.id, seat.seat, start, settings.clock_hours,
                                                self.reminder_fractions)
            elif not seat.plays_ai:
                reminders += [r for r in existing if r.seat == seat.seat]
        # A turn taken back and played again is announced once: whoever was told of it is not told again (their
        # DM shows it again), nor is the seat taking its step back (its reply says so; its DM shows it again).
        announce = [s for s in newly_awaited if match.seat(s).told is None and s != undoing]
        undone = () if undoing is None else (undoing,)
        resumed = [s for s in {*newly_awaited, *undone} - {*announce} if match.seat(s).told]
        for seat in match.seats:
            if seat.seat in announce or seat.seat == undoing and seat.told is None:
                seat.told = 0  # the courier notes the DM that tells it, if one does
            elif stepped and newly_awaited and seat.seat not in active:
                seat.told = None  # the game moved on to another turn: a turn taken back from it is gone
        outbox = list(extra)
        if newly_awaited or over or any(e.audience is None for e in events) or extra:
            # A step that changed nothing public (choosing a piece before placing it) leaves the table as it is.
            # Seats that choose at once (a draft) are told by DM, with their buttons (see courier.py).
            outbox.append(outbox_item(match.id, TableNews(
                tuple(announce), len(active) > 1, () if answering is None else (answering,), tuple(resumed),
                tuple(taken_back), tuple(sorted(going_on.intersection(announce))))))
        per_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for event in events:
            for seat_index in sorted(event.audience or ()):
                if not match.seat(seat_index).plays_ai:
                    per_seat[seat_index].append(event.to_json())
        outbox += [outbox_item(match.id, PrivateNews(s, e, told_of[s])) for s, e in per_seat.items()]
        result = None
        if over:
            match.status = MatchStatus.OVER
            outcome = game.outcome(state)
            result = ResultRecord(match_id=match.id, game=match.game, status=MatchStatus.OVER, seats=self.seat_rows(match),
                                  finished_at=now, outcome=outcome.to_json() if outcome else None)
            outbox += [outbox_item(match.id, FinalNews()), outbox_item(match.id, MatchEnded.of(match, result))]
        match.state = game.dump_state(state)
        try:
            return await self.storage.save_match(match, entry=entry, reminders=reminders, result=result,
                                                 outbox=outbox)
        except StaleState:
            raise StaleBoard(match.id) from None

    @staticmethod
    def _went_on(match: MatchRecord, game: Game[Any], seats: list[SeatRecord]) -> set[int]:
        """Which of `seats` were in a turn that went on (see `Game.turn_goes_on`) before this change: read only
        for a seat whose turn may go on or end (in a draft, and after an undo)."""
        if not seats or match.state is None:
            return set()
        before = game.load_state(match.state)
        return {s.seat for s in seats if game.turn_goes_on(before, s.seat)}

    @staticmethod
    def seat_rows(match: MatchRecord) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "user_id": s.user_id, "ai": s.ai, "resigned": s.resigned} for s in match.seats]

    async def advance(self, match: MatchRecord, game: Game[Any], state: Any, *, answering: int | None = None,
                      forced: list[LogEntry] | None = None) -> tuple[MatchRecord, Any]:
        """Let AI seats play, and take players' forced steps for them (`forced_step`), until a player must
        decide or the match ends; each step is saved with its outbox (and, after a player's step, the seat
        `answering`, as in `commit`). The forced steps' entries are added to `forced`."""
        for _ in range(MAX_AI_STEPS):
            if game.is_over(state):
                break
            robots = sorted(s for s in game.active_seats(state) if match.seat(s).plays_ai)
            if not robots:
                only = await asyncio.to_thread(forced_step, match, game, state)
                if only is None:
                    break
                entry = self.entry(match, game, state, only.seat, only.action, only.events, by_ai=False, forced=True)
                state = only.state
                match = await self.commit(match, game, state, entry=entry, events=only.events, answering=answering)
                if forced is not None:
                    forced.append(entry)
                continue
            seat = robots[0]
            action = await asyncio.to_thread(
                ai.choose, game, state, seat, match.seat(seat).ai or "random", match.seed + match.state_id
            )
            state, events, entry = await self.step(match, game, state, seat, action, by_ai=True)
            match = await self.commit(match, game, state, entry=entry, events=events, answering=answering)
        return match, state

    async def replay(self, match: MatchRecord) -> Any:
        """Rebuild the state from the seed and the log (exactly the stored one, if all is well)."""
        game = self.game_of(match)
        log = await self.storage.log(match.id)
        return await asyncio.to_thread(self.replayed, game, match, effective_steps(log))

    @staticmethod
    def replayed(game: Game[Any], match: MatchRecord, steps: list[LogEntry]) -> Any:
        state = game.new_game(match.params, len(match.seats), match.seed)
        for step in steps:
            assert step.seat is not None and step.notation is not None  # a step, not an undo
            state, _ = game.apply(state, step.seat, step.notation)
        return state

    async def give_up(self, match: MatchRecord, game: Game[Any], state: Any, seat: SeatRecord, why: Message) -> MatchRecord:
        """A seat leaves the match (resigned, or its clock ran out); returns the match as saved."""
        settings = self.settings_of(match)
        seat.resigned = True
        if settings.resign == "ai":
            seat.ai = settings.ai_policy
            said = outbox_item(match.id, LineNews(Message("bot.match.ai_takes_over", {"why": why})))
            match = await self.commit(match, game, state, extra=[said])
            match, _ = await self.advance(match, game, state)
            return match
        match.status = MatchStatus.ABANDONED
        result = ResultRecord(match_id=match.id, game=match.game, status=MatchStatus.ABANDONED, seats=self.seat_rows(match),
                              finished_at=self.now())
        for other in match.seats:
            other.awaited_since = None
        return await self.storage.save_match(match, reminders=[], result=result,
                                             outbox=[outbox_item(match.id, FinalNews(why)),
                                                     outbox_item(match.id, MatchEnded.of(match, result))])
