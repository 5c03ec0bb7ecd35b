"""The fonts shipped in data/fonts/ (README.md there: what each covers, where it comes from, its licence), so
pictures look the same on every machine and draw every player's name as they write it.

Labels are set in DejaVu (Latin, Greek, Cyrillic, symbols). Arabic, Hebrew, Devanagari and Thai are drawn from
Noto Sans fonts of their own; a character none of these has from Noto Sans Math (styled letters such as 𝓙𝓮𝓷),
Noto Sans CJK, then Noto Color Emoji. `data/fonts/coverage.json` says which characters each font has, so choosing costs no font
loading.
"""

from __future__ import annotations

import bisect
import json
import warnings
from functools import cache

from PIL import ImageFont, features

from engine.core.messages import DATA_DIR

FONT_DIR = DATA_DIR / "fonts"
FACES = {
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed_bold": "DejaVuSansCondensed-Bold.ttf",
}
EMOJI = "NotoColorEmoji.ttf"
EMOJI_PPEM = 36  # the only size its bitmaps come in (data/fonts/build.py); drawn at it, then scaled
_SCRIPTS = ("NotoSansArabic", "NotoSansHebrew", "NotoSansDevanagari", "NotoSansThai")
SCRIPT_FONTS = {weight: tuple(f"{name}-{weight.title()}.ttf" for name in _SCRIPTS) for weight in ("bold", "regular")}
OTHER_FONTS = ("NotoSansMath-Regular.ttf", "NotoSansCJK-Bold.otf")  # one weight each
SCRIPTS_FROM = 0x0590  # from Hebrew on, a script font draws its script better than DejaVu's few glyphs of it
WEIGHT = {"bold": "bold", "condensed_bold": "bold", "condensed": "regular"}

# raqm shapes text (Arabic joining, Devanagari conjuncts, emoji sequences) and orders right-to-left runs.
# Pillow's wheels bring it but load the system's FriBiDi (Debian: libfribidi0); without it, letters are
# drawn one by one, right-to-left runs reversed by `typeset`, and Arabic unjoined.
SHAPING = features.check_feature("raqm")
if not SHAPING:
    warnings.warn("Pillow cannot shape text (raqm needs libfribidi): Arabic and Devanagari names will be drawn "
                  "unjoined. Install libfribidi0 (Debian) or fribidi.", RuntimeWarning, stacklevel=1)


@cache
def font_file(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A font by file name; the colour emoji font only at its own size (`EMOJI_PPEM`)."""
    layout = ImageFont.Layout.RAQM if SHAPING else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=layout)


def font(size: int, face: str = "bold") -> ImageFont.FreeTypeFont:
    """The main font of a face (DejaVu) at a size."""
    return font_file(FACES[face], size)


@cache
def _coverage() -> dict[str, tuple[list[int], list[int]]]:
    table = json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8"))
    return {name: ([r[0] for r in ranges], [r[1] for r in ranges]) for name, ranges in table.items()}


def covers(name: str, code: int) -> bool:
    """Whether the font file has a glyph for the character `code`."""
    starts, ends = _coverage()[name]
    i = bisect.bisect_right(starts, code) - 1
    return i >= 0 and code <= ends[i]


def chain(face: str, code: int) -> tuple[str, ...]:
    """The fonts tried for a character of a face, in order; the emoji font is tried first for emoji (`typeset`)."""
    scripts = SCRIPT_FONTS[WEIGHT[face]]
    if code >= SCRIPTS_FROM:
        return (*scripts, FACES[face], *OTHER_FONTS, EMOJI)
    return (FACES[face], *scripts, *OTHER_FONTS, EMOJI)
