"""What the expert needs of Notre Dame (engine.expert): a world the seat could be in, and its budget.

A seat sees the cards of its own draft and hand, and the cards played face up. Every other action card's
place is dealt afresh, colour by colour (a card's colour, its owner's, is public where it lies): the undrawn
decks and, in the other players' drafts and hands, every card but those of the seat's own colour (which the
seat drew and passed on itself), from that colour's nine cards less those the seat knows the place of. The
person decks are shuffled (the grey one within its letters), the RNG is new, and with hidden prestige every
other player is taken to have as much prestige as the seat. (The sampler forgets which cards went to the
discards this period and which others it saw in the draft: the search knows a little less, and reads nothing
hidden.)
"""

from __future__ import annotations

import random

from engine.expert import unseen

from .data import load
from .state import State, card, colour_of
from .vocab import CARDS, PERIODS

PLAYOUT_STEPS = 500  # about 2 s of one core: the heuristic weighs every person by trying it (docs/benchmarks.md)
PERSONS = load().persons


def determinize(state: State, seat: int, rng: random.Random) -> State:
    world = state.clone()
    world.rng = rng.getrandbits(64)
    world.brown_deck = sorted(state.brown_deck)
    rng.shuffle(world.brown_deck)
    world.grey_deck = _shuffled_within_letters(state.grey_deck, rng)
    me = state.players[seat]
    played = [c for p in state.players for c in p.played]
    for owner in state.players:
        colour = owner.colour
        pool = unseen([card(colour, kind) for kind in CARDS], [c for c in me.hand + me.offer if colour_of(c) == colour],
                      [c for c in played if colour_of(c) == colour])
        rng.shuffle(pool)
        world.player(owner.seat).deck = [pool.pop() for _ in owner.deck]
        if colour == me.colour:
            continue
        for other in state.players:
            if other.seat == seat:
                continue
            dealt = world.player(other.seat)
            dealt.hand = [pool.pop() if colour_of(c) == colour else c for c in dealt.hand]
            dealt.offer = [pool.pop() if colour_of(c) == colour else c for c in dealt.offer]
    for other in state.players:  # the card each kept first, at its place in the hand
        if other.seat != seat and other.first_pick in other.hand:
            world.player(other.seat).first_pick = world.players[other.seat].hand[other.hand.index(other.first_pick)]
    if not state.public_prestige:
        for other in state.players:
            if other.seat != seat:
                world.player(other.seat).prestige, world.player(other.seat).earned = me.prestige, {}
    return world.sealed()


def _shuffled_within_letters(deck: list[str], rng: random.Random) -> list[str]:
    out = list(deck)
    for letter in PERIODS:
        places = [i for i, x in enumerate(out) if PERSONS[x].deck == letter]
        cards = sorted(out[i] for i in places)
        rng.shuffle(cards)
        for i, x in zip(places, cards, strict=True):
            out[i] = x
    return out
