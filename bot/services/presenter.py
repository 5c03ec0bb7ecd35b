"""What the services need from whoever shows things to players (Discord in production, a recorder in
tests). Services decide what happened and who must know; the presenter decides how it looks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from engine.core import Event, Message, Outcome

from ..storage import MatchRecord, SeatRecord


@dataclass
class TableUpdate:
    match: MatchRecord
    title: str
    events: list[Event]                    # public events since the last update
    awaited: list[SeatRecord]              # seats the game waits for now
    board_png: bytes | None
    status: list[Message] = field(default_factory=list)   # e.g. phase, turn, round
    notify: bool = False                   # someone new must act: post anew (a ping) instead of editing


@dataclass
class PrivateNotice:
    match: MatchRecord
    seat: SeatRecord
    events: list[Event]                    # events only this seat may read
    hand_png: bytes | None
    locale: str


@dataclass
class FinalReport:
    match: MatchRecord
    title: str
    outcome: Outcome | None                # None when the match was abandoned
    final_png: bytes | None
    reason: Message | None = None          # why it ended early


class Presenter(Protocol):
    async def show_lobby(self, match: MatchRecord, title: str, seat_range: tuple[int, int]) -> int | None:
        """Post or edit the lobby message; returns its message id."""

    async def show_table(self, update: TableUpdate) -> int | None:
        """Post (notify) or edit the table message; returns the current table message id."""

    async def send_private(self, user_id: int, notice: PrivateNotice) -> None:
        """DM a player their private events and hand image; raises DmClosed when Discord refuses."""

    async def tell_table(self, match: MatchRecord, message: Message, mention: int | None = None) -> None:
        """A short public line in the match's channel or thread (optionally mentioning a player)."""

    async def remind(self, user_id: int, match: MatchRecord, message: Message, locale: str) -> None:
        """DM a polite reminder; raises DmClosed when Discord refuses."""

    async def show_final(self, report: FinalReport) -> None: ...
