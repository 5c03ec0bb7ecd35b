"""A drawing surface that remembers every label it writes, so tests can check what a player can read."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Generic, TypeVar

from PIL import Image, ImageDraw

from . import typeset
from .theme import RGB, RGBA, Theme

Box = tuple[int, int, int, int]
T = TypeVar("T", bound=Theme)

ELLIPSIS = "…"
NARROWER = {"bold": ("condensed_bold", "condensed"), "condensed_bold": ("condensed",)}


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    box: Box
    size: int
    fill: RGB
    cut: bool = False  # shortened with '…' for want of room: a defect the fit check reports


class Canvas(Generic[T]):
    """An image, the theme it is painted in (a game's own subclass of `Theme`) and the labels written on it."""

    def __init__(self, image: Image.Image, theme: T, labels: list[Label] | None = None):
        self.image = image
        self.draw: ImageDraw.ImageDraw = _Draw(image)
        self.theme = theme
        self.labels: list[Label] = list(labels or [])

    # ---- text -------------------------------------------------------------------------------
    def text(self, xy: tuple[float, float], text: str, size: int, *, face: str = "bold",
             fill: RGB | None = None, anchor: str = "la", max_width: int | None = None,
             strike: bool = False, cut: bool = False) -> Box:
        """Write one line; too long for `max_width`, it is set in a narrower face, then shortened with '…' (and
        the label marked as cut, as it is when `cut` says the caller shortened it)."""
        fill = fill or self.theme.ink
        if max_width is not None:
            fitted, size, face = self.fit(text, size, face, max_width)
            cut = cut or fitted != text
            text = fitted
        drawn = typeset.line(text, size, face, anchor)
        box = self.measure(xy, text, size, face=face, anchor=anchor)
        self.image.paste(fill, box, drawn.mask)
        if drawn.colour is not None:  # emoji, in their own colours
            self.image.paste(drawn.colour, box, drawn.colour)
        if strike:
            mid = (box[1] + box[3]) // 2
            self.draw.line((box[0] - 2, mid, box[2] + 2, mid), fill=fill, width=max(2, size // 10))
        if text:
            self.labels.append(Label(text, box, size, fill, cut))
        return box

    def measure(self, xy: tuple[float, float], text: str, size: int, *, face: str = "bold",
                anchor: str = "la") -> Box:
        """Where `text` would be written: the box `text` would return, with nothing drawn."""
        drawn = typeset.line(text, size, face, anchor)
        x, y = round(xy[0]) + drawn.offset[0], round(xy[1]) + drawn.offset[1]
        return x, y, x + drawn.mask.width, y + drawn.mask.height

    def width(self, text: str, size: int, face: str = "bold") -> int:
        return int(typeset.advance(text, size, face))

    def fit(self, text: str, size: int, face: str, max_width: int) -> tuple[str, int, str]:
        """The text in the face, or a narrower one, that fits; failing both, shortened with '…'."""
        if self.width(text, size, face) <= max_width:
            return text, size, face
        for narrower in NARROWER.get(face, ()):
            if self.width(text, size, narrower) <= max_width:
                return text, size, narrower
        face = "condensed_bold" if face == "bold" else face
        clusters = typeset.clusters(text)
        while clusters and self.width("".join(clusters) + ELLIPSIS, size, face) > max_width:
            clusters.pop()
        return "".join(clusters).rstrip() + ELLIPSIS, size, face

    def fit_lines(self, text: str, size: int, face: str, max_width: int, max_lines: int,
                  smallest: int | None = None) -> tuple[list[str], int, str, bool]:
        """The text on one line if any face fits it, else on as few lines as it needs (at most `max_lines`),
        at `size` or smaller down to `smallest`: a name or an effect is never shortened while it can wrap, and a
        word is broken between characters only when no face and size keeps it whole. The last line is cut only
        when nothing else fits (the flag says so)."""
        faces = (face, *NARROWER.get(face, ()))
        for option in faces:
            if self.width(text, size, option) <= max_width:
                return [text], size, option, False
        words = text.split()
        for whole in (True, False):
            for shrunk in range(size, min(size, smallest or size) - 1, -1):
                for option in faces:
                    lines = self.wrap(text, shrunk, option, max_width)
                    if len(lines) <= max_lines and (not whole or " ".join(lines).split() == words):
                        return lines, shrunk, option, False
        lines = lines[:max_lines]
        lines[-1] = self.fit(lines[-1] + " " + ELLIPSIS, shrunk, option, max_width)[0]
        return lines, shrunk, option, True

    def wrap(self, text: str, size: int, face: str, max_width: int) -> list[str]:
        """Lines of whole words; a word wider than a line (a name in CJK, which has no spaces) is broken between
        characters."""
        lines: list[str] = []
        for word in text.split():
            if lines and self.width(f"{lines[-1]} {word}", size, face) <= max_width:
                lines[-1] = f"{lines[-1]} {word}"
                continue
            piece = ""
            for cluster in typeset.clusters(word):
                if piece and self.width(piece + cluster, size, face) > max_width:
                    lines.append(piece)
                    piece = ""
                piece += cluster
            lines.append(piece)
        return lines

    def paragraph(self, xy: tuple[int, int], text: str, size: int, max_width: int, *, face: str = "condensed",
                  fill: RGB | None = None, max_lines: int = 99, leading: float = 1.2,
                  strike: bool = False) -> int:
        """Write wrapped text; returns the y below the last line. More lines than `max_lines` are cut (and the
        last label marked as cut)."""
        x, y = xy
        lines = self.wrap(text, size, face, max_width)
        cut = len(lines) > max_lines
        if cut:
            lines = lines[:max_lines]
            lines[-1] = self.fit(lines[-1] + ELLIPSIS, size, face, max_width)[0]
        step = round(size * leading)
        for i, line in enumerate(lines):
            self.text((x, y), line, size, face=face, fill=fill, max_width=max_width, strike=strike,
                      cut=cut and i == len(lines) - 1)
            y += step
        return y

    # ---- stamps ------------------------------------------------------------------------------
    def stamp(self, painter: Callable[..., None], size: tuple[int, int], *args: Hashable,
              at: tuple[int, int], background: RGB) -> None:
        """Paste what `painter(canvas, *args)` paints on a `size` sheet of `background`.

        The sheet is painted once per distinct arguments and then only pasted: a board repeats its
        charge tiles, pieces and badges from one step to the next.
        """
        image, labels = _stamp(painter, size, background, self.theme, args)
        x, y = at
        self.image.paste(image, (x, y))
        self.labels += [replace(label, box=(label.box[0] + x, label.box[1] + y, label.box[2] + x, label.box[3] + y))
                        for label in labels]

    # ---- shapes -----------------------------------------------------------------------------
    def box(self, rect: tuple[float, float, float, float], fill: RGB | None = None, outline: RGB | None = None, width: int = 2,
            radius: int = 10) -> None:
        self.draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)

    def veil(self, rect: Box, rgba: RGBA) -> None:
        """Wash a region with a translucent colour (e.g. grey over an area already resolved)."""
        x0, y0, x1, y1 = (int(v) for v in rect)
        region = self.image.crop((x0, y0, x1, y1))
        wash = Image.new("RGB", region.size, rgba[:3])
        self.image.paste(Image.blend(region, wash, rgba[3] / 255), (x0, y0))


class _Draw(ImageDraw.ImageDraw):
    """Pillow's drawing, with one blank mask kept for the polygons with a thick outline.

    To keep such an outline inside its polygon, Pillow (>= 11.3) fills the polygon on a mask as large as the
    whole picture, made afresh at every call (4 MB for a focused picture, a dozen times per Taj Mahal map).
    The same calls on one kept mask, wiped by filling the same polygon with 0, give the same pixels.
    """

    _mask: Image.Image | None = None

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        ink, fill_ink = self._getink(outline, fill)
        if width <= 1 or ink is None or ink == fill_ink:
            return super().polygon(xy, fill, outline, width)
        if fill_ink is not None:
            self.draw.draw_polygon(xy, fill_ink, 1)
        if self._mask is None:
            self._mask = Image.new("1", self._image.size)
        mask = ImageDraw.Draw(self._mask).draw
        mask.draw_polygon(xy, self._getink(1)[0], 1)
        self.draw.draw_polygon(xy, ink, 0, width * 2 - 1, self._mask.im)
        mask.draw_polygon(xy, 0, 1)


@lru_cache(maxsize=2048)
def _stamp(painter: Callable[..., None], size: tuple[int, int], background: RGB, theme: Theme,
           args: tuple[Hashable, ...]) -> tuple[Image.Image, tuple[Label, ...]]:
    sheet = Canvas(Image.new("RGB", size, background), theme)
    painter(sheet, *args)
    return sheet.image, tuple(sheet.labels)
