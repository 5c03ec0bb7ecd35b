"""/play, /hand, /board, /status, /log, /undo, /resign — all about the match in this channel or thread."""

from __future__ import annotations

import contextlib
import logging

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import command_text as _
from ..i18n import t
from ..services import PlayResult, Refusal, StaleBoard
from ..ui import embeds, views
from ..ui.routes import offered, read_offered, resolve_step
from .common import defer, locale, send, service

log = logging.getLogger(__name__)


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
        loc = locale(interaction)
        match = await svc.match_here(interaction.channel_id)
        notation, state_id = read_offered(move)
        if state_id is None:  # typed by hand: confirm it with one click, against the board the player sees
            panel = await svc.proposal(match.id, interaction.user.id, notation, loc)
            await send_panel_message(interaction, panel, t("bot.panel.confirm", loc))
            return
        try:
            if notation.startswith("#"):
                if match.state_id != state_id:
                    raise StaleBoard(match.id)  # a place in a list that may have changed since
                panel = await svc.panel(match.id, interaction.user.id, loc)
                notation = resolve_step(notation, [c.notation for c in panel.choices]) or notation
            result = await svc.play(match.id, interaction.user.id, notation, state_id=state_id, locale=loc)
        except StaleBoard:
            await send_stale(interaction, match.id)
            return
        await send_after_step(interaction, result)

    @play.autocomplete("move")
    async def _moves(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        state_id, choices = await service(interaction).choices_here(interaction.channel_id, interaction.user.id,
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
            if entry.kind == "step" and (line.label is not None or not line.events):  # name own steps in words
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


async def send_after_step(interaction: discord.Interaction, result: PlayResult) -> None:
    """Answer a step in the panel the player used: their private news (with their hand), then the next
    question while they keep the move, or what they did once the move is over."""
    loc = locale(interaction)
    lines = [t("bot.panel.did" if result.panel else "bot.panel.done", loc, move=result.label.text(loc))]
    if result.private:
        lines.append(embeds.event_lines(result.private, loc, 1200))
    view = None
    if result.panel is not None:
        if result.panel.prompt:
            lines.append(f"**{result.panel.prompt.text(loc)}**")
        view = views.panel_view(result.panel, loc)
    content = embeds.clip("\n".join(lines), embeds.CONTENT)
    file = embeds.png_file(result.hand_png, "hand.png")
    shown = False
    try:
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.edit_original_response(content=content, view=view, embed=None,
                                                     attachments=[file] if file else [])
        else:
            await send(interaction, content, view=view, file=file)
        shown = True
    except discord.HTTPException as error:  # the step stands; its private news goes by DM instead
        log.info("could not answer a step (interaction %s, HTTP %s)", interaction.id, error.status)
    finally:
        await service(interaction).settle(result, shown=shown)


async def send_panel_message(interaction: discord.Interaction, panel, header: str | None = None, *,
                             edit: bool = False) -> None:
    loc = locale(interaction)
    question = f"**{panel.prompt.text(loc)}**" if panel.prompt else t("bot.panel.pick", loc)
    content = embeds.clip("\n".join(p for p in (header, question) if p), embeds.CONTENT)
    view = views.panel_view(panel, loc)
    if edit:
        await interaction.edit_original_response(content=content, view=view, embed=None, attachments=[])
    else:
        await send(interaction, content, view=view)


async def send_panel(interaction: discord.Interaction, match_id: int, *, edit: bool = False) -> None:
    panel = await service(interaction).panel(match_id, interaction.user.id, locale(interaction))
    await send_panel_message(interaction, panel, edit=edit)


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


async def send_stale(interaction: discord.Interaction, match_id: int) -> None:
    """Politely: the board has moved on since the step was offered; here is the current one (and the
    player's choices, if it is still their move)."""
    await send_board(interaction, match_id, note=t("bot.refusal.stale", locale(interaction), match=match_id))
    with contextlib.suppress(Refusal):  # not their turn any more: the board is all they need
        await send_panel(interaction, match_id)


async def send_status(interaction: discord.Interaction, match_id: int) -> None:
    status = await service(interaction).status(match_id)
    await send(interaction, embed=embeds.status_embed(status, locale(interaction)))
