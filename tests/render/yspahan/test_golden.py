"""Golden pictures of fixed Yspahan tables, compared with a small tolerance (fonts and Pillow may shift a pixel).

Refresh them after a deliberate change of the pictures (or of the seeded tables in scenes.py), then look at every
one before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/yspahan/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.yspahan import GAME
from render.kit import encode
from render.yspahan import render_board, render_final, render_focus, render_hand
from tests.render.conftest import png_image
from tests.render.test_golden import PIXEL_SHARE, differing_share

from .scenes import SCENES

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def public(scene):
    return GAME.view(SCENES[scene](), None)


CASES = {
    "board-placing-en": lambda: render_board(public("placing")),
    "board-keeping-it": lambda: render_board(public("keeping"), locale="it"),
    "focus-placing-en": lambda: render_focus(public("placing")),
    "focus-rolled-it": lambda: render_focus(public("rolled"), locale="it"),
    "focus-three_players-en": lambda: render_focus(public("three_players")),
    "focus-game_over-en": lambda: render_focus(public("game_over")),
    "hand-three_players-en": lambda: render_hand(GAME.view(SCENES["three_players"](), 0)),
    "hand-three_players-it": lambda: render_hand(GAME.view(SCENES["three_players"](), 1), locale="it"),
    "final-en": lambda: render_final(public("game_over")),
    "final-it": lambda: render_final(public("game_over"), locale="it"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_its_golden_image(name):
    path = GOLDEN / f"{name}.png"
    picture = png_image(encode(CASES[name]()))
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        picture.save(path, optimize=True)
    assert path.exists(), f"no golden image {path.name}: run with UPDATE_GOLDEN=1 and look at it"
    golden = png_image(path.read_bytes())
    assert picture.size == golden.size
    assert differing_share(picture, golden) <= PIXEL_SHARE
