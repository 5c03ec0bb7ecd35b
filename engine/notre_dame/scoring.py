"""The end of the game (002, "FINE DEL GIOCO"): the most prestige wins; a tie goes to the most money plus cubes in
the personal supply; a tie on that too is shared (the rulebook goes no further)."""

from __future__ import annotations

from engine.core.game import Outcome
from engine.core.messages import Message

from .rules import SOURCES
from .state import State
from .vocab import OVER


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:  # scored once the match is over
        return None
    scores = {p.seat: p.prestige for p in state.players}
    tiebreaks: dict[int, tuple[int, ...]] = {p.seat: (p.coins + p.supply,) for p in state.players}
    ranking = sorted(scores, key=lambda seat: (-scores[seat], -tiebreaks[seat][0], seat))
    breakdown = {p.seat: {source: p.earned.get(source, 0) for source in SOURCES} for p in state.players}
    tied = [seat for seat in ranking if scores[seat] == scores[ranking[0]]]
    used = None
    if len(tied) > 1:
        best = tiebreaks[tied[0]]
        still = [seat for seat in tied if tiebreaks[seat] == best]
        used = Message("notre_dame.tiebreak.shared" if len(still) > 1 else "notre_dame.tiebreak.money_and_cubes")
    return Outcome(scores=scores, ranking=ranking, breakdown=breakdown, tiebreaks=tiebreaks, tiebreak_used=used)
