"""A question offers exactly the candidates its rules let through. Listing the options (on every step, without
making a refusal's words) and refusing an action a player sends (with them) are two ways of asking the same
rules, written apart for speed (Al-Rashid's palaces price their options from numbers; Yspahan's tower, a group's
use, the road, the buildings (from a table of their prices) and the shop card's quarters and shops list theirs at
once): they must agree, in every game, at every step of random matches."""

import random

import pytest

from engine.core import games
from engine.core.errors import Illegal
from engine.core.flow import FlowGame

GAMES = {key: game for key, game in games().items()
         if type(game).__module__.startswith("engine.") and isinstance(game, FlowGame)}


def let_through(ask, state, action) -> bool:
    try:
        ask.refuse(state, action)
    except Illegal:
        return False
    return True


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_question_offers_exactly_the_candidates_its_refusals_let_through(key):
    game = GAMES[key]
    seats = min(4, game.spec.max_seats)
    questions = 0
    for seed in range(1, 6):
        state = game.new_game(None, seats, seed)
        rng = random.Random(seed)
        while active := game.active_seats(state):
            for seat in sorted(active):
                ask = game.asking(state, seat)
                offered = game.legal_actions(state, seat)
                assert offered == [a for a in ask.candidates(state) if let_through(ask, state, a)], (
                    f"{key} seed {seed} step {state.steps}: {type(ask).__name__}")
                questions += 1
            seat = min(active)
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert questions > 100
