"""Al-Rashid pictures: the public board, a player's private hand and the final score."""

from render import Pictures
from render.kit import encode

from .board import render_board
from .final import render_final
from .hand import render_hand

PICTURES = Pictures(board=render_board, hand=render_hand, final=render_final)

__all__ = ["PICTURES", "encode", "render_board", "render_final", "render_hand"]
