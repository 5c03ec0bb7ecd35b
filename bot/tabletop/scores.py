"""The places a game played face to face gives, from the scores its recorder writes down: pure, no storage.

A tie on points is broken as the rulebook breaks it (`GameSpec.table_tiebreak`, `tie_to_turn_order`): by the
quantity it names, which the recorder gives for each player of the tie (more is better), then, for a game
that says so, by the earlier place in the final turn order, which is the order the recorder lists the
players in. A tie left standing is shared, as in an online match. The result reads like an online match's:
an outcome (scores, ranking, tie-breaks), so `bot.results.from_stored` reads both alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import GameSpec
from engine.core.messages import Message

from ..services import Refusal


@dataclass(frozen=True, slots=True)
class Recorded:
    """One player as the recorder wrote them down; their seat is their place in the list."""

    player: int
    score: int
    tiebreak: int | None = None
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.player, "score": self.score, "tiebreak": self.tiebreak, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Recorded:
        return cls(data["user_id"], data["score"], data.get("tiebreak"), data.get("name") or "")


def outcome(spec: GameSpec, players: Sequence[Recorded]) -> dict[str, Any]:
    """The outcome (as `Outcome.to_json()` writes it) the scores give, or a refusal naming what is wrong."""
    if not spec.min_seats <= len(players) <= spec.max_seats:
        raise Refusal("tabletop.refusal.seats", game=spec.title, low=spec.min_seats, high=spec.max_seats,
                      n=len(players))
    seen: set[int] = set()
    for p in players:
        if p.player in seen:
            raise Refusal("tabletop.refusal.twice", player=f"<@{p.player}>")
        seen.add(p.player)
    if spec.table_tiebreak is None and any(p.tiebreak is not None for p in players):
        raise Refusal("tabletop.refusal.no_tiebreak", game=spec.title)
    tied = [p for p in players if sum(o.score == p.score for o in players) > 1]
    if spec.table_tiebreak is not None:
        missing = [p for p in tied if p.tiebreak is None]
        if missing:
            raise Refusal("tabletop.refusal.tiebreak_needed", game=spec.title, score=missing[0].score,
                          players=", ".join(f"<@{p.player}>" for p in tied if p.score == missing[0].score),
                          tiebreak=Message(spec.table_tiebreak))

    def breaks(seat: int) -> tuple[int, ...]:
        """What decides a tie on points for this seat, in order (empty for a seat nobody ties with)."""
        p = players[seat]
        if p not in tied:
            return ()
        values = (p.tiebreak or 0,) if spec.table_tiebreak is not None else ()
        return values + ((-seat,) if spec.tie_to_turn_order else ())

    seats = range(len(players))
    ranking = sorted(seats, key=lambda s: (-players[s].score, *(-v for v in breaks(s)), s))
    return {"scores": {str(s): players[s].score for s in seats}, "ranking": ranking, "breakdown": {},
            "tiebreaks": {str(s): list(breaks(s)) for s in seats if breaks(s)}, "tiebreak_used": None}

