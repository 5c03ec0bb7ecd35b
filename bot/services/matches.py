"""All of a match's services, built around one `MatchCore` (the commit path, see core.py).

The bot builds one `MatchService` and hands each cog the services it needs (`lobby`, `play`, `table`,
`timekeeper`, `preferences`). Callers written before the split (tests, the leagues) may still call the
services' methods on the `MatchService` itself: each name is found on the one service that has it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..storage import Storage
from . import clock
from .core import MatchCore, MatchSettings, effective_steps
from .lobby import LobbyService
from .play import PlayService
from .preferences import PreferenceService
from .presenter import Presenter
from .table import TableService
from .timekeeper import TimekeeperService

__all__ = ["MatchService", "MatchSettings", "effective_steps"]  # the last two were defined here before the split


class MatchService:
    def __init__(self, storage: Storage, presenter: Presenter | None, *,
                 reminder_fractions: tuple[float, ...] = clock.DEFAULT_FRACTIONS,
                 default_clock_hours: float = 72.0,
                 now: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] | None = None):
        core = MatchCore(storage, presenter, reminder_fractions=reminder_fractions,
                         default_clock_hours=default_clock_hours, now=now, new_seed=new_seed)
        # Set through object.__setattr__: assigning anything else on this object goes to the core (below).
        object.__setattr__(self, "core", core)
        object.__setattr__(self, "lobby", LobbyService(core))
        object.__setattr__(self, "playing", PlayService(core))
        object.__setattr__(self, "table", TableService(core))
        object.__setattr__(self, "timekeeper", TimekeeperService(core))
        object.__setattr__(self, "preferences", PreferenceService(storage, lambda: core.now()))

    @property
    def services(self) -> tuple[Any, ...]:
        return (self.lobby, self.playing, self.table, self.timekeeper, self.preferences, self.core)

    def __getattr__(self, name: str) -> Any:
        for service in self.services:
            if hasattr(service, name):
                return getattr(service, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        # e.g. a test's hand clock (`service.now = ...`) or seed: they belong to the core every service uses.
        setattr(self.core, name, value)
