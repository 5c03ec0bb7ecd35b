"""Services own a match's life: locking, loading, applying, saving, and the outbox of what players see."""

from .errors import DmClosed, Refusal, StaleBoard
from .matches import Choice, MatchService, MatchSettings, Panel, PlayResult, Status, effective_steps
from .presenter import FinalReport, Presenter, PrivateNotice, TableUpdate, TurnAlert

__all__ = [
    "Choice", "DmClosed", "FinalReport", "MatchService", "MatchSettings", "Panel", "PlayResult", "Presenter",
    "PrivateNotice", "Refusal", "StaleBoard", "Status", "TableUpdate", "TurnAlert", "effective_steps",
]
