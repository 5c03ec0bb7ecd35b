"""A sensible computer player for Taj Mahal."""

from __future__ import annotations

from engine.core.game import Action

from .state import State


def suggestion(state: State, seat: int) -> Action | None:
    return None
