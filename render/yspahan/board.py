"""The whole public table (`/board`): the city with its souks, cubes and road; the dice tower; the caravan;
the deck and the face-up discards; every player's board with the buildings built and still to build; and a
legend. Drawn from the public view only: a hand shows only its size (see tests/render/yspahan)."""

from __future__ import annotations

from collections import Counter

from PIL import Image

from engine.yspahan.view import YspahanView
from engine.yspahan.vocab import BUILDINGS, CARDS
from render.kit import MIN_SIZE, Canvas

from . import city, glyphs, panels, words
from .palette import palette
from .theme import THEME, YspahanCanvas, YspahanTheme

WIDTH = 1600
PAD = 24
UNIT = 64
SIDE_X = PAD + 18 * UNIT + 32
SIDE_W = WIDTH - PAD - SIDE_X
PANEL_W = (WIDTH - 2 * PAD - 24) // 2
TILE_H = 84


def render_board(view: YspahanView, theme: YspahanTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the board is drawn from the public view (seat None), never from a player's own view")
    c: YspahanCanvas = Canvas(Image.new("RGB", (WIDTH, 4000), theme.paper), theme)
    y = panels.header(c, view, locale, PAD, PAD, WIDTH - 2 * PAD)
    city.paint(c, view, PAD, y, UNIT, locale)
    side = y + panels.tower(c, view, SIDE_X, y, SIDE_W, locale) + 24
    side += panels.caravan(c, view, SIDE_X, side, SIDE_W, locale) + 24
    side = _cards(c, view, SIDE_X, side, SIDE_W, locale)
    road = PAD + city.centre_column(UNIT)  # /board's areas cut the city there: west quarters, road and east ones
    bottom = y + city.size(UNIT)[1] + 12
    sections = {"city west": (0, y, road, bottom), "city east": (road, y, SIDE_X - 16, bottom),
                "market": (SIDE_X - 16, y, WIDTH, side)}
    y = panels.latest(c, view, PAD, max(y + city.size(UNIT)[1], side) + 24, WIDTH - 2 * PAD, locale, n=4)
    top = y
    for i, p in enumerate(view.players):
        x = PAD + (i % 2) * (PANEL_W + 24)
        if i % 2 == 0 and i:
            y += _panel_h() + 24
        _panel(c, view, p.seat, x, y, locale)
    y += _panel_h() + 24
    middle = PAD + PANEL_W + 12
    sections |= {"players left": (0, top - 8, middle, y - 16), "players right": (middle, top - 8, WIDTH, y - 16)}
    y = legend(c, PAD, y, WIDTH - 2 * PAD, locale)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    image.info["sections"] = sections
    image.info["palette"] = palette(theme)
    return image


def _cards(c: YspahanCanvas, view: YspahanView, x: int, y: int, width: int, locale: str) -> int:
    """The deck (face down, its size) and the discards (face up: which cards and how many); returns the y below."""
    theme = c.theme
    glyphs.card(c, x, y, 34)
    c.text((x + 48, y + 24), words.t("deck", locale, n=view.deck), theme.type.label, anchor="lm", max_width=width - 48)
    y += 64
    c.text((x, y), words.t("discards", locale, n=len(view.discards)), MIN_SIZE, fill=theme.soft_ink)
    y += 40
    counts = Counter(view.discards)
    for card in CARDS:
        if counts[card]:
            y = c.paragraph((x + 8, y), f"{counts[card]} × {words.name('card', card, locale)}", MIN_SIZE, width - 8,
                            face="condensed_bold", fill=theme.ink, max_lines=2, leading=1.1) + 4
    return y


def _panel_h() -> int:
    """Name and means, two rows of buildings, the parts of the score on up to two lines."""
    return 70 + 2 * (TILE_H + 10) + 2 * PARTS_LINE + 16


PARTS_LINE = round(MIN_SIZE * 1.2)


def _panel(c: YspahanCanvas, view: YspahanView, seat: int, x: int, y: int, locale: str) -> None:
    """A player's board: name, score and means, then the six buildings in two rows."""
    theme = c.theme
    p = view.players[seat]
    asked = any(wait.seat == seat for wait in view.awaiting)
    c.box((x, y, x + PANEL_W, y + _panel_h()), fill=theme.card, outline=theme.current if asked else theme.line,
          width=5 if asked else 2, radius=12)
    if f"player:{seat}" in view.last_changed:
        c.box((x - 5, y - 5, x + PANEL_W + 5, y + _panel_h() + 5), outline=theme.changed, width=4, radius=15)
    panels.chip(c, x + 14, y + 14, p.colour, locale)
    c.text((x + 14 + panels.chip_width(c, p.colour, locale) + 14, y + 36), words.t("points", locale, n=p.score),
           theme.type.label, anchor="lm")
    panels.stats(c, p, x + PANEL_W - 14, y + 36)
    tile_w = (PANEL_W - 2 * 14 - 2 * 10) // 3
    for i, building in enumerate(BUILDINGS):
        built = p.buildings.index(building) + 1 if building in p.buildings else None
        tx = x + 14 + (i % 3) * (tile_w + 10)
        ty = y + 70 + (i // 3) * (TILE_H + 10)
        panels.building_tile(c, tx, ty, tile_w, TILE_H, building, built, locale)
    parts = " · ".join(f"{words.t('kind.' + kind, locale)} {value}" for kind, value in p.points.items() if value)
    c.paragraph((x + 14, y + 70 + 2 * (TILE_H + 10) + 4), parts or words.t("no_points", locale), MIN_SIZE,
                PANEL_W - 28, face="condensed_bold", fill=theme.soft_ink, max_lines=2)


def legend(c: YspahanCanvas, x: int, y: int, width: int, locale: str) -> int:
    theme = c.theme
    c.text((x, y), words.t("legend.title", locale), theme.type.heading)
    y += 48
    for key in ("road", "souks", "caravan", "dice", "rings"):
        y = c.paragraph((x + 8, y), words.t(f"legend.{key}", locale), MIN_SIZE, width - 8,
                        face="condensed", fill=theme.ink, max_lines=4, leading=1.15) + 6
    return y
