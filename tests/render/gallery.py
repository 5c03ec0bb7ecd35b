"""Every kind of picture a player sees, drawn once per test run and shared by the checks that read them
(legibility on a phone, text that fits, colours): seeded matches of every game at every player count in both
languages, a few moments of each (the table, the whole board and each of its areas, a hand), the final score with real-world names,
league standings, rating charts and tournament brackets. (Every card of every game is checked in tests/queries/test_cards.py.)"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image

import render
from engine.core import get_game
from render.bracket import BracketRound, BracketSeat, BracketTable, paint_bracket
from render.chart import paint_rating_chart
from render.kit import illegible
from render.kit.legibility import ASKED_PX
from render.sample import drawable, playout
from render.standings import StandingsRow, pages, paint_standings
from tests.support.names import NAMES

LOCALES = ("en", "it")
MOMENTS = 2  # besides the last: moments a third and two thirds of the way through a match
KINDS = ("table", "board", "board area", "hand", "final", "standings", "chart", "bracket")


def board_problems(image: Image.Image) -> list[tuple[str, str]]:
    """The whole board (/board) is drawn for a big screen and looked at zoomed in: every text stands out and
    fits at its own size. On a phone a player reads it an area at a time (`area_problems`)."""
    return illegible(image, smallest=0, shown_at=1.0)


def area_problems(image: Image.Image) -> list[tuple[str, str]]:
    """An area of the board (/board area:), measured at the size a phone shows it, like every picture."""
    return illegible(image, smallest=ASKED_PX)


@dataclass(frozen=True)
class Picture:
    kind: str      # one of KINDS: "table" is the picture posted after every step, "board" the one /board sends,
                   # "board area" one of its areas
    where: str     # what it shows, to name it in a failure
    image: Image.Image


def names_at(offset: int, players: int) -> dict[int, str]:
    return {seat: NAMES[(offset + seat) % len(NAMES)] for seat in range(players)}


@cache
def match_pictures(key: str, players: int) -> tuple[Picture, ...]:
    game, pictures = get_game(key), render.for_game(key)
    assert pictures is not None
    states = list(playout(game, players, 11 * players, "random"))
    chosen = [states[len(states) * i // (MOMENTS + 1)] for i in range(1, MOMENTS + 1)] + [states[-1]]
    out: list[Picture] = []
    for locale in LOCALES:
        for i, state in enumerate(chosen):
            where = f"{key} {players}p {locale} moment {i}"
            public = game.view(state, None)
            out.append(Picture("table", where, pictures.focus(public, pictures.theme, locale)))
            out.append(Picture("board", where, pictures.board(public, pictures.theme, locale)))
            out += [Picture("board area", f"{where} area {name}", paint(public, pictures.theme, locale))
                    for name, paint in pictures.areas.items()]
            seat = i % players
            out.append(Picture("hand", f"{where} seat {seat}", pictures.hand(game.view(state, seat),
                                                                          pictures.theme, locale)))
        names = names_at(players * 3, players)
        out.append(Picture("final", f"{key} {players}p {locale}",
                           pictures.final(game.view(chosen[-1], None), pictures.theme, locale, names)))
    return tuple(out)


@cache
def league_pictures() -> tuple[Picture, ...]:
    rows = [StandingsRow(i + 1, name, 40 - i * 1.5, 6, 2, highlight=i == 4, finalist=i < 2)
            for i, name in enumerate(NAMES)]
    out: list[Picture] = []
    for locale in LOCALES:
        cut = pages(rows)
        for number, page in enumerate(cut, start=1):
            out.append(Picture("standings", f"{locale} page {number}",
                               paint_standings("Ligue des 🐪 — 第一季", page, locale, page=(number, len(cut)))))
        for games, name in ((0, NAMES[2]), (12, NAMES[4]), (300, NAMES[21])):
            history = [(25 + i * 0.1, max(1.0, 25 / 3 - i * 0.05)) for i in range(games)]
            out.append(Picture("chart", f"{locale} {games} games", paint_rating_chart(history, f"{name} · Yspahan",
                                                                                   locale)))
        for rounds in (bracket_rounds(), bracket_rounds()[:1]):
            out.append(Picture("bracket", f"{locale} {len(rounds)} rounds", paint_bracket(
                "Ligue des 🐪 — 第一季", rounds, NAMES[5] if len(rounds) > 1 else None, locale,
                subtitle="Knockout")))
    return tuple(out)


def bracket_rounds() -> list[BracketRound]:
    """A knockout of every name in the list at tables of four, a bye, a table still played, and its final."""
    first = tuple(BracketTable(tuple(BracketSeat(name, "through" if i % 2 == 0 and n < 8 else None)
                                     for i, name in enumerate(NAMES[n:n + 4])), n // 4 + 1, playing=n == 8)
                  for n in range(0, 12, 4))
    bye = BracketTable((BracketSeat(NAMES[12], "through"),))
    final = BracketTable(tuple(BracketSeat(name, "champion" if i == 0 else None)
                               for i, name in enumerate(NAMES[13:17])), 1)
    return [BracketRound(1, False, (*first, bye)), BracketRound(2, True, (final,))]


def seat_counts(key: str) -> range:
    spec = get_game(key).spec
    return range(spec.min_seats, spec.max_seats + 1)


def everything() -> list[Picture]:
    """Every picture of the gallery (drawn at the first call, then kept)."""
    out = list(league_pictures())
    for key in drawable():
        for players in seat_counts(key):
            out += match_pictures(key, players)
    return out


def of_kind(kind: str) -> list[Picture]:
    return [picture for picture in everything() if picture.kind == kind]
