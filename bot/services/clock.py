"""The turn clock: when a seat is awaited, polite reminders at fractions of the clock, then expiry."""

from __future__ import annotations

from ..storage import Reminder

DEFAULT_FRACTIONS = (0.5, 0.8, 0.95)


def schedule(match_id: int, seat: int, since: float, clock_hours: float,
             fractions: tuple[float, ...] = DEFAULT_FRACTIONS) -> list[Reminder]:
    clock = clock_hours * 3600
    nudges = [Reminder(match_id, seat, "nudge", since + f * clock, level=i) for i, f in enumerate(sorted(fractions))]
    return [*nudges, Reminder(match_id, seat, "expire", since + clock)]


def deadline(since: float, clock_hours: float) -> float:
    return since + clock_hours * 3600


def discord_time(timestamp: float, style: str = "R") -> str:
    """Discord shows `<t:…:R>` in each reader's own time zone and language ("in 3 hours")."""
    return f"<t:{int(timestamp)}:{style}>"
