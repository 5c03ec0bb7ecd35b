"""The final score: every player's points by where they came from, the winners marked (a tie shares the
victory: 004 has no tie-break)."""

from __future__ import annotations

from PIL import Image

from engine.yspahan.view import YspahanView
from engine.yspahan.vocab import SCORE_KINDS
from render.kit import MIN_SIZE, Canvas

from . import panels, words
from .palette import palette
from .theme import THEME, YspahanCanvas, YspahanTheme

WIDTH = 1080
PAD = 24
LABEL_W = 300
ROW = 58


def render_final(view: YspahanView, theme: YspahanTheme = THEME, locale: str = "en") -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score needs a finished game")
    column = (WIDTH - 2 * PAD - LABEL_W) // view.seats
    height = PAD + 70 + 70 + 64 + ROW * (len(SCORE_KINDS) + 1) + 24 + PAD
    c: YspahanCanvas = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    t = theme.type
    c.text((PAD, PAD), words.t("final.title", locale), t.title)
    names = [words.name("colour", view.players[s].colour, locale) for s in score.winners]
    y = c.paragraph((PAD, PAD + 70), words.t("shared" if score.shared else "winner", locale, names=" · ".join(names)),
                    t.label, WIDTH - 2 * PAD, face="bold", max_lines=2) + 8
    for i, seat in enumerate(score.ranking):
        x = PAD + LABEL_W + i * column
        if seat in score.winners:
            c.box((x + 4, y - 6, x + column - 4, y + 64 + ROW * (len(SCORE_KINDS) + 1)), fill=theme.card,
                  outline=theme.current, width=4, radius=12)
        chip_w = panels.chip_width(c, view.players[seat].colour, locale)
        panels.chip(c, x + (column - chip_w) // 2, y, view.players[seat].colour, locale)
    y += 64
    for r, kind in enumerate((*SCORE_KINDS, "total")):
        top = y + r * ROW
        if kind == "total":
            c.draw.line((PAD, top, WIDTH - PAD, top), fill=theme.line, width=2)
        c.text((PAD, top + ROW / 2), words.t(f"kind.{kind}", locale), MIN_SIZE if kind != "total" else t.label,
               face="condensed_bold" if kind != "total" else "bold", anchor="lm", max_width=LABEL_W - 12)
        for i, seat in enumerate(score.ranking):
            value = score.scores[seat] if kind == "total" else score.breakdown[seat].get(kind, 0)
            c.text((PAD + LABEL_W + i * column + column / 2, top + ROW / 2), str(value),
                   t.heading if kind == "total" else t.label, anchor="mm",
                   fill=theme.ink if value or kind == "total" else theme.soft_ink)
    c.image.info["labels"] = c.labels
    c.image.info["palette"] = palette(theme)
    return c.image
