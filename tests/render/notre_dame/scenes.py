"""Notre Dame tables to draw: seeded random matches stopped at fixed steps (the same seed and steps always give
the same table), and a finished one."""

from __future__ import annotations

import random

from engine.notre_dame import GAME
from engine.notre_dame.state import State


def after(players: int, seed: int, steps: int, public: bool = False) -> State:
    """The table after `steps` random moves of a seeded match (the lowest active seat moving first)."""
    s = GAME.new_game({"public_prestige": public}, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        active = GAME.active_seats(s)
        if not active:
            break
        seat = min(active)
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s


def finished(players: int, seed: int) -> State:
    return after(players, seed, 10_000)


SCENES = {
    "draft": lambda: after(4, 3, 49),           # round 3: some have chosen, others are choosing
    "carriage": lambda: after(5, 8, 210),       # period B: a carriage has just taken a message
    "two_players": lambda: after(2, 4, 60),     # the 4-player board with two empty quarters, persons paid
    "game_over": lambda: finished(3, 6),
}
