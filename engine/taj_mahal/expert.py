"""What the expert needs of Taj Mahal (engine.expert): a world the seat could be in, and its budget.

A seat sees its own hand, the display, the cards in play and every card that reached the discards (all face
up); the other hands (their sizes are public) and the deck are dealt afresh from the rest of the cards, the
coloured card a player has just chosen and not yet played excepted, and the deck's reshuffles come from a
new RNG. (The cards another player took from the display are public too; the sampler forgets where they
went, which costs the search a little knowledge and hides nothing.)
"""

from __future__ import annotations

import random

from engine.expert import unseen

from .data import load
from .state import State
from .turn import Extra

DECK = load().cards.deck()
PLAYOUT_STEPS = 2700  # about 2 s of one core (docs/benchmarks.md)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    world = state.clone()
    world.rng = rng.getrandbits(64)
    task = state.task
    chosen, chooser = (task.card, task.seat) if isinstance(task, Extra) and task.seat != seat else (None, None)
    pool = unseen(DECK, state.of_seat(seat).hand, state.discard, state.display,
                  *(p.played for p in state.players), [chosen] if chosen else [])
    rng.shuffle(pool)
    for other in state.humans():
        if other.seat != seat:
            kept = [chosen] if chosen is not None and chooser == other.seat else []
            size = len(other.hand) - len(kept)
            world.player(other.index).hand = sorted([*kept, *pool[:size]])
            del pool[:size]
    world.deck = pool
    return world.sealed()
