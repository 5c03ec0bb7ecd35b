"""Every button and select click, routed by its custom id (see ui/routes.py): no view lives in memory,
so a click works the same after a restart."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands

from engine.core import get_game

from ..i18n import t
from ..ops.telemetry import begin, finish, outcome
from ..services import LobbyService, PlayService, PreferenceService, Refusal, StaleBoard, TableService
from ..storage import MatchStatus
from ..ui.panels import OpenPanels
from ..ui.routes import LOBBY_VERBS, PREFIX, STEP_VERBS, Route, Verb, number, parse, prefix_of, resolve_step
from .common import deliver_mail, locale, remember_locale, report_error, send
from .replies import Replies


class Components(commands.Cog):
    def __init__(self, lobby: LobbyService, play: PlayService, table: TableService, preferences: PreferenceService,
                 panels: OpenPanels):
        self.lobby, self.play, self.table, self.preferences = lobby, play, table, preferences
        self.replies = Replies(play, table, panels)

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
        await self._check_place(interaction, route)
        await self.ANSWERS[route.verb](self, interaction, route)

    @staticmethod
    def _is_manager(interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions and interaction.permissions.manage_guild)

    async def _join(self, interaction: discord.Interaction, route: Route) -> None:
        await self.lobby.join(route.match_id, interaction.user.id, name=interaction.user.display_name)

    async def _leave(self, interaction: discord.Interaction, route: Route) -> None:
        await self.lobby.leave(route.match_id, interaction.user.id)

    async def _add_ai(self, interaction: discord.Interaction, route: Route) -> None:
        await self.lobby.add_ai(route.match_id, interaction.user.id, route.arg,
                               is_manager=self._is_manager(interaction))

    async def _remove_ai(self, interaction: discord.Interaction, route: Route) -> None:
        await self.lobby.remove_ai(route.match_id, interaction.user.id, is_manager=self._is_manager(interaction))

    async def _start(self, interaction: discord.Interaction, route: Route) -> None:
        await self.lobby.start(route.match_id, interaction.user.id, is_manager=self._is_manager(interaction))

    async def _rematch(self, interaction: discord.Interaction, route: Route) -> None:
        lobby, opened = await self.lobby.rematch(route.match_id, interaction.user.id,
                                                 name=interaction.user.display_name)
        await send(interaction, t("bot.lobby.opened" if opened else "bot.lobby.rematch_joined", locale(interaction),
                                  title=get_game(lobby.game).spec.title, where=f"<#{lobby.place_id}>"))

    async def _panel(self, interaction: discord.Interaction, route: Route) -> None:
        await self.replies.open_panel(interaction, route.match_id)

    async def _hand(self, interaction: discord.Interaction, route: Route) -> None:
        await self.replies.hand(interaction, route.match_id)

    async def _board(self, interaction: discord.Interaction, route: Route) -> None:
        """The Full board button, or an area picked in the select under a board."""
        values: list[str] = list(dict(interaction.data or {}).get("values") or [])  # type: ignore[call-overload]
        await self.replies.board(interaction, route.match_id, area=str(values[0]) if values else None)

    async def _status(self, interaction: discord.Interaction, route: Route) -> None:
        await self.replies.status(interaction, route.match_id)

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
        ref = (route.arg if route.verb in (Verb.DO, Verb.TURN) else str(values[0])) or ""
        notation: str | None = ref
        try:
            if ref.startswith("#"):  # a place in the list of legal steps: only meaningful on the very board drawn
                match = await self.table.get(match_id)
                if match.status == MatchStatus.RUNNING and match.state_id != route.state_id:
                    raise StaleBoard(match_id)
                panel = await self.play.panel(match_id, interaction.user.id, locale(interaction))  # or refused
                notation = resolve_step(ref, [c.notation for c in panel.choices])
            if not notation:
                raise StaleBoard(match_id)
            # The service loads the match and judges staleness per seat: another seat's choice leaves this
            # panel in play.
            if route.verb is Verb.TURN:  # the whole suggested turn, worked out again from the board drawn
                result = await self.play.play_turn(match_id, interaction.user.id, notation, state_id=route.state_id,
                                                   locale=locale(interaction))
            else:
                result = await self.play.play(match_id, interaction.user.id, notation, state_id=route.state_id,
                                              locale=locale(interaction))
        except Refusal as refusal:
            if refusal.message.key == "bot.refusal.not_running":  # a button left on a match that ended
                raise Refusal("bot.refusal.match_over") from None
            raise
        await self.replies.after_step(interaction, result)

    async def _several(self, interaction: discord.Interaction, route: Route) -> None:
        values = dict(interaction.data or {}).get("values") or []
        places = [number(str(v)) for v in values] if isinstance(values, list) else [None]
        if any(p is None for p in places):
            raise Refusal("bot.refusal.unknown_button")
        try:
            result = await self.play.play_picks(route.match_id, interaction.user.id, [p for p in places if p is not None],
                                                state_id=route.state_id, locale=locale(interaction))
        except Refusal as refusal:
            if refusal.message.key == "bot.refusal.not_running":
                raise Refusal("bot.refusal.match_over") from None
            raise
        await self.replies.after_step(interaction, result)

    ANSWERS: dict[Verb, Callable[[Components, discord.Interaction, Route], Awaitable[None]]] = {
        Verb.JOIN: _join, Verb.LEAVE: _leave, Verb.ADD_AI: _add_ai, Verb.REMOVE_AI: _remove_ai, Verb.START: _start,
        Verb.REMATCH: _rematch, Verb.OPEN: _panel, Verb.HAND: _hand, Verb.BOARD: _board, Verb.STATUS: _status,
        Verb.DO: _step, Verb.PICK: _step, Verb.SEVERAL: _several, Verb.TURN: _step,
    }
