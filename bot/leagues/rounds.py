"""When a round of pods closes, and what becomes of its matches that have not finished.

A round closes as soon as every table's match has ended (finished, abandoned or voided), or when its
deadline passes. At the deadline each match still running is decided as the league says
(`LeagueSettings.at_deadline`):

- `play_out` (the default): the AI plays every remaining step of the match at once, for every seat. The
  players the match was waiting for at the deadline forfeit (they held the table up); the others keep the
  place their seat reaches, ahead of every forfeited seat (`bot.results`). The round closes when those matches have been played out.
- `void`: the match is voided and counts for nobody (no points, no game played, no rating).

A match abandoned without a result (cancelled by an admin) counts for nobody either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .settings import DAY, AtDeadline


class TableStatus(StrEnum):
    RUNNING = "running"
    OVER = "over"
    ABANDONED = "abandoned"
    VOIDED = "voided"


@dataclass(frozen=True, slots=True)
class RoundTable:
    match_id: int
    status: TableStatus
    waiting_for: frozenset[int] = frozenset()   # the players the running match is waiting for now


@dataclass(frozen=True, slots=True)
class PlayOut:
    """Let the AI finish this match now; `forfeits` are the players it was waiting for."""

    match_id: int
    forfeits: frozenset[int]


@dataclass(frozen=True, slots=True)
class Void:
    match_id: int


Decision = PlayOut | Void


@dataclass(frozen=True, slots=True)
class RoundCheck:
    closed: bool                      # every match has ended: the round may close and standings count it
    decisions: tuple[Decision, ...]   # what to do now with matches that ran past the deadline


def check_round(tables: Sequence[RoundTable], deadline: float, now: float, at_deadline: AtDeadline) -> RoundCheck:
    running = [t for t in tables if t.status is TableStatus.RUNNING]
    if not running:
        return RoundCheck(closed=True, decisions=())
    if now < deadline:
        return RoundCheck(closed=False, decisions=())
    if at_deadline is AtDeadline.VOID:
        return RoundCheck(closed=True, decisions=tuple(Void(t.match_id) for t in running))
    return RoundCheck(closed=False, decisions=tuple(PlayOut(t.match_id, t.waiting_for) for t in running))


def next_round_due(opened_at: Sequence[float], starts_at: float, schedule_days: float | None, now: float,
                   ends_at: float | None = None) -> bool:
    """Whether a league on a schedule should open its next round now (rounds open every
    `schedule_days` from the season's start; never after the season's end)."""
    if schedule_days is None or now < starts_at or (ends_at is not None and now >= ends_at):
        return False
    due = starts_at + len(opened_at) * schedule_days * DAY
    return now >= due
