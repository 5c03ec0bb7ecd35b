"""A league's standings as a picture: one row per player, for tables of any length, a page at a time.

The bot resolves players' names and cuts long standings into pages (`pages`); each page is one picture
1080 px wide with its own header row, so a phone shows it without zooming.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from engine.core.messages import translate
from render.kit import DEFAULT_THEME, RGB, Canvas, Theme, ink_on, mix

WIDTH = 1080
PAD = 24
ROW = 64
PER_PAGE = 20
MEDALS: dict[int, RGB] = {1: (226, 178, 40), 2: (176, 180, 186), 3: (196, 128, 72)}
COLUMNS = [("points", 760), ("played", 900), ("wins", WIDTH - PAD - 12)]  # right edges of the number columns
NAME_X = PAD + 110
NAME_WIDTH = 760 - 150 - NAME_X       # up to the points column
NAME_LINES = 2                        # a long name (Discord allows 32 characters) wraps onto a second line
NAME_LEADING = 34                     # between a name's two lines; the row grows by as much
FINALIST_WIDTH = 104


@dataclass(frozen=True, slots=True)
class StandingsRow:
    rank: int
    name: str
    points: float
    played: int
    wins: int
    highlight: bool = False   # the player who asked
    finalist: bool = False    # seated at the season's final


def pages(rows: Sequence[StandingsRow], per_page: int = PER_PAGE) -> list[Sequence[StandingsRow]]:
    return [rows[i:i + per_page] for i in range(0, len(rows), per_page)] or [rows]


def number(value: float) -> str:
    """Points as a player writes them: 6, 4.5, 3.25."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def paint_standings(title: str, rows: Sequence[StandingsRow], locale: str = "en", theme: Theme = DEFAULT_THEME,
                    page: tuple[int, int] = (1, 1), subtitle: str | None = None) -> Image.Image:
    """`subtitle`: a line under the title (the final being played, last season's champion)."""
    t = theme.type
    c = Canvas(Image.new("RGB", (WIDTH, 1)), theme)  # measures the names before the picture's height is known
    names = [_name_lines(c, row) for row in rows]
    notes = [n for n in (subtitle, translate("league.picture.page", locale, page=page[0], pages=page[1])
                         if page[1] > 1 else None) if n]
    header = 150 if notes else 110
    heights = [ROW + (len(lines) - 1) * NAME_LEADING for lines, *_ in names]
    height = header + ROW + (sum(heights) if rows else ROW) + PAD
    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    c.text((PAD, 30), title, t.title, max_width=WIDTH - 2 * PAD)
    if notes:
        c.text((PAD, 92), " · ".join(notes), t.small, face="condensed", fill=theme.soft_ink, max_width=WIDTH - 2 * PAD)
    y = header
    c.box((PAD, y, WIDTH - PAD, y + ROW), fill=theme.line, width=0, radius=8)
    ink = ink_on(theme.line, theme)
    c.text((PAD + 16, y + ROW // 2), "#", t.label, fill=ink, anchor="lm")
    c.text((NAME_X, y + ROW // 2), translate("league.picture.player", locale), t.label, fill=ink, anchor="lm")
    for key, right in COLUMNS:
        c.text((right, y + ROW // 2), translate(f"league.picture.{key}", locale), t.small, face="condensed_bold",
               fill=ink, anchor="rm", max_width=130)
    y += ROW
    if not rows:
        c.text((PAD + 16, y + ROW // 2), translate("league.picture.empty", locale), t.label, fill=theme.soft_ink,
               anchor="lm")
    for i, (row, (lines, size, face, cut), row_height) in enumerate(zip(rows, names, heights, strict=True)):
        fill = mix(theme.card, theme.current, 0.18) if row.highlight else (theme.card if i % 2 == 0 else theme.paper)
        c.box((PAD, y, WIDTH - PAD, y + row_height), fill=fill, width=0, radius=0)
        middle = y + row_height // 2
        medal = MEDALS.get(row.rank)
        if medal:
            c.draw.ellipse((PAD + 10, middle - ROW // 2 + 8, PAD + ROW - 6, middle + ROW // 2 - 8), fill=medal)
        c.text((PAD + 10 + (ROW - 16) // 2, middle), str(row.rank), t.small if row.rank > 99 else t.label,
               fill=ink_on(medal, theme) if medal else theme.ink, anchor="mm")
        if row.finalist:  # a tag at the end of the name's room
            right = NAME_X + NAME_WIDTH
            c.box((right - FINALIST_WIDTH, middle - 18, right, middle + 18), fill=theme.current, width=0, radius=8)
            c.text((right - FINALIST_WIDTH // 2, middle), translate("league.picture.finalist", locale), t.small,
                   face="condensed_bold", fill=ink_on(theme.current, theme), anchor="mm", max_width=FINALIST_WIDTH - 8)
        first = middle - (len(lines) - 1) * NAME_LEADING // 2
        for n, line in enumerate(lines):
            c.text((NAME_X, first + n * NAME_LEADING), line, size, face=face, anchor="lm",
                   max_width=_name_room(row), cut=cut and n == len(lines) - 1)
        for (key, right), value in zip(COLUMNS, (number(row.points), str(row.played), str(row.wins)), strict=True):
            c.text((right, middle), value, t.label, face="bold" if key == "points" else "condensed", anchor="rm")
        y += row_height
    c.image.info["labels"] = c.labels
    return c.image


def _name_room(row: StandingsRow) -> int:
    return NAME_WIDTH - (FINALIST_WIDTH + 12 if row.finalist else 0)


def _name_lines(c: Canvas[Theme], row: StandingsRow) -> tuple[list[str], int, str, bool]:
    """A player's name on one line, or two when it is long (Discord's longest fit): never shortened."""
    return c.fit_lines(row.name, c.theme.type.label, "bold", _name_room(row), NAME_LINES, c.theme.type.small)
