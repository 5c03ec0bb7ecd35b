"""Small pictures of Notre Dame's components: cubes, the Trusted Friend, messages, carriages, coins, rats."""

from __future__ import annotations

import math

from render.kit import RGB, ink_on, mix
from render.kit.marks import mark, shape_of

from .theme import NotreDameCanvas

OUTLINE = 3


def edge_of(fill: RGB, ink: RGB) -> RGB:
    return mix(fill, ink, 0.6)


def cube(c: NotreDameCanvas, x: float, y: float, size: int, fill: RGB) -> None:
    """An influence cube seen a little from above: a square with a lighter top edge."""
    edge = edge_of(fill, c.theme.ink)
    c.draw.rectangle((x, y, x + size, y + size), fill=fill, outline=edge, width=2)
    c.draw.line((x + 3, y + 3, x + size - 3, y + 3), fill=mix(fill, (255, 255, 255), 0.45), width=3)
    mark(c.draw, c.theme, x + size / 2, y + size * 0.55, size * 0.32, fill)


def cubes(c: NotreDameCanvas, x: int, y: int, n: int, fill: RGB, *, size: int = 26, per_row: int = 5,
          gap: int = 4) -> tuple[int, int]:
    """`n` cubes in rows; returns the width and height used."""
    for i in range(n):
        cube(c, x + (i % per_row) * (size + gap), y + (i // per_row) * (size + gap), size, fill)
    rows = (n + per_row - 1) // per_row
    return min(n, per_row) * (size + gap), rows * (size + gap)


def friend(c: NotreDameCanvas, x: float, y: float, h: int, fill: RGB) -> None:
    """The Trusted Friend: a pawn (head and cloak), `h` tall."""
    edge = edge_of(fill, c.theme.ink)
    w = h * 0.7
    c.draw.polygon([(x + w * 0.12, y + h), (x + w * 0.88, y + h), (x + w * 0.62, y + h * 0.38),
                    (x + w * 0.38, y + h * 0.38)], fill=fill, outline=edge)
    c.draw.ellipse((x + w * 0.22, y, x + w * 0.78, y + w * 0.56), fill=fill, outline=edge, width=2)
    mark(c.draw, c.theme, x + w / 2, y + h * 0.74, w * 0.22, fill)


def octagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(22.5 + 45 * i)), cy + r * math.sin(math.radians(22.5 + 45 * i)))
            for i in range(8)]


def message(c: NotreDameCanvas, cx: float, cy: float, r: int, colour: RGB, kind: int) -> None:
    """A message tile: an octagon of its colour showing its kind (1 to 4 prestige) beside the shape of the player
    of that colour."""
    c.draw.polygon(octagon(cx, cy, r), fill=colour, outline=edge_of(colour, c.theme.ink), width=OUTLINE)
    shape = r * 0.3 if shape_of(c.theme, colour) else 0
    c.text((cx - shape, cy), str(kind), c.theme.type.label, fill=ink_on(colour, c.theme), anchor="mm")
    mark(c.draw, c.theme, cx + r * 0.42, cy, r * 0.34, colour)


def carriage(c: NotreDameCanvas, x: float, y: float, w: int, fill: RGB) -> None:
    """A carriage from the side: a box on two wheels."""
    edge = edge_of(fill, c.theme.ink)
    h = w * 0.55
    c.draw.rounded_rectangle((x, y, x + w, y + h), radius=5, fill=fill, outline=edge, width=OUTLINE)
    r = w * 0.17
    for wx in (x + w * 0.25, x + w * 0.75):
        c.draw.ellipse((wx - r, y + h - r * 0.6, wx + r, y + h + r * 1.4), fill=c.theme.ink)
    mark(c.draw, c.theme, x + w / 2, y + h * 0.45, h * 0.36, fill)


def coin(c: NotreDameCanvas, cx: float, cy: float, r: int) -> None:
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c.theme.coin, outline=edge_of(c.theme.coin, c.theme.ink),
                   width=OUTLINE)


def rat(c: NotreDameCanvas, cx: float, cy: float, r: int) -> None:
    """A rat seen from above: body, head and tail."""
    ink = c.theme.rat
    c.draw.ellipse((cx - r, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), fill=ink)
    c.draw.ellipse((cx + r * 0.3, cy - r * 0.4, cx + r, cy + r * 0.4), fill=ink)
    c.draw.line((cx - r, cy, cx - r * 1.6, cy - r * 0.5), fill=ink, width=max(2, r // 4))


def star(c: NotreDameCanvas, cx: float, cy: float, r: int, fill: RGB) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    c.draw.polygon(points, fill=fill)


def bell(c: NotreDameCanvas, cx: float, cy: float, r: int) -> None:
    """The bell ringer's bell: who plays first this round."""
    ink = c.theme.ink
    c.draw.pieslice((cx - r, cy - r, cx + r, cy + r * 1.4), 180, 360, fill=c.theme.coin, outline=ink, width=2)
    c.draw.rectangle((cx - r, cy + r * 0.2, cx + r, cy + r * 0.45), fill=c.theme.coin, outline=ink, width=2)
    c.draw.ellipse((cx - r * 0.22, cy + r * 0.4, cx + r * 0.22, cy + r * 0.85), fill=ink)


def chip(c: NotreDameCanvas, x: int, y: int, w: int, h: int, fill: RGB, text: str, size: int) -> None:
    """A player's mark and name on their colour."""
    lead = round(h * 0.6)  # room for the mark
    c.box((x, y, x + w, y + h), fill=fill, outline=edge_of(fill, c.theme.ink), width=3, radius=h // 2)
    mark(c.draw, c.theme, x + h * 0.55, y + h / 2, h * 0.22, fill)
    c.text((x + (w + lead) / 2, y + h / 2), text, size, fill=ink_on(fill, c.theme), anchor="mm",
           max_width=w - 16 - lead)


def cathedral(c: NotreDameCanvas, x: float, y: float, h: int) -> None:
    """Notre Dame's front: two towers and the nave between them, `h` tall."""
    stone, edge = c.theme.stone, c.theme.line
    w = h * 0.9
    tower = w * 0.3
    c.draw.rectangle((x, y, x + tower, y + h), fill=stone, outline=edge, width=2)
    c.draw.rectangle((x + w - tower, y, x + w, y + h), fill=stone, outline=edge, width=2)
    c.draw.polygon([(x + tower, y + h * 0.35), (x + w / 2, y + h * 0.12), (x + w - tower, y + h * 0.35),
                    (x + w - tower, y + h), (x + tower, y + h)], fill=stone, outline=edge)
    c.draw.ellipse((x + w / 2 - h * 0.12, y + h * 0.45, x + w / 2 + h * 0.12, y + h * 0.69), fill=edge)
