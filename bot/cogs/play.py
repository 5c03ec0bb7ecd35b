"""/play, /hand, /board, /status, /log, /undo, /resign — all about the match in this channel or thread."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import command_text as _
from ..i18n import t
from ..services import PlayService, StaleBoard, TableService
from ..storage import LogKind
from ..ui import embeds, views
from ..ui.panels import OpenPanels
from ..ui.routes import offered, read_offered, resolve_step
from .common import channel_of, defer, locale, send
from .replies import Replies

log = logging.getLogger(__name__)


class PlayCommands(commands.Cog):
    def __init__(self, play: PlayService, table: TableService, panels: OpenPanels):
        self.play_service = play
        self.table = table
        self.replies = Replies(play, table, panels)

    @app_commands.command(name="play", description=_("bot.cmd.play"))
    @app_commands.describe(move=_("bot.cmd.opt_move"))
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        if not await defer(interaction):
            return
        svc = self.play_service
        loc = locale(interaction)
        match = await self.table.match_here(channel_of(interaction))
        notation, state_id = read_offered(move)
        if state_id is None:  # typed by hand: confirm it with one click, against the board the player sees
            panel = await svc.proposal(match.id, interaction.user.id, notation, loc)
            await self.replies.panel_message(interaction, panel, t("bot.panel.confirm", loc))
            return
        try:
            if notation.startswith("#"):
                if match.state_id != state_id:
                    raise StaleBoard(match.id)  # a place in a list that may have changed since
                panel = await svc.panel(match.id, interaction.user.id, loc)
                notation = resolve_step(notation, [c.notation for c in panel.choices]) or notation
            result = await svc.play(match.id, interaction.user.id, notation, state_id=state_id, locale=loc)
        except StaleBoard:
            await self.replies.stale(interaction, match.id)
            return
        await self.replies.after_step(interaction, result)

    @play.autocomplete("move")
    async def _moves(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state_id, choices = await self.play_service.choices_here(channel_of(interaction), interaction.user.id,
                                                                    locale(interaction))
        typed = current.strip().lower()
        found = []
        for index, choice in enumerate(choices):
            if typed in choice.notation.lower() or typed in choice.label.lower():
                value = offered(choice.notation, state_id)
                found.append(app_commands.Choice(name=views.clip(choice.label, 100),
                                                 value=value if len(value) <= 100 else offered(f"#{index}", state_id)))
        return found[:25]

    @app_commands.command(name="hand", description=_("bot.cmd.hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        await self.replies.hand(interaction, (await self.table.match_here(channel_of(interaction))).id)

    @app_commands.command(name="board", description=_("bot.cmd.board"))
    @app_commands.describe(area=_("bot.cmd.opt_area"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, area: str | None = None) -> None:
        if not await defer(interaction):
            return
        await self.replies.board(interaction, (await self.table.match_here(channel_of(interaction))).id,
                                 area=area or None)

    @board.autocomplete("area")
    async def _areas(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        match = await self.table.match_here(channel_of(interaction))
        typed = current.strip().lower()
        return [app_commands.Choice(name=label, value=name)
                for name, label in self.table.areas(match, locale(interaction)).items() if typed in label.lower()]

    @app_commands.command(name="status", description=_("bot.cmd.status"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        await self.replies.status(interaction, (await self.table.match_here(channel_of(interaction))).id)

    @app_commands.command(name="log", description=_("bot.cmd.log"))
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        match = await self.table.match_here(channel_of(interaction))
        lines = []
        for line in await self.table.recent_log(match.id, interaction.user.id):
            entry = line.entry
            if entry.kind == LogKind.STEP and (line.label is not None or not line.events):  # name own steps in words
                who = embeds.who(match, match.seat(entry.seat), loc) if entry.seat is not None else ""
                lines.append(t("bot.log.step" if line.label else "bot.log.step_hidden", loc, who=who,
                               move=line.label.text(loc) if line.label else ""))
            lines += [f"• {e.text(loc)}" for e in line.events]
        body = "\n".join(lines[-40:]) if lines else t("bot.log.empty", loc)
        await send(interaction, embeds.clip(t("bot.log.header", loc, match=match.id) + "\n" + body, embeds.CONTENT))

    @app_commands.command(name="undo", description=_("bot.cmd.undo"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        match = await self.table.match_here(channel_of(interaction))
        await self.play_service.undo(match.id, interaction.user.id)
        await send(interaction, t("bot.undo.done", locale(interaction)))

    @app_commands.command(name="resign", description=_("bot.cmd.resign"))
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        match = await self.table.match_here(channel_of(interaction))
        await self.play_service.resign(match.id, interaction.user.id)
        await send(interaction, t("bot.resign.done", locale(interaction)))
