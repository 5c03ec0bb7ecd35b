"""The picture posted after every step, made for a phone held upright (1080 px wide, read at a third).

From top to bottom: week, day, the first player and whose step it is; the latest public events, newest first;
the city (the quarter being supplied ringed, what the last step changed in orange); the dice tower and the
caravan side by side; one row per player, the one asked ringed.

Drawn from the public view only, like the board: nothing hidden is read (see tests/render/yspahan).
"""

from __future__ import annotations

from PIL import Image

from engine.yspahan.view import YspahanView
from render.kit import Canvas

from . import city, panels
from .palette import palette
from .theme import THEME, YspahanCanvas, YspahanTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD
UNIT = INNER // 18
TOWER_W = 620


def render_focus(view: YspahanView, theme: YspahanTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the focused picture is drawn from the public view (seat None), never a player's own")
    c: YspahanCanvas = Canvas(Image.new("RGB", (WIDTH, 4000), theme.paper), theme)
    y = panels.header(c, view, locale, PAD, PAD, INNER)
    y = panels.latest(c, view, PAD, y, INNER, locale, n=3)
    city.paint(c, view, PAD, y, UNIT, locale)
    y += city.size(UNIT)[1] + 24
    h = panels.tower(c, view, PAD, y, TOWER_W, locale)
    panels.caravan(c, view, PAD + TOWER_W + 40, y, INNER - TOWER_W - 40, locale)
    y += h + 24
    for p in view.players:
        y += panels.player_row(c, view, p, PAD, y, INNER, locale) + 12
    image = c.image.crop((0, 0, WIDTH, y + PAD - 12))
    image.info["labels"] = c.labels
    image.info["palette"] = palette(theme)
    return image
