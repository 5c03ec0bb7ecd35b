"""Issue 12's part of the bot: the services and cogs of queries, ratings and leagues, added in one call, and
the league clock (rounds that close, deadlines, scheduled rounds), which polls storage like the turn clock."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING

from engine.core import games
from engine.core.catalogue import catalogue
from engine.core.messages import locale_of

from ..leagues.service import LeagueService
from ..queries import rules
from ..queries.service import QueryService
from ..storage.leagues import SqliteLeagueStorage
from ..storage.tabletop import SqlTableResults
from ..tabletop.service import TabletopService
from .leagues import LeagueCommands, RatingCommands, ServerCommands, announce, make_thread
from .queries import Queries
from .tabletop import ResultCommands

if TYPE_CHECKING:
    from ..app import CaravanseraiBot

log = logging.getLogger("bot")


def warm_up() -> None:
    """Import every game and read its catalogue and rules index once, soon after start-up and before players
    type: an autocomplete must answer within Discord's 3 seconds, and importing the games takes about as long."""
    for key in games():
        catalogue(key)
    for key in rules.games_with_rules():
        rules.topics(key)


async def add_community(bot: CaravanseraiBot) -> None:
    bot._background.append(asyncio.create_task(asyncio.to_thread(warm_up), name="warm-up"))
    storage = SqliteLeagueStorage(bot.storage)  # type: ignore[arg-type]
    bot.queries = QueryService(bot.storage, storage)  # type: ignore[attr-defined]
    leagues = LeagueService(storage, bot.service, now=bot.service.now)
    leagues.make_thread = functools.partial(make_thread, bot)
    leagues.announce = functools.partial(announce, bot)
    leagues.guild_locale = functools.partial(guild_locale, bot)
    bot.leagues = leagues  # type: ignore[attr-defined]
    tables = SqlTableResults(bot.storage)  # type: ignore[arg-type]
    bot.tabletop = TabletopService(tables, bot.storage, leagues, now=bot.service.now)  # type: ignore[attr-defined]
    for cog in (Queries, LeagueCommands, RatingCommands, ServerCommands, ResultCommands):
        await bot.add_cog(cog(bot))
    bot._background.append(asyncio.create_task(league_clock(bot, leagues), name="league-clock"))


def guild_locale(bot: CaravanseraiBot, guild_id: int) -> str | None:
    """The language a server chose in Discord (its community locale), if the bot sees the server."""
    guild = bot.get_guild(guild_id)
    return locale_of(guild.preferred_locale.value) if guild is not None else None


async def league_clock(bot: CaravanseraiBot, leagues: LeagueService) -> None:
    await bot.wait_until_ready()
    while not bot.is_closed():
        try:
            await leagues.tick()
        except Exception:
            log.exception("league clock tick failed; trying again at the next poll")
        await asyncio.sleep(bot.settings.reminder_poll_seconds)
