"""Parts of a picture that every game draws alike."""

from __future__ import annotations

from typing import Any

from .canvas import Canvas
from .legibility import MIN_SIZE


def latest_events(c: Canvas[Any], x: int, y: int, width: int, heading: str, events: list[str], *,
                  below: int = 12) -> int:
    """The newest public events under a heading, newest first: the newest in bold, the older smaller and
    softer, each whole on as many lines as it needs. Returns the y below them (`y` itself when there are
    none)."""
    if not events:
        return y
    theme, t = c.theme, c.theme.type
    c.text((x, y), heading, t.heading)
    y += 48
    for i, event in enumerate(events):
        y = c.paragraph((x + 16, y), "• " + event, t.label if i == 0 else MIN_SIZE, width - 16,
                        face="bold" if i == 0 else "condensed", fill=theme.ink if i == 0 else theme.soft_ink,
                        leading=1.15) + 4
    return y + below
