"""Taj Mahal's final score in the shared layout (render/final.py): each player's points by source; the dummies
(Carletto) after them, unranked, their scores showing whom they beat; a note when the best score is shared
(the rulebook has no tie-break)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engine.core import get_game
from engine.taj_mahal.view import TajMahalView
from render.final import FinalRow, FinalScore, paint_final, ranks

from . import words
from .theme import THEME, TajMahalTheme

SOURCES = ("bonus", "palaces", "provinces", "special", "end_specials", "end_white", "end_colour")


def render_final(view: TajMahalView, theme: TajMahalTheme = THEME, locale: str = "en",
                 names: Mapping[int, str] | None = None) -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score exists only once the game is over")
    place = ranks(score.ranking, lambda seat: (score.scores[seat],))
    seated = {p.seat: p for p in view.players if p.seat is not None}
    rows = [FinalRow(
        colour=theme.players[p.colour],
        colour_name=words.player(p.colour, p.seat is None, locale),
        total=score.scores[p.seat] if p.seat is not None else p.score,
        parts=[(words.t(f"final.{key}", locale), p.points.get(key, 0)) for key in SOURCES],
        rank=place[p.seat] if p.seat is not None else None,
        name=(names or {}).get(p.seat) if p.seat is not None else None,
    ) for p in [*(seated[s] for s in score.ranking), *(p for p in view.players if p.seat is None)]]
    notes = []
    if score.shared:
        notes.append(words.t("final.shared", locale))
    if any(p.seat is None for p in view.players):
        notes.append(words.t("final.dummies", locale))
    return paint_final(FinalScore(get_game(view.game).spec.title, rows, notes), theme, locale)
