"""What the expert needs of Al-Rashid (engine.expert): a world the seat could be in, and its budget.

A seat sees its own mercenary hand, the discards, the tiles face up on the map and the face-down ones its
family has looked at. The values of the other face-down tiles (their colours are public), the piles and the
other families' hands (their sizes are public) are dealt afresh from the rest of the tiles, colour by colour
where the colour is known; the crisis tiles still to come are shuffled, and the piles' reshuffles come from a
new RNG.
"""

from __future__ import annotations

import random

from engine.expert import unseen

from .board import RULES
from .data import load
from .state import State, Tile
from .vocab import MERCENARY_COLOURS, kind_of

PLAYOUT_STEPS = 3400  # about 2 s of one core (docs/benchmarks.md)
TILES = [kind_of(colour, value) for colour in MERCENARY_COLOURS for value, n in RULES.mercenaries.items()
         for _ in range(n)]
CRISIS_TILES = range(len(load().crisis.turns))


def determinize(state: State, seat: int, rng: random.Random) -> State:
    world = state.clone()
    world.rng = rng.getrandbits(64)
    shown = {int(tile.split(":")[1]) for tile in state.crisis_shown if tile.startswith("turn:")}
    world.crisis_deck = [index for index in CRISIS_TILES if index not in shown]
    rng.shuffle(world.crisis_deck)
    hidden = {territory: [t for t in tiles if not t.revealed and seat not in t.seen_by]
              for territory, tiles in state.mercenaries.items()}
    seen = [kind_of(t.colour, t.value) for tiles in state.mercenaries.values() for t in tiles
            if t.revealed or seat in t.seen_by]
    hand = [kind for kind, n in state.families[seat].hand.items() for _ in range(n)]
    discarded = [kind_of(colour, value) for colour, values in state.discards.items() for value in values]
    pool = unseen(TILES, seen, hand, discarded)
    rng.shuffle(pool)
    by_colour = {colour: [int(k.split("-")[1]) for k in pool if k.startswith(f"{colour}-")]
                 for colour in MERCENARY_COLOURS}
    world.mercenaries, world.piles = dict(state.mercenaries), dict(state.piles)  # the clone shares the board's dicts
    for territory, tiles in state.mercenaries.items():
        if hidden[territory]:
            world.mercenaries[territory] = tuple(
                tile if tile not in hidden[territory] else
                Tile(tile.id, tile.colour, by_colour[tile.colour].pop(), tile.revealed, tile.seen_by)
                for tile in tiles)
    for colour in MERCENARY_COLOURS:
        size = len(state.piles[colour])
        world.piles[colour] = tuple(by_colour[colour][:size])
        del by_colour[colour][:size]
    rest = [kind_of(colour, value) for colour in MERCENARY_COLOURS for value in by_colour[colour]]
    rng.shuffle(rest)
    for family in state.families:
        if family.seat != seat and family.hand:
            size = sum(family.hand.values())
            dealt: dict[str, int] = {}
            for kind in rest[:size]:
                dealt[kind] = dealt.get(kind, 0) + 1
            world.family(family.seat).hand = dealt
            del rest[:size]
    return world.sealed()
