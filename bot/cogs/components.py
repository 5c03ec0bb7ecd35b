"""Every button and select click, routed by its custom id (see ui/routes.py): no view lives in memory,
so a click works the same after a restart."""

from __future__ import annotations

import discord
from discord.ext import commands

from ..services import Refusal, StaleBoard
from ..services import ai as ai_seats
from ..ui.routes import Route, parse, resolve_step
from .common import deliver_mail, locale, remember_locale, report_error, service
from .play import send_after_step, send_board, send_hand, send_panel, send_stale, send_status

LOBBY = {"join", "leave", "addai", "rmai", "start"}
STEPS = {"do", "pick"}


class Components(commands.Cog):
    def __init__(self, bot: commands.Bot):
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        route = parse((interaction.data or {}).get("custom_id", ""))
        if route is None:
            return
        try:
            if not await self._acknowledge(interaction, route):
                return
            await remember_locale(interaction)
            await self._handle(interaction, route)
        except StaleBoard as stale:
            try:
                await send_stale(interaction, stale.match_id)
            except Exception as error:  # noqa: BLE001
                await report_error(interaction, error)
        except Exception as error:  # noqa: BLE001 — the one error handler decides what the player reads
            await report_error(interaction, error)
        else:
            await deliver_mail(interaction)

    @staticmethod
    async def _acknowledge(interaction: discord.Interaction, route: Route) -> bool:
        try:
            if route.verb in LOBBY or route.verb in STEPS:
                await interaction.response.defer()  # the message clicked on will be edited
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            return True
        except discord.NotFound:
            return False  # 10062: Discord forgot the click; nothing was done, the player may click again

    async def _handle(self, interaction: discord.Interaction, route: Route) -> None:
        svc = service(interaction)
        user = interaction.user.id
        match_id = route.match_id
        if route.verb == "join":
            await svc.join(match_id, user, name=interaction.user.display_name)
        elif route.verb == "leave":
            await svc.leave(match_id, user)
        elif route.verb == "addai":
            match = await svc.get(match_id)
            await svc.add_ai(match_id, user, ai_seats.available(svc.game_of(match))[0])
        elif route.verb == "rmai":
            await svc.remove_ai(match_id, user)
        elif route.verb == "start":
            await svc.start(match_id, user)
        elif route.verb == "open":
            await send_panel(interaction, match_id)
        elif route.verb == "hand":
            await send_hand(interaction, match_id)
        elif route.verb == "board":
            await send_board(interaction, match_id)
        elif route.verb == "status":
            await send_status(interaction, match_id)
        elif route.verb in STEPS:
            await self._step(interaction, route)
        else:
            raise Refusal("bot.refusal.unknown_button")

    async def _step(self, interaction: discord.Interaction, route: Route) -> None:
        svc = service(interaction)
        match = await svc.get(route.match_id)
        if match.status != "running":
            raise Refusal("bot.refusal.match_over" if match.status in ("over", "abandoned", "cancelled")
                          else "bot.refusal.not_started")
        ref = route.arg if route.verb == "do" else (interaction.data.get("values") or [""])[0]
        notation = ref
        if ref.startswith("#"):  # a place in the list of legal steps: only meaningful on the very board drawn
            if match.state_id != route.state_id:
                raise StaleBoard(match.id)
            panel = await svc.panel(match.id, interaction.user.id, locale(interaction))
            notation = resolve_step(ref, [c.notation for c in panel.choices])
        if not notation:
            raise StaleBoard(match.id)
        # The service judges staleness per seat: another seat's choice leaves this panel in play.
        result = await svc.play(match.id, interaction.user.id, notation, state_id=route.state_id,
                                locale=locale(interaction))
        await send_after_step(interaction, result)
