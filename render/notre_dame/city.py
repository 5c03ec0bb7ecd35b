"""The city: the quarters around the Notre Dame tile, their market squares and roads, the messages lying there,
the carriages and the cubes on Notre Dame.

The roads and squares are the same all match long: they are painted once per board (quarter colours, size,
theme, language) and copied; messages, carriages and cubes are painted on the copy.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from engine.notre_dame.view import NotreDameView
from render.kit import Canvas, mix

from . import glyphs, words
from .theme import NotreDameCanvas, NotreDameTheme

MARKET_R = 30
MESSAGE_R = 27


def spots(quarters: int, size: int) -> dict[str, tuple[float, float]]:
    """Where each market lies, by its spot in quarter `q`: "q.spot" -> (x, y) on a `size` square map."""
    half = 180 / quarters
    scale = size / 1000
    place = {"c": (300, 0.0), "1": (215, -0.72), "4": (215, 0.72), "2": (430, -0.55), "3": (430, 0.55)}
    out = {}
    for q in range(quarters):
        theta = -90 + 360 * q / quarters
        for spot, (radius, side) in place.items():
            angle = math.radians(theta + side * half)
            out[f"{q}.{spot}"] = (size / 2 + radius * scale * math.cos(angle), size / 2 + radius * scale * math.sin(angle))
    return out


def positions(view: NotreDameView, size: int) -> dict[str, tuple[float, float]]:
    """Every market of the view (e.g. "red.3") -> its centre on the map."""
    by_spot = spots(len(view.quarters), size)
    index = {colour: q for q, colour in enumerate(view.quarters)}
    return {m.id: by_spot[f"{index[m.quarter]}.{m.spot}"] for m in view.markets}


@lru_cache(maxsize=16)
def background(quarters: tuple[str, ...], roads: tuple[tuple[str, str], ...], size: int, theme: NotreDameTheme,
               locale: str) -> Image.Image:
    """The quarters, roads, squares and the Notre Dame tile, without anything that moves."""
    c: NotreDameCanvas = Canvas(Image.new("RGB", (size, size), theme.paper), theme)
    n = len(quarters)
    mid = size / 2
    for q, colour in enumerate(quarters):
        theta = -90 + 360 * q / n
        box = (mid - size * 0.49, mid - size * 0.49, mid + size * 0.49, mid + size * 0.49)
        tint = mix(theme.players[colour], theme.card, 0.78)
        c.draw.pieslice(box, theta - 180 / n, theta + 180 / n, fill=tint, outline=theme.line, width=3)
    by_spot = spots(n, size)
    index = {colour: q for q, colour in enumerate(quarters)}

    def at(market: str) -> tuple[float, float]:
        colour, spot = market.split(".")
        return by_spot[f"{index[colour]}.{spot}"]

    for a, b in roads:
        c.draw.line((*at(a), *at(b)), fill=theme.street, width=9)
    for key, (x, y) in by_spot.items():
        r = MARKET_R + (6 if key.endswith(".c") else 0)
        c.draw.ellipse((x - r, y - r, x + r, y + r), fill=theme.market, outline=theme.street, width=4)
    for q, colour in enumerate(quarters):
        angle = math.radians(-90 + 360 * q / n)
        cos = math.cos(angle)
        anchor = "mm" if abs(cos) < 0.35 else "rm" if cos > 0 else "lm"
        x = mid + size * (0.47 if anchor == "mm" else 0.485) * cos
        c.text((x, mid + size * 0.465 * math.sin(angle)), words.player(colour, locale), theme.type.small,
               anchor=anchor)
    radius = size * 0.13
    corners = [(mid + radius * math.cos(math.radians(-90 + 180 / n + 360 * i / n)),
                mid + radius * math.sin(math.radians(-90 + 180 / n + 360 * i / n))) for i in range(n)]
    c.draw.polygon(corners, fill=theme.stone, outline=theme.line, width=4)
    c.text((mid, mid - radius * 0.42), words.sector("notre_dame", locale), theme.type.small, anchor="mm",
           max_width=int(radius * 1.9))  # a little wider than a small square tile (four players), where it must
    return c.image


def paint(c: NotreDameCanvas, view: NotreDameView, x0: int, y0: int, size: int, locale: str) -> None:
    """The city at (x0, y0): the static map, then messages, carriages and Notre Dame's cubes and points."""
    theme = c.theme
    c.image.paste(background(tuple(view.quarters), tuple(view.roads), size, theme, locale), (x0, y0))
    where = positions(view, size)
    for m in view.markets:
        x, y = where[m.id]
        x, y = x + x0, y + y0
        if m.message is not None:
            colour, kind = m.message.split("-")
            glyphs.message(c, x, y, MESSAGE_R, theme.players[colour], int(kind))
        for i, seat in enumerate(m.carriages):
            glyphs.carriage(c, x - 22 + i * 14, y + MARKET_R - 4 + i * 6, 44, theme.players[view.players[seat].colour])
    mid_x, mid_y = x0 + size / 2, y0 + size / 2
    c.text((mid_x, mid_y - 2), words.t("points", locale, n=view.notre_dame_points), theme.type.label, anchor="mm")
    placed = [view.players[p.seat].colour for p in view.players for _ in range(p.notre_dame)]
    per_row = 6
    for i, colour in enumerate(placed[:18]):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(placed) - row * per_row)
        glyphs.cube(c, mid_x - in_row * 15 + col * 30, mid_y + 24 + row * 30, 24, theme.players[colour])
