"""What the rule functions need from a step in progress: the (already cloned) state and a way to tell."""

from __future__ import annotations

from typing import Any, Protocol

from .state import State


class Table(Protocol):
    s: State

    def emit(self, key: str, audience: int | None = None, reveals: bool = False, **params: Any) -> None:
        """Record an event (`audience` None: everybody reads it)."""

    def touch(self, *things: str) -> None:
        """Mark what changed, for the pictures ("shop:bag-a1", "player:2", "caravan", "road", "tower")."""
