"""Golden pictures of fixed views, compared with a small tolerance (fonts and Pillow may shift a pixel).

Refresh them after a deliberate change of the pictures, then look at every one before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from render.al_rashid import encode, render_board, render_final, render_focus, render_hand
from tests.render import fixtures
from tests.render.conftest import png_image

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
# A pixel counts as different when a channel moves by more than 48; at most 0.1% of pixels may differ.
CHANNEL_TOLERANCE = 48
PIXEL_SHARE = 0.001

CASES = {
    **{f"board-{name}-en": (lambda f=f: render_board(f())) for name, f in fixtures.MOMENTS.items()},
    "board-mid_resolution-it": lambda: render_board(fixtures.mid_resolution(), locale="it"),
    **{f"focus-{name}-en": (lambda f=f: render_focus(f())) for name, f in fixtures.MOMENTS.items()},
    "focus-battle-it": lambda: render_focus(fixtures.battle(), locale="it"),
    "focus-placement-it": lambda: render_focus(fixtures.placement(), locale="it"),
    "hand-red-en": lambda: render_hand(fixtures.hand_of_red()),
    "hand-red-it": lambda: render_hand(fixtures.hand_of_red(), locale="it"),
    "final-en": lambda: render_final(fixtures.game_over()),
}


def differing_share(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mask = diff.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0).convert("L").point(lambda v: 255 if v else 0)
    return mask.histogram()[255] / (a.size[0] * a.size[1])


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


def test_the_comparison_notices_a_real_change():
    board = render_board(fixtures.placement())
    moved = render_board(fixtures.placement().model_copy(update={"turn": 3}))
    assert differing_share(board, board) == 0
    assert differing_share(board, moved) > 0
    other = render_board(fixtures.battle())
    assert differing_share(board, other) > PIXEL_SHARE
