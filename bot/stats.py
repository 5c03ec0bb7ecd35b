"""A player's record on a server, for `/stats` and `/history`, from the same results log as the ratings.

Counted: every finished, unvoided match the player sat at, AI seats included. A win is a first place (shared
or not) in a match the player did not forfeit; a forfeited match counts as last place at that table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .results import MatchResult


@dataclass(frozen=True, slots=True)
class PlayerStats:
    games: int
    wins: int
    forfeits: int
    average_place: float | None     # None before the first game

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def place_of(result: MatchResult, player: int) -> int | None:
    seat = next((s for s in result.seats if s.player == player), None)
    if seat is None:
        return None
    return result.size if seat.forfeited else seat.place


def player_stats(results: Iterable[MatchResult], guild: int, player: int, game: str | None = None) -> PlayerStats:
    games = wins = forfeits = places = 0
    for result in history(results, guild, player=player, game=game):
        place = place_of(result, player)
        assert place is not None
        forfeited = any(s.player == player and s.forfeited for s in result.seats)
        games += 1
        places += place
        forfeits += forfeited
        wins += place == 1 and not forfeited
    return PlayerStats(games, wins, forfeits, round(places / games, 2) if games else None)


def history(results: Iterable[MatchResult], guild: int, *, player: int | None = None, game: str | None = None,
            matches: Iterable[int] | None = None) -> list[MatchResult]:
    """A server's finished, unvoided matches, newest first: of one player, one game, or a set of matches
    (a league's)."""
    wanted = None if matches is None else set(matches)
    chosen = [r for r in results
              if r.guild_id == guild and not r.voided
              and (player is None or player in r.players())
              and (game is None or r.game == game)
              and (wanted is None or r.match_id in wanted)]
    return sorted(chosen, key=lambda r: (r.finished_at, r.match_id), reverse=True)
