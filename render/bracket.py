"""A league tournament's bracket as a picture, made for a phone held upright: round after round, each table a
card with its players (names as they write them, never shortened) and a tag on those who went through (or
won), the byes as a card of their own, the champion at the foot.

1080 px wide, tables two to a row; when the rounds would make a picture taller than a phone shows whole, the
earliest rounds are left out and a note under the title says so (the bot lists every round in words beside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from engine.core.messages import translate
from render.kit import DEFAULT_THEME, Canvas, Theme, ink_on, tallest

WIDTH = 1080
PAD = 24
GAP = 16
COLUMN = (WIDTH - 2 * PAD - GAP) // 2
HEADING = 64                # a round's band
CARD_TOP = 52               # a card's own heading ("Table 2")
SEAT = 52                   # one player's line
LEADING = 32                # between a long name's two lines
TAG_WIDTH = 150
GOLD = (226, 178, 40)


@dataclass(frozen=True, slots=True)
class BracketSeat:
    name: str
    mark: str | None = None     # "through", "won" or "champion": the tag beside the name


@dataclass(frozen=True, slots=True)
class BracketTable:
    seats: tuple[BracketSeat, ...]
    number: int | None = None   # None: the players with a bye
    playing: bool = False       # its match is still being played


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    final: bool
    tables: tuple[BracketTable, ...]


def paint_bracket(title: str, rounds: Sequence[BracketRound], champion: str | None, locale: str = "en",
                  theme: Theme = DEFAULT_THEME, subtitle: str | None = None) -> Image.Image:
    t = theme.type
    measure = Canvas(Image.new("RGB", (WIDTH, 1)), theme)
    header = 150 if subtitle is not None else 110
    foot = (HEADING + GAP) if champion is not None else 0
    shown = list(rounds)
    heights = {id(r): _round_height(measure, r) for r in rounds}
    while len(shown) > 1 and header + 44 + sum(heights[id(r)] for r in shown) + foot + PAD > tallest(WIDTH):
        shown.pop(0)
    left_out = len(rounds) - len(shown)
    if left_out:
        header += 44
    height = header + sum(heights[id(r)] for r in shown) + foot + PAD
    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    c.text((PAD, 30), title, t.title, max_width=WIDTH - 2 * PAD)
    notes = [n for n in (subtitle, translate("league.picture.left_out", locale, rounds=left_out)
                         if left_out else None) if n]
    for i, note in enumerate(notes):
        c.text((PAD, 92 + 44 * i), note, t.small, face="condensed", fill=theme.soft_ink, max_width=WIDTH - 2 * PAD)
    y = header
    for round_ in shown:
        y = _paint_round(c, round_, y, locale)
    if champion is not None:
        c.box((PAD, y, WIDTH - PAD, y + HEADING), fill=GOLD, width=0, radius=10)
        c.text((WIDTH // 2, y + HEADING // 2), translate("league.picture.champion", locale, name=champion), t.label,
               fill=ink_on(GOLD, theme), anchor="mm", max_width=WIDTH - 2 * PAD - 24)
    c.image.info["labels"] = c.labels
    return c.image


def _name_lines(c: Canvas[Theme], seat: BracketSeat) -> tuple[list[str], int, str, bool]:
    room = COLUMN - 32 - (TAG_WIDTH + 8 if seat.mark else 0)
    return c.fit_lines(seat.name, c.theme.type.label, "bold", room, 2, c.theme.type.small)


def _card_height(c: Canvas[Theme], table: BracketTable) -> int:
    return CARD_TOP + sum(SEAT + (len(_name_lines(c, s)[0]) - 1) * LEADING for s in table.seats) + 8


def _round_height(c: Canvas[Theme], round_: BracketRound) -> int:
    rows = [round_.tables[i:i + 2] for i in range(0, len(round_.tables), 2)]
    return HEADING + GAP + sum(max(_card_height(c, t) for t in row) + GAP for row in rows)


def _paint_round(c: Canvas[Theme], round_: BracketRound, y: int, locale: str) -> int:
    theme, t = c.theme, c.theme.type
    c.box((PAD, y, WIDTH - PAD, y + HEADING), fill=theme.line, width=0, radius=8)
    heading = translate("league.picture.final_round" if round_.final else "league.picture.round", locale,
                        round=round_.number)
    c.text((PAD + 16, y + HEADING // 2), heading, t.label, fill=ink_on(theme.line, theme), anchor="lm",
           max_width=WIDTH - 2 * PAD - 32)
    y += HEADING + GAP
    for i in range(0, len(round_.tables), 2):
        row = round_.tables[i:i + 2]
        tallest_card = max(_card_height(c, table) for table in row)
        for n, table in enumerate(row):
            _paint_table(c, table, PAD + n * (COLUMN + GAP), y, tallest_card, locale)
        y += tallest_card + GAP
    return y


def _paint_table(c: Canvas[Theme], table: BracketTable, x: int, y: int, height: int, locale: str) -> None:
    theme, t = c.theme, c.theme.type
    c.box((x, y, x + COLUMN, y + height), fill=theme.card, outline=theme.line, width=2, radius=10)
    if table.number is None:
        heading = translate("league.picture.byes", locale)
    else:
        heading = translate("league.picture.table", locale, table=table.number)
        if table.playing:
            heading += " · " + translate("league.picture.playing", locale)
    c.text((x + 16, y + CARD_TOP // 2 + 4), heading, t.small, face="condensed_bold", fill=theme.soft_ink,
           anchor="lm", max_width=COLUMN - 32)
    top = y + CARD_TOP
    for seat in table.seats:
        lines, size, face, cut = _name_lines(c, seat)
        seat_height = SEAT + (len(lines) - 1) * LEADING
        middle = top + seat_height // 2
        first = middle - (len(lines) - 1) * LEADING // 2
        for n, line in enumerate(lines):
            c.text((x + 16, first + n * LEADING), line, size, face=face, anchor="lm",
                   fill=theme.ink if seat.mark or table.playing else theme.soft_ink,
                   max_width=COLUMN - 32 - (TAG_WIDTH + 8 if seat.mark else 0), cut=cut and n == len(lines) - 1)
        if seat.mark:
            fill = GOLD if seat.mark == "champion" else theme.current
            right = x + COLUMN - 12
            c.box((right - TAG_WIDTH, middle - 19, right, middle + 19), fill=fill, width=0, radius=8)
            c.text((right - TAG_WIDTH // 2, middle), translate(f"league.picture.mark.{seat.mark}", locale), t.small,
                   face="condensed_bold", fill=ink_on(fill, theme), anchor="mm", max_width=TAG_WIDTH - 12)
        top += seat_height
