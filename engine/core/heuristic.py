"""The base of every game's heuristic player: it scores each legal action and picks the best (ties at random)."""

from __future__ import annotations

import random
from typing import Any, Generic, TypeVar

from .game import Action, Game, Seat

S = TypeVar("S")


class ScoringPlayer(Generic[S]):
    name = "heuristic"

    def choose(self, game: Game[Any], state: S, seat: Seat, rng: random.Random) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(game, state, seat, legal)
        if scores is None:
            return rng.choice(legal)
        best = max(scores)
        return rng.choice([a for a, value in zip(legal, scores, strict=True) if value >= best - 1e-9])

    def scores(self, game: Game[Any], state: S, seat: Seat, legal: list[Action]) -> list[float] | None:
        """The worth of each legal action, in rough points, or None where this player has no opinion (it
        chooses at random)."""
        raise NotImplementedError
