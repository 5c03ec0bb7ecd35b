"""Where everything goes on the board picture (pixels of the full image)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.al_rashid.vocab import GUILDS, TERRITORIES

Rect = tuple[int, int, int, int]

WIDTH = 1600
PAD = 16          # page margin
GAP = 12          # between boxes
HEADER_BAND = 50  # name band at the top of an area or panel
CARD_GAP = 6      # between charges on offer
CHARGES_H = 4 * (46 + 31) + 31 + 3 * CARD_GAP  # four charges a column, names on two lines, one on three
BADGE_ROW = 46    # dominance badges above the pieces
PIECE_ROW = 96    # tallest stack drawn at full size: a Pasha on two Sages
HEADER_H = 214
PANEL_H = 540
LEGEND_ROW = 66   # one explanation of the legend, two lines at most
LEGEND_H = 60 + 8 * LEGEND_ROW + 10
AREA_H = HEADER_BAND + 10 + CHARGES_H + 8 + BADGE_ROW + PIECE_ROW + 10


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    header: Rect
    city: Rect
    areas: dict[str, Rect]
    extra: Rect           # the map's eighth cell: barter table and mercenary piles
    panels: list[Rect]
    legend: Rect

    def pieces_box(self, area_id: str) -> Rect:
        """The band where the stacks stand (badges above, pieces below)."""
        x0, _, x1, y1 = self.areas[area_id]
        return x0 + 10, y1 - 10 - PIECE_ROW - BADGE_ROW, x1 - 10, y1 - 10


def columns(x0: int, x1: int, n: int) -> list[tuple[int, int]]:
    width = (x1 - x0 - GAP * (n - 1)) / n
    return [(round(x0 + i * (width + GAP)), round(x0 + i * (width + GAP) + width)) for i in range(n)]


def sections(lay: Layout) -> dict[str, Rect]:
    """The halves of the board's rows of columns that /board's areas cut from it, with a margin for the rings
    drawn just outside a box: the four guilds, the politics guild and the caliph's palace, the territories (the
    barter table with the east), the families (the west one more when they are odd), the legend's columns."""
    def around(*rects: Rect) -> Rect:
        m = GAP // 2
        return (min(r[0] for r in rects) - m, min(r[1] for r in rects) - m,
                max(r[2] for r in rects) + m, max(r[3] for r in rects) + m)

    cells = [lay.areas[t] for t in TERRITORIES]
    half = (len(lay.panels) + 1) // 2
    x0, y0, x1, y1 = lay.legend
    middle = x0 + 14 + (x1 - x0 - 28) // 2 - GAP // 2
    return {"guilds west": around(*(lay.areas[g] for g in GUILDS[:2])),
            "guilds east": around(*(lay.areas[g] for g in GUILDS[2:4])),
            "court west": around(lay.areas["politics"]), "court east": around(lay.areas["caliph"]),
            "territories west": around(*cells[0:2], *cells[4:6]),
            "territories east": around(*cells[2:4], *cells[6:], lay.extra),
            "families west": around(*lay.panels[:half]), "families east": around(*lay.panels[half:]),
            "legend west": around((x0, y0, middle, y1)), "legend east": around((middle, y0, x1, y1))}


@cache
def layout(seats: int) -> Layout:
    """Four columns: the four trading guilds, then the politics guild and the caliph's palace (two columns
    each, for their eight charges), then the seven territories and the barter table, the families, a legend."""
    areas: dict[str, Rect] = {}
    cells = columns(PAD, WIDTH - PAD, 4)
    y = HEADER_H
    city_top = y
    for guild, (x0, x1) in zip(GUILDS[:4], cells, strict=True):
        areas[guild] = (x0, y, x1, y + AREA_H)
    y += AREA_H + GAP
    for palace, (x0, x1) in zip(("politics", "caliph"), columns(PAD, WIDTH - PAD, 2), strict=True):
        areas[palace] = (x0, y, x1, y + AREA_H)
    y += AREA_H + GAP
    city = (0, city_top - GAP, WIDTH, y)
    y += GAP
    h = HEADER_BAND + 8 + 44 + 8 + 50 + 4 + BADGE_ROW + PIECE_ROW + 10
    for i, territory in enumerate(TERRITORIES):
        x0, x1 = cells[i % 4]
        top = y + (i // 4) * (h + GAP)
        areas[territory] = (x0, top, x1, top + h)
    x0, x1 = cells[3]
    extra = (x0, y + h + GAP, x1, y + 2 * h + GAP)
    y += 2 * h + 2 * GAP
    panels = [(x0, y, x1, y + PANEL_H) for x0, x1 in columns(PAD, WIDTH - PAD, seats)]
    y += PANEL_H + GAP
    legend = (PAD, y, WIDTH - PAD, y + LEGEND_H)
    y += LEGEND_H + PAD
    return Layout((WIDTH, y), (0, 0, WIDTH, HEADER_H), city, areas, extra, panels, legend)
