"""Services own a match's life: locking, loading, applying, saving, and the outbox of what players see.

One commit path (core.py) and the services by concern around it: lobby.py, play.py, table.py (what players
look at), timekeeper.py (the turn clock and start-up), preferences.py; matches.py builds them all."""

from .core import MatchCore, MatchSettings, effective_steps
from .ended import MatchEnded, MatchEndedBus, SeatResult, ended_event
from .errors import DmClosed, Refusal, StaleBoard
from .lobby import LobbyService
from .matches import MatchServices
from .play import PlayResult, PlayService
from .preferences import PreferenceService
from .presenter import (
    Choice,
    FinalReport,
    Panel,
    Presenter,
    PrivateNotice,
    TableUpdate,
    TurnAlert,
    TurnNotice,
)
from .table import LogLine, Status, TableService
from .timekeeper import TimekeeperService

__all__ = [
    "Choice", "DmClosed", "FinalReport", "LobbyService", "LogLine", "MatchCore", "MatchEnded", "MatchEndedBus",
    "MatchServices", "MatchSettings", "Panel", "PlayResult", "PlayService", "PreferenceService", "Presenter",
    "PrivateNotice", "Refusal", "SeatResult", "StaleBoard", "Status", "TableService", "TableUpdate",
    "TimekeeperService", "TurnAlert", "TurnNotice", "effective_steps", "ended_event",
]
