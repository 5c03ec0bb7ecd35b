"""The map of India at any scale: provinces in their colours with their tiles and visit order, roads, cities and
fortresses with their bonus tiles, palaces by colour and the crown palace; the province visited now ringed.

Drawn from the public view and the component data (data/taj_mahal/map.yaml) only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.taj_mahal.board import Board, board
from engine.taj_mahal.data import load
from engine.taj_mahal.rules import PROVINCE_GOODS
from engine.taj_mahal.view import TajMahalView
from render.kit import mix
from render.kit.fit import crosses

from . import glyphs, panels, words
from .theme import TajMahalCanvas

ASPECT = 0.8  # a province's height for its width
MARGIN = 34   # above and below the provinces: the names of the cities on the edge of the map


@dataclass(frozen=True)
class Geometry:
    x: int
    y: int
    cell: int            # a province's width
    provinces: int       # 12 or 9

    @property
    def board(self) -> Board:
        return board(self.provinces)

    @property
    def columns(self) -> int:
        return 4 if self.provinces == 12 else 3

    @property
    def height(self) -> int:
        """The map's height, with a margin above and below for the names of the outer cities."""
        return round(3 * self.cell * ASPECT) + 2 * MARGIN

    @property
    def width(self) -> int:
        return self.columns * self.cell

    def rect(self, province: str) -> tuple[float, float, float, float]:
        col, row = _cells()[province]
        col -= 4 - self.columns
        top = self.y + MARGIN
        return (self.x + col * self.cell, top + row * self.cell * ASPECT,
                self.x + (col + 1) * self.cell, top + (row + 1) * self.cell * ASPECT)

    def at(self, city: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.rect(self.board.province_of[city])
        ax, ay = _spots()[city]
        return x0 + (x1 - x0) * ax / 100, y0 + (y1 - y0) * ay / 100


@cache
def _cells() -> dict[str, tuple[int, int]]:
    return {p.id: p.cell for p in load().map.provinces}


@cache
def _spots() -> dict[str, tuple[int, int]]:
    return {c.id: c.at for p in load().map.provinces for c in p.cities}


@cache
def _colours() -> dict[str, str]:
    return {p.id: p.colour for p in load().map.provinces}


def draw(c: TajMahalCanvas, g: Geometry, view: TajMahalView, locale: str, *, names: bool) -> None:
    """The whole map; city names everywhere (`names`) or only in the province visited now."""
    theme = c.theme
    the_board = g.board
    scale = g.cell / 400
    owner = {n: p.index for p in view.players for n in p.provinces}
    # provinces
    for province in the_board.provinces:
        x0, y0, x1, y1 = g.rect(province)
        fill = theme.provinces[_colours()[province]]
        number = view.tiles[province]
        done = number < view.visit or view.over
        if done:
            fill = mix(fill, theme.done_veil[:3], 0.35)
        now = province == view.province and not view.over
        c.box((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=fill, outline=theme.current if now else theme.line,
              width=8 if now else 2, radius=14)
    # roads, under the cities
    for a in the_board.cities:
        for b in the_board.neighbours[a]:
            if a < b:
                c.draw.line((*g.at(a), *g.at(b)), fill=theme.road, width=max(3, round(5 * scale)))
    # cities, bonus tiles, palaces
    r = max(14, round(20 * scale))
    for city in the_board.cities:
        cx, cy = g.at(city)
        tile = view.bonus.get(city)
        if tile is None:
            glyphs.city(c, cx, cy, r, city in the_board.fortresses)
        else:  # the bonus tile lies on its fortress, framed in the fortresses' purple
            size = max(48, round(r * 2.6))
            c.draw.rectangle((cx - size / 2 - 5, cy - size / 2 - 5, cx + size / 2 + 5, cy + size / 2 + 5),
                             fill=theme.fortress)
            glyphs.bonus_tile(c, cx, cy, size, tile)
        owner_of = view.palaces.get(city)
        crowned = view.crown_palaces.get(city)
        if owner_of is not None:
            glyphs.palace(c, cx - (r * 0.8 if crowned is not None else 0), cy + r * 0.2, round(r * 1.7),
                          theme.players[view.players[owner_of].colour])
        if crowned is not None:
            glyphs.palace(c, cx + (r * 0.8 if owner_of is not None else 0), cy + r * 0.2, round(r * 1.7),
                          theme.players[view.players[crowned].colour], crown=True)
        if f"city:{city}" in view.last_changed:
            panels.changed(c, cx, cy, r * 1.9)
    for province in the_board.provinces:
        _province_label(c, g, view, province, owner, names, locale)
    for city in the_board.cities:  # last, so nothing covers a name
        if names or (the_board.province_of[city] == view.province and not view.over):
            _city_name(c, g, city, g.at(city)[1], max(48, round(r * 2.6)) // 2 + 6 if city in view.bonus else r, locale)


def _province_label(c: TajMahalCanvas, g: Geometry, view: TajMahalView, province: str, owner: dict[int, int],
                    goods: bool, locale: str) -> None:
    """The province's name on a plate of its colour, and its tile below: the visit's number, its goods (on the
    board), in the winner's colour once won, greyed when it left the game."""
    theme = c.theme
    x0, y0, x1, y1 = g.rect(province)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    number = view.tiles[province]
    plate = mix(theme.provinces[_colours()[province]], (255, 255, 255), 0.45)
    name = words.name("province", province, locale)
    text, size, face = c.fit(name, theme.type.small, "condensed_bold", round(g.cell * 0.6))
    w = c.width(text, size, face)
    top = cy - size * 1.2
    c.box((cx - w / 2 - 8, top - 4, cx + w / 2 + 8, top + size * 1.15), fill=plate, outline=theme.line, width=1,
          radius=8)
    c.text((cx, top), text, size, face=face, anchor="mt", cut=text != name)
    r = max(26, round(34 * g.cell / 400))
    won_by = owner.get(number)
    tile_fill = theme.players[view.players[won_by].colour] if won_by is not None else None
    if number in view.out_of_game:
        tile_fill = mix(theme.card, theme.done_veil[:3], 0.6)
    glyphs.province_tile(c, cx, cy + r * 0.35 + 8, r, number, PROVINCE_GOODS[number] if goods else [], tile_fill)


def _city_name(c: TajMahalCanvas, g: Geometry, city: str, cy: float, r: int, locale: str) -> None:
    """The name above or below its city (`r`: how far the city's drawing reaches), on a pale plate so that
    roads do not cross the letters: within half its province's width, its words on two lines if they must,
    else on one line as wide as the province; centred on the city inside its province if no other name is in
    the way, else moved along, else on the city's other side."""
    x0, _, x1, _ = g.rect(g.board.province_of[city])
    above = _spots()[city][1] < 50
    cx = g.at(city)[0]
    name = words.name("city", city, locale)
    lines, size, face, cut = c.fit_lines(name, c.theme.type.small, "condensed_bold", round((x1 - x0) * 0.5), 2)
    if cut or " ".join(lines) != name:  # never a word broken in two
        lines, size, face, cut = c.fit_lines(name, c.theme.type.small, "condensed_bold", round(x1 - x0 - 20), 1)
    w = max(c.width(line, size, face) for line in lines)
    step = round(size * 1.1)
    sides = (round(cy - r - 6 - step * len(lines)), round(cy + r + 6))  # above, below
    tops = sides if above else sides[::-1]
    within = round(min(max(cx - w / 2, x0 + 10), x1 - 10 - w))  # centred on the city, inside the province
    # inside the map: centred on the city, beginning at it, ending at it
    lefts = [within] + [round(min(max(x, g.x + 10), g.x + g.width - 10 - w)) for x in (cx - w / 2, cx, cx - w)]
    # on its own side of the city, else on the other: where no name written already takes the place
    left, top = next(((x, t) for t in tops for x in lefts
                      if not any(crosses((x, t, x + w, t + step * len(lines)), label.box) for label in c.labels)),
                     (within, tops[0]))
    c.box((left - 6, top - 2, left + w + 6, top + step * len(lines) + 2), fill=c.theme.city, radius=8)
    for i, line in enumerate(lines):
        c.text((left, top + 2 + i * step), line, size, face=face, anchor="lt", cut=cut and i == len(lines) - 1)
