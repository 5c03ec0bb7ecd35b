"""A second cue besides colour for every player's pieces: a shape of their own, drawn on each piece and on the
chip that names them, so that a player who cannot tell two colours apart (red and green turn alike under
deuteranopia, blue and purple under protanopia) still tells the pieces apart, and so does a grey print.

A game's theme lists its player colours in order (`Theme.player_colours`); the n-th colour wears the n-th shape.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from .theme import RGB, Theme, ink_on

SHAPES = ("circle", "square", "triangle", "diamond", "star")


def shape_of(theme: Theme, fill: RGB) -> str | None:
    """The shape of the player whose colour is `fill`, or None when no player wears it."""
    colours = list(theme.player_colours().values())
    return SHAPES[colours.index(fill)] if fill in colours else None


def outline(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The shape's corners, `r` from its centre (a circle as a polygon of many sides)."""
    def ring(n: int, radius: float, start: float) -> list[tuple[float, float]]:
        return [(cx + radius * math.cos(start + 2 * math.pi * i / n), cy + radius * math.sin(start + 2 * math.pi * i / n))
                for i in range(n)]

    if shape == "circle":
        return ring(24, r, 0)
    if shape == "square":
        return ring(4, r * 1.1, math.pi / 4)
    if shape == "triangle":
        return [(x, y + r * 0.2) for x, y in ring(3, r * 1.2, -math.pi / 2)]
    if shape == "diamond":
        return ring(4, r * 1.15, -math.pi / 2)
    points = []  # a five-pointed star
    for i in range(10):
        radius, angle = (r * 1.25 if i % 2 == 0 else r * 0.52), -math.pi / 2 + math.pi * i / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def mark(draw: ImageDraw.ImageDraw, theme: Theme, cx: float, cy: float, r: float, fill: RGB) -> None:
    """The mark of the player whose colour is `fill`, centred on (cx, cy) on a piece of that colour, in the ink
    that reads best on it; nothing when no player wears `fill`."""
    shape = shape_of(theme, fill)
    if shape is not None:
        draw.polygon(outline(shape, cx, cy, r), fill=ink_on(fill, theme))


def disc(draw: ImageDraw.ImageDraw, theme: Theme, cx: float, cy: float, r: float, fill: RGB, edge: RGB) -> None:
    """A player's colour and mark on a disc: beside the question they are asked, or in an order already named."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=3)
    mark(draw, theme, cx, cy, r * 0.48, fill)
