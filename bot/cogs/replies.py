"""How the bot answers in an interaction: a step's result in the player's panel, the panel itself, the board,
the hand, the status, and the polite "this board has moved on". Shared by the cogs (not a cog itself)."""

from __future__ import annotations

import contextlib
import logging

import discord

from ..i18n import t
from ..services import Panel, PlayResult, PlayService, Refusal, TableService
from ..ui import embeds, views
from ..ui.panels import OpenPanels
from .common import locale, send

log = logging.getLogger(__name__)


class Replies:
    def __init__(self, play: PlayService, table: TableService, panels: OpenPanels):
        self.play = play
        self.table = table
        self.panels = panels

    async def after_step(self, interaction: discord.Interaction, result: PlayResult) -> None:
        """Answer a step in the panel the player used: their private news (with their hand), then the next
        question while they keep the move, or what they did once the move is over."""
        loc = locale(interaction)
        moves = ", ".join(m.text(loc) for m in result.labels)
        lines = [t("bot.panel.did" if result.panel else "bot.panel.done", loc, move=moves)]
        lines += [t("bot.panel.forced", loc, move=m.text(loc)) for m in result.forced]
        if result.private:
            lines.append(embeds.event_lines(result.private, loc, 1200))
        if result.waiting:
            lines.append(t("bot.panel.waiting_others", loc, players=", ".join(m.text(loc) for m in result.waiting)))
        view = None
        if result.panel is not None:
            if result.panel.prompt:
                lines.append(embeds.question(result.panel, loc))
            view = views.panel_view(result.panel, loc)
        content = embeds.clip("\n".join(lines), embeds.CONTENT)
        file = embeds.png_file(result.hand_png, "hand.png")
        shown = False
        turn_dm = None
        try:
            # The panel clicked on (ephemeral at the table, or the turn's DM) becomes the answer.
            if interaction.message is not None and (interaction.message.flags.ephemeral or interaction.guild_id is None):
                await interaction.edit_original_response(content=content, view=view, embed=None,
                                                         attachments=[file] if file else [])
                if interaction.guild_id is None and view is not None:
                    turn_dm = interaction.message.id
                elif interaction.guild_id is not None:
                    self.panels.remember(result.match.id, interaction)  # it can show their next turn
            else:
                await send(interaction, content, view=view, file=file)
            shown = True
        except discord.HTTPException as error:  # the step stands; its private news goes by DM instead
            log.info("could not answer a step (interaction %s, HTTP %s)", interaction.id, error.status)
        finally:
            await self.play.settle(result, shown=shown, turn_dm=turn_dm)


    async def panel_message(self, interaction: discord.Interaction, panel: Panel, header: str | None = None, *,
                            edit: bool = False) -> None:
        loc = locale(interaction)
        content = embeds.clip("\n".join(p for p in (header, embeds.question(panel, loc)) if p), embeds.CONTENT)
        view = views.panel_view(panel, loc)
        if edit:
            await interaction.edit_original_response(content=content, view=view, embed=None, attachments=[])
        else:
            await send(interaction, content, view=view)


    async def panel(self, interaction: discord.Interaction, match_id: int, *, edit: bool = False) -> None:
        panel = await self.play.panel(match_id, interaction.user.id, locale(interaction))
        await self.panel_message(interaction, panel, edit=edit)

    async def open_panel(self, interaction: discord.Interaction, match_id: int) -> None:
        """The panel opened from the table (its answer to the click), which goes on to show their turns."""
        await self.panel(interaction, match_id)
        self.panels.remember(match_id, interaction)


    async def hand(self, interaction: discord.Interaction, match_id: int) -> None:
        loc = locale(interaction)
        view, png = await self.table.hand(match_id, interaction.user.id, loc)
        file = embeds.png_file(png, "hand.png")
        content = t("bot.hand.header", loc, match=match_id)
        if file is None:  # no picture for this game yet: show the private view in words
            content += "\n```json\n" + embeds.clip(view.model_dump_json(indent=1), 1700) + "\n```"
        await send(interaction, content, file=file)


    async def board(self, interaction: discord.Interaction, match_id: int, *, note: str | None = None,
                    area: str | None = None) -> None:
        """The whole board, or one of its areas (legible on a phone)."""
        loc = locale(interaction)
        match, png, status = await self.table.board(match_id, loc, area)
        file = embeds.png_file(png, "board.png")
        title = self.table.title(match)
        if area is not None:
            title += " · " + self.table.areas(match, loc)[area]
        embed = discord.Embed(title=title, colour=embeds.ACCENT,
                              description=" · ".join(m.text(loc) for m in status) or None)
        if file:
            embed.set_image(url="attachment://board.png")
        await send(interaction, note, embed=embed, file=file,
                   view=views.areas_view(match_id, self.table.areas(match, loc), loc))


    async def stale(self, interaction: discord.Interaction, match_id: int) -> None:
        """Politely: the board has moved on since the step was offered; here is the current one (and the
        player's choices, if it is still their move)."""
        await self.board(interaction, match_id, note=t("bot.refusal.stale", locale(interaction), match=match_id))
        with contextlib.suppress(Refusal):  # not their turn any more: the board is all they need
            await self.panel(interaction, match_id)


    async def status(self, interaction: discord.Interaction, match_id: int) -> None:
        status = await self.table.status(match_id)
        await send(interaction, embed=embeds.status_embed(status, locale(interaction)))
