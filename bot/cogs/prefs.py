"""/settings: a player's own preferences (DMs, how turns are announced, snooze, a break)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import command_text as _
from ..i18n import t
from ..services import PreferenceService, TimekeeperService
from ..services.clock import discord_time
from .common import defer, locale, send


class PlayerSettings(commands.GroupCog, group_name="settings", group_description=_("bot.cmd.settings")):
    def __init__(self, preferences: PreferenceService, timekeeper: TimekeeperService):
        self.preferences = preferences
        self.timekeeper = timekeeper

    @app_commands.command(name="dms", description=_("bot.cmd.settings_dms"))
    @app_commands.describe(enabled=_("bot.cmd.opt_dms"))
    async def dms(self, interaction: discord.Interaction, enabled: bool) -> None:
        if not await defer(interaction):
            return
        await self.preferences.set_dms(interaction.user.id, enabled)
        await send(interaction, t("bot.prefs.dms_on" if enabled else "bot.prefs.dms_off", locale(interaction)))

    @app_commands.command(name="turns", description=_("bot.cmd.settings_turns"))
    @app_commands.describe(how=_("bot.cmd.opt_turns"))
    @app_commands.choices(how=[app_commands.Choice(name=_("bot.turns.mention"), value="mention"),
                               app_commands.Choice(name=_("bot.turns.dm"), value="dm")])
    async def turns(self, interaction: discord.Interaction, how: Literal["mention", "dm"]) -> None:
        if not await defer(interaction):
            return
        await self.preferences.set_turn_alert(interaction.user.id, how)
        await send(interaction, t(f"bot.prefs.turns_{how}", locale(interaction)))

    @app_commands.command(name="snooze", description=_("bot.cmd.settings_snooze"))
    @app_commands.describe(hours=_("bot.cmd.opt_snooze"))
    async def snooze(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 336]) -> None:
        if not await defer(interaction):
            return
        prefs = await self.preferences.snooze(interaction.user.id, hours)
        loc = locale(interaction)
        await send(interaction, t("bot.prefs.snoozed", loc, until=discord_time(prefs.snooze_until))
                   if prefs.snooze_until else t("bot.prefs.unsnoozed", loc))

    @app_commands.command(name="away", description=_("bot.cmd.settings_away"))
    @app_commands.describe(days=_("bot.cmd.opt_away"))
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[float, 0, 30]) -> None:
        if not await defer(interaction):
            return
        prefs = await self.timekeeper.set_away(interaction.user.id, days)
        loc = locale(interaction)
        await send(interaction, t("bot.prefs.away", loc, until=discord_time(prefs.away_until, "f"))
                   if prefs.away_until else t("bot.prefs.back", loc))
