"""Shared drawing kit: theme, fonts, a recording canvas, cached static layers and compact encoding."""

from .canvas import Canvas, Label
from .encode import MAX_BYTES, encode, palette_of
from .fonts import font
from .layers import static_layer
from .theme import DEFAULT_THEME, RGB, Theme, contrast, ink_on, mix

__all__ = [
    "DEFAULT_THEME", "MAX_BYTES", "RGB", "Canvas", "Label", "Theme", "contrast", "encode", "font", "ink_on",
    "mix", "palette_of", "static_layer",
]
