"""The golden Taj Mahal pictures: the views drawn and the files they are compared with. Refreshing them:
tests/render/test_golden.py."""

from __future__ import annotations

from pathlib import Path

from render.taj_mahal import THEME, render_board, render_final, render_focus, render_hand
from render.taj_mahal.areas import AREAS

from . import fixtures

GOLDEN = Path(__file__).parent / "golden"

CASES = {
    "board-mid_visit-en": lambda: render_board(fixtures.mid_visit()),
    "board-mid_visit-it": lambda: render_board(fixtures.mid_visit(), locale="it"),
    "area-west-en": lambda: AREAS["west"](fixtures.mid_visit(), THEME, "en"),
    "area-players-it": lambda: AREAS["players"](fixtures.mid_visit(), THEME, "it"),
    **{f"focus-{name}-en": (lambda f=f: render_focus(f())) for name, f in fixtures.PUBLIC.items()},
    "focus-duel-it": lambda: render_focus(fixtures.duel(), locale="it"),
    "hand-en": lambda: render_hand(fixtures.hand_with_a_pick()),
    "hand-it": lambda: render_hand(fixtures.hand_with_a_pick(), locale="it"),
    "final-en": lambda: render_final(fixtures.game_over()),
    "final-it": lambda: render_final(fixtures.game_over(), locale="it"),
}

