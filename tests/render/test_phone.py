"""Every picture, measured as a phone held upright shows it (390 px wide, whatever the picture's own width):
seeded matches of every game at every player count in both languages, every kind of picture."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

import render
from engine.core import get_game
from render.kit import DEFAULT_THEME, Canvas, illegible, smallest_text, tallest
from render.sample import drawable
from tests.render.gallery import KINDS, area_problems, board_problems, of_kind

POSTED = [kind for kind in KINDS if not kind.startswith("board")]


def problems(kind: str, check: Callable[[Image.Image], list[tuple[str, str]]]) -> dict[str, list[tuple[str, str]]]:
    found = {picture.where: check(picture.image) for picture in of_kind(kind)}
    return {where: reasons[:4] for where, reasons in found.items() if reasons}


@pytest.mark.parametrize("kind", POSTED)
def test_every_picture_the_bot_posts_by_itself_is_legible_on_a_phone(kind):
    assert of_kind(kind)
    assert problems(kind, illegible) == {}


def test_every_table_picture_shows_whole_on_a_phone_held_upright():
    """The picture posted after every step is no taller than the phone's screen for its width (2337 px at
    1080), so that Discord shows it whole, its text at full size, with no tap to open it."""
    assert of_kind("table")
    tall = {picture.where: picture.image.size for picture in of_kind("table")
            if picture.image.height > tallest(picture.image.width)}
    assert tall == {}
    assert tallest(1080) == 2337


def test_every_area_of_the_board_is_legible_on_a_phone():
    """/board offers the whole board an area at a time, each at least 8 px on the phone; the whole board, for a
    big screen or zoomed in, reads at its own size."""
    assert {picture.where.split(" area ")[0] for picture in of_kind("board area")} == {
        picture.where for picture in of_kind("board")}
    assert problems("board area", area_problems) == {}
    assert all(area_problems(picture.image) for picture in of_kind("board"))  # whole, it is too small a phone
    assert problems("board", board_problems) == {}


def test_text_is_measured_at_the_size_a_phone_shows_the_picture():
    def picture(width: int, size: int) -> Image.Image:
        c = Canvas(Image.new("RGB", (width, 120), DEFAULT_THEME.card), DEFAULT_THEME)
        c.text((10, 10), "Souks 30", size)
        c.image.info["labels"] = c.labels
        return c.image

    assert smallest_text(picture(1080, 28)) == pytest.approx(28 * 390 / 1080)
    assert illegible(picture(1080, 28)) == []
    assert illegible(picture(1600, 28)) == [("small", "Souks 30")]  # 6.8 px on the phone
    assert illegible(picture(1600, 28), smallest=6.8) == []
    assert illegible(picture(1600, 33), smallest=8) == []
    assert smallest_text(picture(360, 12)) == 12  # narrower than the phone: shown at its own size


@pytest.mark.parametrize("key", drawable())
def test_an_area_of_the_board_is_drawn_from_the_public_view_only(key):
    """Like the whole board: an area drawn again from a player's own view would show what that view holds."""
    game, pictures = get_game(key), render.for_game(key)
    state = game.new_game(None, game.spec.min_seats, 3)
    assert pictures.areas
    for name, paint in pictures.areas.items():
        assert paint(game.view(state, None), pictures.theme, "en").info["labels"], name
        with pytest.raises(ValueError, match="public view"):
            paint(game.view(state, 0), pictures.theme, "en")
