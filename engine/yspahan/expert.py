"""What the expert needs of Yspahan (engine.expert): a world the seat could be in, and its budget.

A seat sees its own hand and the discards; the other hands (their sizes are public) and the deck are dealt
afresh from the rest of the 18 cards, and the dice to come from a new RNG.
"""

from __future__ import annotations

import random

from engine.expert import unseen

from .city import RULES
from .state import State
from .vocab import CARDS

PLAYOUT_STEPS = 4500  # about 2 s of one core (docs/benchmarks.md)


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
