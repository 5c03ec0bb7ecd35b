"""The board an area at a time (`/board area:`): the city and the persons of the round with the plague and
the treasury (each cut from the whole board), and the players' quarters (drawn again a phone wide)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.notre_dame.view import NotreDameView
from render.kit.areas import cut, from_public_view, redrawn, stack

from . import board
from .theme import NotreDameTheme

Area = Callable[[NotreDameView, NotreDameTheme, str], Image.Image]


def _cut(section: str) -> Area:
    def paint(view: NotreDameView, theme: NotreDameTheme, locale: str) -> Image.Image:
        whole = board.render_board(view, theme, locale)
        return stack([cut(whole, whole.info["sections"][section])], theme.paper, whole.info["palette"])
    return paint


def _quarters(view: NotreDameView, theme: NotreDameTheme, locale: str) -> Image.Image:
    return stack([redrawn(theme, lambda c, width: board.quarters(c, 0, 0, width, view, locale))], theme.paper,
                 board.palette(theme, locale))


AREAS: dict[str, Area] = from_public_view({"city": _cut("city"), "persons": _cut("persons"), "quarters": _quarters})
