"""A player's private hand, from their own view: the cards by colour, the special cards, the colour they play
this visit, and what the hand would score at the end of the game."""

from __future__ import annotations

from PIL import Image

from engine.taj_mahal.view import TajMahalView
from engine.taj_mahal.vocab import CARD_COLOURS, SPECIALS, card_colour
from render.kit import Canvas

from . import glyphs, words
from .theme import THEME, TajMahalTheme

WIDTH = 1080
PAD = 24
CARD_W, CARD_H, GAP = 96, 156, 12


def render_hand(view: TajMahalView, theme: TajMahalTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is None:
        raise ValueError("a hand is drawn from its owner's own view")
    me = next(p for p in view.players if p.seat == view.viewer)
    hand = me.hand or []
    t = theme.type
    groups = [(colour, [k for k in hand if card_colour(k) == colour]) for colour in (*CARD_COLOURS, "white")]
    groups = [(colour, cards) for colour, cards in groups if cards]
    per_row = (WIDTH - 2 * PAD + GAP) // (CARD_W + GAP)
    rows = sum((len(cards) + per_row - 1) // per_row for _, cards in groups)
    height = PAD + 200 + len(groups) * 60 + rows * (CARD_H + GAP) + (2 * CARD_H + 110 if me.specials else 0) + 120
    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    right = glyphs.chip(c, PAD, PAD, me.colour, False, locale, h=52)
    c.text((right + 20, PAD + 26), words.t("hand_title", locale, n=me.hand_size), t.heading, anchor="lm",
           max_width=WIDTH - PAD - right - 20)
    y = PAD + 72
    if me.visit_colour is not None and not view.over:
        colour = words.name("colour_name", me.visit_colour, locale)
        c.text((PAD, y), words.t("hand_colour", locale, colour=colour), t.label, fill=theme.soft_ink,
               max_width=WIDTH - 2 * PAD)
        y += 48
    if view.picked is not None:
        c.text((PAD, y), words.t("hand_picked", locale, card=words.message(_card(view.picked), locale)), t.label,
               max_width=WIDTH - 2 * PAD)
        y += 48
    if not hand and not me.specials:
        c.text((PAD, y + 10), words.t("hand_empty", locale), t.label, fill=theme.soft_ink)
        y += 60
    for colour, cards in groups:
        name = words.name("colour_name", colour, locale) if colour != "white" else words.t("white_cards", locale)
        c.text((PAD, y + 6), f"{name.capitalize()} · {len(cards)}", t.label)
        y += 52
        for i, kind in enumerate(sorted(cards)):
            if i and i % per_row == 0:
                y += CARD_H + GAP
            x = PAD + (i % per_row) * (CARD_W + GAP)
            glyphs.card(c, x, y, CARD_W, CARD_H, kind, ring=theme.current if kind == view.picked else None)
        y += CARD_H + GAP + 8
    if me.specials:
        c.text((PAD, y + 6), words.t("specials", locale), t.label)
        y += 52
        half = (WIDTH - 2 * PAD) // 2
        for i, kind in enumerate(s for s in SPECIALS if s in me.specials):
            x = PAD + (i % 2) * half
            if i and i % 2 == 0:
                y += CARD_H + GAP
            glyphs.card(c, x, y, CARD_W, CARD_H, kind)
            c.paragraph((x + CARD_W + 14, y + 10), words.name("special", kind, locale), t.small,
                        half - CARD_W - 28, face="condensed_bold", max_lines=3)
        y += CARD_H + GAP + 8
    worth = me.hand_worth()
    c.paragraph((PAD, y + 8), words.t("hand_worth", locale, total=sum(worth.values()), specials=worth["end_specials"],
                                      white=worth["end_white"], colour=worth["end_colour"]), theme.type.small,
                WIDTH - 2 * PAD, face="condensed", fill=theme.soft_ink, max_lines=2)
    image = c.image.crop((0, 0, WIDTH, y + 100))
    image.info["labels"] = c.labels
    return image


def _card(kind: str) -> dict[str, object]:
    from engine.taj_mahal.words import card

    return card(kind)
