"""The Discord client: wires storage, services, the presenter and the cogs, and runs the clock."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from engine.core import games

from .cogs.common import defer, deliver_mail, refused_options, remember_locale, report_error
from .cogs.community import add_community
from .cogs.components import Components
from .cogs.lobby import GameCommands
from .cogs.play import PlayCommands
from .cogs.prefs import PlayerSettings
from .i18n import CommandTranslator
from .ops.operations import Operations
from .ops.telemetry import Telemetry, begin, finish
from .services import MatchService
from .settings import Settings
from .storage import SqliteStorage, Storage, make_storage
from .storage.admin import periodic_backups
from .ui.presenter import DiscordPresenter

log = logging.getLogger("bot")

# discord.py runs each received event and each slash command in a task named so.
HANDLER_TASKS = ("discord.py: on_", "CommandTree-invoker")
HANDLER_GRACE_SECONDS = 10.0


class StartupProblem(Exception):
    """Something the operator must fix before the bot can start, said in one sentence."""


class CaravanseraiBot(commands.Bot):
    def __init__(self, settings: Settings, storage: Storage | None = None, **options):
        # Voice is never used: no warning that its libraries are missing.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        self.telemetry = Telemetry()
        # Slash commands and components come with their interactions: the bot needs no message events (which
        # would echo every table it posts back to it, to be parsed for nothing), only the guilds that
        # discord.py's state is built on; and no privileged intent.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, http_trace=self.telemetry.http_trace(), **options)
        self.settings = settings
        self.storage = storage or make_storage(settings.database, lease_seconds=settings.work_lease_seconds,
                                                  owner=settings.worker)
        self.service = MatchService(self.storage, DiscordPresenter(self),
                                    reminder_fractions=settings.reminder_fractions,
                                    default_clock_hours=settings.turn_clock_hours)
        self.ops = Operations(self)
        self._background: list[asyncio.Task] = []   # the turn clock, resuming AI seats after a restart
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
        svc = self.service
        for cog in (GameCommands(svc.lobby, svc.table, svc.timekeeper, default_clock_hours=self.settings.turn_clock_hours),
                    PlayCommands(svc.playing, svc.table), PlayerSettings(svc.preferences, svc.timekeeper),
                    Components(svc.lobby, svc.playing, svc.table, svc.preferences)):
            await self.add_cog(cog)
        await add_community(self)
        await self.sync_commands()
        self._background.append(asyncio.create_task(self._run_clock(), name="turn-clock"))
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
            await self.service.timekeeper.resume()
        except Exception:
            log.exception("could not resume after the restart; the turn clock will catch up")

    async def _run_clock(self) -> None:
        """Poll the database for due reminders: they live there, so a restart never loses one."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.service.timekeeper.tick()
            except Exception:
                log.exception("turn clock tick failed; trying again at the next poll")
            await asyncio.sleep(self.settings.reminder_poll_seconds)

    async def _check_interaction(self, interaction: discord.Interaction) -> bool:
        """Before every command: note the player's language, and refuse options the command does not take."""
        begin(interaction)
        await remember_locale(interaction, self.service.preferences)
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

    async def on_app_command_completion(self, interaction: discord.Interaction, command) -> None:
        await deliver_mail(interaction, self.service.preferences)
        finish(interaction)

    async def close(self) -> None:
        for task in self._background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await super().close()
        await self._let_handlers_finish()
        await self.ops.stop()
        await self.storage.close()

    async def _let_handlers_finish(self) -> None:
        """Clicks and commands received before the stop finish with the database still open: a step already
        answered hands over its mail instead of failing on a closed database (bounded, so a stop never hangs)."""
        current = asyncio.current_task()
        handlers = [task for task in asyncio.all_tasks()
                    if task is not current and task.get_name().startswith(HANDLER_TASKS)]
        if handlers:
            await asyncio.wait(handlers, timeout=HANDLER_GRACE_SECONDS)


class ShardedCaravanseraiBot(CaravanseraiBot, commands.AutoShardedBot):
    """One process's share of the gateway shards; the others run in other processes on the same database."""


def create_bot(settings: Settings) -> CaravanseraiBot:
    """The bot for this process: every shard Discord recommends, or SHARD_IDS of SHARD_COUNT."""
    if settings.shard_count is None:
        return CaravanseraiBot(settings)
    return ShardedCaravanseraiBot(settings, shard_count=settings.shard_count,
                                  shard_ids=list(settings.shard_ids or range(settings.shard_count)))
