"""Small pictures of Yspahan's components: cubes, dice, the supervisor, coins, camels, cards."""

from __future__ import annotations

from render.kit import MIN_SIZE, RGB, ink_on, mix
from render.kit.marks import mark, outline, shape_of

from .theme import YspahanCanvas

OUTLINE = 3
PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def edge_of(fill: RGB, ink: RGB) -> RGB:
    return mix(fill, ink, 0.6)


def cube(c: YspahanCanvas, x: float, y: float, size: int, fill: RGB) -> None:
    """A player's cube seen a little from above: a square with a lighter top edge."""
    c.draw.rectangle((x, y, x + size, y + size), fill=fill, outline=edge_of(fill, c.theme.ink), width=2)
    c.draw.line((x + 3, y + 3, x + size - 3, y + 3), fill=mix(fill, (255, 255, 255), 0.45), width=3)
    mark(c.draw, c.theme, x + size / 2, y + size * 0.55, size * 0.32, fill)


def souk_badge(c: YspahanCanvas, cx: float, cy: float, r: int, points: int, rim: RGB, owner: RGB | None,
               corner: tuple[int, int] = (1, 1)) -> None:
    """A souk's points on a disc ringed in its colour; once completed, the disc is its owner's colour and their
    shape stands just outside the ring, towards `corner` (a shape inside a disc this small is too little to
    tell two players apart by when their colours look alike)."""
    theme = c.theme
    fill = owner or theme.card
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=rim, width=4)
    c.text((cx, cy), str(points), MIN_SIZE, fill=ink_on(fill, theme) if owner else theme.ink, anchor="mm")
    shape = shape_of(theme, owner) if owner else None
    if shape is not None:
        tx, ty = cx + corner[0] * r * 0.95, cy + corner[1] * r * 0.95
        c.draw.polygon(outline(shape, tx, ty, r * 0.5), fill=theme.ink, outline=theme.card)


def die(c: YspahanCanvas, x: float, y: float, size: int, value: int, yellow: bool) -> None:
    """A die showing `value` with pips; yellow dice are yellow (they leave after the first player's turn)."""
    fill = c.theme.yellow_die if yellow else c.theme.die
    c.draw.rounded_rectangle((x, y, x + size, y + size), radius=size // 6, fill=fill,
                             outline=edge_of(fill, c.theme.ink), width=2)
    r = max(2, size // 10)
    step = size / 4
    for px, py in PIPS[value]:
        cx, cy = x + step * (px + 1), y + step * (py + 1)
        c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c.theme.pip)


def supervisor(c: YspahanCanvas, cx: float, cy: float, h: int) -> None:
    """The supervisor: a white pawn (head and robe) standing on its square."""
    ink, white = c.theme.ink, (252, 252, 250)
    w = h * 0.72
    top = cy - h / 2
    c.draw.polygon([(cx - w / 2, top + h), (cx + w / 2, top + h), (cx + w * 0.2, top + h * 0.4),
                    (cx - w * 0.2, top + h * 0.4)], fill=white, outline=ink, width=OUTLINE)
    c.draw.ellipse((cx - w * 0.3, top, cx + w * 0.3, top + w * 0.6), fill=white, outline=ink, width=OUTLINE)


def coin(c: YspahanCanvas, cx: float, cy: float, r: int) -> None:
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c.theme.coin, outline=edge_of(c.theme.coin, c.theme.ink),
                   width=OUTLINE)


def camel(c: YspahanCanvas, x: float, y: float, w: int) -> None:
    """A camel from the side: body with a hump, neck and head, four legs."""
    fill, edge = c.theme.camel, edge_of(c.theme.camel, c.theme.ink)
    h = w * 0.8
    c.draw.ellipse((x + w * 0.1, y + h * 0.3, x + w * 0.75, y + h * 0.65), fill=fill, outline=edge, width=2)
    c.draw.ellipse((x + w * 0.25, y + h * 0.12, x + w * 0.55, y + h * 0.45), fill=fill, outline=edge, width=2)
    c.draw.polygon([(x + w * 0.68, y + h * 0.42), (x + w * 0.82, y + h * 0.1), (x + w * 0.92, y + h * 0.1),
                    (x + w * 0.78, y + h * 0.5)], fill=fill, outline=edge)
    c.draw.ellipse((x + w * 0.8, y + h * 0.04, x + w, y + h * 0.2), fill=fill, outline=edge, width=2)
    for lx in (0.18, 0.3, 0.55, 0.66):
        c.draw.line((x + w * lx, y + h * 0.6, x + w * lx, y + h), fill=edge, width=max(2, w // 12))


def card(c: YspahanCanvas, x: float, y: float, w: int, fill: RGB | None = None) -> None:
    """A card seen from the back."""
    fill = fill or c.theme.card_back
    h = w * 1.4
    c.draw.rounded_rectangle((x, y, x + w, y + h), radius=max(3, w // 8), fill=fill,
                             outline=edge_of(fill, c.theme.ink), width=2)
    c.draw.rounded_rectangle((x + w * 0.18, y + h * 0.14, x + w * 0.82, y + h * 0.86), radius=max(2, w // 10),
                             outline=mix(fill, (255, 255, 255), 0.5), width=2)
