"""Taj Mahal pictures: the public board, the phone-first focused picture, a player's private hand and the final
score, in Taj Mahal's colours."""

from render import Pictures
from render.kit import encode

from .areas import AREAS
from .board import render_board
from .final import render_final
from .focus import render_focus
from .hand import render_hand
from .moments import MOMENTS
from .theme import THEME, TajMahalTheme

PICTURES = Pictures(board=render_board, focus=render_focus, hand=render_hand, final=render_final, theme=THEME,
                    moments=MOMENTS, areas=AREAS)

__all__ = ["MOMENTS", "PICTURES", "THEME", "TajMahalTheme", "encode", "render_board", "render_final",
           "render_focus", "render_hand"]
