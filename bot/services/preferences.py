"""A player's own preferences (language, DMs, how turns are announced, snoozing reminders) and their mailbox
of private news that could not go by DM."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..storage import Mail, Storage, UserPrefs
from .errors import Refusal

MAX_SNOOZE_HOURS = 24 * 14


class PreferenceService:
    def __init__(self, storage: Storage, now: Callable[[], float]):
        self.storage = storage
        self.now = now

    async def remember_locale(self, user_id: int, locale: str) -> None:
        prefs = await self.storage.prefs(user_id)
        if prefs.locale != locale:
            prefs.locale = locale
            await self.storage.save_prefs(prefs)

    async def set_dms(self, user_id: int, enabled: bool) -> UserPrefs:
        prefs = await self.storage.prefs(user_id)
        prefs.dms_enabled = enabled
        if enabled:
            prefs.dm_closed = False  # the player asks us to try again
        await self.storage.save_prefs(prefs)
        return prefs

    async def set_turn_alert(self, user_id: int, how: Literal["mention", "dm"]) -> UserPrefs:
        prefs = await self.storage.prefs(user_id)
        prefs.turn_alert = how
        if how == "dm":
            prefs.dm_closed = False
        await self.storage.save_prefs(prefs)
        return prefs

    async def snooze(self, user_id: int, hours: float) -> UserPrefs:
        if not 0 <= hours <= MAX_SNOOZE_HOURS:
            raise Refusal("bot.refusal.snooze_range", high=MAX_SNOOZE_HOURS)
        prefs = await self.storage.prefs(user_id)
        prefs.snooze_until = self.now() + hours * 3600 if hours else None
        await self.storage.save_prefs(prefs)
        return prefs

    async def take_mail(self, user_id: int) -> list[Mail]:
        return await self.storage.take_mail(user_id)

    async def keep_mail(self, mail: list[Mail]) -> None:
        """Mail that could not be shown after all goes back to the mailbox for the next time."""
        for item in mail:
            await self.storage.post_mail(item)
