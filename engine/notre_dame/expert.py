"""What the expert needs of Notre Dame (engine.expert): a world the seat could be in, and its budget.

What a seat knows of the action cards, and the sampler keeps:
- its own colour: every card of its deck (it saw each card it drew this period; their order is dealt afresh),
  and which of its cards the others hold now (it passed them on), though not who of them kept which;
- the cards of its draft and hand, and every card played face up (a card's colour, its owner's, shows);
- the card it passed on in the draft's second pass: its left neighbour holds it (with two players, the one
  that is not the neighbour's first pick), unless played.
Every other card is dealt afresh, colour by colour, from that colour's nine less those the seat knows the
place of: the owner's deck and, in the other players' drafts and hands, each card of that colour (a hand's
colours follow from the draft: who passed what to whom). The persons not yet seen are shuffled (the grey ones
within their letters; those seen lie under their decks in a known order), and the RNG is new.

Other players' hidden prestige is taken to be the seat's own. What the table shows of it (the messages taken,
the Residence's cubes) is about a fifth of a player's prestige, and a guess from it did no better: in four
heuristic 4-player matches (seeds 4-7, every 7th step) the seat's own prestige missed another's by 5.9 points on
average, and adding half the difference the table shows (the best weight tried) by 5.8. The truth would need
the match's whole history.

Forgotten, because the match's state does not keep it (and a state that did would change every dump and
replay): what the seat saw in the earlier rounds of this period of the other colours' cards (in its draft, and
played); such a card may be dealt into its owner's deck. The search then knows a little less, and reads nothing
hidden.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Game
from engine.expert import unseen

from .ai import Mind
from .setup import unseen_persons_shuffled
from .state import Player, State, card, colour_of
from .vocab import CARDS

PLAYOUT_STEPS = 1000  # about 2 s of one core: the heuristic tries every option out, so a step is dear (docs/benchmarks.md)
# A play-out stops once the decision's round and the next are over: a whole match is some 270 steps of 2 ms, so
# play-outs to the end afforded the search about seven worlds a decision; to this horizon, about three times as
# many (docs/benchmarks.md).
LOOK_AHEAD_ROUNDS = 2


def estimate(game: Game[Any], world: State, state: State) -> dict[int, float] | None:
    """What every seat's position at `state` promises, in prestige, as the heuristic weighs it (engine/notre_dame/
    ai.py: its prestige and what its coins, cubes, buildings, share of Notre Dame and rats will likely be worth),
    once the play-out from `world` has played LOOK_AHEAD_ROUNDS rounds; None before."""
    if state.round < world.round + LOOK_AHEAD_ROUNDS:
        return None
    return {p.seat: Mind(game, state, p.seat).value(state) for p in state.players}


def determinize(state: State, seat: int, rng: random.Random) -> State:
    world = state.clone()
    world.rng = rng.getrandbits(64)
    world.brown_deck, world.grey_deck = unseen_persons_shuffled(state, rng)
    passed = passed_on(state, seat)
    for owner in state.players:
        if owner.seat == seat:
            _deal_own_colour(state, world, seat, rng)
        else:
            _deal_colour(state, world, seat, owner, passed, rng)
    for other in state.players:  # the card each kept first, at its place in the hand
        if other.seat != seat and other.first_pick in other.hand:
            world.player(other.seat).first_pick = world.players[other.seat].hand[other.hand.index(other.first_pick)]
    if not state.public_prestige:
        for other in state.players:
            if other.seat != seat:
                world.player(other.seat).prestige, world.player(other.seat).earned = state.players[seat].prestige, {}
    return world.sealed()


def passed_on(state: State, seat: int) -> str | None:
    """The card `seat` passed on in the draft's second pass (a card of its right neighbour's colour, which it saw),
    while its left neighbour holds it: the only card of that colour in a hand whose other cards are the
    neighbour's own and one of `seat`'s; with two players the neighbour's card that is not its first pick."""
    left, right = state.players[state.left_of(seat)], state.players[(seat - 1) % state.seats]
    held = [x for x in left.hand if colour_of(x) == right.colour and (state.seats > 2 or x != left.first_pick)]
    return held[0] if held else None


def _deal_own_colour(state: State, world: State, seat: int, rng: random.Random) -> None:
    """The seat's deck in a new order, and its cards the others hold among their places of its colour."""
    me = world.player(seat)
    me.deck = sorted(state.players[seat].deck)
    rng.shuffle(me.deck)
    places = [(other.seat, part, i) for other in state.players if other.seat != seat
              for part in ("hand", "offer") for i, x in enumerate(getattr(other, part)) if colour_of(x) == me.colour]
    held = sorted(getattr(state.players[s], part)[i] for s, part, i in places)
    rng.shuffle(held)
    for (s, part, i), x in zip(places, held, strict=True):
        getattr(world.player(s), part)[i] = x


def _deal_colour(state: State, world: State, seat: int, owner: Player, passed: str | None,
                 rng: random.Random) -> None:
    """Another player's colour: its deck, and the places of its colour in the others' drafts and hands but
    those the seat knows, dealt from the cards of that colour the seat has not placed."""
    colour, me = owner.colour, state.players[seat]
    played = [x for p in state.players for x in p.played]
    known = [x for x in [*me.hand, *me.offer, *played, passed] if x is not None and colour_of(x) == colour]
    pool = unseen([card(colour, kind) for kind in CARDS], known)
    rng.shuffle(pool)
    world.player(owner.seat).deck = [pool.pop() for _ in owner.deck]
    for other in state.players:
        if other.seat == seat:
            continue
        dealt = world.player(other.seat)
        dealt.hand = [pool.pop() if colour_of(x) == colour and x != passed else x for x in dealt.hand]
        dealt.offer = [pool.pop() if colour_of(x) == colour else x for x in dealt.offer]
