"""Notre Dame's sampled worlds (engine/notre_dame/expert.py) keep every card whose place the seat knows: its own
deck, its cards the others hold, the card it passed on in the draft, the persons already seen; and nothing the
seat cannot know decides them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.ai import heuristic_for
from engine.expert import ExpertPolicy
from engine.notre_dame import GAME
from engine.notre_dame.expert import LOOK_AHEAD_ROUNDS, determinize, estimate
from engine.notre_dame.state import State, colour_of, kind_of
from tests.expert.test_expert import QUICK, dump

HEURISTIC = heuristic_for(GAME)


def positions(seats: int, seed: int, every: int) -> Iterator[tuple[State, int, str | None]]:
    """(state, seat with a choice, the card that seat passed on in this round's second pass, if it did) every
    `every` steps of a heuristic match; the card is told by the test, which watched the seat choose."""
    state, rng, step, passed = GAME.new_game(None, seats, seed), random.Random(seed), 0, {}
    while active := GAME.active_seats(state):
        seat = min(active)
        if state.phase == "draft" and len(state.players[seat].offer) == 3:
            passed.pop(seat, None)  # a new round's draft
        action = HEURISTIC.choose(GAME, state, seat, rng)
        if step % every == 0 and len(GAME.legal_actions(state, seat)) > 1:
            yield state, seat, passed.get(seat)
        offer = state.players[seat].offer
        if action.verb == "keep" and len(offer) == 2:
            passed[seat] = next(x for x in offer if kind_of(x) != action.args[0])
        state, _ = GAME.apply(state, seat, action)
        step += 1


def cards_in(s: State) -> Counter[str]:
    return Counter(x for p in s.players for x in (*p.deck, *p.hand, *p.offer, *p.played))


def slots(s: State, seat: int) -> list[tuple[int, str, int, str]]:
    """Every card in another player's draft or hand: (player, part, place, card)."""
    return [(p.seat, part, i, x) for p in s.players if p.seat != seat for part in ("hand", "offer")
            for i, x in enumerate(getattr(p, part))]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_world_keeps_every_card_the_seat_has_placed_and_holds_each_card_once(seats: int) -> None:
    compared = passed_kept = dealt_afresh = 0
    for index, (state, seat, passed) in enumerate(positions(seats, seats, every=3)):
        world = determinize(state, seat, random.Random(index))
        me, mine = state.players[seat], world.players[seat]
        assert max(cards_in(world).values()) == 1
        assert GAME.view(world, seat) == GAME.view(state, seat) and GAME.view(world, None) == GAME.view(state, None)
        assert sorted(mine.deck) == sorted(me.deck) and (mine.hand, mine.offer) == (me.hand, me.offer)
        assert [len(p.deck) for p in world.players] == [len(p.deck) for p in state.players]
        assert [p.played for p in world.players] == [p.played for p in state.players]
        # Every place keeps its colour (the draft decides who holds which colours); the seat's own cards stay
        # with the others, only perhaps with the other neighbour.
        before, after = slots(state, seat), slots(world, seat)
        assert [(s, part, i, colour_of(x)) for s, part, i, x in before] == \
            [(s, part, i, colour_of(x)) for s, part, i, x in after]
        own = me.colour
        assert sorted(x for *_, x in after if colour_of(x) == own) == sorted(x for *_, x in before if colour_of(x) == own)
        if passed is not None and passed in state.players[state.left_of(seat)].hand:
            assert passed in world.players[state.left_of(seat)].hand
            passed_kept += 1
        for p, q in zip(state.players, world.players, strict=True):
            if p.seat != seat and p.first_pick in p.hand:
                assert q.first_pick == q.hand[p.hand.index(p.first_pick)]
        # The persons already seen lie under their decks as they went back; the others are a new order.
        seen_browns, seen_greys = 2 * ((state.round - 1) % 3), state.round - 1
        assert world.brown_deck[:seen_browns] == state.brown_deck[:seen_browns]
        assert world.grey_deck[:seen_greys] == state.grey_deck[:seen_greys]
        assert sorted(world.brown_deck) == sorted(state.brown_deck) and sorted(world.grey_deck) == sorted(state.grey_deck)
        dealt_afresh += any(a != b for a, b in zip(before, after, strict=True))
        compared += 1
    assert compared > 40 and passed_kept > 5 and dealt_afresh > 10


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_who_of_the_neighbours_kept_which_of_the_seats_cards_decides_nothing(seats: int) -> None:
    """The seat passed two of its cards on; the neighbour kept one and passed the other further: only the two
    neighbours know who holds which. Swapping them changes neither the world sampled nor the expert's choice."""
    swapped = 0
    for index, (state, seat, _) in enumerate(positions(seats, 20 + seats, every=2)):
        first = state.left_of(seat)
        held = [(holder, i) for holder in (first, state.left_of(first))
                for i, x in enumerate(state.players[holder].hand) if colour_of(x) == state.players[seat].colour]
        if len(held) != 2:
            continue
        other = state.clone()
        (a, i), (b, j) = held
        other.player(a).hand[i], other.player(b).hand[j] = state.players[b].hand[j], state.players[a].hand[i]
        other.sealed()
        assert dump(GAME, determinize(other, seat, random.Random(index))) == \
            dump(GAME, determinize(state, seat, random.Random(index)))
        if swapped % 3 == 0:
            assert QUICK.choose(GAME, other, seat, random.Random(index)) == \
                QUICK.choose(GAME, state, seat, random.Random(index))
        swapped += 1
    assert swapped >= 4


def test_hidden_prestige_is_taken_to_be_the_seats_own_and_public_prestige_is_kept() -> None:
    state = next(s for s, seat, _ in positions(4, 7, every=1) if s.round == 6 and seat == 0)
    assert len({p.prestige for p in state.players}) > 1
    world = determinize(state, 0, random.Random(1))
    assert [(p.prestige, p.earned) for p in world.players[1:]] == [(state.players[0].prestige, {})] * 3
    public = state.clone().sealed()
    public.public_prestige = True  # a casual table: everybody's prestige is seen, and kept
    assert [p.prestige for p in determinize(public, 0, random.Random(1)).players] == [p.prestige for p in public.players]


def test_a_play_out_stops_two_rounds_on_where_every_seat_is_weighed_alike() -> None:
    """The search's play-outs end once the decision's round and the next are over (`estimate`): before, nothing;
    there, a worth for every seat, which more prestige raises by as much. A search from the first round then plays
    out fewer steps a world than the match has left, and affords more worlds."""
    state, seat, _ = next(positions(4, 3, every=1))
    world = determinize(state, seat, random.Random(1))
    s, rng, reached = world, random.Random(2), None
    while (active := GAME.active_seats(s)) and reached is None:
        assert s.round >= world.round + LOOK_AHEAD_ROUNDS or estimate(GAME, world, s) is None
        reached = estimate(GAME, world, s)
        if reached is None:
            mover = min(active)
            s, _ = GAME.apply(s, mover, HEURISTIC.choose(GAME, s, mover, rng))
    assert reached is not None and s.round == world.round + LOOK_AHEAD_ROUNDS and sorted(reached) == [0, 1, 2, 3]
    richer = s.clone()
    richer.player(1).prestige += 5
    assert estimate(GAME, world, richer.sealed())[1] == pytest.approx(reached[1] + 5)

    search = ExpertPolicy().search(GAME, seat, random.Random(4))
    search.best(state, GAME.legal_actions(state, seat), 1000)
    assert search.playouts >= 10 and search.steps / search.playouts < 100  # a whole match: some 260 steps
