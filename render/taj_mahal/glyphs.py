"""Small pictures of Taj Mahal's components: symbols, cards, palaces, cities, tiles, goods, player chips.

The symbols carry the same letter in English and Italian (Vizier/Visir V, General/Generale G, Monk/Monaco M,
Princess/Principessa P, Elephant/Elefante E) and the Grand Mogul a crown, so a picture reads alike in both.
"""

from __future__ import annotations

from engine.taj_mahal.rules import symbols_of
from engine.taj_mahal.vocab import SP_COLOUR, SP_ELEPHANT, SP_MOGUL, SP_POINTS, SPECIALS, card_colour
from render.kit import RGB, ink_on, mix
from render.kit.marks import mark, shape_of

from . import words
from .theme import TajMahalCanvas

LETTER = {"vizier": "V", "general": "G", "monk": "M", "princess": "P", "mogul": "♛", "elephant": "E"}
SPECIAL_MARK = {SP_POINTS: "+2", SP_COLOUR: "⇄", SP_ELEPHANT: "+E", SP_MOGUL: "+♛"}


def edge_of(c: TajMahalCanvas, fill: RGB) -> RGB:
    """Dark enough that a white palace stands out on the brown province (3:1, tests/render/test_colours.py)."""
    return mix(fill, c.theme.ink, 0.7)


