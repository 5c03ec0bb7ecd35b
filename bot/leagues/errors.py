"""League refusals carry a translatable Message, like every engine and bot refusal, so the bot's one error
handler turns them into a sentence in the player's language."""

from __future__ import annotations

from engine.core.errors import EngineError


class LeagueRefusal(EngineError):
    """Not a ValueError on purpose: raised inside a pydantic validator, it reaches the caller unchanged."""

    default_key = "league.refusal.generic"
