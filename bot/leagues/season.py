"""The end of a season: the final table of the top players, the season's ranking and its archive.

With `final_table` on (the default) the season ends with one match of the top players of the standings, as
many as the league's largest table (AI seats up to the smallest table when the league has fewer members).
The season's ranking puts the final table's players first, in the order they finished it (a player who
forfeited it after those who played it out; equal places by standings), then everyone else by standings.
Without a final table, or with fewer than two members, the standings are the ranking. An archived season
keeps its settings, standings and ranking; the next season starts from zero with the same members.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from ..results import MatchResult
from .pods import Table
from .settings import LeagueSettings
from .standings import Standing, standings


def final_table(table: Sequence[Standing], settings: LeagueSettings) -> Table | None:
    if not settings.final_table or len(table) < 2:
        return None
    players = tuple(s.player for s in table[:settings.max_table])
    return Table(players, max(0, settings.min_table - len(players)))


def season_ranking(table: Sequence[Standing], final: MatchResult | None) -> list[int]:
    by_standings = [s.player for s in table]
    if final is None or final.voided:
        return by_standings
    position = {player: i for i, player in enumerate(by_standings)}
    finalists = sorted((seat.forfeited, seat.place, position[seat.player], seat.player)
                       for seat in final.humans if seat.player in position)
    first = [player for *_, player in finalists]
    return first + [p for p in by_standings if p not in first]


class SeasonArchive(BaseModel):
    model_config = ConfigDict(frozen=True)

    season: int
    settings: LeagueSettings
    ended_at: float
    rounds: int
    matches: tuple[int, ...]
    standings: tuple[Standing, ...]
    ranking: tuple[int, ...]            # the season's final order, champion first
    final_match: int | None = None

    @property
    def champion(self) -> int | None:
        return self.ranking[0] if self.ranking else None


def archive_season(*, season: int, settings: LeagueSettings, ended_at: float, rounds: int,
                   results: Sequence[MatchResult], members: Sequence[int],
                   final: MatchResult | None = None) -> SeasonArchive:
    """Freeze a season: its standings from `results` (the final match excluded) and its ranking."""
    counted = [r for r in results if final is None or r.match_id != final.match_id]
    table = standings(counted, members, settings)
    return SeasonArchive(season=season, settings=settings, ended_at=ended_at, rounds=rounds,
                         matches=tuple(r.match_id for r in counted), standings=tuple(table),
                         ranking=tuple(season_ranking(table, final)),
                         final_match=final.match_id if final else None)
