"""The one door to the renderer. Each function returns PNG bytes, or None for a game that has no
pictures yet (the bot then shows words only). They are slow: call them off the event loop."""

from __future__ import annotations

from pydantic import BaseModel

import render


def board_png(view: BaseModel, locale: str) -> bytes | None:
    return render.board_png(view, locale)


def focus_png(view: BaseModel, locale: str) -> bytes | None:
    """What is happening now, drawn for a phone held upright (posted with the table message)."""
    return render.focus_png(view, locale)


def hand_png(view: BaseModel, locale: str) -> bytes | None:
    return render.hand_png(view, locale)


def final_png(view: BaseModel, locale: str) -> bytes | None:
    return render.final_png(view, locale)
