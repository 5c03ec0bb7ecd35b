"""The one door to the renderer. Each function returns PNG bytes, or None while the renderer does
not offer that picture yet (the bot then shows words only). Call them off the event loop."""

from __future__ import annotations

from pydantic import BaseModel

try:
    from render import board_png as _board_png
except ImportError:
    _board_png = None
try:
    from render import hand_png as _hand_png
except ImportError:
    _hand_png = None
try:
    from render import final_png as _final_png
except ImportError:
    _final_png = None


def board_png(view: BaseModel, locale: str) -> bytes | None:
    return _board_png(view, locale) if _board_png else None


def hand_png(view: BaseModel, locale: str) -> bytes | None:
    return _hand_png(view, locale) if _hand_png else None


def final_png(view: BaseModel, locale: str) -> bytes | None:
    return _final_png(view, locale) if _final_png else None
