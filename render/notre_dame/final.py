"""Notre Dame's final score in the shared layout (render/final.py): each player's prestige by source, and the
coins and cubes that broke a tie on prestige when they did."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engine.core import get_game
from engine.notre_dame.rules import SOURCES
from engine.notre_dame.view import NotreDameView
from render.final import FinalRow, FinalScore, paint_final, ranks

from . import words
from .theme import THEME, NotreDameTheme


def render_final(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en",
                 names: Mapping[int, str] | None = None) -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score needs a finished game")
    place = ranks(score.ranking, lambda seat: (score.scores[seat], *score.tiebreaks.get(seat, [])))
    best = score.scores[score.ranking[0]]
    decided = score.tiebreak_used is not None
    rows = [FinalRow(
        colour=theme.players[view.players[seat].colour],
        colour_name=words.player(view.players[seat].colour, locale),
        total=score.scores[seat],
        parts=[(words.t(f"final.{source}", locale), score.breakdown[seat].get(source, 0)) for source in SOURCES],
        rank=place[seat],
        name=(names or {}).get(seat),
        tiebreak=(words.t("final.tiebreak", locale), score.tiebreaks[seat][0])
        if decided and score.scores[seat] == best else None,
    ) for seat in score.ranking]
    notes = [words.message(score.tiebreak_used, locale)] if score.tiebreak_used is not None else []
    return paint_final(FinalScore(get_game(view.game).spec.title, rows, notes), theme, locale)
