"""A league's tournament: a knockout of tables, or a round robin of tables for a small group. Pure.

The league's admins start it from the members, seeded by their skill rating in the league's game (the OpenSkill
ordinal mu - 3 sigma; equal ratings by who joined the league first). Its rounds are rounds of the league (a
thread per table, the league's variant, clock and deadline, decided at the deadline as the league says) that
earn no placement points; the next round opens when one closes, until the tournament has its champion.

- **Knockout.** Each round deals its entrants to as few tables as the largest size allows, sizes differing by
  one at most, by seed in a snake (seeds 1, 2, 3 at tables 1, 2, 3, then seeds 4, 5, 6 at tables 3, 2, 1…),
  so the best seeds meet as late as possible. The top `advance` of each table go through to the next round,
  with the players given a bye. *Byes*: when the entrants cannot fill tables of the league's sizes, the best
  seeds sit the round out and go through. *Ties at the cut*: the better seed goes through. A player who
  forfeited never goes through; a table whose match was voided or abandoned sends through its best seeds.
  Once the entrants fit at one table, that table is the *final* (AI seats up to the smallest size if too few
  remain): its winner is the champion (equal first places: the better seed).
- **Round robin.** Every round seats every entrant, by seed, at tables that avoid pairs who have already met
  (as a league's rounds do), until every two entrants have shared a table or as many rounds have been played
  as there are entrants less one. The tournament's matches are ranked as a league's standings rank a season
  (placement points, wins, opponents' points, fewer games, then seed): the first is the champion.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from pydantic import BaseModel, ConfigDict

from ..results import MatchResult
from .errors import LeagueRefusal
from .pods import Table, form_tables, meetings
from .settings import LeagueSettings, Shortfall
from .standings import standings

ROUND_ROBIN_MOST = 12   # a round robin is for a small group: beyond this many, its rounds would be too many


class Kind(StrEnum):
    KNOCKOUT = "knockout"
    ROUND_ROBIN = "round_robin"


class Stage(BaseModel):
    """One round of the tournament: the league's round that plays it, and who sat it out with a bye."""

    model_config = ConfigDict(frozen=True)

    round: int
    byes: tuple[int, ...] = ()
    final: bool = False


