"""A player's private hand, from their own view: their cards with what each does, their means, and their
player board (the buildings built, and the price and power of the others)."""

from __future__ import annotations

from PIL import Image

from engine.yspahan.view import YspahanView
from engine.yspahan.vocab import BUILDINGS
from render.kit import MIN_SIZE, Canvas

from . import glyphs, panels, words
from .palette import palette
from .theme import THEME, YspahanCanvas, YspahanTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD
CARD_W = (INNER - 18) // 2
CARD_H = 172
TILE_W = (INNER - 18) // 2
TILE_H = 160


def render_hand(view: YspahanView, theme: YspahanTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is None:
        raise ValueError("a hand is drawn from its owner's own view")
    me = view.players[view.viewer]
    if me.hand is None:
        raise ValueError("this view does not hold the viewer's cards")
    card_rows = (len(me.hand) + 1) // 2
    cards_h = card_rows * (CARD_H + 18) if card_rows else 64
    height = PAD + 70 + 64 + 56 + cards_h + 56 + 3 * (TILE_H + 18) + PAD
    c: YspahanCanvas = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    w = panels.chip(c, PAD, PAD, me.colour, locale, h=52)
    c.text((PAD + w + 20, PAD + 26), words.t("hand.title", locale), theme.type.heading, anchor="lm",
           max_width=INNER - w - 20)
    y = PAD + 70
    c.text((PAD, y + 24), words.t("points", locale, n=me.score), theme.type.label, anchor="lm")
    panels.stats(c, me, WIDTH - PAD, y + 24)
    y += 64
    c.text((PAD, y), words.t("hand.cards", locale, n=len(me.hand)), theme.type.heading)
    y += 56
    if not me.hand:
        c.text((PAD, y + 20), words.t("hand.no_cards", locale), MIN_SIZE, fill=theme.soft_ink, anchor="lm")
    for i, card in enumerate(me.hand):
        _card(c, PAD + (i % 2) * (CARD_W + 18), y + (i // 2) * (CARD_H + 18), card, locale)
    y += cards_h
    c.text((PAD, y), words.t("hand.buildings", locale), theme.type.heading)
    y += 56
    for i, building in enumerate(BUILDINGS):
        built = me.buildings.index(building) + 1 if building in me.buildings else None
        panels.building_tile(c, PAD + (i % 2) * (TILE_W + 18), y + (i // 2) * (TILE_H + 18), TILE_W, TILE_H,
                             building, built, locale, power=True)
    c.image.info["labels"] = c.labels
    c.image.info["palette"] = palette(theme)
    return c.image


def _card(c: YspahanCanvas, x: int, y: int, card: str, locale: str) -> None:
    """A card: its name and what it does (any card may instead be discarded for one more die)."""
    theme = c.theme
    c.box((x, y, x + CARD_W, y + CARD_H), fill=theme.card, outline=theme.card_back, width=3, radius=12)
    glyphs.card(c, x + 12, y + 12, 26)
    c.text((x + 50, y + 12), words.name("card", card, locale), theme.type.label, max_width=CARD_W - 62)
    c.paragraph((x + 12, y + 60), words.name("card_effect", card, locale), MIN_SIZE, CARD_W - 24,
                face="condensed", fill=theme.soft_ink, max_lines=3, leading=1.1)
