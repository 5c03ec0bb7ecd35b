"""The board an area at a time (`/board area:`): the city's west (the Chest and the Bag) and its east (the
road's centre, the Vase and the Barrel), the market (the dice tower, the caravan and the cards), the players'
boards (each cut from the whole board) and the latest moves with the legend (drawn again a phone wide)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.yspahan.view import YspahanView
from render.kit import Canvas
from render.kit.areas import from_public_view, redrawn, sections, stack

from . import board, panels
from .palette import palette
from .theme import YspahanTheme

Area = Callable[[YspahanView, YspahanTheme, str], Image.Image]


def _legend(view: YspahanView, theme: YspahanTheme, locale: str) -> Image.Image:
    def paint(c: Canvas[YspahanTheme], width: int) -> int:
        return board.legend(c, 0, panels.latest(c, view, 0, 0, width, locale, n=4), width, locale)
    return stack([redrawn(theme, paint)], theme.paper, palette(theme))


AREAS: dict[str, Area] = from_public_view({
    "west": sections(board.render_board, "city west"), "east": sections(board.render_board, "city east"),
    "market": sections(board.render_board, "market"),
    "players": sections(board.render_board, "players left", "players right"), "legend": _legend})
