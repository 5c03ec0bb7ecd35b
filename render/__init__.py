"""Pictures of the games, drawn with Pillow from the engine's views only.

The bot asks for bytes by game-independent names: `board_png`, `hand_png`, `final_png`. Each game
offers its painters in `render.<game>.PICTURES`; a game without pictures yet gets None (words only).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image
from pydantic import BaseModel

from render.kit import DEFAULT_THEME, Theme, encode

Painter = Callable[..., Image.Image]  # (view, theme, locale) -> image


@dataclass(frozen=True)
class Pictures:
    board: Painter   # the public table (never shows hidden information, whoever's view it gets)
    hand: Painter    # one player's private hand, from their own view
    final: Painter   # the final score, from a view of a finished game


MODULES = {"al-rashid": "render.al_rashid"}


def for_game(key: str) -> Pictures | None:
    """The painters of a game (by its engine key), or None when it has no pictures yet."""
    module = MODULES.get(key)
    return importlib.import_module(module).PICTURES if module else None


def _png(view: BaseModel, locale: str, theme: Theme, which: str) -> bytes | None:
    pictures = for_game(getattr(view, "game", ""))
    if pictures is None:
        return None
    return encode(getattr(pictures, which)(view, theme, locale))


def board_png(view: BaseModel, locale: str = "en", theme: Theme = DEFAULT_THEME) -> bytes | None:
    return _png(view, locale, theme, "board")


def hand_png(view: BaseModel, locale: str = "en", theme: Theme = DEFAULT_THEME) -> bytes | None:
    return _png(view, locale, theme, "hand")


def final_png(view: BaseModel, locale: str = "en", theme: Theme = DEFAULT_THEME) -> bytes | None:
    return _png(view, locale, theme, "final")


__all__ = ["MODULES", "Pictures", "board_png", "final_png", "for_game", "hand_png"]
