"""All of a match's services, built around one `MatchCore` (the commit path, see core.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..storage import Storage
from . import clock
from .core import MatchCore
from .lobby import LobbyService
from .play import PlayService
from .preferences import PreferenceService
from .presenter import Presenter
from .table import TableService
from .timekeeper import TimekeeperService


class MatchServices:
    """The services of matches by concern, sharing one core: the bot hands each cog the ones it uses."""

    def __init__(self, storage: Storage, presenter: Presenter | None, *,
                 reminder_fractions: tuple[float, ...] = clock.DEFAULT_FRACTIONS,
                 default_clock_hours: float = 72.0,
                 now: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] | None = None):
        self.core = MatchCore(storage, presenter, reminder_fractions=reminder_fractions,
                              default_clock_hours=default_clock_hours, now=now, new_seed=new_seed)
        self.lobby = LobbyService(self.core)
        self.playing = PlayService(self.core)
        self.table = TableService(self.core)
        self.timekeeper = TimekeeperService(self.core)
        self.preferences = PreferenceService(storage, lambda: self.core.now())
