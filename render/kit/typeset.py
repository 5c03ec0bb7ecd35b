"""One line of text in any script, measured and drawn: cut into runs of one font and one direction, each
shaped by raqm, laid side by side in the order the bidirectional algorithm gives.

A run's font is the first of the face's fonts (`fonts.chain`) that has every character of a cluster (a letter
with its marks, an emoji with its modifiers and joiners, a flag); spaces and punctuation stay in the run they
are in when its font has them, so a name in one script is shaped as a whole.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import bidi
from .fonts import EMOJI, EMOJI_PPEM, FACES, SHAPING, chain, covers, font, font_file

# What a cluster needs no glyph of: joiners and variation selectors only steer the font that draws it.
IGNORABLE = {0x200C, 0x200D, 0x200E, 0x200F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL = range(0x1F1E6, 0x1F200)
TAGS = range(0xE0020, 0xE0080)


@dataclass(frozen=True, slots=True)
class Run:
    text: str
    font: str      # file name in data/fonts/
    rtl: bool      # shaped and drawn right to left


@dataclass(frozen=True, slots=True)
class Line:
    """A rasterised line: the coverage of its ink, the colour glyphs (emoji) over it, and where its top-left
    corner sits from the anchor point."""
    mask: Image.Image
    colour: Image.Image | None
    offset: tuple[int, int]


def clusters(text: str) -> list[str]:
    """What a reader sees as one character: a letter and its combining marks, an emoji with its skin tone,
    variation selector, keycap or joined emoji, a pair of regional indicators (a flag)."""
    out: list[str] = []
    for ch in text:
        code = ord(ch)
        joins = bool(out) and (
            unicodedata.category(ch) in ("Mn", "Mc", "Me") or code in IGNORABLE or code == 0x20E3
            or code in SKIN_TONES or code in TAGS or out[-1].endswith("\u200d")
            or (code in REGIONAL and len(out[-1]) == 1 and ord(out[-1]) in REGIONAL))
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _emoji_like(cluster: str) -> bool:
    codes = [ord(ch) for ch in cluster]
    return (codes[0] >= 0x1F000 or 0xFE0F in codes or 0x20E3 in codes or 0x200D in codes
            or any(code in SKIN_TONES for code in codes))


def font_for(cluster: str, face: str) -> str:
    """The first font of the face's chain (`fonts.chain`) with every glyph the cluster needs (the emoji font
    first for an emoji); failing that, the first with its base character; failing that, the main font (an empty box)."""
    needed = [ord(ch) for ch in cluster if ord(ch) not in IGNORABLE] or [ord(cluster[0])]
    fonts = chain(face, needed[0])
    if _emoji_like(cluster):
        fonts = (EMOJI, *fonts[:-1])
    for name in fonts:
        if all(covers(name, code) for code in needed):
            return name
    return next((name for name in fonts if covers(name, needed[0])), fonts[0])


def _stays(cluster: str, run_font: str) -> bool:
    """A space or punctuation mark stays in the run before it, when that run's font has it (the emoji font's
    spaces are as wide as an emoji: never)."""
    return (run_font != EMOJI and not _emoji_like(cluster)
            and bidi.classes(cluster[0])[0] in bidi.NEUTRAL | bidi.SEPARATORS
            and all(covers(run_font, ord(ch)) for ch in cluster))


@lru_cache(maxsize=8192)
def runs(text: str, face: str) -> tuple[Run, ...]:
    """The runs of a line in the order they are drawn, left to right."""
    main = FACES[face]
    if text.isascii():
        return (Run(text, main, False),) if text else ()
    levels = bidi.levels(text)
    pieces: list[tuple[str, str, int]] = []  # text, font, level
    at = 0
    for cluster in clusters(text):
        level = levels[at]
        at += len(cluster)
        name = font_for(cluster, face)
        if pieces and pieces[-1][2] == level and (name == pieces[-1][1] or _stays(cluster, pieces[-1][1])):
            pieces[-1] = (pieces[-1][0] + cluster, pieces[-1][1], level)
        else:
            pieces.append((cluster, name, level))
    ordered = bidi.visual_order(pieces, [level for _, _, level in pieces])
    return tuple(Run(text, name, level % 2 == 1) for text, name, level in ordered)


def _shaped(run: Run, size: int) -> tuple[str, int, float, str | None]:
    """The text to hand to Pillow, the size its font is loaded at, the scale it is drawn at (the emoji font
    has one size), and its direction: raqm orders a right-to-left run itself; without raqm its clusters are
    reversed here."""
    drawn, scale = (EMOJI_PPEM, size / EMOJI_PPEM) if run.font == EMOJI else (size, 1.0)
    if not SHAPING:
        return ("".join(reversed(clusters(run.text))) if run.rtl else run.text), drawn, scale, None
    return run.text, drawn, scale, "rtl" if run.rtl else "ltr"


@lru_cache(maxsize=8192)
def advance(text: str, size: int, face: str) -> float:
    """How far the line moves the pen, in pixels."""
    total = 0.0
    for run in runs(text, face):
        shown, drawn, scale, direction = _shaped(run, size)
        total += font_file(run.font, drawn).getlength(shown, direction=direction) * scale
    return total


@lru_cache(maxsize=8192)
def line(text: str, size: int, face: str, anchor: str) -> Line:
    """The line rasterised once (boards repeat their labels: names, numbers), placed by a Pillow anchor: l, m, r
    across; a (ascender), t (top of the ink), m (middle), s (baseline), b (bottom of the ink), d (descender)."""
    pieces = runs(text, face)
    if len(pieces) == 1 and pieces[0].font == FACES[face]:  # most labels: Pillow places them itself
        shown, drawn, _, direction = _shaped(pieces[0], size)
        f = font_file(pieces[0].font, drawn)
        x0, y0, x1, y1 = (int(v) for v in f.getbbox(shown, anchor=anchor, direction=direction))
        mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
        ImageDraw.Draw(mask).text((-x0, -y0), shown, font=f, fill=255, anchor=anchor, direction=direction)
        return Line(mask, None, (x0, y0))
    placed = []  # (run, pen x, ink box from the pen on the baseline)
    pen = 0.0
    for run in pieces:
        shown, drawn, scale, direction = _shaped(run, size)
        f = font_file(run.font, drawn)
        ink = f.getbbox(shown, anchor="ls", direction=direction)
        placed.append((run, pen, (pen + ink[0] * scale, ink[1] * scale, pen + ink[2] * scale, ink[3] * scale)))
        pen += f.getlength(shown, direction=direction) * scale
    ascent, descent = font(size, face).getmetrics()
    boxes = [box for _, _, box in placed] or [(0.0, 0.0, 1.0, 1.0)]
    left, top = math.floor(min(b[0] for b in boxes)), math.floor(min(b[1] for b in boxes))
    right, bottom = math.ceil(max(b[2] for b in boxes)), math.ceil(max(b[3] for b in boxes))
    across = {"l": 0.0, "m": pen / 2, "r": pen}[anchor[0]]
    down = {"a": -ascent, "d": descent, "s": 0, "m": (descent - ascent) / 2, "t": top, "b": bottom}[anchor[1]]
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    colour: Image.Image | None = None
    for run, x, _ in placed:
        shown, drawn, _, direction = _shaped(run, size)
        if run.font == EMOJI:
            picture, (dx, dy) = _emoji(shown, size, direction)
            layer = Image.new("RGBA", mask.size, (0, 0, 0, 0))
            layer.paste(picture, (round(x) + dx - left, dy - top))  # clipped to the line, were rounding to overrun
            colour = layer if colour is None else Image.alpha_composite(colour, layer)
        else:
            ImageDraw.Draw(mask).text((x - left, -top), shown, font=font_file(run.font, drawn), fill=255, anchor="ls",
                                      direction=direction)
    return Line(mask, colour, (left - round(across), top - round(down)))


@lru_cache(maxsize=1024)
def _emoji(text: str, size: int, direction: str | None) -> tuple[Image.Image, tuple[int, int]]:
    """Colour emoji drawn at the emoji font's size and scaled to `size`, with their offset from the pen on the
    baseline."""
    f = font_file(EMOJI, EMOJI_PPEM)
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor="ls", direction=direction))
    sheet = Image.new("RGBA", (max(1, x1 - x0), max(1, y1 - y0)), (0, 0, 0, 0))
    ImageDraw.Draw(sheet).text((-x0, -y0), text, font=f, anchor="ls", embedded_color=True, direction=direction)
    scale = size / EMOJI_PPEM
    scaled = sheet.resize((max(1, round(sheet.width * scale)), max(1, round(sheet.height * scale))),
                          Image.Resampling.LANCZOS)
    return scaled, (round(x0 * scale), round(y0 * scale))
