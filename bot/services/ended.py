"""The "match ended" event: published once per finished or abandoned match, for features that follow
results (ratings, league standings, statistics).

The event is saved in the outbox in the same transaction as the match's result, and the courier hands it
to every subscriber afterwards (right away, and again at start-up after a crash). A subscriber that raises
leaves it pending: it is offered again at the next delivery, to every subscriber. So a subscriber must be
idempotent on `match_id` (e.g. write its rows keyed by the match) — then each match counts exactly once.
`ended_event(storage, match_id)` rebuilds the event of any ended match from storage.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from ..storage import MatchRecord, MatchStatus, OutboxKind, ResultRecord, Storage

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatResult:
    seat: int
    user_id: int | None          # the person who sat here (None for a seat that was an AI from the start)
    ai: str | None               # the AI policy that played the seat, from the start or after a resign/forfeit
    resigned: bool
    place: int | None            # 1 is first; tied seats share a place; None when the match was abandoned
    score: int | None

    @property
    def human(self) -> bool:
        return self.user_id is not None


@dataclass(frozen=True)
class MatchEnded:
    """The payload of an outbox item of kind `ended` (see payloads.py), saved with the result it tells of."""

    kind: ClassVar[OutboxKind] = OutboxKind.ENDED
    match_id: int
    game: str                    # the game's key
    variant: dict[str, Any]      # the match's params (its variants and options)
    guild_id: int | None
    league_id: int | None        # `settings["league_id"]` of a league match
    status: MatchStatus          # over | abandoned
    finished_at: float
    seats: tuple[SeatResult, ...]

    @classmethod
    def of(cls, match: MatchRecord, result: ResultRecord) -> MatchEnded:
        places = _places(result.outcome) if result.outcome else {}
        scores = {int(k): v for k, v in (result.outcome or {}).get("scores", {}).items()}
        seats = tuple(SeatResult(row["seat"], row.get("user_id"), row.get("ai"), bool(row.get("resigned")),
                                 places.get(row["seat"]), scores.get(row["seat"])) for row in result.seats)
        status = MatchStatus.OVER if result.status == MatchStatus.OVER else MatchStatus.ABANDONED
        return cls(result.match_id, result.game, dict(match.params), match.guild_id,
                   match.settings.get("league_id"), status, result.finished_at, seats)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "seats": [asdict(s) for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchEnded:
        return cls(**{**data, "status": MatchStatus(data["status"]),
                      "seats": tuple(SeatResult(**s) for s in data["seats"])})


def _places(outcome: dict[str, Any]) -> dict[int, int]:
    """Places from a stored outcome: the ranking's order, seats equal on points and tie-breaks sharing one."""
    scores, tiebreaks = outcome["scores"], outcome.get("tiebreaks") or {}
    places: dict[int, int] = {}
    previous = None
    for index, seat in enumerate(outcome["ranking"]):
        standing = (scores[str(seat)], tuple(tiebreaks.get(str(seat), ())))
        places[seat] = places[previous[0]] if previous and previous[1] == standing else index + 1
        previous = (seat, standing)
    return places


Subscriber = Callable[[MatchEnded], Awaitable[None]]


class MatchEndedBus:
    """Where features subscribe to ended matches: `service.ended.subscribe(handler)` at start-up."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, handler: Subscriber) -> None:
        self._subscribers.append(handler)

    async def publish(self, event: MatchEnded) -> None:
        """Every subscriber hears the event; the first error stops it (the courier offers it again later)."""
        for handler in self._subscribers:
            await handler(event)


async def ended_event(storage: Storage, match_id: int) -> MatchEnded | None:
    """The event of an ended match, rebuilt from storage (None while the match has no result)."""
    match, result = await storage.get_match(match_id), await storage.result(match_id)
    return MatchEnded.of(match, result) if match is not None and result is not None else None
