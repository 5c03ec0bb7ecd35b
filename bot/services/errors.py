"""Refusals the bot itself makes. Like engine errors they carry a translatable Message, so one
error handler turns both into a short private sentence in the player's language."""

from __future__ import annotations

from engine.core.errors import EngineError


class Refusal(EngineError):
    default_key = "bot.refusal.generic"


class StaleBoard(Refusal):
    """A click on a board that has moved on since it was drawn."""

    default_key = "bot.refusal.stale"

    def __init__(self, match_id: int):
        super().__init__(match=match_id)
        self.match_id = match_id


class DmClosed(Exception):
    """Discord refused a direct message (error 50007): the user's DMs are closed to the bot."""
