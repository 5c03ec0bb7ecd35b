"""Colours every player can tell apart: text on each player's colour, each player's pieces on what they stand on,
a Taj Mahal province tile won by any player (the white one included) against one still to be won, and every two
players' pieces as players with a colour-vision deficiency see them (protanopia, deuteranopia, tritanopia)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

from render.al_rashid import glyphs as al_rashid_glyphs
from render.al_rashid.theme import THEME as AL_RASHID
from render.kit import RGB, Canvas, Theme, contrast, ink_on, mix
from render.kit.marks import SHAPES, shape_of
from render.notre_dame import glyphs as notre_dame_glyphs
from render.notre_dame.theme import THEME as NOTRE_DAME
from render.taj_mahal import glyphs as taj_mahal_glyphs
from render.taj_mahal.theme import THEME as TAJ_MAHAL
from render.yspahan import glyphs as yspahan_glyphs
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


# ---- colour-vision deficiencies ---------------------------------------------------------------------
# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color vision
# deficiency", severity 1.0: matrices on linear sRGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
APART = 20      # CIELAB ΔE76 between two pixels that a glance tells apart
TOLD = 0.05     # share of a piece's pixels that must be told apart from another player's piece


def _linear(channel: int) -> float:
    s = channel / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def _gamma(value: float) -> int:
    v = min(1.0, max(0.0, value))
    return round(255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


@cache
def seen_with(deficiency: str | None, rgb: RGB) -> RGB:
    if deficiency is None:
        return rgb
    linear = [_linear(v) for v in rgb]
    r, g, b = (_gamma(sum(k * v for k, v in zip(row, linear, strict=True))) for row in DEFICIENCIES[deficiency])
    return r, g, b


@cache
def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: RGB, b: RGB) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def test_the_simulation_turns_red_and_green_alike_as_the_issue_saw():
    red, green = NOTRE_DAME.players["red"], NOTRE_DAME.players["green"]
    assert delta_e(red, green) > 60
    assert delta_e(seen_with("protanopia", red), seen_with("protanopia", green)) < APART
    assert seen_with("deuteranopia", (255, 255, 255)) == (255, 255, 255)  # white stays white


def told_apart(a: Image.Image, b: Image.Image, ground: RGB, deficiency: str | None) -> float:
    """The share of the pixels of two pieces (drawn on `ground`) that a player with `deficiency` tells apart."""
    pixels = [(p, q) for p, q in zip(a.get_flattened_data(), b.get_flattened_data(), strict=True)
              if p != ground or q != ground]
    apart = sum(apart_seen(p, q, deficiency) for p, q in pixels)
    return apart / len(pixels)


@cache
def apart_seen(a: RGB, b: RGB, deficiency: str | None) -> bool:
    return delta_e(seen_with(deficiency, a), seen_with(deficiency, b)) > APART


# each game's pieces in a player's colour, each on a sheet of the panels' card
PIECES: dict[str, dict[str, tuple[tuple[int, int], Callable[[Canvas[Any], RGB], None]]]] = {
    "al-rashid": {
        "pasha": ((80, 110), lambda c, fill: al_rashid_glyphs.stack(c, 8, 5, 96, {"pasha": 1, "sage": 1}, fill, "en")),
        "merchant": ((80, 110), lambda c, fill: al_rashid_glyphs.stack(c, 8, 5, 96, {"merchant": 1}, fill, "en")),
        "sages": ((80, 110), lambda c, fill: al_rashid_glyphs.stack(c, 8, 5, 96, {"sage": 2}, fill, "en")),
        "dominance": ((70, 60), lambda c, fill: al_rashid_glyphs.dominance(c, 6, 8, 5, fill)),
    },
    "taj-mahal": {
        "palace": ((40, 40), lambda c, fill: taj_mahal_glyphs.palace(c, 20, 20, 24, fill)),
        "province tile": ((120, 120), lambda c, fill: taj_mahal_glyphs.province_tile(c, 60, 64, 40, 7, [], fill)),
    },
    "notre-dame": {
        "cube": ((40, 40), lambda c, fill: notre_dame_glyphs.cube(c, 7, 7, 26, fill)),
        "friend": ((50, 50), lambda c, fill: notre_dame_glyphs.friend(c, 10, 5, 40, fill)),
        "carriage": ((60, 50), lambda c, fill: notre_dame_glyphs.carriage(c, 8, 8, 44, fill)),
        "message": ((64, 64), lambda c, fill: notre_dame_glyphs.message(c, 32, 32, 27, fill, 3)),
    },
    "yspahan": {
        "cube": ((44, 44), lambda c, fill: yspahan_glyphs.cube(c, 7, 7, 28, fill)),
        "souk badge": ((90, 90), lambda c, fill: yspahan_glyphs.souk_badge(c, 34, 34, 27, 12, YSPAHAN.souks["teal"],
                                                                            fill)),
    },
}


def piece(game: str, kind: str, fill: RGB) -> Image.Image:
    theme, _ = GAMES[game]
    size, painter = PIECES[game][kind]
    c = Canvas(Image.new("RGB", size, theme.card), theme)
    painter(c, fill)
    return c.image


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize("game", PIECES)
def test_every_two_players_pieces_are_told_apart_with_every_colour_vision(game, deficiency):
    """By their colours when they stay apart, else by their marks: red and green Notre Dame cubes are alike to
    a protanope but for the circle on one and the triangle on the other."""
    theme, _ = GAMES[game]
    alike = {}
    for kind in PIECES[game]:
        for (name_a, a), (name_b, b) in itertools.combinations(theme.player_colours().items(), 2):
            share = told_apart(piece(game, kind, a), piece(game, kind, b), theme.card, deficiency)
            if share < TOLD:
                alike[f"{kind}: {name_a} and {name_b}"] = round(share, 3)
    assert alike == {}
