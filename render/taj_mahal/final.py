"""The final score: one row per player, best first, points by source, the dummies' scores beside, and a note
when the best score is shared (the rulebook has no tie-break)."""

from __future__ import annotations

from PIL import Image

from engine.taj_mahal.view import TajMahalView
from render.kit import Canvas, mix

from . import glyphs, words
from .theme import THEME, TajMahalTheme

WIDTH = 1400
PAD = 24
ROW = 64
NAME_W = 320
SOURCES = ("bonus", "palaces", "provinces", "special", "end_specials", "end_white", "end_colour")


def render_final(view: TajMahalView, theme: TajMahalTheme = THEME, locale: str = "en") -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score exists only once the game is over")
    t = theme.type
    rows = [(p, score.scores[p.seat], True) for s in score.ranking for p in view.players if p.seat == s]
    rows += [(p, p.score, False) for p in view.players if p.seat is None]
    columns = [*SOURCES, "total"]
    header_h = 56
    height = PAD + 70 + header_h + ROW * len(rows) + 160 + PAD
    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    c.text((PAD, PAD), words.t("final.title", locale), t.title)
    # Each column as wide as its heading needs ("provinces" more than "bonus"), the room left shared out.
    headings = [words.t(f"final.{key}", locale) for key in columns]
    needs = [c.width(h, t.small, "condensed_bold") + 14 for h in headings]
    spare = (WIDTH - 2 * PAD - 60 - NAME_W - sum(needs)) / len(columns)
    widths = [need + spare for need in needs]
    centres = [PAD + 60 + NAME_W + sum(widths[:i]) + widths[i] / 2 for i in range(len(columns))]
    top = PAD + 70
    for heading, cx, w in zip(headings, centres, widths, strict=True):
        c.text((cx, top + 20), heading, t.small, face="condensed_bold", fill=theme.soft_ink, anchor="mm",
               max_width=round(w) - 6)
    y = top + header_h
    best = score.scores[score.ranking[0]]
    place = 0
    for p, total, ranked in rows:
        place += ranked
        winner = ranked and total == best
        fill = mix(theme.card, theme.gold, 0.35) if winner else theme.card
        if not ranked:
            fill = mix(theme.card, theme.done_veil[:3], 0.25)
        c.box((PAD, y + 4, WIDTH - PAD, y + ROW - 4), fill=fill, outline=theme.line, width=2, radius=8)
        c.text((PAD + 30, y + ROW // 2), str(place) if ranked else "–", t.heading, anchor="mm")
        glyphs.chip(c, PAD + 60, y + 10, p.colour, p.seat is None, locale, h=ROW - 20, min_w=NAME_W - 20,
                    max_w=NAME_W - 20)
        for key, cx in zip(columns, centres, strict=True):
            value = total if key == "total" else p.points.get(key, 0)
            c.text((cx, y + ROW // 2), str(value), t.heading if key == "total" else t.label, anchor="mm")
        y += ROW
    notes = []
    if score.shared:
        notes.append(words.t("final.shared", locale))
    if len(rows) > len(score.ranking):
        notes.append(words.t("final.dummies", locale))
    if notes:
        y = c.paragraph((PAD, y + 16), " ".join(notes), t.small, WIDTH - 2 * PAD, face="condensed_bold", max_lines=3)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    return image
