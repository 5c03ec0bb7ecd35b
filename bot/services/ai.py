"""AI seats: the engine's policies (`engine.ai.policy(name).choose(game, state, seat, rng)`)."""

from __future__ import annotations

import random

from engine import ai as _engine_ai
from engine.core import Action, EngineError, Game

POLICIES = ("heuristic", "random")


def available(game: Game) -> list[str]:
    """The policies that can play this game ("heuristic" only where the game brings one)."""
    found = []
    for name in POLICIES:
        try:
            _engine_ai.policies_for(game, name, 1)
        except EngineError:
            continue
        found.append(name)
    return found


def choose(game: Game, state, seat: int, policy: str, seed: int) -> Action:
    """Pick a step for `seat` with `policy`, or "random" where the game has no such player. Seeded per
    step, so a test run is repeatable (the log, not the seed, is what replays a match)."""
    rng = random.Random(seed)
    if policy not in available(game):
        policy = "random"
    return _engine_ai.policy(policy).choose(game, state, seat, rng)
