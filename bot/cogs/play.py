"""/play, /hand, /board, /status, /log, /undo, /resign — all about the match in this channel or thread."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import command_text as _
from ..i18n import t
from ..ui import embeds, views
from .common import defer, locale, send, service


class PlayCommands(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @app_commands.command(name="play", description=_("bot.cmd.play"))
    @app_commands.describe(move=_("bot.cmd.opt_move"))
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        if not await defer(interaction):
            return
        svc = service(interaction)
        match = await svc.match_here(interaction.channel_id)
        result = await svc.play(match.id, interaction.user.id, move)
        await send_after_step(interaction, result)

    @play.autocomplete("move")
    async def _moves(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        choices = await service(interaction).choices_here(interaction.channel_id, interaction.user.id,
                                                          locale(interaction))
        typed = current.strip().lower()
        return [app_commands.Choice(name=views.clip(f"{c.label} — {c.notation}" if c.label != c.notation
                                                    else c.notation, 100), value=c.notation[:100])
                for c in choices if typed in c.notation.lower() or typed in c.label.lower()][:25]

    @app_commands.command(name="hand", description=_("bot.cmd.hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        await send_hand(interaction, (await service(interaction).match_here(interaction.channel_id)).id)

    @app_commands.command(name="board", description=_("bot.cmd.board"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        await send_board(interaction, (await service(interaction).match_here(interaction.channel_id)).id)

    @app_commands.command(name="status", description=_("bot.cmd.status"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        await send_status(interaction, (await service(interaction).match_here(interaction.channel_id)).id)

    @app_commands.command(name="log", description=_("bot.cmd.log"))
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        svc = service(interaction)
        match = await svc.match_here(interaction.channel_id)
        lines = []
        for line in await svc.recent_log(match.id, interaction.user.id):
            entry = line.entry
            if entry.kind == "undo" or not line.events:  # events tell who did what; otherwise name the move
                who = embeds.who(match, match.seat(entry.seat), loc) if entry.seat is not None else ""
                key = "bot.log." + ("undo" if entry.kind == "undo" else "step")
                lines.append(t(key if line.notation else f"{key}_hidden", loc, who=who, move=line.notation))
            lines += [f"• {e.text(loc)}" for e in line.events]
        body = "\n".join(lines[-40:]) if lines else t("bot.log.empty", loc)
        await send(interaction, embeds.clip(t("bot.log.header", loc, match=match.id) + "\n" + body, embeds.CONTENT))

    @app_commands.command(name="undo", description=_("bot.cmd.undo"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        svc = service(interaction)
        match = await svc.match_here(interaction.channel_id)
        await svc.undo(match.id, interaction.user.id)
        await send(interaction, t("bot.undo.done", locale(interaction)))

    @app_commands.command(name="resign", description=_("bot.cmd.resign"))
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        svc = service(interaction)
        match = await svc.match_here(interaction.channel_id)
        await svc.resign(match.id, interaction.user.id)
        await send(interaction, t("bot.resign.done", locale(interaction)))


async def send_after_step(interaction: discord.Interaction, result) -> None:
    """Tell the player what their step did (their private news included) and, if they must go on, their
    next choices."""
    loc = locale(interaction)
    lines = [t("bot.panel.done", loc, move=result.notation)]
    if result.events:
        lines.append(embeds.event_lines(result.events, loc, 1500))
    view = None
    if result.still_to_act:
        panel = await service(interaction).panel(result.match.id, interaction.user.id, loc)
        if panel.prompt:
            lines.append(f"**{panel.prompt.text(loc)}**")
        view = views.panel_view(panel, loc)
    content = embeds.clip("\n".join(lines), embeds.CONTENT)
    if interaction.response.is_done() and interaction.message is not None and interaction.message.flags.ephemeral:
        await interaction.edit_original_response(content=content, view=view, embed=None, attachments=[])
    else:
        await send(interaction, content, view=view)


async def send_panel(interaction: discord.Interaction, match_id: int, *, edit: bool = False) -> None:
    loc = locale(interaction)
    panel = await service(interaction).panel(match_id, interaction.user.id, loc)
    content = f"**{panel.prompt.text(loc)}**" if panel.prompt else t("bot.panel.pick", loc)
    view = views.panel_view(panel, loc)
    if edit:
        await interaction.edit_original_response(content=content, view=view, embed=None, attachments=[])
    else:
        await send(interaction, content, view=view)


async def send_hand(interaction: discord.Interaction, match_id: int) -> None:
    loc = locale(interaction)
    view, png = await service(interaction).hand(match_id, interaction.user.id, loc)
    file = embeds.png_file(png, "hand.png")
    content = t("bot.hand.header", loc, match=match_id)
    if file is None:  # no picture for this game yet: show the private view in words
        content += "\n```json\n" + embeds.clip(view.model_dump_json(indent=1), 1700) + "\n```"
    await send(interaction, content, file=file)


async def send_board(interaction: discord.Interaction, match_id: int, *, note: str | None = None) -> None:
    loc = locale(interaction)
    match, png, status = await service(interaction).board(match_id, loc)
    file = embeds.png_file(png, "board.png")
    embed = discord.Embed(title=service(interaction).title(match), colour=embeds.ACCENT,
                          description=" · ".join(m.text(loc) for m in status) or None)
    if file:
        embed.set_image(url="attachment://board.png")
    await send(interaction, note, embed=embed, file=file)


async def send_status(interaction: discord.Interaction, match_id: int) -> None:
    status = await service(interaction).status(match_id)
    await send(interaction, embed=embeds.status_embed(status, locale(interaction)))
