"""Results and settings for league and rating tests."""

from bot.leagues import LeagueSettings
from bot.results import MatchResult, SeatResult


def settings(**changes):
    return LeagueSettings(**{"name": "Bazaar League", "game": "al-rashid", "starts_at": 0.0, **changes})


def result(match_id, *places, game="al-rashid", guild=1, at=None, forfeited=(), voided=False, params=None):
    """`places`: (player or None for an AI seat, place) per seat, in seat order."""
    seats = tuple(SeatResult(seat=i, player=player, place=place, forfeited=player in forfeited)
                  for i, (player, place) in enumerate(places))
    return MatchResult(match_id=match_id, game=game, guild_id=guild, finished_at=float(match_id if at is None else at),
                       seats=seats, params=params or {}, voided=voided)
