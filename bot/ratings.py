"""Skill ratings: OpenSkill's Plackett–Luce model, per game and server, recomputed from the results log.

- A match counts when it finished with an outcome, is not voided, and seated at least two human players.
- Only the humans are ranked, by their places at the table (tied places share a rank). AI seats are left
  out: beating or losing to the AI says nothing of how a player compares with other players, and the AI's
  strength changes from one version to the next.
- A player who forfeited (resigned, or forfeited on the clock) is ranked behind every player who played on,
  level with any other who forfeited, whatever the AI then made of the seat.
- Everyone starts at OpenSkill's defaults (mu 25, sigma 25/3). A rating is shown as its conservative
  ordinal, mu - 3 sigma (the player is very likely at least this good; a newcomer shows 0), with sigma, the
  uncertainty, beside it.
- Matches apply in the order they finished (then by match id), so the same log always gives the same
  ratings, and a voided or corrected match changes every rating after it.

League standings are separate (bot/leagues): a league counts points for places, not skill.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from .results import MatchResult

MODEL = PlackettLuce()
Z = 3.0  # how many sigmas the ordinal stays below mu

Pool = tuple[int, str]  # (server, game): ratings are kept apart per server and per game


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating just after one rated match: a point of their chart."""

    match_id: int
    finished_at: float
    rank: int            # among the humans of that match, 1 = best
    humans: int
    rating: Rating


@dataclass
class Ratings:
    current: dict[Pool, dict[int, Rating]] = field(default_factory=lambda: defaultdict(dict))
    history: dict[Pool, dict[int, list[RatingPoint]]] = field(default_factory=lambda: defaultdict(dict))

    def of(self, guild: int, game: str, player: int) -> Rating:
        return self.current.get((guild, game), {}).get(player, Rating())

    def history_of(self, guild: int, game: str, player: int) -> list[RatingPoint]:
        return self.history.get((guild, game), {}).get(player, [])

    def leaderboard(self, guild: int, game: str, min_games: int = 1) -> list[tuple[int, Rating]]:
        """Players of a server and game by conservative ordinal, best first (then more games, then id)."""
        pool = self.current.get((guild, game), {})
        rows = [(player, rating) for player, rating in pool.items() if rating.games >= min_games]
        return sorted(rows, key=lambda row: (-row[1].ordinal, -row[1].games, row[0]))


def rated_ranks(result: MatchResult) -> list[tuple[int, int]] | None:
    """(player, rank) for each human of a match that counts for ratings, or None when it does not."""
    humans = result.humans
    if result.voided or len(humans) < 2:
        return None
    key = {s.player: (s.forfeited, 0 if s.forfeited else s.place) for s in humans}
    ranked: list[tuple[int, int]] = []
    for seat in humans:
        assert seat.player is not None
        ranked.append((seat.player, 1 + sum(other < key[seat.player] for other in key.values())))
    return ranked


def recompute(results: Iterable[MatchResult]) -> Ratings:
    """Every server's and game's ratings and charts, from the whole results log."""
    ratings = Ratings()
    model_ratings: dict[Pool, dict[int, PlackettLuceRating]] = defaultdict(dict)
    for result in sorted(results, key=lambda r: (r.finished_at, r.match_id)):
        ranked = rated_ranks(result)
        if ranked is None:
            continue
        pool = (result.guild_id, result.game)
        known = model_ratings[pool]
        teams = [[known.get(player) or MODEL.rating()] for player, _ in ranked]
        new = MODEL.rate(teams, ranks=[float(rank) for _, rank in ranked])
        current, history = ratings.current[pool], ratings.history[pool]
        for (player, rank), [rated] in zip(ranked, new, strict=True):
            known[player] = rated
            rating = Rating(rated.mu, rated.sigma, current.get(player, Rating()).games + 1)
            current[player] = rating
            history.setdefault(player, []).append(
                RatingPoint(result.match_id, result.finished_at, rank, len(ranked), rating))
    return ratings
