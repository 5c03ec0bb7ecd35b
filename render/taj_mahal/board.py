"""The public board: the whole map with every city named and every province tile's goods, what is at stake,
the display, each player's cards in play this visit (card by card, with their symbol totals), what they hold,
and a legend of the symbols, goods and bonus tiles.

Drawn from the public view only (a seat's own view holds its hand and the card it picked, and is refused).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.taj_mahal.view import PlayerView, TajMahalView
from engine.taj_mahal.vocab import GOODS, SYMBOLS
from render.kit import Canvas, mix, palette_of

from . import glyphs, mapview, panels, words
from .theme import THEME, TajMahalCanvas, TajMahalTheme

WIDTH = 1600
PAD = 28
INNER = WIDTH - 2 * PAD
CARD_W, CARD_H, CARD_GAP = 62, 104, 8


def render_board(view: TajMahalView, theme: TajMahalTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the board is drawn from the public view (seat None), never from a player's own view")
    image = _draw(view, theme, locale)
    image.info["palette"] = palette(theme, view.map)
    return image


def _draw(view: TajMahalView, theme: TajMahalTheme, locale: str) -> Image.Image:
    c = Canvas(Image.new("RGB", (WIDTH, 5000), theme.paper), theme)
    y = panels.header(c, PAD, PAD, INNER, view, locale)
    columns = 4 if view.map == 12 else 3
    g = mapview.Geometry(PAD, y, INNER // columns, view.map)
    mapview.draw(c, g, view, locale, names=True)
    y += g.height + 20
    if not view.over:
        half = INNER // 2
        bottom = panels.court(c, PAD, y, half, view, locale)
        y = max(bottom, panels.display(c, PAD + half, y, half, view, locale)) + 10
    for p in panels.in_order(view):
        y = panels.player_row(c, PAD, y, INNER, p, view, locale)
        y = _played(c, PAD, y, INNER, p) + 12
    y = _legend(c, PAD, y + 8, INNER, locale)
    y = panels.signs(c, PAD, y, INNER, locale)
    y = panels.latest(c, PAD, y + 8, INNER, view, locale, n=6)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    return image


def _played(c: TajMahalCanvas, x: int, y: int, width: int, p: PlayerView) -> int:
    """The player's cards in play this visit, in the order played, under their row."""
    if not p.played:
        return y
    top = y + 8
    for i, kind in enumerate(p.played):
        glyphs.card(c, x + 20 + i * (CARD_W + CARD_GAP), top, CARD_W, CARD_H, kind)
    return top + CARD_H


def _legend(c: TajMahalCanvas, x: int, y: int, width: int, locale: str) -> int:
    """What the symbols, the goods and the bonus tiles are."""
    theme = c.theme
    size = theme.type.small
    cx, row = x, y + 24
    for name in SYMBOLS:
        glyphs.symbol(c, cx + 20, row, 20, name)
        cx = c.text((cx + 48, row), words.name("symbol", name, locale), size, face="condensed", anchor="lm")[2] + 28
    cx, row = x, row + 60
    for name in GOODS:
        glyphs.good(c, cx + 18, row, 16, name)
        cx = c.text((cx + 44, row), words.name("good", name, locale), size, face="condensed", anchor="lm")[2] + 28
    for kind in ("plus-points", "plus-card", "taj"):
        glyphs.bonus_tile(c, cx + 26, row, 50, kind)
        cx = c.text((cx + 62, row), words.t(f"bonus.{kind}", locale), size, face="condensed", anchor="lm")[2] + 28
    cx, row = x, row + 60
    glyphs.city(c, cx + 18, row, 16, fortress=True)
    cx = c.text((cx + 44, row), words.t("fortress", locale), size, face="condensed", anchor="lm")[2] + 28
    glyphs.palace(c, cx + 18, row + 4, 30, theme.players["blue"])
    cx = c.text((cx + 44, row), words.t("palace", locale), size, face="condensed", anchor="lm")[2] + 28
    glyphs.palace(c, cx + 18, row + 8, 30, theme.players["blue"], crown=True)
    c.text((cx + 44, row), words.t("crown_palace", locale), size, face="condensed", anchor="lm")
    return row + 40


@lru_cache(maxsize=8)
def palette(theme: TajMahalTheme, provinces: int) -> Image.Image:
    """The 256 colours of Taj Mahal's pictures, chosen once: mapping a picture onto a known palette is several
    times quicker than choosing one for each (render/kit/encode.py)."""
    from engine.taj_mahal import GAME

    view = GAME.view(GAME.new_game({"provinces": provinces}, 5, 0), None)
    assert isinstance(view, TajMahalView)
    sample = _draw(view, theme, "en")
    swatch = Canvas(Image.new("RGB", (1600, 240), theme.paper), theme)
    colours = [*theme.players.values(), *theme.cards.values(), *theme.symbols.values(), *theme.goods.values(),
               *theme.provinces.values(), theme.changed, theme.current, theme.gold, theme.fortress, theme.road]
    for i, colour in enumerate(colours):
        x, y = (i % 40) * 40, (i // 40) * 80
        swatch.draw.rectangle((x, y, x + 39, y + 39), fill=colour)
        swatch.draw.rectangle((x, y + 40, x + 39, y + 79), fill=mix(colour, theme.done_veil[:3], 0.35))
        swatch.text((x + 4, y + 120), "Ag", theme.type.small, fill=theme.ink)
    return palette_of(sample, swatch.image)
