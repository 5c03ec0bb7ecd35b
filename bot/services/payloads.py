"""What each kind of outbox item carries: one payload class per kind (`OutboxKind`), saved as the item's JSON
when a change is committed and read back by the courier, now or after a restart. The match-ended event's
payload is `MatchEnded` (ended.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from engine.core import Message

from ..storage import OutboxItem, OutboxKind
from .tidings import plain


class Payload(Protocol):
    kind: ClassVar[OutboxKind]

    def to_json(self) -> dict[str, Any]: ...


def outbox_item(match_id: int, payload: Payload) -> OutboxItem:
    return OutboxItem(match_id, payload.kind, payload.to_json())


@dataclass(frozen=True)
class LobbyNews:
    """The lobby message is drawn again (seats, options, its buttons)."""

    kind: ClassVar[OutboxKind] = OutboxKind.LOBBY

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class TableNews:
    """The table picture is posted again, and the turns it starts are announced."""

    kind: ClassVar[OutboxKind] = OutboxKind.TABLE
    announce: tuple[int, ...] = ()    # the seats whose turn starts (each told once)
    together: bool = False            # several seats choose at once (each is told by DM, with its buttons)
    answering: tuple[int, ...] = ()   # the seat whose click made the change: its reply shows its news
    resumed: tuple[int, ...] = ()     # seats whose turn, taken back, is theirs again: their DM shows it again
    taken_back: tuple[int, ...] = ()  # seats told of a turn that is no longer theirs
    goes_on: tuple[int, ...] = ()     # seats whose turn goes on (a draft): their DM carries its next question

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"announce": list(self.announce), "together": self.together}
        if self.answering:
            data["answering"] = list(self.answering)
        if self.resumed or self.taken_back:
            data["resumed"], data["taken_back"] = list(self.resumed), list(self.taken_back)
        if self.goes_on:
            data["goes_on"] = list(self.goes_on)
        return data

    @classmethod
    def of(cls, item: OutboxItem) -> TableNews:
        p = item.payload
        return cls(tuple(p.get("announce", ())), bool(p.get("together")), tuple(p.get("answering", ())),
                   tuple(p.get("resumed", ())), tuple(p.get("taken_back", ())), tuple(p.get("goes_on", ())))


@dataclass(frozen=True)
class PrivateNews:
    """Events only one seat may see (its hand, a card drawn), as JSON."""

    kind: ClassVar[OutboxKind] = OutboxKind.PRIVATE
    seat: int
    events: list[dict[str, Any]]
    edit: int | None = None  # the DM that told the seat of its turn: the news is shown in it (a draft goes on)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "events": self.events, **({"edit": self.edit} if self.edit else {})}

    @classmethod
    def of(cls, item: OutboxItem) -> PrivateNews:
        return cls(item.payload["seat"], item.payload["events"], item.payload.get("edit"))


@dataclass(frozen=True)
class LineNews:
    """One line said in the match's place, mentioning a player if it concerns them."""

    kind: ClassVar[OutboxKind] = OutboxKind.LINE
    message: Message
    mention: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"message": plain(self.message), "mention": self.mention}

    @classmethod
    def of(cls, item: OutboxItem) -> LineNews:
        return cls(Message.from_json(item.payload["message"]), item.payload.get("mention"))


@dataclass(frozen=True)
class FinalNews:
    """The final score; or, for a match that ended early, why."""

    kind: ClassVar[OutboxKind] = OutboxKind.FINAL
    reason: Message | None = None

    def to_json(self) -> dict[str, Any]:
        return {"reason": plain(self.reason)} if self.reason is not None else {}

    @classmethod
    def of(cls, item: OutboxItem) -> FinalNews:
        reason = item.payload.get("reason")
        return cls(Message.from_json(reason) if reason else None)
