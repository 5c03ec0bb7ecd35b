"""Pictures of real matches: seeded playouts between computer seats, 2 to 5 players.

Every sampled state renders; the public board and the focused picture are byte-identical for states that
differ only in hidden information, and are never drawn from a player's own view; a hand changes only for
the player entitled to it.
"""

from __future__ import annotations

import random

import pytest

import render
import render.al_rashid
from engine.al_rashid import GAME
from render.kit import MAX_BYTES
from render.sample import playout
from tests.render.conftest import png_image

EVERY = 40  # besides every new phase, turn and kind of resolution stage, draw every 40th state


def sampled(players: int, seed: int, policy: str):
    """(index, state) of the states worth drawing in one playout, the last one included."""
    seen: set = set()
    for index, state in enumerate(playout(GAME, players, seed, policy)):
        view = GAME.view(state, None)
        keys = {(view.phase, view.turn), view.resolution.stage if view.resolution else None}
        if index % EVERY == 0 or not keys <= seen or not GAME.active_seats(state):
            yield index, state
        seen |= keys


def board(view) -> bytes:
    return render.al_rashid.render_board(view).tobytes()


def focus(view) -> bytes:
    return render.al_rashid.render_focus(view).tobytes()


@pytest.mark.parametrize(("players", "policy"), [(2, "random"), (3, "heuristic"), (4, "random"), (5, "heuristic")])
def test_every_sampled_state_of_a_playout_draws_and_keeps_secrets(players, policy):
    rng = random.Random(players)
    drawn = 0
    for index, state in sampled(players, 100 + players, policy):
        public, focused = board(GAME.view(state, None)), focus(GAME.view(state, None))
        if drawn % 4 == 0:
            for data in (render.board_png(GAME.view(state, None)), render.focus_png(GAME.view(state, None))):
                assert data is not None and len(data) <= MAX_BYTES, index
        # non-interference: other piles, mercenary values, hands give the same public pictures ...
        other, entitled = GAME.perturb_hidden(state, rng)
        assert board(GAME.view(other, None)) == public, index
        assert focus(GAME.view(other, None)) == focused, index
        # ... and a player's own view, which holds their private question and tiles, is refused
        for painter in (board, focus):
            with pytest.raises(ValueError):
                painter(GAME.view(state, index % players))
        for reader in {index % players, (index + 1) % players}:
            hand = render.hand_png(GAME.view(state, reader))
            assert hand is not None and len(hand) <= MAX_BYTES
            if reader not in entitled:
                assert render.hand_png(GAME.view(other, reader)) == hand, (index, reader)
        drawn += 1
    assert drawn > 15
    final = render.final_png(GAME.view(state, None))
    assert final is not None and png_image(final).width > 0


def test_a_hand_shows_what_its_owner_is_entitled_to_see():
    """Somewhere in a match a hidden change reaches a player's hand picture: the hand is not blind."""
    rng = random.Random(7)
    for _, state in sampled(4, 7, "heuristic"):
        other, entitled = GAME.perturb_hidden(state, rng)
        for reader in entitled:
            if render.hand_png(GAME.view(other, reader)) != render.hand_png(GAME.view(state, reader)):
                return
    pytest.fail("no perturbation of hidden information ever showed in the entitled player's hand")
