"""Pictures of the games, drawn with Pillow from the engine's views only.

The bot asks for PNG bytes by game-independent names: `board_png`, `focus_png`, `hand_png`, `final_png`.
Each returns None for a game without pictures (the bot then shows words only).

A game brings its pictures by having a render package named after its engine key (`al-rashid` ->
`render.al_rashid`); nothing lists the games. The package's `PICTURES` (a `Pictures`) provides:

- `board(view, theme, locale)`: the whole public table, from the public view (seat None), for `/board`;
- `areas`: the same table an area at a time, each part legible on a phone (`render.kit.areas`), by name:
  `(view, theme, locale) -> image`, offered by `/board area:`;
- `focus(view, theme, locale)`: the picture posted after every step, made for a phone held upright
  (about 1080 px wide): where the game is happening now, what the last step changed, and the players;
  from the public view, at every moment of a match, never showing hidden information;
- `hand(view, theme, locale)`: one player's private hand, from that player's own view, phone-first too;
- `final(view, theme, locale, names)`: the final score with its breakdown and the tie-break when it decided,
  drawn by `render.final` (one layout for every game); `names` are the players' display names by seat;
- `theme`: the game's colours, a subclass of `render.kit.Theme` (players, components...), used when the
  caller passes none;
- `moments`: telling moments of a match for `python -m render sample <game>`, by name: each
  `(public view before a step, public view after it) -> view worth drawing, or None`;
- `card(component, theme, locale)`: the picture of one component for `/card` (an
  `engine.core.catalogue.Component`); by default `render.card.paint_card`, which any game's catalogue fits.

Pictures that belong to no game take plain data: `standings_png` (a league's standings, any length),
`rating_chart_png` (a player's rating after each rated match) and `bracket_png` (a league tournament's rounds).

Painters return a Pillow image whose `info["labels"]` lists every text written on it (a `render.kit.Label`)
so tests can hold every picture to `render.kit.legibility`; `info["palette"]` may carry a palette chosen
in advance for faster encoding. The drawing kit (`render.kit`) holds what games share: the `Canvas` that
records labels, fonts, cached static layers and stamps, the legibility check and the encoder.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from PIL import Image
from pydantic import BaseModel

from engine.core.catalogue import Component
from engine.core.messages import translate
from render.bracket import BracketRound, paint_bracket
from render.card import paint_card
from render.chart import paint_rating_chart
from render.kit import DEFAULT_THEME, Theme, encode
from render.standings import StandingsRow, paint_standings

V = TypeVar("V", bound=BaseModel)
T = TypeVar("T", bound=Theme)
Moment = Callable[[Any, Any], Any]  # (public view before a step, after it) -> a view worth drawing, or None


@dataclass(frozen=True)
class Pictures(Generic[V, T]):
    board: Callable[[V, T, str], Image.Image]
    focus: Callable[[V, T, str], Image.Image]
    hand: Callable[[V, T, str], Image.Image]
    final: Callable[..., Image.Image]  # (view, theme, locale, names by seat or None)
    theme: T
    moments: Mapping[str, Moment] = field(default_factory=dict)
    card: Callable[[Component, T, str], Image.Image] = paint_card
    areas: Mapping[str, Callable[[V, T, str], Image.Image]] = field(default_factory=dict)


def package_of(key: str) -> str:
    """The render package of a game, by its engine key."""
    return f"render.{key.replace('-', '_')}"


def for_game(key: str) -> Pictures[Any, Any] | None:
    """The pictures of a game (by its engine key), or None when it has no render package."""
    if not key:
        return None
    name = package_of(key)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise  # the package exists but something it imports does not: a real error
        return None
    pictures: Pictures[Any, Any] = module.PICTURES
    return pictures


def _png(view: BaseModel, locale: str, theme: Theme | None, which: str, *more: Any) -> bytes | None:
    pictures = for_game(getattr(view, "game", ""))
    if pictures is None:
        return None
    painter: Callable[..., Image.Image] = getattr(pictures, which)
    return encode(painter(view, theme or pictures.theme, locale, *more))


def board_png(view: BaseModel, locale: str = "en", theme: Theme | None = None, area: str | None = None
              ) -> bytes | None:
    """The whole public table (`/board`), or one of its `areas` (None for an area the game does not have)."""
    if area is None:
        return _png(view, locale, theme, "board")
    pictures = for_game(getattr(view, "game", ""))
    painter = pictures.areas.get(area) if pictures is not None else None
    if pictures is None or painter is None:
        return None
    return encode(painter(view, theme or pictures.theme, locale))


def areas_of(key: str, locale: str = "en") -> dict[str, str]:
    """The areas `/board` offers for a game (by its engine key), in the game's order: name -> what a player
    reads in `locale`."""
    pictures = for_game(key)
    return {name: translate(f"{package_of(key)}.board_area.{name}", locale) for name in pictures.areas} if pictures else {}


def focus_png(view: BaseModel, locale: str = "en", theme: Theme | None = None) -> bytes | None:
    """The phone-first picture of what is happening now, from the public view (posted after every step)."""
    return _png(view, locale, theme, "focus")


def hand_png(view: BaseModel, locale: str = "en", theme: Theme | None = None) -> bytes | None:
    """A player's private hand, from their own view (sent to that player alone)."""
    return _png(view, locale, theme, "hand")


def final_png(view: BaseModel, locale: str = "en", theme: Theme | None = None,
              names: Mapping[int, str] | None = None) -> bytes | None:
    """The final score, from a view of a finished game; `names`: the players' display names by seat."""
    return _png(view, locale, theme, "final", names)


def card_png(component: Component, locale: str = "en", theme: Theme | None = None) -> bytes:
    """One component of a game, with its effect (`/card`)."""
    pictures = for_game(component.game)
    if pictures is None:
        return encode(paint_card(component, theme or DEFAULT_THEME, locale))
    return encode(pictures.card(component, theme or pictures.theme, locale))


def standings_png(title: str, rows: Sequence[StandingsRow], locale: str = "en", theme: Theme | None = None,
                  page: tuple[int, int] = (1, 1), subtitle: str | None = None) -> bytes:
    """One page of a league's standings (`render.standings.pages` cuts long ones)."""
    return encode(paint_standings(title, rows, locale, theme or DEFAULT_THEME, page, subtitle))


def bracket_png(title: str, rounds: Sequence[BracketRound], champion: str | None, locale: str = "en",
                theme: Theme | None = None, subtitle: str | None = None) -> bytes:
    """A league tournament's bracket: its rounds, tables, who went through, the champion."""
    return encode(paint_bracket(title, rounds, champion, locale, theme or DEFAULT_THEME, subtitle))


def rating_chart_png(history: Sequence[tuple[float, float]], title: str, locale: str = "en",
                     theme: Theme | None = None) -> bytes:
    """A player's rating after each rated match: (mu, sigma) pairs, oldest first."""
    return encode(paint_rating_chart(history, title, locale, theme or DEFAULT_THEME))


__all__ = ["Moment", "Pictures", "StandingsRow", "areas_of", "board_png", "bracket_png", "card_png", "final_png", "focus_png", "for_game",
           "hand_png", "package_of", "rating_chart_png", "standings_png"]
