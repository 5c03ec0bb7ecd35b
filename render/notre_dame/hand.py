"""A player's private cards, from their own view: the draft's choice, the cards kept, and their supplies."""

from __future__ import annotations

from PIL import Image

from engine.notre_dame.state import colour_of, kind_of
from engine.notre_dame.view import NotreDameView, PlayerView
from render.kit import MIN_SIZE, Canvas, ink_on

from . import glyphs, words
from .board import palette
from .theme import THEME, NotreDameCanvas, NotreDameTheme

WIDTH = 1080
PAD = 24
CARD_W = (WIDTH - 2 * PAD - 2 * 18) // 3
CARD_H = 270


def render_hand(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is None:
        raise ValueError("a hand is drawn from its owner's own view")
    me = view.players[view.viewer]
    if me.hand is None or me.offer is None:
        raise ValueError("this view does not hold the viewer's cards")
    rows = [("offer", me.offer), ("hand", me.hand)]
    rows = [(key, cards) for key, cards in rows if cards] or [("empty", [])]
    height = PAD + 64 + 70 + sum(56 + (CARD_H + 24 if cards else 0) for _, cards in rows) + PAD
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    fill = theme.players[me.colour]
    glyphs.chip(c, PAD, PAD, 220, 56, fill, words.player(me.colour, locale), theme.type.label)
    c.text((PAD + 240, PAD + 28), words.t("hand.title", locale), theme.type.heading, anchor="lm",
           max_width=WIDTH - PAD * 2 - 240)
    y = _supplies(c, PAD + 76, me, locale)
    for key, cards in rows:
        c.text((PAD, y), words.t(f"hand.{key}", locale), theme.type.label, max_width=WIDTH - 2 * PAD)
        y += 56
        for i, card in enumerate(cards):
            _card(c, PAD + i * (CARD_W + 18), y, card, locale)
        y += CARD_H + 24 if cards else 0
    c.image.info["labels"] = c.labels
    c.image.info["palette"] = palette(theme, locale)
    return c.image


def _supplies(c: NotreDameCanvas, y: int, me: PlayerView, locale: str) -> int:
    theme = c.theme
    glyphs.coin(c, PAD + 18, y + 24, 17)
    x = c.text((PAD + 44, y + 24), words.t("hand.coins", locale, what=words.count("coin", me.coins)), theme.type.label, anchor="lm")[2] + 28
    glyphs.cube(c, x, y + 9, 30, theme.players[me.colour])
    x = c.text((x + 42, y + 24), words.t("hand.supply", locale, what=words.count("cube", me.supply)), theme.type.label, anchor="lm")[2] + 28
    glyphs.star(c, x + 18, y + 24, 20, theme.prestige)
    c.text((x + 44, y + 24), words.t("hand.prestige", locale, what=words.count("prestige", me.prestige or 0)), theme.type.label, anchor="lm",
           max_width=WIDTH - PAD - x - 44)
    return y + 70


def _card(c: NotreDameCanvas, x: int, y: int, card: str, locale: str) -> None:
    """An action card: its owner's colour on top, its name, what it does."""
    theme = c.theme
    colour = theme.players[colour_of(card)]
    kind = kind_of(card)
    c.box((x, y, x + CARD_W, y + CARD_H), fill=theme.card, outline=glyphs.edge_of(colour, theme.ink), width=4,
          radius=14)
    c.box((x, y, x + CARD_W, y + 70), fill=colour, outline=glyphs.edge_of(colour, theme.ink), width=4, radius=14)
    c.paragraph((x + 14, y + 12), words.card(kind, locale), theme.type.label, CARD_W - 28, face="bold",
                fill=ink_on(colour, theme), max_lines=2, leading=1.0)
    c.paragraph((x + 14, y + 86), words.t(f"card.{kind}", locale), MIN_SIZE, CARD_W - 28, max_lines=6, leading=1.15)
