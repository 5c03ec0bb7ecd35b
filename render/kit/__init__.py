"""Shared drawing kit: theme, fonts, a recording canvas, cached static layers and compact encoding."""

from .canvas import Canvas, Label
from .encode import MAX_BYTES, encode
from .fonts import font
from .layers import static_layer
from .theme import DEFAULT_THEME, RGB, Theme, contrast, ink_on, mix

__all__ = [
    "DEFAULT_THEME", "MAX_BYTES", "RGB", "Canvas", "Label", "Theme", "contrast", "encode", "font", "ink_on",
    "mix", "static_layer",
]
