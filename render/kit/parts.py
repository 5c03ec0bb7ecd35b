"""Parts of a picture that every game draws alike."""

from __future__ import annotations

from typing import Any

from .canvas import Canvas
from .legibility import MIN_SIZE


def latest_events(c: Canvas[Any], x: int, y: int, width: int, heading: str, events: list[str], *,
                  below: int = 12, room: int | None = None) -> int:
    """The newest public events under a heading, newest first: the newest in bold, the older smaller and
    softer, each whole on as many lines as it needs, as many as fit in `room` px (the newest always, so that
    the picture stays as tall as a phone shows whole). Returns the y below them (`y` itself when there are
    none)."""
    if not events:
        return y
    theme, t = c.theme, c.theme.type
    bottom = y + room if room is not None else None
    c.text((x, y), heading, t.heading)
    y += 48
    for i, event in enumerate(events):
        size, face = (t.label, "bold") if i == 0 else (MIN_SIZE, "condensed")
        text = "• " + event
        lines = len(c.wrap(text, size, face, width - 16))
        if i and bottom is not None and y + lines * round(size * 1.15) + 4 + below > bottom:
            break
        y = c.paragraph((x + 16, y), text, size, width - 16, face=face, fill=theme.ink if i == 0 else theme.soft_ink,
                        leading=1.15) + 4
    return y + below
