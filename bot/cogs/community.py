"""Issue 12's part of the bot: the services and cogs of queries, ratings and leagues, added in one call."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..queries.service import QueryService
from ..storage.leagues import SqliteLeagueStorage
from .queries import Queries

if TYPE_CHECKING:
    from ..app import CaravanseraiBot


async def add_community(bot: CaravanseraiBot) -> None:
    leagues = SqliteLeagueStorage(bot.storage)  # type: ignore[arg-type]
    bot.queries = QueryService(bot.storage, leagues)  # type: ignore[attr-defined]
    for cog in (Queries,):
        await bot.add_cog(cog(bot))
