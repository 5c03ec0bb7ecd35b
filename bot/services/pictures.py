"""The one door to the renderer. Each function returns PNG bytes, or None for a game that has no
pictures yet (the bot then shows words only, as it does when a drawing process dies). They are slow: call
them off the event loop; the drawing itself happens in the process pool of bot/ops/drawing.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pydantic import BaseModel

import render

from ..ops.drawing import draw


def board_png(view: BaseModel, locale: str, area: str | None = None) -> bytes | None:
    """The whole board, or one of its areas (`render.areas_of`)."""
    return _draw(render.board_png, view, locale, None, area)


def areas(game: str, locale: str) -> dict[str, str]:
    """The areas of a game's board that `/board` offers: name -> what a player reads in `locale`."""
    return render.areas_of(game, locale)


def focus_png(view: BaseModel, locale: str) -> bytes | None:
    """What is happening now, drawn for a phone held upright (posted with the table message)."""
    return _draw(render.focus_png, view, locale)


def hand_png(view: BaseModel, locale: str) -> bytes | None:
    return _draw(render.hand_png, view, locale)


def final_png(view: BaseModel, locale: str, names: Mapping[int, str] | None = None) -> bytes | None:
    """The final score, with the players' display names by seat."""
    return _draw(render.final_png, view, locale, None, names)


def _draw(function: Callable[..., bytes | None], view: BaseModel, locale: str, *more: object) -> bytes | None:
    if render.for_game(getattr(view, "game", "")) is None:
        return None  # a game without pictures: no drawing process to ask
    return draw(function, view, locale, *more)
