"""The board an area at a time (`/board area:`): the map's west and its east (cut from the whole board between
two columns of provinces), the players (what is at stake and the display cut from the board, every player's
row drawn again a phone wide) and the legend with the latest moves (drawn again a phone wide)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.taj_mahal.view import TajMahalView
from render.kit.areas import from_public_view, pieces, redrawn, sections, stack

from . import board
from .theme import TajMahalTheme

Area = Callable[[TajMahalView, TajMahalTheme, str], Image.Image]


def _players(view: TajMahalView, theme: TajMahalTheme, locale: str) -> Image.Image:
    """What is at stake and the display (none once the game is over), then every player's row."""
    whole = board.render_board(view, theme, locale)
    rows = redrawn(theme, lambda c, width: board.players(c, 0, 0, width, view, locale))
    return stack([*pieces(whole, "court", "display"), rows], theme.paper, whole.info["palette"])


def _legend(view: TajMahalView, theme: TajMahalTheme, locale: str) -> Image.Image:
    return stack([redrawn(theme, lambda c, width: board.legend(c, 0, 0, width, view, locale))], theme.paper,
                 board.palette(theme, view.map))


AREAS: dict[str, Area] = from_public_view({"west": sections(board.render_board, "map west"),
                                           "east": sections(board.render_board, "map east"),
                                           "players": _players, "legend": _legend})
