"""What services need from whoever shows things to players (Discord in production, a recorder in tests).
Services decide what happened and who must know; the presenter decides how it looks.

Every post carries a `nonce` unique to the outbox items it delivers: delivering them again after a crash
returns the message already posted instead of posting (and pinging) twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from engine.core import Event, Message, Outcome

from ..storage import MatchRecord, SeatRecord


@dataclass
class Choice:
    notation: str
    label: str


@dataclass
class Panel:
    """The private controls of a seat the game waits for."""

    match: MatchRecord
    seat: int
    prompt: Message | None
    choices: list[Choice]
    suggested: Choice | None                              # the one-click suggestion's first step
    then: list[Choice] = field(default_factory=list)      # the steps that click plays after it (engine.ai.suggested_turn)
    picks: list[Choice] = field(default_factory=list)  # several answers in one go (see picks.py), up to `most`
    most: int = 0


@dataclass(frozen=True)
class TurnAlert:
    """A player to mention in the table message, in their own language; with their question when they have a
    panel open at the table that can show it (see `Presenter.follows`)."""

    user_id: int
    locale: str
    panel: Panel | None = None


@dataclass
class TableUpdate:
    match: MatchRecord
    title: str
    events: list[Event]                    # public events since the awaited player's last turn
    awaited: list[SeatRecord]              # seats the game waits for now
    picture: bytes | None                  # the focused picture of what is happening now
    nonce: str
    status: list[Message] = field(default_factory=list)   # e.g. phase, turn, round
    since: Message | None = None           # whose last turn the events start from
    alerts: list[TurnAlert] = field(default_factory=list)  # mentions, each in the player's language
    new_turn: bool = False                 # someone new must act: post anew instead of editing
    live: bool = True                      # False once the match is over: no buttons


@dataclass
class PrivateNotice:
    match: MatchRecord
    seat: SeatRecord
    events: list[Event]                    # everything new this seat alone may read
    hand_png: bytes | None
    locale: str
    nonce: str = ""


@dataclass
class TurnNotice:
    """A turn brought by DM: the seat's question with its buttons, what is new for it alone, its hand."""

    panel: Panel
    events: list[Event]
    hand_png: bytes | None


@dataclass
class FinalReport:
    match: MatchRecord
    title: str
    outcome: Outcome | None                # None when the match was abandoned
    final_png: bytes | None
    reason: Message | None = None          # why it ended early
    nonce: str = ""


class Presenter(Protocol):
    async def show_lobby(self, match: MatchRecord, title: str, seat_range: tuple[int, int], nonce: str) -> int | None:
        """Post or edit the lobby message; returns its message id."""

    async def show_table(self, update: TableUpdate) -> int | None:
        """Post (a new turn) or edit the table message; returns the current table message id. An alert with
        a panel is shown in the panel its player has open, too."""

    async def follows(self, match_id: int, user_id: int) -> bool:
        """Whether the player has a panel of this match open at the table that can show their next turn."""

    async def send_private(self, user_id: int, notice: PrivateNotice) -> None:
        """DM a player their private news and hand image; raises DmClosed when Discord refuses."""

    async def alert_turn(self, user_id: int, match: MatchRecord, title: str, locale: str, nonce: str,
                         turn: TurnNotice | None = None) -> int | None:
        """DM a player that it is their move (with `turn`: their question, buttons, news and hand, so that
        they can answer from the DM); returns the DM's id; raises DmClosed when Discord refuses."""

    async def retell_turn(self, user_id: int, message_id: int, match: MatchRecord, title: str, locale: str,
                          turn: TurnNotice | None) -> None:
        """Edit the DM that told a player of their turn, which notifies nobody: with `turn`, to show it as it
        stands now; without, its buttons go (the step before it was taken back). A DM gone is left alone."""

    async def tell_table(self, match: MatchRecord, message: Message, mention: int | None = None,
                         nonce: str | None = None, locale: str | None = None) -> None:
        """A short public line in the match's channel or thread, in the table's language or, when it
        mentions a player, in theirs."""

    async def remind(self, user_id: int, match: MatchRecord, message: Message, locale: str,
                     nonce: str | None = None) -> None:
        """DM a polite reminder; raises DmClosed when Discord refuses."""

    async def show_final(self, report: FinalReport) -> None: ...
