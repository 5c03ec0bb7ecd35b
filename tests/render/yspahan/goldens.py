"""The golden Yspahan pictures: the views drawn (the seeded tables of scenes.py) and the files they are compared
with. Refreshing them, after a change of the pictures or of the scenes: tests/render/test_golden.py."""

from __future__ import annotations

from pathlib import Path

from engine.yspahan import GAME
from render.yspahan import THEME, render_board, render_final, render_focus, render_hand
from render.yspahan.areas import AREAS

from .scenes import SCENES

GOLDEN = Path(__file__).parent / "golden"


def public(scene):
    return GAME.view(SCENES[scene](), None)


CASES = {
    "board-placing-en": lambda: render_board(public("placing")),
    "board-keeping-it": lambda: render_board(public("keeping"), locale="it"),
    "area-west-en": lambda: AREAS["west"](public("placing"), THEME, "en"),
    "area-east-it": lambda: AREAS["east"](public("rolled"), THEME, "it"),
    "area-legend-it": lambda: AREAS["legend"](public("keeping"), THEME, "it"),
    "focus-placing-en": lambda: render_focus(public("placing")),
    "focus-rolled-it": lambda: render_focus(public("rolled"), locale="it"),
    "focus-three_players-en": lambda: render_focus(public("three_players")),
    "focus-game_over-en": lambda: render_focus(public("game_over")),
    "hand-three_players-en": lambda: render_hand(GAME.view(SCENES["three_players"](), 0)),
    "hand-three_players-it": lambda: render_hand(GAME.view(SCENES["three_players"](), 1), locale="it"),
    "final-en": lambda: render_final(public("game_over")),
    "final-it": lambda: render_final(public("game_over"), locale="it"),
}

