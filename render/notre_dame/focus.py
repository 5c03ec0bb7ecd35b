"""The picture posted after every step, made for a phone held upright (1080 px wide, read at a third).

From top to bottom: the round and whose step it is (during the draft, who is still choosing); the latest public
events, newest first; the three persons of the round; the city when the last step moved a carriage; one row per
player, the one the last step touched ringed.

Drawn from the public view only, like the board: nothing hidden is read (see tests/render/notre_dame).
"""

from __future__ import annotations

from PIL import Image

from engine.notre_dame.view import NotreDameView
from render.kit import Canvas, latest_events

from . import city, words
from .board import header, header_height, palette, person_card, person_height, touched
from .panels import PANEL_H, panel
from .theme import THEME, NotreDameCanvas, NotreDameTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD
LATEST = 4
PERSON_H = 250  # a row of persons' cards is drawn in room twice as tall, then the picture cut to size


def render_focus(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the focused picture is drawn from the public view (seat None), never a player's own")
    show_city = "messages" in view.last_changed
    room = (PAD + header_height(view) + 60 + LATEST * 160 + 2 * PERSON_H + (INNER + 24 if show_city else 0)
            + (PANEL_H + 12) * view.seats + PAD)  # cut to size below
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, room), theme.paper), theme)
    y = header(c, view, locale, WIDTH)
    events = [words.message(event, locale) for event in reversed(view.log[-LATEST:])]
    y = latest_events(c, PAD, y, INNER, words.t("latest", locale), events, below=16)
    if view.persons:
        w = (INNER - 2 * 12) // 3
        h = max(person_height(c, person, w, locale) for person in view.persons)
        for i, person in enumerate(view.persons):
            person_card(c, PAD + i * (w + 12), y, w, person, view, locale, h)
        y += h + 24
    if show_city:
        city.paint(c, view, PAD, y, INNER, locale)
        y += INNER + 24
    for p in view.players:
        y += panel(c, PAD, y, INNER, p, view, locale, changed=touched(view, p.seat)) + 12
    image = c.image.crop((0, 0, WIDTH, y + PAD - 12))
    image.info["labels"] = c.labels
    image.info["palette"] = palette(theme, locale)
    return image

