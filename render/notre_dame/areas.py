"""The board an area at a time (`/board area:`): the city and the persons of the round with the plague and
the treasury (each cut from the whole board), and the players' quarters (drawn again a phone wide)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.notre_dame.view import NotreDameView
from render.kit.areas import from_public_view, redrawn, sections, stack

from . import board
from .theme import NotreDameTheme

Area = Callable[[NotreDameView, NotreDameTheme, str], Image.Image]


def _quarters(view: NotreDameView, theme: NotreDameTheme, locale: str) -> Image.Image:
    return stack([redrawn(theme, lambda c, width: board.quarters(c, 0, 0, width, view, locale))], theme.paper,
                 board.palette(theme, locale))


AREAS: dict[str, Area] = from_public_view({"city": sections(board.render_board, "city"),
                                           "persons": sections(board.render_board, "persons"),
                                           "quarters": _quarters})
