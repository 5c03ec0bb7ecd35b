"""The Discord side of the services' Presenter: posts and edits messages through discord.py.

Every post carries the nonce the courier gives it (Discord's enforce_nonce): a delivery repeated after a
crash gets back the message already posted instead of posting it twice.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from engine.core import Message, get_game

from ..services import DmClosed, FinalReport, PrivateNotice, TableUpdate, TurnNotice
from ..services import ai as ai_seats
from ..storage import MatchRecord, MatchStatus
from . import embeds, views
from .panels import OpenPanels

log = logging.getLogger(__name__)
DMS_CLOSED = 50007          # "Cannot send messages to this user"
ONLY_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
NOBODY = discord.AllowedMentions.none()


def _locale(match: MatchRecord) -> str:
    return str(match.settings.get("locale", "en"))


def _optional(value: Any) -> Any:
    """discord.py's `send` takes None for "no view" / "no nonce" (its default), though its stubs say otherwise."""
    return value


class DiscordPresenter:
    def __init__(self, client: discord.Client, panels: OpenPanels):
        self.client = client
        self.panels = panels

    def _place(self, match: MatchRecord) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(match.place_id)

    async def _edit(self, match: MatchRecord, message_id: int, **fields: Any) -> bool:
        """Edit a message of ours; False if it is gone (deleted by a moderator, say)."""
        try:
            await self._place(match).get_partial_message(message_id).edit(**fields)
            return True
        except discord.NotFound:
            return False

    async def show_lobby(self, match: MatchRecord, title: str, seat_range: tuple[int, int], nonce: str) -> int | None:
        locale = _locale(match)
        embed = embeds.lobby_embed(match, title, seat_range, locale)
        game = get_game(match.game)
        view = (views.lobby_view(match.id, locale, ai_seats.levels(game)) if match.status == MatchStatus.LOBBY
                else None)
        if match.lobby_message_id and await self._edit(match, match.lobby_message_id, embed=embed, view=view):
            return match.lobby_message_id
        call = embeds.challenge_call(match, title, locale)  # pings the challenged players, not the host
        called = discord.AllowedMentions(everyone=False, roles=False, users=[
            discord.Object(user) for user in match.settings.get("challenged") or []])
        message = await self._place(match).send(content=call, embed=embed, nonce=nonce, view=_optional(view),
                                                allowed_mentions=called)
        return message.id

    async def show_table(self, update: TableUpdate) -> int | None:
        match = update.match
        locale = _locale(match)
        content, embed, file = embeds.table_message(update, locale)
        view = (views.table_view(match.id, match.state_id, locale, get_game(match.game).spec.hidden_info)
                if update.live else None)
        attachments = [file] if file else []
        for alert in update.alerts:  # their turn in the panel they have open too, first: no click to reopen it
            if alert.panel is not None:
                turn = embeds.turn_message(update.title, match.place_id, TurnNotice(alert.panel, [], None), alert.locale)
                await self.panels.show(match.id, alert.user_id, turn, views.panel_view(alert.panel, alert.locale))
        if not update.new_turn and match.table_message_id and await self._edit(
                match, match.table_message_id, content=content or None, embed=embed, attachments=attachments,
                view=view, allowed_mentions=NOBODY):
            return match.table_message_id
        message = await self._place(match).send(content=content or None, embed=embed, files=attachments,
                                                allowed_mentions=ONLY_USERS, nonce=update.nonce, view=_optional(view))
        if match.table_message_id and match.table_message_id != message.id:  # the old board stays, buttonless
            await self._edit(match, match.table_message_id, view=None)
        return message.id

    async def follows(self, match_id: int, user_id: int) -> bool:
        return self.panels.follows(match_id, user_id)

    async def _dm(self, user_id: int, **fields: Any) -> int:
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            return (await channel.send(**fields)).id
        except discord.Forbidden as error:
            if error.code == DMS_CLOSED:
                raise DmClosed() from error
            raise

    async def send_private(self, user_id: int, notice: PrivateNotice) -> None:
        content, file = embeds.private_message(notice)
        await self._dm(user_id, content=content, files=[file] if file else [], allowed_mentions=NOBODY,
                       nonce=notice.nonce)

    async def alert_turn(self, user_id: int, match: MatchRecord, title: str, locale: str, nonce: str,
                         turn: TurnNotice | None = None) -> int | None:
        if turn is None:
            return await self._dm(user_id, content=embeds.turn_alert(title, match.place_id, locale),
                                  allowed_mentions=NOBODY, nonce=nonce)
        file = embeds.png_file(turn.hand_png, "hand.png")
        return await self._dm(user_id, content=embeds.turn_message(title, match.place_id, turn, locale),
                              files=[file] if file else [], view=views.panel_view(turn.panel, locale),
                              allowed_mentions=NOBODY, nonce=nonce)

    async def retell_turn(self, user_id: int, message_id: int, match: MatchRecord, title: str, locale: str,
                          turn: TurnNotice | None) -> None:
        fields: dict[str, Any] = {"view": None}
        if turn is not None:
            file = embeds.png_file(turn.hand_png, "hand.png")
            fields = {"content": embeds.turn_message(title, match.place_id, turn, locale),
                      "attachments": [file] if file else [], "view": views.panel_view(turn.panel, locale)}
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            await channel.get_partial_message(message_id).edit(**fields)
        except (discord.NotFound, discord.Forbidden):  # deleted, or DMs closed since: nothing left to edit
            pass

    async def tell_table(self, match: MatchRecord, message: Message, mention: int | None = None,
                         nonce: str | None = None, locale: str | None = None) -> None:
        await self._place(match).send(content=embeds.line(message, locale or _locale(match), mention),
                                      allowed_mentions=ONLY_USERS if mention else NOBODY, nonce=_optional(nonce))

    async def remind(self, user_id: int, match: MatchRecord, message: Message, locale: str,
                     nonce: str | None = None) -> None:
        await self._dm(user_id, content=embeds.line(message, locale), allowed_mentions=NOBODY, nonce=_optional(nonce))

    async def show_final(self, report: FinalReport) -> None:
        match = report.match
        if match.table_message_id:
            await self._edit(match, match.table_message_id, view=None)
        embed, file = embeds.final_message(report, _locale(match))
        # Everyone still at the table is called to the result; a player who resigned has left it.
        mentions = " ".join(f"<@{s.user_id}>" for s in match.seats if s.user_id and not s.resigned)
        await self._place(match).send(content=mentions or None, embed=embed, files=[file] if file else [],
                                      allowed_mentions=ONLY_USERS, nonce=_optional(report.nonce or None),
                                      view=views.final_view(match.id, _locale(match)))
