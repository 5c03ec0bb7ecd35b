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
from render.kit.marks import disc

from . import city, glyphs, words
from .panels import PANEL_H, panel
from .theme import THEME, NotreDameCanvas, NotreDameTheme

WIDTH = 1600
PAD = 24
MAP = 1000
SIDE_X = PAD + MAP + 24
SIDE_W = WIDTH - SIDE_X - PAD


def render_board(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the board is drawn from the public view (seat None), never from a player's own view")
    room = PAD + header_height(view) + 2 * MAP + (PANEL_H + 12) * view.seats + LEGEND_H  # cut to size below
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, room), theme.paper), theme)
    y = header(c, view, locale, WIDTH)
    city.paint(c, view, PAD, y, MAP, locale)
    side = y
    for person in view.persons:
        side = person_card(c, SIDE_X, side, SIDE_W, person, view, locale,
                           person_height(c, person, SIDE_W, locale)) + 12
    side = _table(c, SIDE_X, side, view, locale)
    side = _legend(c, SIDE_X, side + 8, locale)
    sections = {"city": (0, y - 12, SIDE_X - 12, y + MAP + 12), "persons": (SIDE_X - 12, y - 12, WIDTH, side + 12)}
    y = quarters(c, PAD, max(y + MAP, side) + 24, WIDTH - 2 * PAD, view, locale)
    image = c.image.crop((0, 0, WIDTH, y))
    image.info["labels"] = c.labels
    image.info["sections"] = sections
    image.info["palette"] = palette(theme, locale)
    return image


def quarters(c: NotreDameCanvas, x: int, y: int, width: int, view: NotreDameView, locale: str) -> int:
    """Every player's quarter, then what its figures stand for; returns the y below."""
    for p in view.players:
        y += panel(c, x, y, width, p, view, locale, changed=touched(view, p.seat)) + 12
    return symbols(c, x, y + 4, width, locale)


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
        disc(c.draw, theme, PAD + 18, y + 20, 18, fill, glyphs.edge_of(fill, theme.ink))
        c.text((PAD + 50, y + 2), words.message(wait.question, locale), t.label, max_width=width - 2 * PAD - 50)
        y += 52
    return y + 16 if view.awaiting else y + 52 + 16


def person_height(c: NotreDameCanvas, person: PersonView, w: int, locale: str) -> int:
    """The height of a person's card: its name on one line or two, its whole effect, its row of rats."""
    lines, size, _, _ = _person_name(c, person, w, locale)
    effect = c.wrap(words.t(f"effect.{person.id}", locale), MIN_SIZE, "condensed", w - 32)
    return _band(lines, size) + 10 + len(effect) * round(MIN_SIZE * EFFECT_LEADING) + 56


EFFECT_LEADING = 1.15


def _person_name(c: NotreDameCanvas, person: PersonView, w: int,
                 locale: str) -> tuple[list[str], int, str, bool]:
    """The name in the card's band, measured in the face it is drawn in: on one line if it fits, else on two,
    as large as they fit; the flag says it was cut (when even two lines at the smallest size are too few)."""
    return c.fit_lines(words.person(person.id, locale), c.theme.type.heading, "bold", w - 32, max_lines=2,
                       smallest=MIN_SIZE)


def _band(lines: list[str], size: int) -> int:
    return 20 + round(size * 1.15) * len(lines)


def person_card(c: NotreDameCanvas, x: int, y: int, w: int, person: PersonView, view: NotreDameView,
                locale: str, h: int) -> int:
    """A person of the round: name, benefit, rats, and who paid for it, on a card `h` tall (at least its
    `person_height`). Returns the y below it."""
    theme = c.theme
    grey = person.id not in BROWN
    band = theme.persons["grey" if grey else "brown"]
    lines, size, face, cut = _person_name(c, person, w, locale)
    top = _band(lines, size)
    c.box((x, y, x + w, y + h), fill=theme.card, outline=theme.line, width=2)
    c.box((x, y, x + w, y + top), fill=band, outline=theme.line, width=2)
    for i, line in enumerate(lines):
        c.text((x + 16, y + 10 + i * round(size * 1.15)), line, size, face=face, fill=ink_on(band, theme),
               cut=cut and i == len(lines) - 1)
    c.paragraph((x + 16, y + top + 10), words.t(f"effect.{person.id}", locale), MIN_SIZE, w - 32,
                leading=EFFECT_LEADING)
    ry = y + h - 32
    for i in range(person.rats):
        glyphs.rat(c, x + 34 + i * 46, ry, 14)
    if not person.rats:
        c.text((x + 16, ry), words.t("no_rats", locale), MIN_SIZE, face="condensed_bold", fill=theme.soft_ink,
               anchor="lm")
    for i, seat in enumerate(person.paid_by):
        fill = theme.players[view.players[seat].colour]
        cx = x + w - 32 - i * 44
        disc(c.draw, theme, cx, ry, 18, fill, glyphs.edge_of(fill, theme.ink))
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


LEGEND_H = 2 * 52 + 24


def symbols(c: NotreDameCanvas, x0: int, y: int, w: int, locale: str) -> int:
    """What the figures of a player's row stand for, two to a row. Returns the y below them and the margin."""
    theme = c.theme
    items = (("coin", "coins"), ("cube", "supply"), ("star", "prestige"), ("cathedral", "at_notre_dame"))
    for i, (what, key) in enumerate(items):
        x, cy = x0 + (i % 2) * (w // 2), y + 24 + (i // 2) * 52
        if what == "coin":
            glyphs.coin(c, x + 18, cy, 17)
        elif what == "cube":
            glyphs.cube(c, x + 3, cy - 15, 30, theme.soft_ink)
        elif what == "star":
            glyphs.star(c, x + 18, cy, 20, theme.prestige)
        else:
            glyphs.cathedral(c, x + 2, cy - 18, 36)
        c.text((x + 44, cy), words.t(f"legend.{key}", locale), MIN_SIZE, face="condensed_bold", anchor="lm",
               max_width=w // 2 - 60)
    return y + LEGEND_H


def _legend(c: NotreDameCanvas, x: int, y: int, locale: str) -> int:
    theme = c.theme
    for i in range(4):
        glyphs.message(c, x + 28, y + 28 + i * 52, 24, theme.players["green"], i + 1)
        c.text((x + 64, y + 28 + i * 52), words.t(f"reward.{i + 1}", locale), MIN_SIZE, face="condensed_bold",
               anchor="lm", max_width=SIDE_W - 64)
    return y + 4 * 52
