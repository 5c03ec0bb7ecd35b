"""The picture posted after every step, made for a phone held upright (1080 px wide, read at a third).

From top to bottom: the round and whose step it is (during the draft, who is still choosing); the latest public
events, newest first; the three persons of the round; the city when the last step moved a carriage; one row per
player, the one the last step touched ringed.

Drawn from the public view only, like the board: nothing hidden is read (see tests/render/notre_dame).
"""

from __future__ import annotations

from PIL import Image

from engine.notre_dame.view import NotreDameView
from render.kit import MIN_SIZE, Canvas

from . import city, words
from .board import header, header_height, palette, person_card, touched
from .panels import PANEL_H, panel
from .theme import THEME, NotreDameCanvas, NotreDameTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD
LATEST = 4
PERSON_H = 250


def render_focus(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the focused picture is drawn from the public view (seat None), never a player's own")
    show_city = "messages" in view.last_changed
    height = (PAD + header_height(view) + 60 + LATEST * 80 + PERSON_H + 30 + (INNER + 24 if show_city else 0)
              + (PANEL_H + 12) * view.seats + PAD)
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    y = header(c, view, locale, WIDTH)
    y = _latest(c, y, view, locale)
    if view.persons:
        w = (INNER - 2 * 12) // 3
        for i, person in enumerate(view.persons):
            person_card(c, PAD + i * (w + 12), y, w, person, view, locale, h=PERSON_H)
        y += PERSON_H + 24
    if show_city:
        city.paint(c, view, PAD, y, INNER, locale)
        y += INNER + 24
    for p in view.players:
        y += panel(c, PAD, y, INNER, p, view, locale, changed=touched(view, p.seat)) + 12
    image = c.image.crop((0, 0, WIDTH, y + PAD - 12))
    image.info["labels"] = c.labels
    image.info["palette"] = palette(theme, locale)
    return image


def _latest(c: NotreDameCanvas, y: int, view: NotreDameView, locale: str) -> int:
    theme, t = c.theme, c.theme.type
    events = list(reversed(view.log[-LATEST:]))
    if not events:
        return y
    c.text((PAD, y), words.t("latest", locale), t.heading)
    y += 48
    for i, event in enumerate(events):
        y = c.paragraph((PAD + 16, y), "• " + words.message(event, locale), t.label if i == 0 else MIN_SIZE,
                        INNER - 16, face="bold" if i == 0 else "condensed", fill=theme.ink if i == 0 else theme.soft_ink,
                        max_lines=2, leading=1.15) + 4
    return y + 16
