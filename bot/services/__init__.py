"""Services own a match's life: locking, loading, applying, saving, and the outbox of what players see."""

from .ended import MatchEnded, MatchEndedBus, SeatResult, ended_event
from .errors import DmClosed, Refusal, StaleBoard
from .matches import Choice, MatchService, MatchSettings, Panel, PlayResult, Status, effective_steps
from .presenter import FinalReport, Presenter, PrivateNotice, TableUpdate, TurnAlert

__all__ = [
    "Choice", "DmClosed", "MatchEnded", "MatchEndedBus", "SeatResult", "ended_event", "FinalReport", "MatchService", "MatchSettings", "Panel", "PlayResult", "Presenter",
    "PrivateNotice", "Refusal", "StaleBoard", "Status", "TableUpdate", "TurnAlert", "effective_steps",
]
