"""The base of every game's heuristic player: it scores each legal action and picks the best (ties at random)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from .game import Action, Game, Seat

S = TypeVar("S")
F = TypeVar("F", bound=Callable[..., Any])


def once_a_decision(method: F) -> F:
    """A heuristic's method whose answers are kept on its object: the object weighs one position for one decision,
    so the same arguments (hashable) give the same answer while it lives. Not `functools.cache`, which would keep
    every such object alive."""
    name = f"_known_{method.__name__}"

    @functools.wraps(method)
    def kept(self: Any, *args: Any, **kwargs: Any) -> Any:
        known = self.__dict__.get(name)
        if known is None:
            known = self.__dict__[name] = {}
        key = (args, *kwargs.items())
        if key not in known:
            known[key] = method(self, *args, **kwargs)
        return known[key]

    return cast(F, kept)


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
