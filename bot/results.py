"""What a finished match leaves behind for leagues, ratings and statistics: who sat where, and their places.

One `MatchResult` per match, built from the stored result (the seats and the engine's outcome). Leagues,
ratings and statistics are all computed again from a list of these, so voiding or correcting one match
changes everything that depends on it. Pure: no storage, no Discord.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    player: int | None          # the Discord user; None for a seat an AI held from the start
    place: int                  # 1 is first; seats tied on score and every tie-break share a place; a
                                # forfeited seat comes after every seat played on to the end
    forfeited: bool = False     # the player left (resigned, or forfeited on the clock) and an AI played on

    @property
    def human(self) -> bool:
        return self.player is not None


@dataclass(frozen=True, slots=True)
class MatchResult:
    match_id: int
    game: str
    guild_id: int
    finished_at: float
    seats: tuple[SeatResult, ...]
    params: Mapping[str, Any] = field(default_factory=dict)
    voided: bool = False        # set by an admin: the match counts for nothing, wherever it was counted
    at_table: bool = False      # played face to face and recorded with /result record (no replay)
    league_id: int | None = None  # the league that scheduled it, or that it was recorded for

    @property
    def humans(self) -> tuple[SeatResult, ...]:
        return tuple(s for s in self.seats if s.human)

    @property
    def size(self) -> int:
        return len(self.seats)

    def players(self) -> tuple[int, ...]:
        return tuple(s.player for s in self.seats if s.player is not None)


def shared_places(ranking: Sequence[int], scores: Mapping[int, int],
                  tiebreaks: Mapping[int, Sequence[int]] | None = None) -> dict[int, int]:
    """Place of every seat from the engine's ranking (best first): seats equal on score and on every
    tie-break the rulebook gives share the better place (1, 1, 3...)."""
    tiebreaks = tiebreaks or {}
    places: dict[int, int] = {}
    previous: tuple[int, tuple[int, ...]] | None = None
    for index, seat in enumerate(ranking):
        key = (scores[seat], tuple(tiebreaks.get(seat, ())))
        places[seat] = places[ranking[index - 1]] if key == previous else index + 1
        previous = key
    return places


def from_stored(*, match_id: int, game: str, guild_id: int, finished_at: float,
                seats: Iterable[Mapping[str, Any]], outcome: Mapping[str, Any] | None,
                params: Mapping[str, Any] | None = None, voided: bool = False,
                settings: Mapping[str, Any] | None = None) -> MatchResult | None:
    """A result from what storage keeps: seat rows `{seat, user_id, ai, resigned}` and the outcome JSON
    (`Outcome.to_json()`), and the match's settings (`MatchSettings`). A match that ended without an outcome
    (abandoned) has no places: None."""
    if outcome is None:
        return None
    rows = sorted(seats, key=lambda row: row["seat"])
    forfeited = {row["seat"] for row in rows if row.get("resigned") and row.get("user_id") is not None}
    scores = {int(seat): score for seat, score in outcome["scores"].items()}
    tiebreaks = {int(seat): tuple(values) for seat, values in outcome.get("tiebreaks", {}).items()}
    # A seat whose player forfeited (resigned, or held the table up) comes after every seat played on to the
    # end, whatever the AI then made of it: nobody loses a place to another's leaving or lateness.
    ranking = [int(s) for s in outcome["ranking"]]
    played_on = [seat for seat in ranking if seat not in forfeited]
    places = shared_places(played_on, scores, tiebreaks)
    left = shared_places([seat for seat in ranking if seat in forfeited], scores, tiebreaks)
    places |= {seat: len(played_on) + place for seat, place in left.items()}
    return MatchResult(
        match_id=match_id, game=game, guild_id=guild_id, finished_at=finished_at, params=dict(params or {}),
        voided=voided, at_table=bool((settings or {}).get("at_table")), league_id=(settings or {}).get("league_id"),
        seats=tuple(SeatResult(seat=row["seat"], player=row.get("user_id"), place=places[row["seat"]],
                               forfeited=row["seat"] in forfeited) for row in rows),
    )
