"""AI seats: the engine's policies (`engine.ai.policy(name).choose(game, state, seat, rng)`), which players
choose by level (`engine.ai.LEVELS`): easy plays at random, normal is the game's heuristic, expert searches
with it. A seat stores its policy's name; the words players read name its level (`bot.ai.<policy>`).

The expert thinks for about 2 s of a core, so it thinks in the drawing processes (`bot.ops.drawing`): the
thread that waits for it holds neither the event loop nor the GIL. Should its process die or time out, the
normal player moves instead.
"""

from __future__ import annotations

import random
from typing import Any

from engine import ai as _engine_ai
from engine.core import Action, EngineError, Game, get_game

from ..ops import drawing

POLICIES = ("heuristic", "random", "expert")  # the first a game has is its default
LEVELS = _engine_ai.LEVELS                     # level -> policy


def available(game: Game[Any]) -> list[str]:
    """The policies that can play this game ("heuristic" and "expert" only where the game brings them)."""
    found = []
    for name in POLICIES:
        try:
            _engine_ai.policies_for(game, name, 1)
        except EngineError:
            continue
        found.append(name)
    return found


def levels(game: Game[Any]) -> dict[str, str]:
    """The levels an AI seat of this game may play at, easiest first, each with its policy."""
    offered = available(game)
    return {level: policy for level, policy in LEVELS.items() if policy in offered}


def default_policy(game: Game[Any], wanted: str) -> str:
    """`wanted` where the game has it, else the game's default (its normal player where it has one)."""
    offered = available(game)
    return wanted if wanted in offered else offered[0]


def choose(game: Game[Any], state: Any, seat: int, policy: str, seed: int) -> Action:
    """Pick a step for `seat` with `policy`, or "random" where the game has no such player. Seeded per
    step, so a test run is repeatable (the log, not the seed, is what replays a match). Blocking: call it
    from a worker thread."""
    if policy not in available(game):
        policy = "random"
    if policy == "expert":
        notation = drawing.draw(_expert_step, game.spec.key, game.dump_state(state), seat, seed)
        if notation is not None:
            return game.parse_action(notation)
        policy = "heuristic"
    return _engine_ai.policy(policy).choose(game, state, seat, random.Random(seed))


def _expert_step(key: str, dumped: dict[str, Any], seat: int, seed: int) -> str:
    """In a drawing process: the expert's step, as its notation."""
    game = get_game(key)
    state = game.load_state(dumped)
    return game.format_action(_engine_ai.policy("expert").choose(game, state, seat, random.Random(seed)))
