"""Shared drawing kit: theme, fonts, a recording canvas, cached static layers, the legibility check and
compact encoding. Nothing here belongs to one game."""

from . import bidi, typeset
from .canvas import Box, Canvas, Label
from .encode import MAX_BYTES, encode, palette_of
from .fonts import font
from .layers import StaticLayer, static_layer
from .legibility import ASKED_PX, MIN_SIZE, POSTED_PX, illegible, smallest_text, tallest
from .parts import latest_events
from .theme import DEFAULT_THEME, RGB, RGBA, Theme, Type, contrast, ink_on, luminance, mix

__all__ = [
    "ASKED_PX", "DEFAULT_THEME", "MAX_BYTES", "MIN_SIZE", "POSTED_PX", "RGB", "RGBA", "Box", "Canvas", "Label", "StaticLayer", "Theme",
    "Type", "bidi", "contrast", "encode", "font", "illegible", "ink_on", "latest_events", "luminance", "mix", "palette_of",
    "smallest_text", "static_layer", "tallest", "typeset",
]
