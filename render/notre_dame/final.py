"""The final score: players best first, their prestige by source, and the tie-break when it decided."""

from __future__ import annotations

from PIL import Image

from engine.notre_dame.rules import SOURCES
from engine.notre_dame.view import NotreDameView
from render.kit import MIN_SIZE, Canvas

from . import glyphs, words
from .board import palette
from .theme import THEME, NotreDameCanvas, NotreDameTheme

PAD = 24
NAME_W = 230
COLUMN = 170
WIDTH = PAD * 2 + 60 + NAME_W + COLUMN * (len(SOURCES) + 1)
ROW = 70


def render_final(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score needs a finished game")
    tie = score.tiebreak_used is not None
    height = PAD + 70 + 90 + ROW * len(score.ranking) + (90 if tie else 10) + PAD
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    t = theme.type
    c.text((PAD, PAD), words.t("final.title", locale), t.title)
    y = PAD + 70
    x0 = PAD + 60 + NAME_W
    for i, source in enumerate((*SOURCES, "total")):
        c.paragraph((x0 + i * COLUMN + 4, y), words.t(f"final.{source}", locale), MIN_SIZE, COLUMN - 8,
                    face="condensed_bold", max_lines=2, leading=1.0)
    y += 90
    best = score.scores[score.ranking[0]]
    for place, seat in enumerate(score.ranking, start=1):
        p = view.players[seat]
        if place % 2:
            c.box((PAD - 8, y - 6, WIDTH - PAD + 8, y + ROW - 10), fill=theme.card, radius=8)
        c.text((PAD, y + 26), f"{place}.", t.label, anchor="lm")
        glyphs.chip(c, PAD + 60, y, NAME_W - 16, 52, theme.players[p.colour], words.player(p.colour, locale),
                    t.label)
        row = score.breakdown[seat]
        for i, source in enumerate(SOURCES):
            c.text((x0 + i * COLUMN + COLUMN - 24, y + 26), str(row.get(source, 0)), t.label, anchor="rm",
                   fill=theme.ink if row.get(source, 0) else theme.soft_ink)
        total = score.scores[seat]
        c.text((x0 + len(SOURCES) * COLUMN + COLUMN - 24, y + 26), str(total), t.heading, anchor="rm",
               fill=theme.prestige if total == best else theme.ink)
        y += ROW
    if tie and score.tiebreak_used is not None:
        tied = [seat for seat in score.ranking if score.scores[seat] == best]
        values = " · ".join(f"{words.player(view.players[seat].colour, locale)} {score.tiebreaks[seat][0]}"
                            for seat in tied)
        c.paragraph((PAD, y + 16), f"{words.message(score.tiebreak_used, locale)} {values}", t.label,
                    WIDTH - 2 * PAD, face="bold", max_lines=2)
    c.image.info["labels"] = c.labels
    c.image.info["palette"] = palette(theme, locale)
    return c.image
