"""The parts of a view that every game shows alike: who is asked what, and the final score."""

from __future__ import annotations

from typing import Any, Protocol, Self

from pydantic import BaseModel

from .game import Outcome
from .messages import Message


class AwaitView(BaseModel):
    seat: int
    question: dict[str, Any]          # a Message as JSON: what the seat is asked now, as the viewer may read it


class Asking(Protocol):
    awaiting: list[AwaitView]


class TableView(BaseModel):
    """The base of a game's view (whose fields include `awaiting`)."""

    def question_for(self: Asking, seat: int) -> Message | None:
        for wait in self.awaiting:
            if wait.seat == seat:
                return Message.from_json(wait.question)
        return None


class ScoreView(BaseModel):
    """The final score; a game's view may add what its final picture shows."""

    scores: dict[int, int]            # by seat
    ranking: list[int]                # best first
    breakdown: dict[int, dict[str, int]]

    @classmethod
    def of(cls, outcome: Outcome | None, **more: Any) -> Self | None:
        """The score of a match that is over (None while it is not), with the fields `more` of a game's own."""
        if outcome is None:
            return None
        return cls(scores=outcome.scores, ranking=outcome.ranking, breakdown=outcome.breakdown, **more)


class TiebreakScoreView(ScoreView):
    """The final score of a game whose rulebook breaks ties: each seat's tie-break values, and the words of a
    tie on points so broken."""

    tiebreaks: dict[int, list[int]]
    tiebreak_used: dict[str, Any] | None

    @classmethod
    def of(cls, outcome: Outcome | None, **more: Any) -> Self | None:
        if outcome is None:
            return None
        return super().of(outcome, tiebreaks={k: list(v) for k, v in outcome.tiebreaks.items()},
                          tiebreak_used=outcome.tiebreak_used.to_json() if outcome.tiebreak_used else None, **more)
