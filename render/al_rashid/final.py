"""The final score: one row per family, best first, points by category, and the tie-break when it decided."""

from __future__ import annotations

from PIL import Image

from engine.al_rashid.view import AlRashidView
from engine.core.messages import has_key
from render.kit import Canvas, mix

from . import glyphs, words
from .theme import THEME, AlRashidTheme

WIDTH = 1300
PAD = 24
ROW = 64
CATEGORIES = ("family", "charges", "influence", "dishonour")


def render_final(view: AlRashidView, theme: AlRashidTheme = THEME, locale: str = "en") -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score exists only once the game is over")
    t = theme.type
    categories = [k for k in CATEGORIES if any(k in b for b in score.breakdown.values())]
    categories += sorted({k for b in score.breakdown.values() for k in b} - set(categories))
    show_gold = score.tiebreak_used is not None
    columns = [*categories, *(["gold"] if show_gold else []), "total"]
    height = PAD + 70 + 90 + ROW * len(score.ranking) + (70 if show_gold else 10) + PAD
    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    c.text((PAD, PAD), words.t("final.title", locale), t.title)

    name_w = 300
    col_w = (WIDTH - 2 * PAD - 70 - name_w) // len(columns)
    top = PAD + 70
    header_h = 90
    for i, key in enumerate(columns):
        x0 = PAD + 70 + name_w + i * col_w
        c.paragraph((x0 + 6, top + 6), _column_name(key, locale), t.small, col_w - 12, face="condensed_bold",
                    fill=theme.soft_ink, max_lines=2, leading=1.1)
    c.text((PAD + 70, top + 30), words.t("final.family", locale), t.small, face="condensed_bold",
           fill=theme.soft_ink, anchor="lm")
    y = top + header_h
    best = score.scores[score.ranking[0]]
    for place, seat in enumerate(score.ranking, start=1):
        family = view.families[seat]
        winner = place == 1
        fill = mix(theme.card, theme.coin, 0.35) if winner else theme.card
        c.box((PAD, y + 4, WIDTH - PAD, y + ROW - 4), fill=fill, outline=theme.line, width=2, radius=8)
        c.text((PAD + 36, y + ROW // 2), f"{place}", t.heading, anchor="mm")
        glyphs.chip(c, PAD + 70, y + 10, family.colour, locale, h=ROW - 20, min_w=name_w - 20)
        parts = score.breakdown.get(seat, {})
        for i, key in enumerate(columns):
            cx = PAD + 70 + name_w + i * col_w + col_w // 2
            if key == "total":
                value = score.scores[seat]
            elif key == "gold":
                value = score.tiebreaks.get(seat, [0])[0]
            else:
                value = parts.get(key, 0)
            box = c.text((cx, y + ROW // 2), str(value), t.heading if key == "total" else t.label, anchor="mm")
            if show_gold and key == "gold" and score.scores[seat] == best:
                # the gold that broke the tie on points, underlined
                c.draw.line((box[0] - 6, box[3] + 5, box[2] + 6, box[3] + 5), fill=theme.current, width=4)
        y += ROW
    if score.tiebreak_used is not None:
        c.paragraph((PAD, y + 16), words.message(score.tiebreak_used, locale), t.label, WIDTH - 2 * PAD,
                    face="bold", max_lines=2)
    image = c.image
    image.info["labels"] = c.labels
    return image


def _column_name(key: str, locale: str) -> str:
    if key == "total":
        return words.t("final.total", locale)
    if key == "gold":
        return words.t("final.gold", locale)
    full = f"render.al_rashid.final.category.{key}"
    return words.t(f"final.category.{key}", locale) if has_key(full, locale) or has_key(full) else key
