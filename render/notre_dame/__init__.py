"""Notre Dame pictures: the public board, the phone-first focused picture, a player's private cards and the final
score, in Notre Dame's colours."""

from render import Pictures

from .areas import AREAS
from .board import render_board
from .final import render_final
from .focus import render_focus
from .hand import render_hand
from .moments import MOMENTS
from .theme import THEME, NotreDameTheme

PICTURES = Pictures(board=render_board, focus=render_focus, hand=render_hand, final=render_final, theme=THEME,
                    moments=MOMENTS, areas=AREAS)

__all__ = ["MOMENTS", "PICTURES", "THEME", "NotreDameTheme", "render_board", "render_final", "render_focus",
           "render_hand"]
