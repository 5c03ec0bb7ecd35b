"""The end of a season: its final, the season's ranking and its archive.

With `final_players` = N (0, no final, is the default) the season ends with one match of the top N of the
standings among the members who played this season; ties at the cut are already broken by the standings'
tie-breaks. With fewer such players the final seats them all (AI seats up to the game's smallest table);
with fewer than two there is no final. The season's ranking puts the finalists still in the league first,
in the order they finished the final (a finalist who forfeited it after those who played it out; equal
places by standings), then everyone else by standings: the final's winner is the champion. Without a final,
or when the final was voided or cancelled, the standings are the ranking. An archived season keeps its
settings, members, matches and final, with the standings and ranking they gave when it ended; it is ranked
again from the results log whenever it is shown (`SeasonArchive.recounted`), so a match voided or restored
after the season ended changes its standings, ranking and champion like any other. The next season starts
from zero with the same members.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.game import get_game

from ..results import MatchResult
from .pods import Table
from .settings import LeagueSettings
from .standings import Standing, standings


def final_table(table: Sequence[Standing], settings: LeagueSettings) -> Table | None:
    """The final's table from the standings (best first), or None when the season ends without one."""
    if not settings.final_players:
        return None
    players = tuple(s.player for s in table if s.played > 0)[:settings.final_players]
    if len(players) < 2:
        return None
    return Table(players, max(0, get_game(settings.game).spec.min_seats - len(players)))


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
    final_match: int | None = None      # the final that decided the top of the ranking (None: the standings did)
    final_id: int | None = None         # the season's final, voided or not (restored, it decides again)
    members: tuple[int, ...] = ()       # the members when it ended, in the order they joined (the last tie-break)

    @property
    def champion(self) -> int | None:
        """The final's winner, else the standings' leader; nobody when nobody played."""
        played = self.final_match is not None or any(s.played for s in self.standings)
        return self.ranking[0] if self.ranking and played else None

    @property
    def final(self) -> int | None:
        """The season's final match, voided or not (an archive made before `final_id` knows it if it counted)."""
        return self.final_id or self.final_match

    def holds(self, match_id: int) -> bool:
        """Whether the season counted this match, or played it as its final."""
        return match_id in self.matches or match_id == self.final

    def recounted(self, results: Sequence[MatchResult]) -> SeasonArchive:
        """The season ranked again from `results` (the log as it reads now, voided matches marked)."""
        by_id = {r.match_id: r for r in results}
        members = self.members or tuple(s.player for s in self.standings)  # archived before members were kept
        return archive_season(season=self.season, settings=self.settings, ended_at=self.ended_at, rounds=self.rounds,
                              results=[by_id[m] for m in self.matches if m in by_id], members=members,
                              final=by_id.get(self.final) if self.final else None)


def archive_season(*, season: int, settings: LeagueSettings, ended_at: float, rounds: int,
                   results: Sequence[MatchResult], members: Sequence[int],
                   final: MatchResult | None = None) -> SeasonArchive:
    """Freeze a season: its standings from `results` (voided ones kept, marked, so a restored match counts
    again; the final match excluded) and its ranking."""
    counted = [r for r in results if final is None or r.match_id != final.match_id]
    table = standings(counted, members, settings)
    return SeasonArchive(season=season, settings=settings, ended_at=ended_at, rounds=rounds,
                         matches=tuple(r.match_id for r in counted), standings=tuple(table),
                         ranking=tuple(season_ranking(table, final)),
                         final_match=final.match_id if final is not None and not final.voided else None,
                         final_id=final.match_id if final is not None else None, members=tuple(members))
