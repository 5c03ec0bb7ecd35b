"""The golden Notre Dame pictures: the views drawn (the seeded tables of scenes.py) and the files they are compared
with. Refreshing them, after a change of the pictures or of the scenes: tests/render/test_golden.py."""

from __future__ import annotations

from pathlib import Path

from engine.notre_dame import GAME
from render.notre_dame import THEME, render_board, render_final, render_focus, render_hand
from render.notre_dame.areas import AREAS

from .scenes import SCENES

GOLDEN = Path(__file__).parent / "golden"


def public(scene):
    return GAME.view(SCENES[scene](), None)


CASES = {
    "board-draft-en": lambda: render_board(public("draft")),
    "board-carriage-it": lambda: render_board(public("carriage"), locale="it"),
    "area-persons-en": lambda: AREAS["persons"](public("draft"), THEME, "en"),
    "area-quarters-it": lambda: AREAS["quarters"](public("carriage"), THEME, "it"),
    "board-two_players-en": lambda: render_board(public("two_players")),
    "focus-carriage-en": lambda: render_focus(public("carriage")),
    "focus-draft-it": lambda: render_focus(public("draft"), locale="it"),
    "focus-game_over-en": lambda: render_focus(public("game_over")),
    "hand-draft-en": lambda: render_hand(GAME.view(SCENES["draft"](), 0)),
    "hand-draft-it": lambda: render_hand(GAME.view(SCENES["draft"](), 1), locale="it"),
    "final-en": lambda: render_final(public("game_over")),
    "final-it": lambda: render_final(public("game_over"), locale="it"),
}

