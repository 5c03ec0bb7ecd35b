"""Positions set up by hand in scenario tests."""

from __future__ import annotations

from typing import Any

from engine.core import Game


def editable(game: Game[Any], state: Any) -> Any:
    """A copy of `state` to change by hand. A state the engine returned is never changed: the game may remember
    what it worked out about it (the turn flow remembers the options it listed)."""
    return game.load_state(game.dump_state(state))
