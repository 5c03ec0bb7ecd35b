"""Typed refusals. `apply` checks them in this order: game over, not your turn, malformed, illegal."""

from __future__ import annotations

from typing import Any

from .messages import Message


class EngineError(Exception):
    """A refusal a player can read: it carries a translatable `Message`."""

    default_key = "core.error"

    # Cheap to raise: the rules refuse many candidate moves that nobody ever sees refused, so the Message
    # is made, and translated, only when read.
    def __init__(self, key: str | None = None, **params: Any):
        self.key = key or self.default_key
        self.params = params

    @property
    def message(self) -> Message:
        return Message(self.key, self.params)

    def __str__(self) -> str:
        return self.message.text()

    def text(self, locale: str = "en") -> str:
        return self.message.text(locale)


class GameOver(EngineError):
    default_key = "core.game_over"


class NotYourTurn(EngineError):
    default_key = "core.not_your_turn"


class Malformed(EngineError):
    default_key = "core.malformed"


class Illegal(EngineError):
    """A well-formed action the rules forbid; the key names the rule in plain words."""

    default_key = "core.illegal"
