"""What players look at: the board, their hand, the status, the log, their matches and the server's."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from pydantic import BaseModel

from engine.core import Event, Message

from ..storage import LogEntry, MatchRecord, SeatRecord
from . import clock, pictures
from .core import MatchCore
from .errors import Refusal
from .tidings import Names, event_from_json


@dataclass(frozen=True)
class LogLine:
    entry: LogEntry
    events: list[Event]
    label: Message | None  # None: someone else's step, told only through its events


@dataclass
class SeatStatus:
    seat: SeatRecord
    colour: str
    awaited_since: float | None
    deadline: float | None      # None while the match is paused


@dataclass
class Status:
    match: MatchRecord
    title: str
    lines: list[Message]
    seats: list[SeatStatus]
    awaited: list[SeatStatus] = field(default_factory=list)


class TableService:
    def __init__(self, core: MatchCore):
        self.core = core

    async def get(self, match_id: int) -> MatchRecord:
        return await self.core.get(match_id)

    async def match_here(self, place_id: int) -> MatchRecord:
        """The live match of a channel or thread; refused when there is none."""
        return await self.core.match_here(place_id)

    def title(self, match: MatchRecord) -> str:
        return self.core.title(match)

    def areas(self, match: MatchRecord, locale: str) -> dict[str, str]:
        """The areas of the match's board that `/board` offers: name -> what a player reads in `locale`."""
        return pictures.areas(match.game, locale)

    async def board(self, match_id: int, locale: str, area: str | None = None
                    ) -> tuple[MatchRecord, bytes | None, list[Message]]:
        """The whole board, or one of its areas; an area the game does not have is refused."""
        match = await self.core.get(match_id)
        if area is not None and area not in self.areas(match, locale):
            raise Refusal("bot.refusal.no_area")
        game = self.core.game_of(match)
        state = self.core.state_of(match, game)
        picture = await asyncio.to_thread(pictures.board_png, game.view(state, None), locale, area)
        return match, picture, [Names(match).message(game.headline(state))]

    async def hand(self, match_id: int, user_id: int, locale: str) -> tuple[BaseModel, bytes | None]:
        match = await self.core.get(match_id)
        game = self.core.game_of(match)
        seat = self.core.seat_for(match, user_id)
        view = game.view(self.core.state_of(match, game), seat.seat)
        return view, await asyncio.to_thread(pictures.hand_png, view, locale)

    async def status(self, match_id: int) -> Status:
        match = await self.core.get(match_id)
        settings = self.core.settings_of(match)
        lines: list[Message] = [Message(f"bot.match.status_{match.status}")]
        if match.state is not None:
            game = self.core.game_of(match)
            lines.append(Names(match).message(game.headline(self.core.state_of(match, game))))
        expiry = clock.expiries(await self.core.storage.reminders(match.id))
        paused = settings.paused_at is not None  # no deadline while the clocks stand still
        if paused:
            lines.append(Message("bot.pause.status", {"since": clock.discord_time(settings.paused_at or 0)}))
        seats = [SeatStatus(s, self.core.colour(match, s.seat), s.awaited_since,
                            expiry.get(s.seat, clock.deadline(s.awaited_since, settings.clock_hours))
                            if s.awaited_since and not paused else None)
                 for s in match.seats]
        return Status(match, self.core.title(match), lines, seats, [s for s in seats if s.awaited_since is not None])

    async def recent_log(self, match_id: int, user_id: int | None, limit: int = 15) -> list[LogLine]:
        """The latest log entries with what the caller may read: public events and their own seat's, and
        their own steps in words only (a step may name hidden things, e.g. tiles chosen for a fight)."""
        match = await self.core.get(match_id)
        seat = match.seat_of(user_id) if user_id is not None else None
        index = seat.seat if seat else None
        names = Names(match)
        rows = []
        for entry in (await self.core.storage.log(match.id))[-limit:]:
            events = names.events(e for e in map(event_from_json, entry.events) if e.visible_to(index))
            own = index is not None and entry.seat == index and entry.label is not None
            label = names.message(Message.from_json(entry.label)) if own and entry.label is not None else None
            rows.append(LogLine(entry, events, label))
        return rows

    async def mine(self, user_id: int) -> list[tuple[MatchRecord, bool]]:
        """The caller's live matches, each with whether the game waits for them."""
        found = []
        for match in await self.core.storage.matches(user_id=user_id):
            seat = match.seat_of(user_id)
            found.append((match, bool(seat and seat.awaited_since is not None and not seat.plays_ai)))
        return found

    async def server_matches(self, guild_id: int) -> list[MatchRecord]:
        return await self.core.storage.matches(guild_id=guild_id)
