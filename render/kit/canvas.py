"""A drawing surface that remembers every label it writes, so tests can check what a player can read."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Generic, TypeVar

from PIL import Image, ImageDraw

from .fonts import font
from .theme import RGB, RGBA, Theme

Box = tuple[int, int, int, int]
T = TypeVar("T", bound=Theme)

ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    box: Box
    size: int
    fill: RGB


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
             strike: bool = False) -> Box:
        """Write one line; too long for `max_width`, it is set in a narrower face, then shortened with '…'."""
        fill = fill or self.theme.ink
        if max_width is not None:
            text, size, face = self.fit(text, size, face, max_width)
        mask, (dx, dy) = _text_mask(text, size, face, anchor)
        x, y = round(xy[0]) + dx, round(xy[1]) + dy
        self.image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
        box = (x, y, x + mask.width, y + mask.height)
        if strike:
            mid = (box[1] + box[3]) // 2
            self.draw.line((box[0] - 2, mid, box[2] + 2, mid), fill=fill, width=max(2, size // 10))
        if text:
            self.labels.append(Label(text, box, size, fill))
        return box

    def width(self, text: str, size: int, face: str = "bold") -> int:
        return _width(text, size, face)

    def fit(self, text: str, size: int, face: str, max_width: int) -> tuple[str, int, str]:
        if self.width(text, size, face) <= max_width:
            return text, size, face
        for narrower in {"bold": ("condensed_bold", "condensed"), "condensed_bold": ("condensed",)}.get(face, ()):
            if self.width(text, size, narrower) <= max_width:
                return text, size, narrower
        face = "condensed_bold" if face == "bold" else face
        while text and self.width(text + ELLIPSIS, size, face) > max_width:
            text = text[:-1]
        return text.rstrip() + ELLIPSIS, size, face

    def wrap(self, text: str, size: int, face: str, max_width: int) -> list[str]:
        lines: list[str] = []
        for word in text.split():
            if lines and self.width(f"{lines[-1]} {word}", size, face) <= max_width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines

    def paragraph(self, xy: tuple[int, int], text: str, size: int, max_width: int, *, face: str = "condensed",
                  fill: RGB | None = None, max_lines: int = 99, leading: float = 1.2,
                  strike: bool = False) -> int:
        """Write wrapped text; returns the y below the last line."""
        x, y = xy
        lines = self.wrap(text, size, face, max_width)
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = self.fit(lines[-1] + ELLIPSIS, size, face, max_width)[0]
        step = round(size * leading)
        for line in lines:
            self.text((x, y), line, size, face=face, fill=fill, max_width=max_width, strike=strike)
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


@lru_cache(maxsize=8192)
def _width(text: str, size: int, face: str) -> int:
    """Labels are measured again at every picture (to fit, wrap and centre them): measure each once."""
    return int(font(size, face).getlength(text))


@lru_cache(maxsize=8192)
def _text_mask(text: str, size: int, face: str, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The coverage of a label and its offset from the anchor point. Boards repeat most of their labels
    (names, numbers), so each is rasterised once and then only pasted."""
    f = font(size, face)
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, font=f, fill=255, anchor=anchor)
    return mask, (x0, y0)

