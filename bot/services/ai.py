"""AI seats: the engine's policies (`engine.ai.policy(name).choose(game, state, seat, rng)`)."""

from __future__ import annotations

import random

from engine.core import Action, EngineError, Game

POLICIES = ("heuristic", "random")

try:
    from engine import ai as _engine_ai
except ImportError:  # the engine's AI module is not there yet: pick uniformly among the legal steps
    _engine_ai = None


def available(game: Game) -> list[str]:
    """The policies that can play this game ("heuristic" only where the game brings one)."""
    if _engine_ai is None:
        return ["random"]
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
    if _engine_ai is None:
        return rng.choice(game.legal_actions(state, seat))
    if policy not in available(game):
        policy = "random"
    return _engine_ai.policy(policy).choose(game, state, seat, rng)
