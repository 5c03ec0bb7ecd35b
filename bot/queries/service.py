"""The queries that read storage: `/replay` (a finished match, step by step) and `/history`.

A replay is rebuilt from the match's seed and its log (undone steps left out), exactly as the match was
played. Only a finished match can be replayed, so a running match's secrets never show; each reader sees the
public table, and their own seat's secrets when they sat at it. Frames are kept for the few matches being
looked at, since every click moves one frame and rebuilding costs a whole replay.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.cli import GameRecord
from engine.core import get_game
from engine.core.events import Event
from engine.core.game import Game
from engine.core.messages import Message

from ..services import Refusal, effective_steps
from ..services import pictures as draw
from ..services.tidings import Names, event_from_json
from ..storage import FINISHED, LogEntry, MatchRecord, Storage
from ..storage.leagues import FinishedMatch, LeagueStorage
from .replays import ROUND_FIELDS, Frame, export, frames, rounds

KEPT_REPLAYS = 8


@dataclass(frozen=True)
class Replay:
    match: MatchRecord
    frames: list[Frame]
    steps: list[LogEntry]             # steps[i - 1] led to frames[i]
    marks: list[tuple[str, int]]      # (turn or round, first frame of it)
    unit: str                         # what the marks count: turn | round | visit

    @property
    def last(self) -> int:
        return len(self.frames) - 1


@dataclass(frozen=True)
class Shown:
    """One frame as a reader may see it."""

    index: int
    headline: Message
    events: list[Event]               # what the step that led here did, as the reader may know it
    board: bytes | None
    hand: bytes | None                # the reader's own seat, when they sat at the match


def picture(game: Game[Any], state: Any, locale: str) -> bytes | None:
    """The public picture of a frame, made for a phone like the table message's: the final score at the end,
    else what is happening now (the whole board for a game without that picture)."""
    view = game.view(state, None)
    if game.is_over(state):
        final = draw.final_png(view, locale)
        if final is not None:
            return final
    return draw.focus_png(view, locale) or draw.board_png(view, locale)


class QueryService:
    def __init__(self, storage: Storage, leagues: LeagueStorage):
        self.storage = storage
        self.leagues = leagues
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def finished_match(self, match_id: int, guild_id: int | None) -> MatchRecord:
        """A match of this server that has ended; anything else is refused with the reason."""
        match = await self.storage.get_match(match_id)
        if match is None or match.guild_id != guild_id:
            raise Refusal("queries.refusal.no_such_match", match=match_id)
        if match.at_table:
            raise Refusal("tabletop.refusal.no_board", match=match_id)
        if match.status not in FINISHED or match.state is None:
            raise Refusal("queries.refusal.not_finished", match=match_id)
        return match

    async def replay(self, match_id: int, guild_id: int | None) -> Replay:
        match = await self.finished_match(match_id, guild_id)
        kept = self._replays.get(match.id)
        if kept is None:
            steps = [s for s in effective_steps(await self.storage.log(match.id)) if s.notation is not None]
            record = GameRecord(game=match.game, seed=match.seed, seats=len(match.seats), params=match.params,
                                actions=moves(steps))
            game = get_game(match.game)
            made = await asyncio.to_thread(frames, record)
            first = game.view(made[0].state, None)
            unit = next((name for name in ROUND_FIELDS if hasattr(first, name)), "turn")
            kept = Replay(match, made, steps, await asyncio.to_thread(rounds, game, made), unit)
            self._replays[match.id] = kept
            while len(self._replays) > KEPT_REPLAYS:
                self._replays.popitem(last=False)
        self._replays.move_to_end(match.id)
        return kept

    async def show(self, replay: Replay, index: int, reader: int, locale: str) -> Shown:
        index = max(0, min(index, replay.last))
        match = replay.match
        game = get_game(match.game)
        frame = replay.frames[index]
        seat_record = next((s for s in match.seats if s.user_id == reader), None)
        seat = seat_record.seat if seat_record else None
        names = Names(match)
        events: list[Event] = []
        if index > 0:
            step = replay.steps[index - 1]
            events = names.events(e for e in map(event_from_json, step.events) if e.visible_to(seat))
        board = await asyncio.to_thread(picture, game, frame.state, locale)
        hand = None
        if seat is not None and game.spec.hidden_info:
            hand = await asyncio.to_thread(draw.hand_png, game.view(frame.state, seat), locale)
        return Shown(index, names.message(game.headline(frame.state)), events, board, hand)

    async def finished_recent(self, guild_id: int, limit: int = 25) -> list[FinishedMatch]:
        """The server's latest finished matches, newest first (for autocomplete)."""
        return list(reversed(await self.leagues.finished_matches(guild_id, newest=limit)))

    @staticmethod
    def export(replay: Replay) -> str:
        match = replay.match
        return export(game=match.game, seed=match.seed, seats=len(match.seats), params=match.params,
                      actions=moves(replay.steps))


def moves(steps: Iterable[LogEntry]) -> list[tuple[int, str]]:
    """The seat and notation of each step (steps, never undos, carry both)."""
    found = []
    for step in steps:
        assert step.seat is not None and step.notation is not None
        found.append((step.seat, step.notation))
    return found
