"""Fonts shipped in data/fonts/ (DejaVu, see data/fonts/LICENSE), so pictures look the same on every machine."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from engine.core.messages import DATA_DIR

FONT_DIR = DATA_DIR / "fonts"
FACES = {
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed_bold": "DejaVuSansCondensed-Bold.ttf",
}


@cache
def font(size: int, face: str = "bold") -> ImageFont.FreeTypeFont:
    # The basic layout engine is enough for our Latin labels and gives the same pixels with or without raqm.
    return ImageFont.truetype(str(FONT_DIR / FACES[face]), size, layout_engine=ImageFont.Layout.BASIC)
