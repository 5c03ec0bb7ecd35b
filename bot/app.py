"""The Discord client: builds storage and the services once, hands each cog the services it uses, and runs
the clocks."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import games

from .cogs.common import defer, deliver_mail, refused_options, remember_locale, report_error
from .cogs.components import Components
from .cogs.leagues import (
    LeagueCommands,
    RatingCommands,
    ServerCommands,
    TournamentCommands,
    announce,
    guild_locale,
    make_thread,
)
from .cogs.lobby import GameCommands
from .cogs.play import PlayCommands
from .cogs.prefs import PlayerSettings
from .cogs.queries import Queries, warm_up
from .cogs.tabletop import ResultCommands
from .i18n import CommandTranslator
from .leagues.service import LeagueService
from .ops.operations import Operations
from .ops.telemetry import Telemetry, begin, finish
from .queries.service import QueryService
from .services import MatchServices
from .settings import Settings
from .storage import SqliteStorage, SqlStorage, make_storage
from .storage.admin import periodic_backups
from .storage.leagues import SqlLeagueStorage
from .storage.tabletop import SqlTableResults
from .tabletop.service import TabletopService
from .ui.panels import OpenPanels
from .ui.presenter import DiscordPresenter

log = logging.getLogger("bot")

# discord.py runs each received event and each slash command in a task named so.
HANDLER_TASKS = ("discord.py: on_", "CommandTree-invoker")
HANDLER_GRACE_SECONDS = 10.0


class StartupProblem(Exception):
    """Something the operator must fix before the bot can start, said in one sentence."""


@dataclass(frozen=True)
class Services:
    """Every service of the bot, built once; each cog is handed the ones it uses."""

    matches: MatchServices
    panels: OpenPanels               # the players' panels open at the tables (the presenter and the cogs share them)
    queries: QueryService
    leagues: LeagueService
    tabletop: TabletopService


def build_services(client: discord.Client, storage: SqlStorage, settings: Settings) -> Services:
    panels = OpenPanels()
    matches = MatchServices(storage, DiscordPresenter(client, panels), reminder_fractions=settings.reminder_fractions,
                            default_clock_hours=settings.turn_clock_hours)
    league_storage = SqlLeagueStorage(storage)
    leagues = LeagueService(league_storage, matches, now=matches.core.now)
    leagues.make_thread = functools.partial(make_thread, client, leagues)
    leagues.announce = functools.partial(announce, client, leagues)
    leagues.guild_locale = functools.partial(guild_locale, client)
    return Services(matches=matches, panels=panels, queries=QueryService(storage, league_storage), leagues=leagues,
                    tabletop=TabletopService(SqlTableResults(storage), storage, leagues, now=matches.core.now))


def cogs(services: Services, client: discord.Client, tree: app_commands.CommandTree,
         settings: Settings) -> list[commands.Cog]:
    matches, leagues = services.matches, services.leagues
    return [GameCommands(matches.lobby, matches.table, matches.timekeeper,
                         default_clock_hours=settings.turn_clock_hours),
            PlayCommands(matches.playing, matches.table, services.panels),
            PlayerSettings(matches.preferences, matches.timekeeper),
            Components(matches.lobby, matches.playing, matches.table, matches.preferences, services.panels),
            Queries(services.queries, leagues, tree), LeagueCommands(leagues, client), TournamentCommands(leagues, client),
            RatingCommands(leagues), ServerCommands(leagues), ResultCommands(services.tabletop, leagues)]


class CaravanseraiBot(commands.Bot):
    def __init__(self, settings: Settings, **options: Any):
        # Voice is never used: no warning that its libraries are missing.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        self.telemetry = Telemetry()
        # Slash commands and components come with their interactions: the bot needs no message events (which
        # would echo every table it posts back to it, to be parsed for nothing), only the guilds that
        # discord.py's state is built on; and no privileged intent.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, http_trace=self.telemetry.http_trace(), **options)
        self.settings = settings
        self.storage = make_storage(settings.database, lease_seconds=settings.work_lease_seconds,
                                    owner=settings.worker)
        self.services = build_services(self, self.storage, settings)
        self.ops = Operations(self, self.storage, self.telemetry, settings)
        self._background: list[asyncio.Task[None]] = []   # the clocks, resuming AI seats after a restart
        self._resumed = False
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self._check_interaction  # type: ignore[method-assign]

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        # The database first: a problem with it is told before Discord is contacted, as the one thing to fix.
        await self.storage.open()
        await super().start(token, reconnect=reconnect)

    async def setup_hook(self) -> None:
        await self.ops.start()
        await self.tree.set_translator(CommandTranslator())
        self._background.append(asyncio.create_task(asyncio.to_thread(warm_up), name="warm-up"))
        for cog in cogs(self.services, self, self.tree, self.settings):
            await self.add_cog(cog)
        await self.sync_commands()
        self._background.append(asyncio.create_task(
            self._run_clock("league", self.services.leagues.tick), name="league-clock"))
        self._background.append(asyncio.create_task(
            self._run_clock("turn", self.services.matches.timekeeper.tick), name="turn-clock"))
        if self.settings.backup_every_hours and isinstance(self.storage, SqliteStorage):
            self._background.append(asyncio.create_task(periodic_backups(
                self.storage.path, self.settings.backup_every_hours, self.settings.backup_dir,
                self.settings.backup_keep), name="backups"))

    async def sync_commands(self) -> None:
        try:
            await self._sync_commands()
        except discord.Forbidden as error:
            raise StartupProblem(
                f"Discord refused to register the slash commands ({error.status} {error.text or 'Forbidden'}): "
                "invite the bot with the applications.commands scope (see docs/setup.md), and check DEV_GUILD_IDS "
                "names servers the bot is in.") from None

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_ids:
            for guild_id in self.settings.dev_guild_ids:
                guild = discord.Object(guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d servers", self.user, len(self.guilds))
        if not self._resumed:
            self._resumed = True
            self._background.append(asyncio.create_task(self._resume(), name="resume-matches"))

    async def _resume(self) -> None:
        try:
            # Every game package is loaded before players ask: an autocomplete answers within 3 seconds.
            await asyncio.to_thread(games)
            await self.services.matches.timekeeper.resume()
        except Exception:
            log.exception("could not resume after the restart; the turn clock will catch up")

    async def _run_clock(self, name: str, tick: Callable[[], Awaitable[object]]) -> None:
        """Poll the database for what is due (reminders, league rounds): it lives there, so a restart never
        loses any of it."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await tick()
            except Exception:
                log.exception("%s clock tick failed; trying again at the next poll", name)
            await asyncio.sleep(self.settings.reminder_poll_seconds)

    async def _check_interaction(self, interaction: discord.Interaction) -> bool:
        """Before every command: note the player's language, and refuse options the command does not take."""
        begin(interaction)
        await remember_locale(interaction, self.services.matches.preferences)
        refusal = refused_options(interaction)
        if refusal is None:
            return True
        if await defer(interaction):
            await report_error(interaction, refusal)
        finish(interaction)
        return False

    async def _on_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await report_error(interaction, error)
        finish(interaction)

    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: app_commands.Command[Any, Any, Any] | app_commands.ContextMenu
                                        ) -> None:
        await deliver_mail(interaction, self.services.matches.preferences)
        finish(interaction)

    async def close(self) -> None:
        for task in self._background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._let_handlers_finish()
        await super().close()
        await self.ops.stop()
        await self.storage.close()

    async def _let_handlers_finish(self) -> None:
        """Clicks and commands received before the stop finish while Discord can still be reached and the
        database is open: their replies, and the mail handed over after them (in a task of discord.py's own), go
        out instead of failing on a closed session. Bounded, so a stop never hangs."""
        current = asyncio.current_task()
        loop = asyncio.get_running_loop()
        until = loop.time() + HANDLER_GRACE_SECONDS
        while (handlers := [task for task in asyncio.all_tasks() if task is not current
                            and task.get_name().startswith(HANDLER_TASKS)]) and loop.time() < until:
            await asyncio.wait(handlers, timeout=until - loop.time())


class ShardedCaravanseraiBot(CaravanseraiBot, commands.AutoShardedBot):
    """One process's share of the gateway shards; the others run in other processes on the same database."""


def create_bot(settings: Settings) -> CaravanseraiBot:
    """The bot for this process: every shard Discord recommends, or SHARD_IDS of SHARD_COUNT."""
    if settings.shard_count is None:
        return CaravanseraiBot(settings)
    return ShardedCaravanseraiBot(settings, shard_count=settings.shard_count,
                                  shard_ids=list(settings.shard_ids or range(settings.shard_count)))
