"""Scoring at each week's end and the final result (004, "Fine della settimana", "Fine del gioco")."""

from __future__ import annotations

from engine.core.game import Outcome
from engine.core.messages import Message

from . import words as w
from .caravan import score_caravan
from .city import CITY, RULES, souk_complete, souk_owner
from .flow import Ctx
from .state import State
from .vocab import BAZAAR, BAZAAR_BONUS, CENTRE, OVER, QUARTERS, SOUKS


def souk_scores(s: State, quarter: str) -> list[tuple[str, int, int, int]]:
    """(souk, owner, points, Bazaar bonus) for each completed souk of the quarter."""
    out = []
    for souk in CITY.quarter_souks(quarter):
        owner = souk_owner(s.shops, souk.id)
        if owner is not None and souk_complete(s.shops, souk.id):
            bonus = RULES.bazaar_points if s.players[owner].owns(BAZAAR) else 0
            out.append((souk.id, owner, souk.points, bonus))
    return out


def end_week(c: Ctx) -> None:
    """Quarter by quarter, completed souks score and the quarter is emptied; then the caravan scores
    without being emptied; the supervisor goes back to the centre."""
    s = c.s
    for quarter in QUARTERS:
        scored = souk_scores(s, quarter)
        for _souk, owner, points, bonus in scored:
            s.player(owner).points[SOUKS] += points
            s.player(owner).points[BAZAAR_BONUS] += bonus
        if scored:
            c.emit("souks_scored", quarter=w.quarter(quarter),
                   scores=[Message("yspahan.souk_score", {"player": w.player(s, owner), "colour": w.souk_colour(souk),
                                                          "points": points + bonus}).to_json()
                           for souk, owner, points, bonus in scored])
        for shop in [shop for shop in s.shops if CITY.quarter_of(shop) == quarter]:
            s.player(s.shops.pop(shop)).cubes += 1
    c.touch("city", *(f"player:{p.seat}" for p in s.players))
    if s.caravan:
        score_caravan(c, "caravan_week")
    s.supervisor = CENTRE
    c.touch("road")


def outcome(state: State) -> Outcome | None:
    """The highest score wins; players tied for the most points share the victory (no tie-break)."""
    if state.phase != OVER:  # scored once the match is over
        return None
    scores = {p.seat: p.score for p in state.players}
    ranking = sorted(scores, key=lambda seat: -scores[seat])
    best = [seat for seat in ranking if scores[seat] == scores[ranking[0]]]
    shared = Message("yspahan.shared_victory", {"players": [w.player(state, seat) for seat in best]}) \
        if len(best) > 1 else None
    return Outcome(scores=scores, ranking=ranking, breakdown={p.seat: dict(p.points) for p in state.players},
                   tiebreak_used=shared)
