"""What the expert needs of Yspahan (engine.expert): a world the seat could be in, its budget, and where a
play-out may stop.

A seat sees its own hand and the discards; the other hands (their sizes are public) and the deck are dealt
afresh from the rest of the 18 cards, and the dice to come from a new RNG.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Game
from engine.expert import unseen

from .ai import Mind
from .city import RULES
from .state import State
from .vocab import CARDS

PLAYOUT_STEPS = 4500  # about 2 s of one core (docs/benchmarks.md)
# A play-out stops once the decision's day and the two after it are over: a whole match is some 380 steps, about
# 18 a day, so play-outs to the end afforded the search a dozen worlds at the start; to this horizon, several
# times as many (docs/benchmarks.md).
LOOK_AHEAD_DAYS = 3


def estimate(game: Game[Any], world: State, state: State) -> dict[int, float] | None:
    """What every seat's position at `state` promises, in points, as the heuristic weighs it (engine/yspahan/ai.py
    `Mind.position_worth`), once the play-out from `world` has played LOOK_AHEAD_DAYS days; None before."""
    if days_played(state) < days_played(world) + LOOK_AHEAD_DAYS:
        return None
    return {p.seat: Mind(state, p.seat).position_worth() for p in state.players}


def days_played(state: State) -> int:
    """The days begun since the match began, the first day 1."""
    return (state.week - 1) * RULES.days + state.day


def determinize(state: State, seat: int, rng: random.Random) -> State:
    world = state.clone()
    world.rng = rng.getrandbits(64)
    pool = unseen([card for card in CARDS for _ in range(RULES.card_copies)], state.players[seat].cards,
                  state.discards)
    rng.shuffle(pool)
    for other in state.players:
        if other.seat != seat:
            size = len(other.cards)
            world.player(other.seat).cards = sorted(pool[:size], key=CARDS.index)
            del pool[:size]
    world.deck = pool
    return world.sealed()
