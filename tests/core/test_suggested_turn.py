"""The suggested turn (engine.ai.suggested_turn): the steps one click plays, as the heuristic AI would play them,
up to anything drawn or revealed, and never a word that depends on what the player may not see."""

import random

import pytest

from engine.ai import SUGGESTED_STEPS, heuristic_for, suggested_turn
from engine.core import games

GAMES = sorted(key for key, game in games().items() if type(game).__module__.startswith("engine."))


def in_words(game, turn):
    return [(game.format_action(action), label.text("en"), label.text("it")) for action, label in turn]


@pytest.mark.parametrize("key", GAMES)
def test_a_suggested_turn_reads_the_same_whatever_the_player_cannot_see(key):
    """Two states that differ only in hidden information the player may not see give the same suggested turn,
    step for step and word for word, in both languages."""
    game = games()[key]
    compared = 0
    for seed in (1, 2):
        state, rng, probe = game.new_game(None, 3, seed), random.Random(seed), random.Random(-seed)
        while active := game.active_seats(state):
            seat = min(active)
            perturbed = game.perturb_hidden(state, probe)
            if perturbed is not None and seat not in perturbed[1]:
                assert in_words(game, suggested_turn(game, perturbed[0], seat)) == \
                    in_words(game, suggested_turn(game, state, seat)), (seed, state.steps)
                compared += 1
            state, _ = game.apply(state, seat, heuristic_for(game).choose(game, state, seat, rng))
    assert compared > 100


@pytest.mark.parametrize("key", GAMES)
def test_a_suggested_turn_stops_where_the_player_must_see_what_came_before_choosing_again(key):
    """Each step is legal where it is taken; the turn goes on only while the player alone is asked, and ends
    after anything drawn or revealed, or at the cap; where several choose at once it is the player's choice
    alone. The same board gives the same steps."""
    game = games()[key]
    state, rng = game.new_game(None, 3, 3), random.Random(3)
    lengths = set()
    while active := game.active_seats(state):
        seat = min(active)
        turn = suggested_turn(game, state, seat)
        assert turn and in_words(game, turn) == in_words(game, suggested_turn(game, state, seat))
        assert len(turn) <= SUGGESTED_STEPS and (len(active) == 1 or len(turn) == 1)
        after = state
        for n, (action, label) in enumerate(turn, 1):
            assert action in game.legal_actions(after, seat) and label == game.describe_action(after, seat, action)
            after, events = game.apply(after, seat, action)
            if n < len(turn):
                assert game.active_seats(after) == {seat} and not any(e.reveals for e in events)
        if len(turn) < SUGGESTED_STEPS and len(active) == 1:
            assert any(e.reveals for e in events) or game.active_seats(after) != {seat}
        lengths.add(len(turn))
        state, _ = game.apply(state, seat, heuristic_for(game).choose(game, state, seat, rng))
    assert max(lengths) > 2  # turns of several steps were suggested
