"""The drawing kit and the generic entry points the bot calls."""

from __future__ import annotations

import random

import pytest
from PIL import Image

import render
import tests.support.toy_game as toy
from render.al_rashid import board
from render.kit import DEFAULT_THEME, MAX_BYTES, encode
from tests.render import fixtures
from tests.render.conftest import png_image


def test_the_bot_gets_png_bytes_for_al_rashid_and_nothing_for_a_game_without_pictures():
    assert render.board_png(fixtures.placement(), "it").startswith(b"\x89PNG")
    assert render.hand_png(fixtures.hand_of_red(), "en").startswith(b"\x89PNG")
    assert render.final_png(fixtures.game_over(), "en").startswith(b"\x89PNG")
    state = toy.GAME.new_game(None, 2, seed=1)
    assert render.for_game("toy") is None
    assert render.board_png(toy.GAME.view(state, None), "en") is None
    assert render.for_game("al-rashid").board is board.render_board


def test_static_layers_are_painted_once_and_handed_out_as_copies():
    board.background.cache_clear()
    first = board.background(4, DEFAULT_THEME, "en")
    first.image.putpixel((0, 0), (1, 2, 3))
    second = board.background(4, DEFAULT_THEME, "en")
    assert second.image.getpixel((0, 0)) == DEFAULT_THEME.paper
    assert second.image is not first.image and second.labels == first.labels[: len(second.labels)]
    assert board.background(4, DEFAULT_THEME, "it").image.tobytes() != second.image.tobytes()


def test_encoding_keeps_flat_pictures_small_and_true():
    picture = board.render_board(fixtures.mid_resolution())
    data = encode(picture)
    assert len(data) <= MAX_BYTES
    decoded = png_image(data).convert("RGB")
    # the 256-colour palette moves a flat colour by a shade at most
    for xy in ((5, 5), (800, 20), (30, 1000)):
        assert max(abs(a - b) for a, b in zip(decoded.getpixel(xy), picture.getpixel(xy), strict=True)) <= 4


def test_a_picture_that_cannot_fit_is_refused_with_a_reason():
    noise = Image.frombytes("RGB", (1600, 1600), random.Random(1).randbytes(1600 * 1600 * 3))
    with pytest.raises(ValueError, match="does not fit"):
        encode(noise)
