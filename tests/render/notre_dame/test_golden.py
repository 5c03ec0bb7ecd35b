"""Golden pictures of fixed Notre Dame tables, compared with a small tolerance (fonts and Pillow may shift a pixel).

Refresh them after a deliberate change of the pictures (or of the seeded tables in scenes.py), then look at every
one before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/notre_dame/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.notre_dame import GAME
from render.kit import encode
from render.notre_dame import render_board, render_final, render_focus, render_hand
from tests.render.conftest import png_image
from tests.render.test_golden import PIXEL_SHARE, differing_share

from .scenes import SCENES

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def public(scene):
    return GAME.view(SCENES[scene](), None)


CASES = {
    "board-draft-en": lambda: render_board(public("draft")),
    "board-carriage-it": lambda: render_board(public("carriage"), locale="it"),
    "board-two_players-en": lambda: render_board(public("two_players")),
    "focus-carriage-en": lambda: render_focus(public("carriage")),
    "focus-draft-it": lambda: render_focus(public("draft"), locale="it"),
    "focus-game_over-en": lambda: render_focus(public("game_over")),
    "hand-draft-en": lambda: render_hand(GAME.view(SCENES["draft"](), 0)),
    "hand-draft-it": lambda: render_hand(GAME.view(SCENES["draft"](), 1), locale="it"),
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
