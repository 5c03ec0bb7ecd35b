"""The public board: whose step it is, the city with its messages and carriages, the persons of the round,
every player's quarter and a legend.

Drawn from the public view only (a seat's own view carries its cards and is refused): hands, draft choices and
hidden prestige never appear (see tests/render/notre_dame).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.notre_dame.view import NotreDameView, PersonView
from engine.notre_dame.vocab import BROWN
from render.kit import MIN_SIZE, Canvas, ink_on, palette_of

from . import city, glyphs, words
from .panels import PANEL_H, panel
from .theme import THEME, NotreDameCanvas, NotreDameTheme

WIDTH = 1600
PAD = 24
MAP = 1000
SIDE_X = PAD + MAP + 24
SIDE_W = WIDTH - SIDE_X - PAD
PERSON_H = 196


def render_board(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the board is drawn from the public view (seat None), never from a player's own view")
    height = PAD + header_height(view) + MAP + 24 + (PANEL_H + 12) * view.seats + LEGEND_H
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    y = header(c, view, locale, WIDTH)
    city.paint(c, view, PAD, y, MAP, locale)
    side = y
    for person in view.persons:
        side = person_card(c, SIDE_X, side, SIDE_W, person, view, locale) + 12
    side = _table(c, SIDE_X, side, view, locale)
    _legend(c, SIDE_X, side + 8, locale)
    y += MAP + 24
    for p in view.players:
        y += panel(c, PAD, y, WIDTH - 2 * PAD, p, view, locale, changed=touched(view, p.seat)) + 12
    symbols(c, PAD, y + 4, WIDTH - 2 * PAD, locale)
    c.image.info["labels"] = c.labels
    c.image.info["palette"] = palette(theme, locale)
    return c.image


def touched(view: NotreDameView, seat: int) -> bool:
    return f"player:{seat}" in view.last_changed or f"quarter:{seat}" in view.last_changed


@lru_cache(maxsize=8)
def palette(theme: NotreDameTheme, locale: str) -> Image.Image:
    """The colours of every Notre Dame picture, chosen once from a sample board."""
    sheet: NotreDameCanvas = Canvas(Image.new("RGB", (1000, 1000), theme.paper), theme)
    sheet.image.paste(city.background(("red", "yellow", "green", "blue", "purple"), (), 1000, theme, locale))
    for i, colour in enumerate(theme.players.values()):
        glyphs.chip(sheet, 20, 20 + i * 60, 200, 52, colour, "Aa", theme.type.label)
        glyphs.message(sheet, 300, 40 + i * 60, 27, colour, 3)
        glyphs.cube(sheet, 360, 30 + i * 60, 26, colour)
        glyphs.carriage(sheet, 420, 30 + i * 60, 44, colour)
    glyphs.coin(sheet, 600, 60, 17)
    glyphs.star(sheet, 660, 60, 20, theme.prestige)
    glyphs.rat(sheet, 720, 60, 16)
    sheet.box((560, 120, 900, 200), fill=theme.harbour)
    sheet.box((560, 220, 900, 300), fill=theme.card, outline=theme.changed, width=6)
    sheet.box((560, 320, 900, 400), fill=theme.stone, outline=theme.current, width=6)
    return palette_of(sheet.image)


def header_height(view: NotreDameView) -> int:
    return 60 + 52 * max(1, min(2, len(view.awaiting))) + 16


def header(c: NotreDameCanvas, view: NotreDameView, locale: str, width: int) -> int:
    """Round and phase, then who must act and what they are asked; during the draft, who is still choosing."""
    theme, t = c.theme, c.theme.type
    y = PAD
    title = words.t("round_of", locale, round=view.round, rounds=view.rounds, period=view.period)
    box = c.text((PAD, y), title, t.heading)
    c.text((box[2] + 20, y), words.t(f"phase.{view.phase}", locale), t.heading, fill=theme.soft_ink,
           max_width=width - PAD - box[2] - 20)
    y += 60
    if view.score is not None:
        best = view.score.ranking[0]
        text = words.t("game_won", locale, player=words.player(view.players[best].colour, locale),
                       points=view.score.scores[best])
        return c.paragraph((PAD, y), text, t.label, width - 2 * PAD, face="bold", max_lines=1) + 16
    choosing = [p for p in view.players if p.choosing]
    if choosing:
        names = ", ".join(words.player(p.colour, locale) for p in choosing)
        c.text((PAD, y), words.t("draft_waiting", locale, players=names), t.label, max_width=width - 2 * PAD)
        return y + 52 + 16
    for wait in view.awaiting[:2]:
        fill = theme.players[view.players[wait.seat].colour]
        c.draw.ellipse((PAD, y + 2, PAD + 36, y + 38), fill=fill, outline=theme.changed, width=4)
        c.text((PAD + 50, y + 2), words.message(wait.question, locale), t.label, max_width=width - 2 * PAD - 50)
        y += 52
    return y + 16 if view.awaiting else y + 52 + 16


def person_card(c: NotreDameCanvas, x: int, y: int, w: int, person: PersonView, view: NotreDameView,
                locale: str, h: int = PERSON_H) -> int:
    """A person of the round: name, benefit, rats, and who paid for it. Returns the y below it."""
    theme, t = c.theme, c.theme.type
    grey = person.id not in BROWN
    band = theme.persons["grey" if grey else "brown"]
    name = words.person(person.id, locale)
    size = t.heading if c.width(name, t.heading, "condensed_bold") <= w - 32 else MIN_SIZE
    lines = c.wrap(name, size, "condensed_bold", w - 32)
    top = 56 if len(lines) == 1 else 92
    c.box((x, y, x + w, y + h), fill=theme.card, outline=theme.line, width=2)
    c.box((x, y, x + w, y + top), fill=band, outline=theme.line, width=2)
    c.paragraph((x + 16, y + (top - round(size * 1.15) * len(lines)) // 2), name, size, w - 32, face="bold",
                fill=ink_on(band, theme), max_lines=2, leading=1.15)
    c.paragraph((x + 16, y + top + 10), words.t(f"effect.{person.id}", locale), MIN_SIZE, w - 32, max_lines=3,
                         leading=1.15)
    ry = y + h - 32
    for i in range(person.rats):
        glyphs.rat(c, x + 34 + i * 46, ry, 14)
    if not person.rats:
        c.text((x + 16, ry), words.t("no_rats", locale), MIN_SIZE, face="condensed_bold", fill=theme.soft_ink,
               anchor="lm")
    for i, seat in enumerate(person.paid_by):
        fill = theme.players[view.players[seat].colour]
        cx = x + w - 32 - i * 44
        c.draw.ellipse((cx - 18, ry - 18, cx + 18, ry + 18), fill=fill, outline=glyphs.edge_of(fill, theme.ink),
                       width=3)
    return y + h


def _table(c: NotreDameCanvas, x: int, y: int, view: NotreDameView, locale: str) -> int:
    """The plague of the round and the coins left in the treasury."""
    t = c.theme.type
    glyphs.rat(c, x + 22, y + 24, 16)
    c.text((x + 50, y + 24), words.t("plague", locale, n=view.plague), t.label, anchor="lm", max_width=SIDE_W - 50)
    y += 56
    glyphs.coin(c, x + 22, y + 24, 17)
    c.text((x + 50, y + 24), words.t("treasury", locale, n=view.treasury), t.label, anchor="lm",
           max_width=SIDE_W - 50)
    return y + 56


LEGEND_H = 80


def symbols(c: NotreDameCanvas, x: int, y: int, w: int, locale: str) -> None:
    """What the figures of a player's row stand for."""
    theme = c.theme
    cy = y + 24
    items = (("coin", "coins"), ("cube", "supply"), ("star", "prestige"), ("cathedral", "at_notre_dame"))
    for what, key in items:
        if what == "coin":
            glyphs.coin(c, x + 18, cy, 17)
        elif what == "cube":
            glyphs.cube(c, x + 3, cy - 15, 30, theme.soft_ink)
        elif what == "star":
            glyphs.star(c, x + 18, cy, 20, theme.prestige)
        else:
            glyphs.cathedral(c, x + 2, cy - 18, 36)
        x = c.text((x + 44, cy), words.t(f"legend.{key}", locale), MIN_SIZE, face="condensed_bold", anchor="lm",
                   max_width=w // 4 - 50)[2] + 28


def _legend(c: NotreDameCanvas, x: int, y: int, locale: str) -> None:
    theme = c.theme
    for i in range(4):
        glyphs.message(c, x + 28, y + 28 + i * 52, 24, theme.players["green"], i + 1)
        c.text((x + 64, y + 28 + i * 52), words.t(f"reward.{i + 1}", locale), MIN_SIZE, face="condensed_bold",
               anchor="lm", max_width=SIDE_W - 64)
