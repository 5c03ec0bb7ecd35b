"""The final score of any game, one layout for all four: made for a phone held upright (1080 px wide), the
game's name on top, who won under it, then one card per player, best first: rank, colour, name, total and
every part of the score on two columns, the tie-break value when a tie on points was decided by it.

A game turns its view into a `FinalScore` (render/<game>/final.py); this draws it. The winners' cards carry
the same mark in every game: a gold frame and a gold rank badge.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PIL import Image

from engine.core.messages import translate
from render.kit import RGB, Canvas, Theme, ink_on, mix
from render.kit.marks import mark, shape_of

WIDTH = 1080
PAD = 28
CARD_INSET = 20          # inside a player's card
HEAD = 76                # a card's first row: rank, colour, name, total
BADGE = 56               # the rank badge's diameter
CHIP_H = 50
CHIP_MARK = 30           # the player's shape in their chip (render/kit/marks.py)
PART_ROW = 42            # one line of the breakdown
PART_GAP = 28            # between the breakdown's two columns
PART_LEADING = 32        # a part's name on two lines
COLUMN = (WIDTH - 2 * PAD - 2 * CARD_INSET - PART_GAP) // 2  # one column of the breakdown
NAME_LINES = 2           # a long name (Discord allows 32 characters) wraps onto a second line
NAME_LEADING = 34
CARD_GAP = 16
WINNER_GOLD: RGB = (214, 160, 20)
WINNER_FRAME = 6


@dataclass(frozen=True, slots=True)
class FinalRow:
    colour: RGB                       # the player's colour, as on the table
    colour_name: str                  # "Red", in the reader's language: colour is never the only clue
    total: int
    parts: Sequence[tuple[str, int]]  # every part of the score, named in the reader's language
    rank: int | None                  # 1 for the winners; None for a seat that is not ranked (a dummy)
    name: str | None = None           # the player's display name, as they write it
    tiebreak: tuple[str, int] | None = None  # what broke a tie on points ("Gold", 23), when it did

    @property
    def winner(self) -> bool:
        return self.rank == 1


@dataclass(frozen=True, slots=True)
class FinalScore:
    game: str                         # the game's name
    rows: Sequence[FinalRow]          # in the order shown: best first
    notes: Sequence[str] = field(default_factory=tuple)  # the tie-break used, a shared victory, dummies


def ranks(order: Sequence[int], key: Callable[[int], tuple[int, ...]]) -> dict[int, int]:
    """Each seat's place, best first in `order`: seats equal by `key` (points, then tie-breaks) share it."""
    out: dict[int, int] = {}
    for i, seat in enumerate(order):
        out[seat] = out[order[i - 1]] if i and key(seat) == key(order[i - 1]) else i + 1
    return out


def who(row: FinalRow) -> str:
    return f"{row.colour_name} ({row.name})" if row.name else row.colour_name


def paint_final(score: FinalScore, theme: Theme, locale: str) -> Image.Image:
    t = theme.type
    measure = Canvas(Image.new("RGB", (WIDTH, 1)), theme)
    cards = [_Card.of(measure, row, locale) for row in score.rows]
    winners = [row for row in score.rows if row.winner]
    verdict = translate("render.final.winners" if len(winners) > 1 else "render.final.winner", locale,
                        names=", ".join(who(row) for row in winners))
    verdict_lines, verdict_size, verdict_face, verdict_cut = measure.fit_lines(
        verdict, t.label, "bold", WIDTH - 2 * PAD, 3, t.small)
    notes = [measure.wrap(note, t.small, "condensed", WIDTH - 2 * PAD) for note in score.notes]
    top = PAD + 58 + len(verdict_lines) * round(verdict_size * 1.25) + 18
    height = (top + sum(card.height + CARD_GAP for card in cards)
              + sum(len(lines) * round(t.small * 1.25) + 10 for lines in notes) + PAD)
    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    c.text((PAD, PAD), f"{score.game} · {translate('render.final.title', locale)}", t.title,
           max_width=WIDTH - 2 * PAD)
    y = PAD + 62
    for n, line in enumerate(verdict_lines):
        c.text((PAD, y), line, verdict_size, face=verdict_face, cut=verdict_cut and n == len(verdict_lines) - 1)
        y += round(verdict_size * 1.25)
    y = top
    for card in cards:
        card.paint(c, y)
        y += card.height + CARD_GAP
    for lines in notes:
        for line in lines:
            c.text((PAD, y), line, t.small, face="condensed", fill=theme.soft_ink)
            y += round(t.small * 1.25)
        y += 10
    c.image.info["labels"] = c.labels
    return c.image


@dataclass(frozen=True, slots=True)
class _Part:
    lines: list[str]     # its name, on one line or two
    size: int
    face: str
    cut: bool
    value: int
    tiebreak: bool       # the value that broke a tie on points


