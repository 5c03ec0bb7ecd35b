"""Al-Rashid pictures: the public board, a player's private hand and the final score."""

from render.kit import encode

from .board import render_board
from .final import render_final
from .hand import render_hand

__all__ = ["encode", "render_board", "render_final", "render_hand"]
