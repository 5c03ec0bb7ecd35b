"""The picture posted after every step, made for a phone held upright (1080 px wide, read at a third).

From top to bottom: the visit, whose step it is and what they are asked; the map with the province visited now
ringed and its cities named; what is at stake there (the court) and the display; one row per player in this
visit's turn order (symbols in play with their lead, what they hold); what the picture's signs mean; the latest
public events, as many as leave the picture short enough for a phone to show whole.

Drawn from the public view only, like the board: nothing hidden is read (see tests/render/taj_mahal).
"""

from __future__ import annotations

from PIL import Image

from engine.taj_mahal.view import TajMahalView
from render.kit import tallest

from . import board, mapview, panels
from .theme import THEME, TajMahalTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD


def render_focus(view: TajMahalView, theme: TajMahalTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the focused picture is drawn from the public view (seat None), never a player's own")
    from render.kit import Canvas

    c = Canvas(Image.new("RGB", (WIDTH, 4000), theme.paper), theme)
    y = panels.header(c, PAD, PAD, INNER, view, locale)
    columns = 4 if view.map == 12 else 3
    g = mapview.Geometry(PAD, y, INNER // columns, view.map)
    mapview.draw(c, g, view, locale, names=False)
    y += g.height + 16
    if not view.over:
        y = panels.court(c, PAD, y, INNER, view, locale)
        y = panels.display(c, PAD, y, INNER, view, locale) + 8
    for p in panels.in_order(view):
        y = panels.player_row(c, PAD, y, INNER, p, view, locale) + 10
    y = panels.signs(c, PAD, y, INNER, locale)
    y = panels.latest(c, PAD, y + 8, INNER, view, locale, room=tallest(WIDTH) - PAD - y - 8)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    image.info["palette"] = board.palette(theme, view.map)  # the board's colours are the focus's too
    return image