@dataclass(frozen=True, slots=True)
class _Card:
    row: FinalRow
    chip_w: int
    name: tuple[list[str], int, str, bool]  # lines, size, face, cut
    parts: list[tuple[_Part, _Part | None]]  # two columns
    head: int
    height: int

    @classmethod
    def of(cls, c: Canvas[Theme], row: FinalRow, locale: str) -> _Card:
        t = c.theme.type
        chip_w = c.width(row.colour_name, t.label) + 32 + (CHIP_MARK if shape_of(c.theme, row.colour) else 0)
        total_w = c.width(str(row.total), t.title) + 12
        name_room = WIDTH - 2 * PAD - 2 * CARD_INSET - BADGE - 16 - chip_w - 16 - total_w - 16
        name = (c.fit_lines(row.name, t.label, "bold", name_room, NAME_LINES, t.small) if row.name
                else ([], t.label, "bold", False))
        parts = []
        named = [(label, value, False) for label, value in row.parts]
        if row.tiebreak:
            named.append((translate("render.final.tiebreak", locale, what=row.tiebreak[0]), row.tiebreak[1], True))
        for label, value, tiebreak in named:
            room = COLUMN - c.width(str(value), t.label) - 16
            parts.append(_Part(*c.fit_lines(label, t.small, "condensed", room, 2, t.small), value, tiebreak))
        pairs = [(parts[i], parts[i + 1] if i + 1 < len(parts) else None) for i in range(0, len(parts), 2)]
        head = max(HEAD, len(name[0]) * NAME_LEADING + 24)
        height = head + sum(_pair_height(pair) for pair in pairs) + CARD_INSET
        return cls(row, chip_w, name, pairs, head, height)

    def paint(self, c: Canvas[Theme], y: int) -> None:
        theme, t, row = c.theme, c.theme.type, self.row
        x0, x1 = PAD, WIDTH - PAD
        fill = mix(theme.card, WINNER_GOLD, 0.12) if row.winner else theme.card
        c.box((x0, y, x1, y + self.height), fill=fill, outline=WINNER_GOLD if row.winner else theme.line,
              width=WINNER_FRAME if row.winner else 2, radius=14)
        middle = y + self.head // 2
        x = x0 + CARD_INSET
        badge = WINNER_GOLD if row.winner else mix(theme.card, theme.line, 0.25)
        c.draw.ellipse((x, middle - BADGE // 2, x + BADGE, middle + BADGE // 2), fill=badge,
                       outline=mix(badge, theme.ink, 0.4), width=2)
        c.text((x + BADGE / 2, middle), str(row.rank) if row.rank else "–", t.heading, fill=ink_on(badge, theme),
               anchor="mm")
        x += BADGE + 16
        c.box((x, middle - CHIP_H // 2, x + self.chip_w, middle + CHIP_H // 2), fill=row.colour,
              outline=mix(row.colour, theme.ink, 0.45), width=3, radius=CHIP_H // 2)
        shift = CHIP_MARK if shape_of(theme, row.colour) else 0
        mark(c.draw, theme, x + 12 + CHIP_MARK / 2, middle, 11, row.colour)
        c.text((x + (self.chip_w + shift) / 2, middle), row.colour_name, t.label, fill=ink_on(row.colour, theme),
               anchor="mm")
        x += self.chip_w + 16
        lines, size, face, cut = self.name
        first = middle - (len(lines) - 1) * NAME_LEADING / 2
        for n, line in enumerate(lines):
            c.text((x, first + n * NAME_LEADING), line, size, face=face, anchor="lm", cut=cut and n == len(lines) - 1)
        c.text((x1 - CARD_INSET, middle), str(row.total), t.title, anchor="rm")
        y += self.head
        c.draw.line((x0 + CARD_INSET, y - 6, x1 - CARD_INSET, y - 6), fill=mix(fill, theme.line, 0.35), width=2)
        for pair in self.parts:
            for k, part in enumerate(p for p in pair if p is not None):
                px = x0 + CARD_INSET + k * (COLUMN + PART_GAP)
                for n, line in enumerate(part.lines):
                    c.text((px, y + 8 + n * PART_LEADING), line, part.size, face=part.face, fill=theme.soft_ink,
                           cut=part.cut and n == len(part.lines) - 1)
                c.text((px + COLUMN, y + 6), str(part.value), t.label, anchor="ra",
                       fill=theme.ink if part.value or part.tiebreak else theme.soft_ink)
            y += _pair_height(pair)


def _pair_height(pair: tuple[_Part, _Part | None]) -> int:
    lines = max(len(p.lines) for p in pair if p is not None)
    return PART_ROW + (lines - 1) * PART_LEADING