def symbol(c: TajMahalCanvas, cx: float, cy: float, r: int, name: str) -> None:
    """A symbol: a white disc ringed in the symbol's colour, its letter inside."""
    ring = c.theme.symbols[name]
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255), outline=ring, width=max(3, r // 4))
    c.text((cx, cy + 1), LETTER[name], max(c.theme.type.small, int(r * 1.25)), fill=c.theme.ink, anchor="mm")


def card(c: TajMahalCanvas, x: int, y: int, w: int, h: int, kind: str, *, ring: RGB | None = None) -> None:
    """A card: its colour, its symbols stacked (a special card: its mark on a dark card)."""
    colour = card_colour(kind)
    fill = c.theme.cards[colour]
    c.box((x, y, x + w, y + h), fill=fill, outline=ring or edge_of(c, fill), width=9 if ring else 3, radius=10)
    if kind in SPECIALS:
        c.text((x + w / 2, y + h / 2), SPECIAL_MARK[kind], max(c.theme.type.small, int(w * 0.42)),
               fill=ink_on(fill, c.theme), anchor="mm")
        return
    shown = symbols_of(kind)
    r = min(w // 2 - 6, h // (2 * len(shown)) - 4)
    step = h / len(shown)
    for i, name in enumerate(shown):
        symbol(c, x + w / 2, y + step * (i + 0.5), r, name)


def palace(c: TajMahalCanvas, cx: float, cy: float, size: int, fill: RGB, crown: bool = False) -> None:
    """A palace: a house with a dome; the crown palace wears the gold ring."""
    edge = edge_of(c, fill) if fill != c.theme.players["black"] else (200, 200, 200)
    half = size / 2
    body = (cx - half, cy - half * 0.3, cx + half, cy + half)
    c.draw.rectangle(body, fill=fill, outline=edge, width=3)
    c.draw.pieslice((cx - half * 0.7, cy - half * 1.05, cx + half * 0.7, cy + half * 0.35), 180, 360, fill=fill,
                    outline=edge, width=3)
    mark(c.draw, c.theme, cx, cy + half * 0.35, half * 0.38, fill)
    if crown:
        c.draw.ellipse((cx - half * 0.55, cy - half * 1.6, cx + half * 0.55, cy - half * 0.6), outline=c.theme.gold,
                       width=max(4, size // 6))


def city(c: TajMahalCanvas, cx: float, cy: float, r: int, fortress: bool) -> None:
    """A city: a pale disc; a fortress a purple square with battlements."""
    if fortress:
        c.draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=c.theme.fortress, outline=c.theme.ink, width=2)
        for i in (-1, 0, 1):
            c.draw.rectangle((cx + i * r * 0.66 - r * 0.2, cy - r - r * 0.35, cx + i * r * 0.66 + r * 0.2, cy - r),
                             fill=c.theme.fortress, outline=c.theme.ink, width=2)
    else:
        c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c.theme.city, outline=c.theme.ink, width=2)


def good(c: TajMahalCanvas, cx: float, cy: float, r: float, name: str) -> None:
    """A good by its shape: rice grains, a tea leaf, a heap of spice, a jewel."""
    fill = c.theme.goods[name]
    edge = edge_of(c, fill)
    if name == "rice":
        for dx, dy in ((-0.45, -0.25), (0.35, -0.35), (-0.1, 0.35), (0.5, 0.3)):
            c.draw.ellipse((cx + dx * r - r * 0.32, cy + dy * r - r * 0.5, cx + dx * r + r * 0.32, cy + dy * r + r * 0.5),
                           fill=fill, outline=c.theme.ink, width=2)
    elif name == "tea":
        c.draw.ellipse((cx - r * 0.55, cy - r, cx + r * 0.55, cy + r), fill=fill, outline=edge, width=2)
        c.draw.line((cx, cy - r * 0.8, cx, cy + r * 0.8), fill=mix(fill, (255, 255, 255), 0.5), width=2)
    elif name == "spice":
        c.draw.polygon([(cx - r, cy + r * 0.7), (cx, cy - r * 0.8), (cx + r, cy + r * 0.7)], fill=fill, outline=edge)
    else:
        c.draw.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=fill, outline=edge)


def bonus_tile(c: TajMahalCanvas, cx: float, cy: float, size: int, kind: str) -> None:
    """A square bonus tile: +2, +1 card, a good, or the Taj Mahal (+4, edged in gold)."""
    half = size / 2
    c.draw.rectangle((cx - half, cy - half, cx + half, cy + half), fill=(255, 250, 232),
                     outline=c.theme.gold if kind == "taj" else c.theme.ink, width=4 if kind == "taj" else 2)
    if kind in c.theme.goods:
        good(c, cx, cy, half * 0.7, kind)
        return
    mark = {"plus-points": "+2", "plus-card": "+1", "taj": "+4"}[kind]
    dx = -half * 0.18 if kind == "plus-card" else 0
    c.text((cx + dx, cy), mark, c.theme.type.small, face="condensed_bold", fill=c.theme.ink, anchor="mm")
    if kind == "plus-card":  # a little card beside the 1
        c.draw.rectangle((cx + half * 0.42, cy - half * 0.38, cx + half * 0.78, cy + half * 0.3),
                         fill=c.theme.cards["red"], outline=c.theme.ink, width=1)


def province_tile(c: TajMahalCanvas, cx: float, cy: float, r: int, number: int, goods: list[str],
                  fill: RGB | None = None) -> None:
    """An octagonal province tile: its number and its goods; once won, in its winner's colour and wearing their
    mark on a badge at its corner (a white player's tile would otherwise look unwon)."""
    k = r * 0.414
    points = [(cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k), (cx + k, cy + r),
              (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k)]
    tile = fill or (252, 244, 220)
    c.draw.polygon(points, fill=tile, outline=c.theme.ink, width=3)
    c.text((cx, cy - r * 0.38), str(number), max(c.theme.type.small, int(r * 0.75)), fill=ink_on(tile, c.theme),
           anchor="mm")
    gap = r * 0.62
    for i, name in enumerate(goods):
        good(c, cx + (i - (len(goods) - 1) / 2) * gap, cy + r * 0.45, r * 0.28, name)
    if fill is not None and shape_of(c.theme, fill) is not None:
        bx, by, br = cx + r * 0.8, cy - r * 0.8, max(14, r * 0.5)
        c.draw.ellipse((bx - br, by - br, bx + br, by + br), fill=fill, outline=c.theme.ink, width=2)
        mark(c.draw, c.theme, bx, by, br * 0.55, fill)


def influence_tile(c: TajMahalCanvas, cx: float, cy: float, w: int, name: str) -> None:
    """An oval influence tile: its symbol's letter on a light tint of the symbol's colour, ringed in it."""
    h = max(40, int(w * 0.72))
    ring = c.theme.symbols[name]
    c.draw.ellipse((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=mix(ring, (255, 255, 255), 0.78),
                   outline=ring, width=max(4, h // 8))
    c.text((cx, cy + 1), LETTER[name], c.theme.type.small, fill=c.theme.ink, anchor="mm")


def crown(c: TajMahalCanvas, cx: float, cy: float, r: int) -> None:
    """The gold ring."""
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=c.theme.gold, width=max(5, r // 3))
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=c.theme.ink, width=1)


def chip(c: TajMahalCanvas, x: int, y: int, colour: str, dummy: bool, locale: str, h: int = 48,
         min_w: int = 150, max_w: int = 400) -> int:
    """A player's mark and name on their colour; returns the right edge."""
    fill = c.theme.players[colour]
    name = words.player(colour, dummy, locale)
    size = c.theme.type.label
    lead = round(h * 0.7)  # room for the mark
    w = max(min_w, min(max_w, c.width(name, size) + 28 + lead))
    c.box((x, y, x + w, y + h), fill=fill, outline=edge_of(c, fill), width=3, radius=h // 2)
    mark(c.draw, c.theme, x + h * 0.55, y + h / 2, h * 0.22, fill)
    c.text((x + (w + lead) / 2, y + h / 2), name, size, fill=ink_on(fill, c.theme), anchor="mm",
           max_width=w - 20 - lead)
    return x + w
