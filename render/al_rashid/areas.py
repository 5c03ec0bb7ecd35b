"""The board an area at a time (`/board area:`), each cut from the whole board a half of its columns at a
time, the left half above the right: the four trading guilds, the court (the politics guild and the caliph's
palace), the territories with the barter table, the families, and the legend."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.al_rashid.view import AlRashidView
from engine.al_rashid.vocab import GUILDS, TERRITORIES
from render.kit import Box
from render.kit.areas import cut, from_public_view, stack

from .board import render_board
from .layout import GAP, Layout, Rect, layout
from .theme import AlRashidTheme

MARGIN = GAP // 2  # around a piece: the rings drawn just outside an area's box


def around(*rects: Rect) -> Box:
    return (min(r[0] for r in rects) - MARGIN, min(r[1] for r in rects) - MARGIN,
            max(r[2] for r in rects) + MARGIN, max(r[3] for r in rects) + MARGIN)


def _guilds(lay: Layout) -> list[Box]:
    return [around(*(lay.areas[g] for g in GUILDS[:2])), around(*(lay.areas[g] for g in GUILDS[2:4]))]


def _court(lay: Layout) -> list[Box]:
    return [around(lay.areas["politics"]), around(lay.areas["caliph"])]


def _territories(lay: Layout) -> list[Box]:
    cells = [lay.areas[t] for t in TERRITORIES]
    return [around(*cells[0:2], *cells[4:6]), around(*cells[2:4], *cells[6:], lay.extra)]


def _families(lay: Layout) -> list[Box]:
    half = (len(lay.panels) + 1) // 2
    return [around(*lay.panels[:half]), around(*lay.panels[half:])]


def _legend(lay: Layout) -> list[Box]:
    x0, y0, x1, y1 = lay.legend
    middle = x0 + 14 + (x1 - x0 - 28) // 2
    return [around((x0, y0, middle - MARGIN, y1)), around((middle - MARGIN, y0, x1, y1))]


def _area(boxes: Callable[[Layout], list[Box]]) -> Callable[[AlRashidView, AlRashidTheme, str], Image.Image]:
    def paint(view: AlRashidView, theme: AlRashidTheme, locale: str) -> Image.Image:
        board = render_board(view, theme, locale)
        return stack([cut(board, box) for box in boxes(layout(view.seats))], theme.paper, board.info["palette"])
    return paint


AREAS = from_public_view({"guilds": _area(_guilds), "court": _area(_court), "territories": _area(_territories),
                          "families": _area(_families), "legend": _area(_legend)})
