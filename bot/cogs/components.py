"""Every button and select click, routed by its custom id (see ui/routes.py): no view lives in memory,
so a click works the same after a restart."""

from __future__ import annotations

import discord
from discord.ext import commands

from engine.core import get_game

from ..i18n import t
from ..ops.telemetry import begin, finish, outcome
from ..services import LobbyService, PlayService, PreferenceService, Refusal, StaleBoard, TableService
from ..ui.routes import LOBBY_VERBS, PREFIX, STEP_VERBS, Route, parse, prefix_of, resolve_step
from .common import deliver_mail, locale, remember_locale, report_error, send
from .replies import Replies


class Components(commands.Cog):
    def __init__(self, lobby: LobbyService, play: PlayService, table: TableService, preferences: PreferenceService):
        self.lobby, self.play, self.table, self.preferences = lobby, play, table, preferences
        self.replies = Replies(play, table)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        if prefix_of(custom_id) != PREFIX:
            return
        route = parse(custom_id)  # None: an id no button of ours carries, sent by a hand-made client
        if route is None:
            begin(interaction, kind="button:malformed")
        else:
            begin(interaction, match=route.match_id, step=route.state_id, kind=f"button:{route.verb}")
        try:
            await self._answer(interaction, route)
        finally:
            finish(interaction)

    async def _answer(self, interaction: discord.Interaction, route: Route | None) -> None:
        try:
            if not await self._acknowledge(interaction, route):
                outcome(interaction, "expired")
                return
            await remember_locale(interaction, self.preferences)
            await self._handle(interaction, route)
        except StaleBoard as stale:
            outcome(interaction, "stale")
            try:
                await self.replies.stale(interaction, stale.match_id)
            except Exception as error:  # noqa: BLE001
                await report_error(interaction, error)
        except Exception as error:  # noqa: BLE001 — the one error handler decides what the player reads
            await report_error(interaction, error)
        else:
            await deliver_mail(interaction, self.preferences)

    @staticmethod
    async def _acknowledge(interaction: discord.Interaction, route: Route | None) -> bool:
        try:
            if route is not None and (route.verb in LOBBY_VERBS or route.verb in STEP_VERBS):
                await interaction.response.defer()  # the message clicked on will be edited
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            return True
        except discord.NotFound:
            return False  # 10062: Discord forgot the click; nothing was done, the player may click again

    async def _handle(self, interaction: discord.Interaction, route: Route | None) -> None:
        if route is None:
            raise Refusal("bot.refusal.unknown_button")
        user = interaction.user.id
        match_id = route.match_id
        await self._check_place(interaction, route)
        manager = bool(interaction.permissions and interaction.permissions.manage_guild)
        if route.verb == "join":
            await self.lobby.join(match_id, user, name=interaction.user.display_name)
        elif route.verb == "leave":
            await self.lobby.leave(match_id, user)
        elif route.verb == "addai":
            await self.lobby.add_ai(match_id, user, route.arg, is_manager=manager)
        elif route.verb == "rmai":
            await self.lobby.remove_ai(match_id, user, is_manager=manager)
        elif route.verb == "start":
            await self.lobby.start(match_id, user, is_manager=manager)
        elif route.verb == "open":
            await self.replies.panel(interaction, match_id)
        elif route.verb == "hand":
            await self.replies.hand(interaction, match_id)
        elif route.verb == "board":
            await self.replies.board(interaction, match_id)
        elif route.verb == "status":
            await self.replies.status(interaction, match_id)
        elif route.verb == "rematch":
            lobby, opened = await self.lobby.rematch(match_id, user, name=interaction.user.display_name)
            await send(interaction, t("bot.lobby.opened" if opened else "bot.lobby.rematch_joined", locale(interaction),
                                      title=get_game(lobby.game).spec.title, where=f"<#{lobby.place_id}>"))
        else:
            await self._step(interaction, route)

    async def _check_place(self, interaction: discord.Interaction, route: Route) -> None:
        """A click counts only where the match's buttons are: its channel or thread in its server, or (a step
        from the panel of a turn's DM) a direct message. Discord sends a click only from the message that
        carries the button, but a hand-made client sends any id from anywhere."""
        match = await self.table.get(route.match_id)
        if interaction.guild_id is None:
            where_ok = route.verb in STEP_VERBS
        else:
            where_ok = interaction.guild_id == match.guild_id and interaction.channel_id == match.place_id
        if not where_ok:
            raise Refusal("bot.refusal.elsewhere", match=match.id)

    async def _step(self, interaction: discord.Interaction, route: Route) -> None:
        match_id = route.match_id
        values: list[str] = list(dict(interaction.data or {}).get("values") or [""])  # type: ignore[call-overload]
        ref = (route.arg if route.verb == "do" else str(values[0])) or ""
        notation: str | None = ref
        try:
            if ref.startswith("#"):  # a place in the list of legal steps: only meaningful on the very board drawn
                match = await self.table.get(match_id)
                if match.status == "running" and match.state_id != route.state_id:
                    raise StaleBoard(match_id)
                panel = await self.play.panel(match_id, interaction.user.id, locale(interaction))  # or refused
                notation = resolve_step(ref, [c.notation for c in panel.choices])
            if not notation:
                raise StaleBoard(match_id)
            # The service loads the match and judges staleness per seat: another seat's choice leaves this
            # panel in play.
            result = await self.play.play(match_id, interaction.user.id, notation, state_id=route.state_id,
                                          locale=locale(interaction))
        except Refusal as refusal:
            if refusal.message.key == "bot.refusal.not_running":  # a button left on a match that ended
                raise Refusal("bot.refusal.match_over") from None
            raise
        await self.replies.after_step(interaction, result)
