"""Golden Taj Mahal pictures of fixed positions, compared with a small tolerance.

Refresh them after a deliberate change of the pictures, then look at every one before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/taj_mahal/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from render.taj_mahal import encode, render_board, render_final, render_focus, render_hand
from tests.render.conftest import png_image
from tests.render.test_golden import PIXEL_SHARE, differing_share

from . import fixtures

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

CASES = {
    "board-mid_visit-en": lambda: render_board(fixtures.mid_visit()),
    "board-mid_visit-it": lambda: render_board(fixtures.mid_visit(), locale="it"),
    **{f"focus-{name}-en": (lambda f=f: render_focus(f())) for name, f in fixtures.PUBLIC.items()},
    "focus-duel-it": lambda: render_focus(fixtures.duel(), locale="it"),
    "hand-en": lambda: render_hand(fixtures.hand_with_a_pick()),
    "hand-it": lambda: render_hand(fixtures.hand_with_a_pick(), locale="it"),
    "final-en": lambda: render_final(fixtures.game_over()),
    "final-it": lambda: render_final(fixtures.game_over(), locale="it"),
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


def test_the_comparison_notices_a_real_change():
    focus = render_focus(fixtures.mid_visit())
    assert differing_share(focus, render_focus(fixtures.duel()).resize(focus.size)) > PIXEL_SHARE
