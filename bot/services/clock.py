"""The turn clock: when a seat is awaited, polite reminders at fractions of the clock, then expiry."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ..storage import Reminder, ReminderKind, UserPrefs

DEFAULT_FRACTIONS = (0.5, 0.8, 0.95)
DAY = 86400.0
MAX_AWAY_DAYS = 30.0
# A paused match's reminders wait this much later than they are due (kept in the database with their order and
# spacing), and come back, when it resumes, later than they were due by as long as the pause lasted.
PARKED = 100 * 365 * DAY


def break_end(prefs: UserPrefs, now: float, max_away_days: float | None = None) -> float:
    """When a player's turn clocks run again: the end of their break (a table that allows breaks of at most
    `max_away_days` stops their clock no longer than that from the break's start), or now."""
    if not prefs.away_at(now) or prefs.away_until is None:
        return now
    end = prefs.away_until
    if max_away_days is not None and prefs.away_since is not None:
        end = min(end, prefs.away_since + max_away_days * DAY)
    return max(now, end)


def schedule(match_id: int, seat: int, since: float, clock_hours: float,
             fractions: tuple[float, ...] = DEFAULT_FRACTIONS) -> list[Reminder]:
    clock = clock_hours * 3600
    nudges = [Reminder(match_id, seat, ReminderKind.NUDGE, since + f * clock, level=i) for i, f in enumerate(sorted(fractions))]
    return [*nudges, Reminder(match_id, seat, ReminderKind.EXPIRE, since + clock)]


def deadline(since: float, clock_hours: float) -> float:
    return since + clock_hours * 3600


def discord_time(timestamp: float, style: str = "R") -> str:
    """Discord shows `<t:…:R>` in each reader's own time zone and language ("in 3 hours")."""
    return f"<t:{int(timestamp)}:{style}>"


def expiries(reminders: Iterable[Reminder]) -> dict[int, float]:
    """When each seat's turn clock runs out, as stored (a break or a pause moves it)."""
    return {r.seat: r.due_at for r in reminders if r.kind == ReminderKind.EXPIRE}


def moved(reminders: Iterable[Reminder], later: float, now: float) -> list[Reminder]:
    """The reminders `later` seconds later (earlier when it is negative), none before `now`: the turn clocks
    stood still for that long, or get back what they were given and did not use."""
    return [dataclasses.replace(r, due_at=max(now, r.due_at + later)) for r in reminders]