class Tournament(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Kind
    seeds: tuple[int, ...]              # the entrants, best seed first
    advance: int = 1                    # a knockout's players who go through from each table
    stages: tuple[Stage, ...] = ()
    champion: int | None = None
    over: bool = False

    @staticmethod
    def started(kind: Kind, seeds: Sequence[int], advance: int | None, settings: LeagueSettings) -> Tournament:
        """A tournament of `seeds`, checked against the league's table sizes (refused with a sentence)."""
        name, low = settings.name, settings.min_table
        if len(seeds) < 2:
            raise LeagueRefusal("league.refusal.too_few", league=name)
        if kind is Kind.ROUND_ROBIN and len(seeds) > ROUND_ROBIN_MOST:
            raise LeagueRefusal("league.refusal.round_robin_size", league=name, players=len(seeds),
                                most=ROUND_ROBIN_MOST)
        going_through = max(1, low // 2) if advance is None else advance
        if kind is Kind.KNOCKOUT and not 1 <= going_through < low:
            raise LeagueRefusal("league.refusal.advance", league=name, advance=going_through, low=low)
        return Tournament(kind=kind, seeds=tuple(seeds), advance=going_through)

    def seed_of(self, player: int) -> int:
        return self.seeds.index(player) if player in self.seeds else len(self.seeds)


@dataclass(frozen=True, slots=True)
class Deal:
    """A round to open: its tables (players by seed), the players with a bye, and whether it is the final."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()
    final: bool = False


@dataclass(frozen=True, slots=True)
class Played:
    """A table of a round as it ended: its players and its match's result (None: voided or abandoned)."""

    players: tuple[int, ...]
    result: MatchResult | None
    playing: bool = False       # its match is still being played


def seeded(members: Sequence[int], ordinal: Mapping[int, float]) -> list[int]:
    """Members by rating, best first; equal ratings (newcomers' 0) in the order they joined."""
    return sorted(members, key=lambda p: -ordinal.get(p, 0.0))


def knockout_deal(entrants: Sequence[int], low: int, high: int) -> Deal:
    """A knockout round of `entrants` (best seed first) at tables of `low`..`high` seats."""
    if len(entrants) <= high:
        return Deal((Table(tuple(entrants), max(0, low - len(entrants))),), final=True)
    playing = len(entrants)
    while -(-playing // high) * low > playing:  # no split into tables of the league's sizes: a bye more
        playing -= 1
    byes, rest = tuple(entrants[:len(entrants) - playing]), iter(entrants[len(entrants) - playing:])
    count = -(-playing // high)
    sizes = [playing // count + (1 if i < playing % count else 0) for i in range(count)]
    tables: list[list[int]] = [[] for _ in range(count)]
    for lap in range(max(sizes)):
        for index in range(count) if lap % 2 == 0 else range(count - 1, -1, -1):
            if len(tables[index]) < sizes[index]:
                tables[index].append(next(rest))
    return Deal(tuple(Table(tuple(t)) for t in tables), byes)


def going_through(table: Played, advance: int, tournament: Tournament) -> list[int]:
    """The players a knockout table sends to the next round: its top `advance` by place, the better seed on a
    tie, never one who forfeited; its best seeds when its match was voided or abandoned."""
    if table.result is None or table.result.voided:
        return sorted(table.players, key=tournament.seed_of)[:advance]
    seats = [s for s in table.result.humans if not s.forfeited and s.player in table.players]
    ranked = sorted(seats, key=lambda s: (s.place, tournament.seed_of(s.player or 0)))
    return [s.player for s in ranked if s.player is not None][:advance]


def marks(tournament: Tournament, played: Sequence[Sequence[Played]]) -> list[list[dict[int, str]]]:
    """The tag of each decided table's players, round by round, as the bracket shows it: who went through (a
    knockout: once the next round is dealt, those seated in it, whatever became of the match since), who won
    the table (a round robin), or the champion (the final)."""
    tags = []
    for number, (stage, tables) in enumerate(zip(tournament.stages, played, strict=True)):
        later = None
        if number + 1 < len(played):
            later = {p for t in played[number + 1] for p in t.players} | set(tournament.stages[number + 1].byes)
        tags.append([_tags(tournament, stage, table, later) for table in tables])
    return tags


def _tags(tournament: Tournament, stage: Stage, table: Played, later: set[int] | None) -> dict[int, str]:
    if table.playing:
        return {}
    if tournament.kind is Kind.ROUND_ROBIN:
        return dict.fromkeys(going_through(table, 1, tournament), "won")
    if stage.final:
        return {tournament.champion: "champion"} if tournament.champion in table.players else {}
    went = going_through(table, tournament.advance, tournament) if later is None else [
        p for p in table.players if p in later]
    return dict.fromkeys(went, "through")


def round_robin_done(seeds: Sequence[int], past_tables: Sequence[Sequence[int]], rounds: int) -> bool:
    met = meetings(past_tables)
    return rounds >= len(seeds) - 1 or all(met[frozenset(pair)] for pair in combinations(seeds, 2))


def next_round(tournament: Tournament, played: Sequence[Sequence[Played]], settings: LeagueSettings,
               members: Collection[int]) -> Deal | int | None:
    """What follows the rounds `played` (each a list of its tables): the next round to deal, or the champion
    (None when nobody is left to be one). A player no longer among the league's `members` goes no further."""
    low, high = settings.table_sizes
    if tournament.kind is Kind.ROUND_ROBIN:
        still_in = [p for p in tournament.seeds if p in members]
        past = [t.players for tables in played for t in tables]
        if len(still_in) < 2 or (played and round_robin_done(still_in, past, len(played))):
            results = [t.result for tables in played for t in tables if t.result is not None]
            return next(iter(s.player for s in standings(results, still_in, settings)), None)
        return Deal(tuple(form_tables(still_in, past, low, high, Shortfall.MIXED)))
    if not played:
        return knockout_deal([p for p in tournament.seeds if p in members], low, high)
    last, stage = played[-1], tournament.stages[-1]
    if stage.final:
        winners = [p for p in going_through(last[0], len(last[0].players), tournament) if p in members]
        return winners[0] if winners else None
    entrants = {p for p in (*stage.byes, *(p for table in last for p in going_through(table, tournament.advance,
                                                                                     tournament))) if p in members}
    if len(entrants) <= 1:
        return next(iter(entrants), None)
    return knockout_deal(sorted(entrants, key=tournament.seed_of), low, high)
