"""Golden pictures of fixed views of every game, compared with a small tolerance (fonts and Pillow may shift a
pixel). Al-Rashid's cases are below, with their files in tests/render/golden/; each other game's are in
tests/render/<game>/goldens.py, with their files in tests/render/<game>/golden/.

Refresh them after a deliberate change of the pictures, then look at every one before committing:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py              # every game
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py -k yspahan   # one game
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from render.al_rashid import THEME, render_board, render_final, render_focus, render_hand
from render.al_rashid.areas import AREAS
from render.kit import encode
from render.taj_mahal import render_focus as taj_mahal_focus
from tests.render import fixtures
from tests.render.conftest import png_image
from tests.render.notre_dame import goldens as notre_dame
from tests.render.taj_mahal import fixtures as taj_mahal_fixtures
from tests.render.taj_mahal import goldens as taj_mahal
from tests.render.yspahan import goldens as yspahan

UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
# A pixel counts as different when a channel moves by more than 48; at most 0.1% of pixels may differ.
CHANNEL_TOLERANCE = 48
PIXEL_SHARE = 0.001

AL_RASHID = {
    **{f"board-{name}-en": (lambda f=f: render_board(f())) for name, f in fixtures.MOMENTS.items()},
    "board-mid_resolution-it": lambda: render_board(fixtures.mid_resolution(), locale="it"),
    "area-guilds-en": lambda: AREAS["guilds"](fixtures.placement(), THEME, "en"),
    "area-families-it": lambda: AREAS["families"](fixtures.mid_resolution(), THEME, "it"),
    **{f"focus-{name}-en": (lambda f=f: render_focus(f())) for name, f in fixtures.MOMENTS.items()},
    "focus-battle-it": lambda: render_focus(fixtures.battle(), locale="it"),
    "focus-placement-it": lambda: render_focus(fixtures.placement(), locale="it"),
    "hand-red-en": lambda: render_hand(fixtures.hand_of_red()),
    "hand-red-it": lambda: render_hand(fixtures.hand_of_red(), locale="it"),
    "final-en": lambda: render_final(fixtures.game_over()),
}
# Each game: the folder of its golden files and the pictures compared with them, by file name.
GAMES: dict[str, tuple[Path, dict[str, Callable[[], Image.Image]]]] = {
    "al_rashid": (Path(__file__).parent / "golden", AL_RASHID),
    "taj_mahal": (taj_mahal.GOLDEN, taj_mahal.CASES),
    "notre_dame": (notre_dame.GOLDEN, notre_dame.CASES),
    "yspahan": (yspahan.GOLDEN, yspahan.CASES),
}


def differing_share(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mask = diff.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0).convert("L").point(lambda v: 255 if v else 0)
    return mask.histogram()[255] / (a.size[0] * a.size[1])


CASES = [pytest.param(game, name, id=f"{game}/{name}") for game, (_, cases) in GAMES.items() for name in sorted(cases)]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_picture_matches_its_golden_image(game, name):
    folder, cases = GAMES[game]
    path = folder / f"{name}.png"
    picture = png_image(encode(cases[name]()))
    if UPDATE:
        folder.mkdir(exist_ok=True)
        picture.save(path, optimize=True)
    assert path.exists(), f"no golden image {game}/{path.name}: run with UPDATE_GOLDEN=1 and look at it"
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


def test_the_comparison_notices_another_table():
    focus = taj_mahal_focus(taj_mahal_fixtures.mid_visit())
    assert differing_share(focus, taj_mahal_focus(taj_mahal_fixtures.duel()).resize(focus.size)) > PIXEL_SHARE
