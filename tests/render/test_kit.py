"""The drawing kit and the generic entry points the bot calls."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import render
import tests.support.toy_game as toy
from render.al_rashid import THEME, board, render_focus
from render.kit import DEFAULT_THEME, MAX_BYTES, Canvas, encode
from tests.render import fixtures
from tests.render.conftest import png_image


def test_the_bot_gets_png_bytes_for_al_rashid_and_nothing_for_a_game_without_pictures():
    assert render.board_png(fixtures.placement(), "it").startswith(b"\x89PNG")
    assert render.focus_png(fixtures.placement(), "it").startswith(b"\x89PNG")
    assert render.hand_png(fixtures.hand_of_red(), "en").startswith(b"\x89PNG")
    assert render.final_png(fixtures.game_over(), "en").startswith(b"\x89PNG")
    state = toy.GAME.new_game(None, 2, seed=1)
    assert render.for_game("toy") is None
    assert render.board_png(toy.GAME.view(state, None), "en") is None
    assert render.for_game("al-rashid").board is board.render_board


def test_games_are_found_by_their_engine_key_without_a_list(tmp_path, monkeypatch):
    """A render package named after the game's key is all it takes; a broken one is not mistaken for none."""
    package = tmp_path / "render_plugins"
    (package / "toy_pictures").mkdir(parents=True)
    (package / "toy_pictures" / "__init__.py").write_text("PICTURES = 'the toy game pictures'\n")
    (package / "broken_pictures").mkdir()
    (package / "broken_pictures" / "__init__.py").write_text("import a_module_nobody_wrote\n")
    monkeypatch.syspath_prepend(str(package))
    monkeypatch.setattr(render, "package_of", lambda key: key.replace("-", "_"))
    assert render.for_game("toy-pictures") == "the toy game pictures"
    assert render.for_game("no-pictures") is None
    with pytest.raises(ModuleNotFoundError, match="a_module_nobody_wrote"):
        render.for_game("broken-pictures")


def test_the_game_theme_is_used_unless_the_caller_brings_one():
    from dataclasses import replace

    plain = render.focus_png(fixtures.placement())
    assert plain == render.focus_png(fixtures.placement(), theme=THEME)
    assert plain != render.focus_png(fixtures.placement(), theme=replace(THEME, paper=(250, 250, 250)))


def test_static_layers_are_painted_once_and_handed_out_as_copies():
    board.background.cache_clear()
    first = board.background(4, THEME, "en")
    first.image.putpixel((0, 0), (1, 2, 3))
    second = board.background(4, THEME, "en")
    assert second.image.getpixel((0, 0)) == THEME.paper
    assert second.image is not first.image and second.labels == first.labels[: len(second.labels)]
    assert board.background(4, THEME, "it").image.tobytes() != second.image.tobytes()


@pytest.mark.parametrize(("moment", "locale"), [("placement", "en"), ("mid_resolution", "it"), ("battle", "en")])
def test_encoding_keeps_boards_small_and_true_to_their_colours(moment, locale):
    """Boards are mapped onto a palette chosen in advance: no colour may drift far from what was painted."""
    picture = board.render_board(fixtures.MOMENTS[moment](), locale=locale)
    assert picture.info["palette"] is board.palette(picture_seats(moment), THEME, locale)
    data = encode(picture)
    assert len(data) <= MAX_BYTES
    difference = ImageChops.difference(picture, png_image(data).convert("RGB"))
    assert max(high for _, high in difference.getextrema()) <= 40
    assert max(ImageStat.Stat(difference).mean) < 1.5


@pytest.mark.parametrize(("moment", "locale"), [("placement", "it"), ("mid_resolution", "en"), ("game_over", "en")])
def test_focused_pictures_use_the_boards_palette_and_stay_true_to_their_colours(moment, locale):
    picture = render_focus(fixtures.MOMENTS[moment](), locale=locale)
    assert picture.info["palette"] is board.palette(picture_seats(moment), THEME, locale)
    difference = ImageChops.difference(picture, png_image(encode(picture)).convert("RGB"))
    assert max(high for _, high in difference.getextrema()) <= 40
    assert max(ImageStat.Stat(difference).mean) < 1.5


def picture_seats(moment: str) -> int:
    return fixtures.MOMENTS[moment]().seats


def test_pictures_without_a_palette_get_one_of_their_own():
    picture = Image.new("RGB", (300, 200), (10, 120, 200))
    picture.paste((250, 240, 10), (50, 50, 150, 150))
    decoded = png_image(encode(picture)).convert("RGB")
    assert decoded.getpixel((10, 10)) == (10, 120, 200) and decoded.getpixel((100, 100)) == (250, 240, 10)


def test_a_picture_that_cannot_fit_is_refused_with_a_reason():
    noise = Image.frombytes("RGB", (1600, 1600), random.Random(1).randbytes(1600 * 1600 * 3))
    with pytest.raises(ValueError, match="does not fit"):
        encode(noise)


def test_thick_polygon_outlines_on_a_canvas_are_pillows_own_pixels():
    """The canvas keeps one mask for thick polygon outlines and wipes it after each: overlapping polygons
    with fractional corners, thick or thin, filled or not, come out as Pillow draws them."""
    rng = random.Random(7)
    mine = Canvas(Image.new("RGB", (300, 200), (241, 232, 211)), THEME)
    pillows = Image.new("RGB", (300, 200), (241, 232, 211))
    for _ in range(40):
        corners = [(rng.uniform(-20, 320), rng.uniform(-20, 220)) for _ in range(rng.choice((3, 4, 8)))]
        fill = rng.choice((None, (200, 40, 40), (30, 26, 22)))
        outline, width = rng.choice(((30, 26, 22), (0, 112, 128), None)), rng.choice((1, 2, 3, 4, 7))
        mine.draw.polygon(corners, fill=fill, outline=outline, width=width)
        ImageDraw.Draw(pillows).polygon(corners, fill=fill, outline=outline, width=width)
    assert mine.image.tobytes() == pillows.tobytes()
    assert ImageChops.difference(mine.image, Image.new("RGB", (300, 200), (241, 232, 211))).getbbox() is not None


def test_an_area_keeps_the_labels_inside_it_and_flags_a_label_its_edge_cuts():
    from render.kit.areas import cut, stack

    c = Canvas(Image.new("RGB", (400, 100), DEFAULT_THEME.card), DEFAULT_THEME)
    c.text((10, 10), "inside", 28)
    c.text((150, 10), "across the edge", 28)
    c.image.info["labels"] = c.labels
    piece = cut(c.image, (0, 0, 200, 100))
    assert [(label.text, label.cut) for label in piece.info["labels"]] == [("inside", False),
                                                                        ("across the edge", True)]
    both = stack([piece, cut(c.image, (200, 0, 400, 100))], DEFAULT_THEME.paper)
    assert both.width == 200 + 32 and [label.box[1] for label in both.info["labels"]][1:] == [
        c.labels[1].box[1] + 16, c.labels[1].box[1] + 16 + 100 + 24]
