"""The pictures in docs/images, drawn by the current renderers from seeded matches between computer seats, and
the picture of players' names as they write them in every kind of picture that shows names. Run after a change
of the pictures, then look at every one before committing:

    .venv/bin/python -m tests.render.screenshots            # writes docs/images
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from PIL import Image

import render
from engine.core import get_game
from render.bracket import paint_bracket
from render.chart import paint_rating_chart
from render.kit import encode
from render.sample import playout
from render.standings import StandingsRow, pages, paint_standings
from tests.render.gallery import bracket_rounds
from tests.support.names import NAMES

OUT = Path(__file__).resolve().parents[2] / "docs" / "images"
SEED = 1
# file: (game, players, the moment it shows, the picture)
SHOTS = {
    "playing-table.png": ("al-rashid", 4, "mid-resolution", "focus"),
    "playing-hand.png": ("al-rashid", 4, "mid-resolution", "hand"),
    "playing-final.png": ("al-rashid", 4, "end", "final"),
    "taj-mahal-table.png": ("taj-mahal", 4, "contest", "focus"),
    "taj-mahal-hand.png": ("taj-mahal", 4, "contest", "hand"),
    "yspahan-table.png": ("yspahan", 4, "rolled", "focus"),
    "notre-dame-table.png": ("notre-dame", 4, "draft", "focus"),
    "notre-dame-hand.png": ("notre-dame", 4, "draft", "hand"),
    "notre-dame-carriage.png": ("notre-dame", 5, "carriage", "focus"),
}
NAMES_PICTURE = "names.png"
BRACKET_PICTURE = "tournament.png"
COLUMNS = 3  # pictures side by side in the names picture


def names_of(players: int, offset: int) -> dict[int, str]:
    return {seat: NAMES[(offset + seat) % len(NAMES)] for seat in range(players)}


def at_moment(game_key: str, players: int, moment: str) -> tuple[Any, Any]:
    """The public view and seat 0's view when `moment` first happens in the seeded match (`end`: its end)."""
    game, pictures = get_game(game_key), render.for_game(game_key)
    assert pictures is not None
    before = state = None
    for state in playout(game, players, SEED, "heuristic"):
        after = game.view(state, None)
        if moment != "end" and before is not None and (view := pictures.moments[moment](before, after)) is not None:
            return view, game.view(state, 0)
        before = after
    assert moment == "end" and state is not None, f"{moment} never happens in {game_key}'s seeded match"
    return before, game.view(state, 0)


def shot(name: str) -> Image.Image:
    game_key, players, moment, kind = SHOTS[name]
    pictures = render.for_game(game_key)
    assert pictures is not None
    public, own = at_moment(game_key, players, moment)
    if kind == "final":
        return pictures.final(public, pictures.theme, "en", names_of(players, 0))
    painter = getattr(pictures, kind)
    return painter(own if kind == "hand" else public, pictures.theme, "en")


def names_pictures() -> list[tuple[Image.Image, list[str]]]:
    """Every kind of picture that shows players' names, each with the names it shows: the final score of every
    game (five players where the game seats five), a page of league standings, a rating chart, a tournament's
    bracket."""
    out: list[tuple[Image.Image, list[str]]] = []
    for offset, game_key in enumerate(("al-rashid", "notre-dame", "taj-mahal", "yspahan")):
        game, pictures = get_game(game_key), render.for_game(game_key)
        assert pictures is not None
        players = min(5, game.spec.max_seats)
        names = names_of(players, offset * 5)
        *_, last = playout(game, players, SEED, "random")
        out.append((pictures.final(game.view(last, None), pictures.theme, "en", names), list(names.values())))
    rows = pages([StandingsRow(i + 1, name, 40 - i * 1.5, 6, 2, highlight=i == 4, finalist=i < 2)
                  for i, name in enumerate(NAMES[20:] + NAMES[:10])])[0]
    out.append((paint_standings("Ligue des 🐪 — 第一季", rows, "en"), [row.name for row in rows]))
    history = [(25 + i * 0.1, max(1.0, 25 / 3 - i * 0.05)) for i in range(12)]
    out.append((paint_rating_chart(history, f"{NAMES[4]} · Yspahan", "en"), [NAMES[4]]))
    out.append((bracket(), [seat.name for r in bracket_rounds() for table in r.tables for seat in table.seats]))
    return out


def bracket() -> Image.Image:
    """A knockout's bracket: a round of three tables (one still played) and a bye, then its final."""
    return paint_bracket("Ligue des 🐪 — 第一季", bracket_rounds(), NAMES[13], "en",
                         subtitle="Knockout: the top of each table go through")


def names_picture() -> Image.Image:
    """The names pictures side by side, `COLUMNS` to a row."""
    pictures = [image for image, _ in names_pictures()]
    width = max(image.width for image in pictures)
    rows = [pictures[i:i + COLUMNS] for i in range(0, len(pictures), COLUMNS)]
    heights = [max(image.height for image in row) for row in rows]
    sheet = Image.new("RGB", (COLUMNS * width, sum(heights)), (255, 255, 255))
    for r, row in enumerate(rows):
        for i, image in enumerate(row):
            sheet.paste(image.convert("RGB"), (i * width, sum(heights[:r])))
    return sheet


def main() -> int:
    for name in SHOTS:
        (OUT / name).write_bytes(encode(shot(name)))
        print(OUT / name)
    names_picture().save(OUT / NAMES_PICTURE, optimize=True)
    print(OUT / NAMES_PICTURE)
    (OUT / BRACKET_PICTURE).write_bytes(encode(bracket()))
    print(OUT / BRACKET_PICTURE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
