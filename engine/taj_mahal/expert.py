"""What the expert needs of Taj Mahal (engine.expert): a world the seat could be in, and its budget.

A seat sees its own hand, the display, the cards in play and every card that reached the discards (all face
up), and it saw the cards each player took from the display go into their hand (`Player.shown`: about two
thirds of the others' cards in a 4-player match). Those stay in their hands, with the coloured card a player
has just chosen and not yet played; the rest of the other hands (their sizes are public) and the deck are
dealt afresh from the cards left, and the deck's reshuffles come from a new RNG. (Which cards a reshuffle put
back into the deck, the discards of that moment, is forgotten: the search knows a little less there.)
"""

from __future__ import annotations

import random
from collections import Counter

from engine.expert import unseen

from .data import load
from .state import State
from .turn import Extra

DECK = load().cards.deck()
PLAYOUT_STEPS = 5200  # about 2 s of one core (docs/benchmarks.md)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    world = state.clone()
    world.rng = rng.getrandbits(64)
    task = state.task
    chosen, chooser = (task.card, task.seat) if isinstance(task, Extra) and task.seat != seat else (None, None)
    others = [p for p in state.humans() if p.seat != seat]
    known: dict[int | None, list[str]] = {}
    for other in others:
        held = Counter(other.shown)
        if chosen is not None and chooser == other.seat:  # it may be one of those shown
            held[chosen] = max(held[chosen], 1)
        known[other.seat] = sorted(held.elements())
    pool = unseen(DECK, state.of_seat(seat).hand, state.discard, state.display,
                  *(p.played for p in state.players), *known.values())
    rng.shuffle(pool)
    for other in others:
        kept = known[other.seat]
        size = len(other.hand) - len(kept)
        world.player(other.index).hand = sorted([*kept, *pool[:size]])
        del pool[:size]
    world.deck = pool
    return world.sealed()
