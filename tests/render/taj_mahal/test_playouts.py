"""Taj Mahal pictures of real matches: every sampled state draws; the public board and the focused picture are
byte-identical for states that differ only in hidden information; a hand changes only for the player entitled
to see what changed."""

from __future__ import annotations

import random

import pytest

import render
from engine.ai import policies_for
from engine.taj_mahal import GAME
from render.kit import MAX_BYTES
from render.taj_mahal import render_board, render_focus

EVERY = 25


def playout(seats: int, params: dict, seed: int, policy: str):
    chosen = policies_for(GAME, policy, seats)
    state = GAME.new_game(params, seats, seed)
    rng = random.Random(seed)
    index = 0
    while active := GAME.active_seats(state):
        if index % EVERY == 0:
            yield index, state
        seat = min(active)
        state, _ = GAME.apply(state, seat, chosen[seat].choose(GAME, state, seat, rng))
        index += 1
    yield index, state


@pytest.mark.parametrize("seats, params, policy", [(4, {}, "heuristic"), (2, {}, "random"),
                                                   (3, {"dummies": 1}, "heuristic"), (3, {"provinces": 9}, "random")])
def test_every_sampled_state_draws_and_keeps_secrets(seats, params, policy):
    rng = random.Random(seats)
    drawn = 0
    for index, state in playout(seats, params, 200 + seats, policy):
        view = GAME.view(state, None)
        board, focus = render_board(view).tobytes(), render_focus(view).tobytes()
        perturbed = GAME.perturb_hidden(state, rng)
        if perturbed is not None:
            other, entitled = perturbed
            assert render_board(GAME.view(other, None)).tobytes() == board, index
            assert render_focus(GAME.view(other, None)).tobytes() == focus, index
            for reader in range(seats):
                hand = render.hand_png(GAME.view(state, reader))
                assert hand is not None and len(hand) <= MAX_BYTES
                if reader not in entitled:
                    assert render.hand_png(GAME.view(other, reader)) == hand, (index, reader)
        drawn += 1
    assert drawn > 4
    final = render.final_png(GAME.view(state, None))
    assert final is not None and len(final) <= MAX_BYTES
