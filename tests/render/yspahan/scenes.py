"""Yspahan tables to draw: seeded matches between computer players stopped at the first step where something
worth drawing happens (the same seed always gives the same table), and a finished one."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.ai import policy
from engine.yspahan import GAME
from engine.yspahan.state import State


def first(players: int, seed: int, wanted: Callable[[State], bool], player: str = "heuristic") -> State:
    """The first state of a seeded match (computer seats, the lowest active seat moving) where `wanted` holds;
    the final state when it never does."""
    s, rng, chooser = GAME.new_game(None, players, seed), random.Random(seed), policy(player)
    while not wanted(s) and (active := GAME.active_seats(s)):
        seat = min(active)
        s, _ = GAME.apply(s, seat, chooser.choose(GAME, s, seat, rng))
    return s


def asked(kind: str, week: int = 1) -> Callable[[State], bool]:
    return lambda s: bool(s.tasks) and s.tasks[-1].kind == kind and s.week >= week


SCENES: dict[str, Callable[[], State]] = {
    "placing": lambda: first(4, 3, asked("place", week=2)),                  # cubes into a quarter
    "keeping": lambda: first(4, 2, asked("keep"), player="random"),          # a cube about to be sent
    "rolled": lambda: first(4, 5, lambda s: any(g is not None and g.yellow for g in s.tower) and s.week == 2),
    "three_players": lambda: first(3, 4, asked("after", week=3)),
    "game_over": lambda: first(4, 6, lambda s: False),
}
