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
    west = PAD + (columns + 1) // 2 * g.cell  # where /board's parts cut the map in two
    sections = {"map west": (0, y, west, y + g.height), "map east": (west, y, WIDTH, y + g.height)}
    y += g.height + 20
    if not view.over:
        half = INNER // 2
        bottom = panels.court(c, PAD, y, half, view, locale)
        top, y = y, max(bottom, panels.display(c, PAD + half, y, half, view, locale)) + 10
        sections |= {"court": (0, top, PAD + half, y), "display": (PAD + half, top, WIDTH, y)}
    y = legend(c, PAD, players(c, PAD, y, INNER, view, locale), INNER, view, locale)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    image.info["sections"] = sections
    return image


def players(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str) -> int:
    """Every player's row in the visit's order, with the cards they have in play under it; returns the y below."""
    for p in panels.in_order(view):
        y = panels.player_row(c, x, y, width, p, view, locale)
        y = _played(c, x, y, width, p) + 12
    return y


def legend(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str) -> int:
    """What the symbols and signs mean, then the latest moves; returns the y below."""
    y = _legend(c, x, y + 8, width, locale)
    y = panels.signs(c, x, y, width, locale)
    return panels.latest(c, x, y + 8, width, view, locale, n=6)


def _played(c: TajMahalCanvas, x: int, y: int, width: int, p: PlayerView) -> int:
    """The player's cards in play this visit, in the order played, under their row."""
    if not p.played:
        return y
    top = y + 8
    for i, kind in enumerate(p.played):
        glyphs.card(c, x + 20 + i * (CARD_W + CARD_GAP), top, CARD_W, CARD_H, kind)
    return top + CARD_H


def _legend(c: TajMahalCanvas, x: int, y: int, width: int, locale: str) -> int:
    """What the symbols, the goods and the bonus tiles, and the buildings are: a group to a line, as many of
    its entries on a line as fit `width`."""
    size = c.theme.type.small
    groups = [[("symbol", name, 48, words.name("symbol", name, locale)) for name in SYMBOLS],
              [("good", name, 44, words.name("good", name, locale)) for name in GOODS]
              + [("bonus", kind, 62, words.t(f"bonus.{kind}", locale)) for kind in ("plus-points", "plus-card", "taj")],
              [("building", key, 44, words.t(key, locale)) for key in ("fortress", "palace", "crown_palace")]]
    row = y + 24
    for n, group in enumerate(groups):
        cx = x
        row += 60 if n else 0
        for what, name, icon, text in group:
            if cx > x and cx + icon + c.width(text, size, "condensed") > x + width:
                cx, row = x, row + 60
            _icon(c, what, name, cx, row)
            cx = c.text((cx + icon, row), text, size, face="condensed", anchor="lm")[2] + 28
    return row + 40


def _icon(c: TajMahalCanvas, what: str, name: str, x: int, cy: int) -> None:
    """The picture of a legend's entry, its middle left at (x, cy)."""
    blue = c.theme.players["blue"]
    if what == "symbol":
        glyphs.symbol(c, x + 20, cy, 20, name)
    elif what == "good":
        glyphs.good(c, x + 18, cy, 16, name)
    elif what == "bonus":
        glyphs.bonus_tile(c, x + 26, cy, 50, name)
    elif name == "fortress":
        glyphs.city(c, x + 18, cy, 16, fortress=True)
    else:
        glyphs.palace(c, x + 18, cy + (8 if name == "crown_palace" else 4), 30, blue, crown=name == "crown_palace")


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
