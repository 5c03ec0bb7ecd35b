"""/game new, challenge, cancel, pause, resume, list, mine."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import games, get_game
from engine.core.messages import locale_of

from ..i18n import command_text as _
from ..i18n import t
from ..services import LobbyService, MatchSettings, Refusal, TableService, TimekeeperService, variants
from ..services.ai import LEVELS
from ..storage import MatchStatus
from ..ui import embeds
from .common import AI_LEVELS, Level, channel_of, defer, locale, option_choices, send

DESCRIBED = {"game": _("bot.cmd.opt_game"), "ai_players": _("bot.cmd.opt_ai_players"), "clock_hours": _("bot.cmd.opt_clock"),
             "on_expiry": _("bot.cmd.opt_expiry"), "resign": _("bot.cmd.opt_resign"), "where": _("bot.cmd.opt_where"),
             "options": _("bot.cmd.opt_options"), "ai_level": _("bot.cmd.opt_ai_level")}
CHOICES = {
    "on_expiry": [app_commands.Choice(name=_("bot.expiry.ai"), value="ai"),
                  app_commands.Choice(name=_("bot.expiry.forfeit"), value="forfeit")],
    "resign": [app_commands.Choice(name=_("bot.resign.ai"), value="ai"),
               app_commands.Choice(name=_("bot.resign.end"), value="end")],
    "where": [app_commands.Choice(name=_("bot.where.thread"), value="thread"),
              app_commands.Choice(name=_("bot.where.channel"), value="channel")],
    "ai_level": AI_LEVELS,
}


@app_commands.guild_only()
class GameCommands(commands.GroupCog, group_name="game", group_description=_("bot.cmd.game")):
    def __init__(self, lobby: LobbyService, table: TableService, timekeeper: TimekeeperService, *,
                 default_clock_hours: float):
        self.lobby = lobby
        self.table = table
        self.timekeeper = timekeeper
        self.default_clock_hours = default_clock_hours

    @app_commands.command(name="new", description=_("bot.cmd.game_new"))
    @app_commands.describe(**DESCRIBED)
    @app_commands.choices(**CHOICES)
    async def new(self, interaction: discord.Interaction, game: str,
                  ai_players: app_commands.Range[int, 0, 4] = 0,
                  clock_hours: app_commands.Range[float, 1, 720] | None = None,
                  on_expiry: Literal["ai", "forfeit"] = "ai", resign: Literal["ai", "end"] = "ai",
                  where: Literal["thread", "channel"] = "thread", options: str | None = None,
                  ai_level: Level = "normal") -> None:
        await self._open(interaction, game, [], ai_players, clock_hours, on_expiry, resign, where, options, ai_level)

    @app_commands.command(name="challenge", description=_("bot.cmd.game_challenge"))
    @app_commands.describe(**DESCRIBED, player=_("bot.cmd.opt_challenged"), player2=_("bot.cmd.opt_challenged_more"),
                           player3=_("bot.cmd.opt_challenged_more"), player4=_("bot.cmd.opt_challenged_more"))
    @app_commands.choices(**CHOICES)
    async def challenge(self, interaction: discord.Interaction, game: str, player: discord.User,
                        player2: discord.User | None = None, player3: discord.User | None = None,
                        player4: discord.User | None = None, ai_players: app_commands.Range[int, 0, 3] = 0,
                        clock_hours: app_commands.Range[float, 1, 720] | None = None,
                        on_expiry: Literal["ai", "forfeit"] = "ai", resign: Literal["ai", "end"] = "ai",
                        where: Literal["thread", "channel"] = "thread", options: str | None = None,
                        ai_level: Level = "normal") -> None:
        challenged = [user for user in (player, player2, player3, player4) if user is not None]
        await self._open(interaction, game, challenged, ai_players, clock_hours, on_expiry, resign, where, options,
                         ai_level)

    async def _open(self, interaction: discord.Interaction, game: str, challenged: list[discord.User], ai_players: int,
                    clock_hours: float | None, on_expiry: Literal["ai", "forfeit"], resign: Literal["ai", "end"],
                    where: Literal["thread", "channel"], options: str | None, ai_level: Level) -> None:
        """Open a lobby, in a new thread or here; with `challenged` players, a lobby only they may join."""
        if not await defer(interaction):
            return
        if any(user.bot for user in challenged):
            raise Refusal("bot.refusal.challenge_bot")
        chosen = get_game(game)
        spec = chosen.spec
        params = variants.read(chosen, options)
        settings = MatchSettings(clock_hours=clock_hours or self.default_clock_hours, on_expiry=on_expiry,
                                 resign=resign, locale=_guild_locale(interaction), ai_policy=LEVELS[ai_level],
                                 challenged=[user.id for user in challenged])
        # before a thread is made for a lobby that cannot open
        self.lobby.check_ai_players(chosen, ai_players)
        self.lobby.check_challenged(chosen, interaction.user.id, settings.challenged, ai_players)
        channel = interaction.channel
        here = channel_of(interaction)
        place = here
        if where == "thread" and isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(
                    name=t("bot.lobby.thread_name", settings.locale, title=spec.title,
                           host=interaction.user.display_name)[:100],
                    type=discord.ChannelType.public_thread, auto_archive_duration=10080)
            except discord.Forbidden:
                raise Refusal("bot.refusal.no_thread_permission") from None
            place = thread.id
        match = await self.lobby.create(
            game_key=spec.key, host_id=interaction.user.id, channel_id=here, place_id=place,
            guild_id=interaction.guild_id, settings=settings, params=params, host_name=interaction.user.display_name,
            ai_players=ai_players)
        await send(interaction, t("bot.lobby.opened", locale(interaction), title=spec.title, where=f"<#{match.place_id}>"))

    @new.autocomplete("game")
    @challenge.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.spec.title, value=key) for key, g in sorted(games().items())
                if current.lower() in key or current.lower() in g.spec.title.lower()][:25]

    @new.autocomplete("options")
    @challenge.autocomplete("options")
    async def _options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return option_choices(interaction, current)

    @app_commands.command(name="cancel", description=_("bot.cmd.game_cancel"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        match = await self.table.match_here(channel_of(interaction))
        manager = bool(interaction.permissions and interaction.permissions.manage_guild)
        await self.lobby.cancel(match.id, interaction.user.id, is_manager=manager)
        await send(interaction, t("bot.match.cancelled", locale(interaction), match=match.id))

    @app_commands.command(name="pause", description=_("bot.cmd.game_pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, pause=True)

    @app_commands.command(name="resume", description=_("bot.cmd.game_resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._pause(interaction, pause=False)

    async def _pause(self, interaction: discord.Interaction, *, pause: bool) -> None:
        if not await defer(interaction):
            return
        match = await self.table.match_here(channel_of(interaction))
        manager = bool(interaction.permissions and interaction.permissions.manage_guild)
        change = self.timekeeper.pause_match if pause else self.timekeeper.resume_match
        await change(match.id, interaction.user.id, is_manager=manager)
        await send(interaction, t("bot.pause.done_paused" if pause else "bot.pause.done_resumed", locale(interaction)))

    @app_commands.command(name="substitute", description=_("bot.cmd.game_substitute"))
    @app_commands.describe(seat=_("bot.cmd.opt_seat"), player=_("bot.cmd.opt_substitute"))
    async def substitute(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 10],
                         player: discord.Member) -> None:
        if not await defer(interaction):
            return
        if player.bot:
            raise Refusal("bot.refusal.substitute_bot")
        match = await self.table.match_here(channel_of(interaction))
        manager = bool(interaction.permissions and interaction.permissions.manage_guild)
        await self.lobby.substitute(match.id, interaction.user.id, seat, player.id, name=player.display_name,
                                    is_manager=manager)
        await send(interaction, t("bot.match.substituted", locale(interaction), user=player.mention, seat=seat))

    @substitute.autocomplete("seat")
    async def _ai_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """The seats the AI plays in the match here, by number and colour."""
        try:
            found = await self.table.match_here(channel_of(interaction))
        except Refusal:
            return []
        if found.status != MatchStatus.RUNNING:
            return []
        loc = locale(interaction)
        return [app_commands.Choice(name=f"{s.seat + 1} · {embeds.who(found, s, loc)}"[:100], value=s.seat + 1)
                for s in found.seats if s.plays_ai][:25]

    @app_commands.command(name="list", description=_("bot.cmd.game_list"))
    async def list_(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        found = await self.table.server_matches(interaction.guild_id or 0)
        lines = [t("bot.list.row", loc, id=m.id, game=get_game(m.game).spec.title, where=f"<#{m.place_id}>",
                   status=t(f"bot.match.status_{m.status}", loc), players=seats(len(m.seats), loc)) for m in found]
        await send(interaction, "\n".join([t("bot.list.header", loc), *lines]) if lines else t("bot.list.none", loc))

    @app_commands.command(name="mine", description=_("bot.cmd.game_mine"))
    async def mine(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction):
            return
        loc = locale(interaction)
        found = await self.table.mine(interaction.user.id)
        lines = [t("bot.mine.row_turn" if turn else "bot.mine.row", loc, id=m.id, game=get_game(m.game).spec.title,
                   where=f"<#{m.place_id}>", status=t(f"bot.match.status_{m.status}", loc)) for m, turn in found]
        await send(interaction, "\n".join([t("bot.mine.header", loc), *lines]) if lines else t("bot.mine.none", loc))


def seats(n: int, locale: str) -> str:
    return t("bot.list.seats", locale, n=n)


def _guild_locale(interaction: discord.Interaction) -> str:
    tag = interaction.guild_locale or interaction.locale
    return locale_of(tag.value if tag else None)
