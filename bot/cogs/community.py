"""Issue 12's part of the bot: the services and cogs of queries, ratings and leagues, added in one call, and
the league clock (rounds that close, deadlines, scheduled rounds), which polls storage like the turn clock."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING

from ..leagues.service import LeagueService
from ..queries.service import QueryService
from ..storage.leagues import SqliteLeagueStorage
from .leagues import LeagueCommands, RatingCommands, ServerCommands, announce, make_thread
from .queries import Queries

if TYPE_CHECKING:
    from ..app import CaravanseraiBot

log = logging.getLogger("bot")


async def add_community(bot: CaravanseraiBot) -> None:
    storage = SqliteLeagueStorage(bot.storage)  # type: ignore[arg-type]
    bot.queries = QueryService(bot.storage, storage)  # type: ignore[attr-defined]
    leagues = LeagueService(storage, bot.service, now=bot.service.now)
    leagues.make_thread = functools.partial(make_thread, bot)
    leagues.announce = functools.partial(announce, bot)
    bot.leagues = leagues  # type: ignore[attr-defined]
    for cog in (Queries, LeagueCommands, RatingCommands, ServerCommands):
        await bot.add_cog(cog(bot))
    bot._background.append(asyncio.create_task(league_clock(bot, leagues), name="league-clock"))


async def league_clock(bot: CaravanseraiBot, leagues: LeagueService) -> None:
    await bot.wait_until_ready()
    while not bot.is_closed():
        try:
            await leagues.tick()
        except Exception:
            log.exception("league clock tick failed; trying again at the next poll")
        await asyncio.sleep(bot.settings.reminder_poll_seconds)
