"""League standings, computed again from the league's match results every time they are asked for.

Points per match (`LeagueSettings`): placement points by place and table size (default 6 for first and 0
for last, evenly spaced: 6/4/2/0 at four); players tied at a table share the mean of the places they cover;
a player who forfeited (resigned, or forfeited on the clock, or held the table up at a round's deadline)
gets `forfeit_points` (default 0), counts the game as played and never wins it; their seat comes after
every seat played on to the end (`bot.results`). With `ai_places = count` (the default) AI seats take their
places like anyone; with `skip` the players still seated are ranked among themselves and paid as a table of
that size.

Order (tie-breaks, in turn): more points; more wins; more opponents' points (the sum, over every match
played, of the current points of each league member met there: who had the harder tables); fewer games
played; joined the league earlier.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..results import MatchResult, SeatResult
from .settings import AiPlaces, LeagueSettings


@dataclass(frozen=True, slots=True)
class Score:
    points: float
    won: bool
    forfeited: bool


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: int
    points: float
    played: int
    wins: int
    forfeits: int
    opponents_points: float


def match_scores(result: MatchResult, settings: LeagueSettings) -> dict[int, Score]:
    """What each human seat of one match earns in the league."""
    if settings.ai_places is AiPlaces.COUNT:
        ranked: Sequence[SeatResult] = result.seats
    else:
        ranked = [s for s in result.seats if s.human and not s.forfeited]
    scores: dict[int, Score] = {}
    for seat in result.humans:
        assert seat.player is not None
        if seat.forfeited:
            scores[seat.player] = Score(settings.forfeit_points, won=False, forfeited=True)
            continue
        place = 1 + sum(other.place < seat.place for other in ranked)
        tied = sum(other.place == seat.place for other in ranked)
        scores[seat.player] = Score(settings.points_for(place, tied, len(ranked)), won=place == 1, forfeited=False)
    return scores


def standings(results: Iterable[MatchResult], members: Sequence[int], settings: LeagueSettings) -> list[Standing]:
    """Every member, best first. `members` in the order they joined; results voided are left out."""
    counted = [r for r in results if not r.voided]
    points = dict.fromkeys(members, 0.0)
    played, wins, forfeits = dict.fromkeys(members, 0), dict.fromkeys(members, 0), dict.fromkeys(members, 0)
    tables: dict[int, list[tuple[int, ...]]] = {m: [] for m in members}
    for result in counted:
        opponents = result.players()
        for player, score in match_scores(result, settings).items():
            if player not in points:
                continue  # no longer a member: their results still count for the players they met
            points[player] += score.points
            played[player] += 1
            wins[player] += score.won
            forfeits[player] += score.forfeited
            tables[player].append(tuple(p for p in opponents if p != player))
    strength = {m: sum(points.get(o, 0.0) for table in tables[m] for o in table) for m in members}
    joined = {m: i for i, m in enumerate(members)}
    order = sorted(members, key=lambda m: (-round(points[m], 2), -wins[m], -round(strength[m], 2), played[m],
                                           joined[m]))
    return [Standing(rank=i + 1, player=m, points=round(points[m], 2), played=played[m], wins=wins[m],
                     forfeits=forfeits[m], opponents_points=round(strength[m], 2)) for i, m in enumerate(order)]


def ladder_results(results: Iterable[MatchResult], settings: LeagueSettings, members: Iterable[int]) -> list[MatchResult]:
    """The matches an open ladder counts: finished online, of the league's game and variant, played in the
    season, with at least two league members at the table (a result recorded at the table counts only in the
    league it was recorded for). Voided ones are kept, marked (the standings leave them out), so a season's
    archive can count them again if they are restored."""
    members = set(members)
    variants: dict[str, bool] = {}  # a variant's params, as JSON, checked once

    def same_variant(params: Mapping[str, Any]) -> bool:
        key = json.dumps(params, sort_keys=True)
        if key not in variants:
            variants[key] = settings.same_variant(dict(params))
        return variants[key]

    return [r for r in results
            if r.game == settings.game and not r.at_table
            and settings.starts_at <= r.finished_at and (settings.ends_at is None or r.finished_at < settings.ends_at)
            and len(members.intersection(r.players())) >= 2 and same_variant(r.params)]
