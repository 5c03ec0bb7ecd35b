"""Yspahan's final score in the shared layout (render/final.py): every player's points by where they came
from; a tie shares the victory (004 has no tie-break)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engine.core import get_game
from engine.yspahan.view import YspahanView
from engine.yspahan.vocab import SCORE_KINDS
from render.final import FinalRow, FinalScore, paint_final, ranks

from . import words
from .theme import THEME, YspahanTheme


def render_final(view: YspahanView, theme: YspahanTheme = THEME, locale: str = "en",
                 names: Mapping[int, str] | None = None) -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score needs a finished game")
    place = ranks(score.ranking, lambda seat: (score.scores[seat],))
    rows = [FinalRow(
        colour=theme.players[view.players[seat].colour],
        colour_name=words.name("colour", view.players[seat].colour, locale),
        total=score.scores[seat],
        parts=[(words.t(f"kind.{kind}", locale), score.breakdown[seat].get(kind, 0)) for kind in SCORE_KINDS],
        rank=1 if seat in score.winners else place[seat],
        name=(names or {}).get(seat),
    ) for seat in score.ranking]
    return paint_final(FinalScore(get_game(view.game).spec.title, rows), theme, locale)
