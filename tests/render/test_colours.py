"""Colours every player can tell apart: text on each player's colour, each player's pieces on what they stand on,
and a Taj Mahal province tile won by any player, the white one included, against one still to be won."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from render.al_rashid.theme import THEME as AL_RASHID
from render.kit import RGB, Canvas, Theme, contrast, ink_on, mix
from render.kit.marks import SHAPES, shape_of
from render.notre_dame.theme import THEME as NOTRE_DAME
from render.taj_mahal import glyphs as taj_mahal_glyphs
from render.taj_mahal.theme import THEME as TAJ_MAHAL
from render.yspahan.theme import THEME as YSPAHAN

NON_TEXT = 3.0  # WCAG 1.4.11: a piece against what it stands on
TEXT = 4.5      # WCAG 1.4.3

# each game's theme and the grounds its players' pieces stand on (besides the page and the panels' card)
GAMES: dict[str, tuple[Theme, list[RGB]]] = {
    "al-rashid": (AL_RASHID, [AL_RASHID.city]),
    "taj-mahal": (TAJ_MAHAL, [TAJ_MAHAL.city, *TAJ_MAHAL.provinces.values()]),
    "notre-dame": (NOTRE_DAME, [NOTRE_DAME.market]),
    "yspahan": (YSPAHAN, list(YSPAHAN.quarters.values())),
}
EDGE = {"al-rashid": 0.65, "taj-mahal": 0.7, "notre-dame": 0.6, "yspahan": 0.6}  # each game's piece outline


@pytest.mark.parametrize("game", GAMES)
def test_a_name_written_on_any_player_colour_reads(game):
    theme, _ = GAMES[game]
    weak = {name: round(contrast(ink_on(fill, theme), fill), 2) for name, fill in theme.player_colours().items()
            if contrast(ink_on(fill, theme), fill) < TEXT}
    assert weak == {}


@pytest.mark.parametrize("game", GAMES)
def test_every_player_piece_stands_out_from_what_it_stands_on(game):
    """Its fill or its outline, whichever stands out more: a white piece on pale paper is seen by its edge."""
    theme, grounds = GAMES[game]
    weak = {}
    for name, fill in theme.player_colours().items():
        edge = mix(fill, theme.ink, EDGE[game])
        for ground in (theme.paper, theme.card, *grounds):
            seen = max(contrast(fill, ground), contrast(edge, ground))
            if seen < NON_TEXT:
                weak[f"{name} on {ground}"] = round(seen, 2)
    assert weak == {}


def test_every_player_wears_a_mark_of_their_own():
    for theme, _ in GAMES.values():
        shapes = [shape_of(theme, fill) for fill in theme.player_colours().values()]
        assert None not in shapes and len(set(shapes)) == len(shapes) <= len(SHAPES)
    assert shape_of(TAJ_MAHAL, TAJ_MAHAL.road) is None


def tile(fill: RGB | None) -> Image.Image:
    c = Canvas(Image.new("RGB", (120, 120), TAJ_MAHAL.provinces["sand"]), TAJ_MAHAL)
    taj_mahal_glyphs.province_tile(c, 60, 64, 40, 7, [], fill)
    return c.image


def strongly_different(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose brightness differs by more than a third of the scale."""
    diff = ImageChops.difference(a.convert("L"), b.convert("L")).point(lambda v: 255 if v > 85 else 0)
    return sum(diff.histogram()[255:]) / (a.width * a.height)


@pytest.mark.parametrize("colour", list(TAJ_MAHAL.players))
def test_a_province_tile_won_by_any_player_looks_won(colour):
    """A white player's won tile is as pale as one still to be won (1.05:1): its owner's mark on a badge tells
    it, for every player alike."""
    assert contrast(TAJ_MAHAL.players["white"], (252, 244, 220)) < 1.1  # why colour alone cannot
    assert strongly_different(tile(TAJ_MAHAL.players[colour]), tile(None)) > 0.03
