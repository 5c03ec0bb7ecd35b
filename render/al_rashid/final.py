"""Al-Rashid's final score in the shared layout (render/final.py): each family's points by category, and the
gold that broke a tie on points when it did."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engine.al_rashid.view import AlRashidView
from engine.core import get_game
from engine.core.messages import has_key
from render.final import FinalRow, FinalScore, paint_final, ranks

from . import words
from .theme import THEME, AlRashidTheme

CATEGORIES = ("family", "charges", "influence", "dishonour")


def render_final(view: AlRashidView, theme: AlRashidTheme = THEME, locale: str = "en",
                 names: Mapping[int, str] | None = None) -> Image.Image:
    score = view.score
    if score is None:
        raise ValueError("the final score exists only once the game is over")
    categories = [k for k in CATEGORIES if any(k in b for b in score.breakdown.values())]
    categories += sorted({k for b in score.breakdown.values() for k in b} - set(categories))
    place = ranks(score.ranking, lambda seat: (score.scores[seat], *score.tiebreaks.get(seat, [])))
    best = score.scores[score.ranking[0]]
    decided = score.tiebreak_used is not None
    rows = [FinalRow(
        colour=theme.families[view.families[seat].colour],
        colour_name=words.family(view.families[seat].colour, locale),
        total=score.scores[seat],
        parts=[(_category(key, locale), score.breakdown.get(seat, {}).get(key, 0)) for key in categories],
        rank=place[seat],
        name=(names or {}).get(seat),
        tiebreak=(words.t("final.gold", locale), score.tiebreaks.get(seat, [0])[0])
        if decided and score.scores[seat] == best else None,
    ) for seat in score.ranking]
    notes = [words.message(score.tiebreak_used, locale)] if score.tiebreak_used is not None else []
    return paint_final(FinalScore(get_game(view.game).spec.title, rows, notes), theme, locale)


def _category(key: str, locale: str) -> str:
    full = f"render.al_rashid.final.category.{key}"
    return words.t(f"final.category.{key}", locale) if has_key(full, locale) or has_key(full) else key
