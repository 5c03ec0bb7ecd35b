"""Plain records the storage port reads and writes; no database or Discord types leak out of here."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class MatchStatus(StrEnum):
    """Where a match is in its life; stored as its value."""

    LOBBY = "lobby"            # seats being taken
    RUNNING = "running"
    OVER = "over"              # played to the end (or recorded at a table)
    CANCELLED = "cancelled"    # closed by its host or a league before it ended
    ABANDONED = "abandoned"    # ended when no player was left to play it
    RECORDED = "recorded"      # played at a table, waiting for another player (or an admin) to confirm it


LIVE = (MatchStatus.LOBBY, MatchStatus.RUNNING)
FINISHED = (MatchStatus.OVER, MatchStatus.ABANDONED)


class LogKind(StrEnum):
    STEP = "step"
    UNDO = "undo"              # takes back the latest step still standing
    SUBSTITUTE = "substitute"  # a player took the seat over


class ReminderKind(StrEnum):
    NUDGE = "nudge"            # a polite reminder, part of the way through the turn's clock
    EXPIRE = "expire"          # the clock ran out: the match's on_expiry applies


class OutboxKind(StrEnum):
    """What an outbox item shows; its payload depends on the kind."""

    LOBBY = "lobby"            # the lobby message, redrawn
    TABLE = "table"            # the table picture, and the turns it announces
    PRIVATE = "private"        # a seat's private news
    LINE = "line"              # one line said in the match's place
    FINAL = "final"            # the final score
    ENDED = "ended"            # the match-ended event, for the features that follow matches


@dataclass
class SeatRecord:
    seat: int
    user_id: int | None = None
    ai: str | None = None              # policy name: an AI seat, or an AI that took over a human's seat
    awaited_since: float | None = None
    resigned: bool = False
    name: str | None = None            # the player's display name when they sat down
    told: int | None = None            # the message that told it of its turn (a DM's id, 0: the table), until it steps

    @property
    def plays_ai(self) -> bool:
        return self.ai is not None


@dataclass
class MatchRecord:
    game: str
    seed: int
    channel_id: int
    place_id: int
    host_id: int
    guild_id: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    status: MatchStatus = MatchStatus.LOBBY
    state: dict[str, Any] | None = None
    state_id: int = 0
    lobby_message_id: int | None = None
    table_message_id: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    seats: list[SeatRecord] = field(default_factory=list)
    id: int = 0                        # 0 until the match is first saved

    @property
    def at_table(self) -> bool:
        """Played face to face and recorded with /result record: no state, board, log or replay."""
        return bool(self.settings.get("at_table"))

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.resigned), None)

    def seat(self, index: int) -> SeatRecord:
        return next(s for s in self.seats if s.seat == index)


@dataclass
class LogEntry:
    match_id: int
    state_id: int
    kind: LogKind
    seat: int | None
    notation: str | None
    at: float
    undoable: bool = False
    by_ai: bool = False                # the bot chose: an AI seat's step, or a player's only legal answer
    events: list[dict[str, Any]] = field(default_factory=list)
    label: dict[str, Any] | None = None  # the step in words (a Message as JSON)
    id: int | None = None

    @property
    def forced(self) -> bool:
        """A step the bot took for a player because it was their only legal answer and revealed nothing: it
        stands and falls with the step before it (an undo takes both back)."""
        return self.kind == LogKind.STEP and self.by_ai and self.undoable


@dataclass
class Reminder:
    match_id: int
    seat: int
    kind: ReminderKind
    due_at: float
    level: int = 0
    id: int | None = None


@dataclass
class ResultRecord:
    match_id: int
    game: str
    status: MatchStatus                # over | abandoned
    seats: list[dict[str, Any]]
    finished_at: float
    outcome: dict[str, Any] | None = None


@dataclass
class UserPrefs:
    user_id: int
    dms_enabled: bool = True
    dm_closed: bool = False
    snooze_until: float | None = None
    locale: str | None = None
    turn_alert: str = "mention"        # mention | dm
    away_since: float | None = None    # a break: the player's turn clocks stand still from then…
    away_until: float | None = None    # …until then

    def away_at(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now


@dataclass
class Mail:
    user_id: int
    match_id: int
    payload: dict[str, Any]
    created_at: float
    id: int | None = None


@dataclass
class OutboxItem:
    """Something players must see after a change, saved with it and delivered afterwards."""

    match_id: int
    kind: OutboxKind
    payload: dict[str, Any] = field(default_factory=dict)
    state_id: int = 0                  # set when saved: the match's state_id after the change
    created_at: float = 0.0
    delivered_at: float | None = None
    id: int | None = None
    attempts: int = 0                  # failed deliveries so far


class StaleState(Exception):
    """The match changed since it was loaded (its state_id moved on): nothing was written."""


class PlaceTaken(Exception):
    """A live match already exists in that channel or thread."""


class SchemaTooNew(Exception):
    """The database was upgraded by a newer version of the bot than this one: starting would risk it."""


class DatabaseUnavailable(Exception):
    """The database cannot be opened, said in one sentence naming the cause and what to check (never the
    password of a database URL)."""
