"""The city map: the four quarters, their souks and shops with the cubes in them, the supervisor's road and
where the supervisor stands. Drawn from the public view (`layout` says where everything goes)."""

from __future__ import annotations

from collections.abc import Callable

from engine.yspahan.view import YspahanView
from render.kit import MIN_SIZE, mix

from . import glyphs, words
from .layout import CITY, QUARTER_NAMES, SHOPS, SOUK_BADGES, X0, X1, Y0, Y1, square_cell
from .theme import YspahanCanvas

RING = 5
Locate = Callable[[tuple[float, float]], tuple[float, float]]  # a map cell -> its centre in pixels


def _joins() -> dict[str, list[tuple[str, str]]]:
    taken = {*SHOPS.values(), *SOUK_BADGES.values(), *(square_cell(sq) for sq in CITY.squares)}
    out: dict[str, list[tuple[str, str]]] = {}
    for souk in CITY.souks.values():
        pairs = []
        for a in souk.shops:
            for b in souk.shops:
                (ax, ay), (bx, by) = SHOPS[a], SHOPS[b]
                apart = abs(ax - bx) + abs(ay - by)
                between = ((ax + bx) // 2, (ay + by) // 2)
                if (ax, ay) < (bx, by) and (apart == 1 or apart == 2 and (ax == bx or ay == by)
                                            and between not in taken):
                    pairs.append((a, b))
        out[souk.id] = pairs
    return out


JOINS = _joins()


def size(unit: int) -> tuple[int, int]:
    return (X1 - X0 + 1) * unit, (Y1 - Y0 + 1) * unit


def centre_column(unit: int) -> int:
    """Where the column of the road's centre begins, from the map's left edge."""
    return -X0 * unit


def paint(c: YspahanCanvas, view: YspahanView, left: int, top: int, unit: int, locale: str) -> None:
    theme = c.theme

    def at(cell: tuple[float, float]) -> tuple[float, float]:
        """The centre of a cell in pixels."""
        return left + (cell[0] - X0 + 0.5) * unit, top + (cell[1] - Y0 + 0.5) * unit

    width, height = size(unit)
    ox, oy = at((0, 0))
    half = unit / 2
    # quarters: the four corners of the map, the road between them
    for quarter, (x0, y0, x1, y1) in {
        "chest": (left, top, ox - half, oy - half), "vase": (ox + half, top, left + width, oy - half),
        "bag": (left, oy + half, ox - half, top + height), "barrel": (ox + half, oy + half, left + width, top + height),
    }.items():
        current = view.current is not None and view.current.quarter == quarter
        c.draw.rectangle((x0, y0, x1, y1), fill=theme.quarters[quarter])
        if current:
            c.draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=theme.current, width=RING + 1)
        qx, qy = at(QUARTER_NAMES[quarter])
        c.text((qx - half + 6, qy), words.name("quarter", quarter, locale), theme.type.heading,
               fill=theme.soft_ink, anchor="lm")
    c.draw.rectangle((ox - half, top, ox + half, top + height), fill=theme.paper)
    c.draw.rectangle((left, oy - half, left + width, oy + half), fill=theme.paper)
    _souks(c, view, at, unit, locale)
    _road(c, view, at, unit)


def _souks(c: YspahanCanvas, view: YspahanView, at: Locate, unit: int, locale: str) -> None:
    theme = c.theme
    side = unit - 10
    changed = {thing.removeprefix("shop:") for thing in view.last_changed if thing.startswith("shop:")}
    shipping = set(view.current.shipping) if view.current else set()
    for souk in view.souks:
        colour = theme.souks[souk.colour]
        tint = mix(colour, (255, 255, 255), 0.62)
        # join the souk's shops that are side by side (or one empty cell apart), so it reads as one group
        for a, b in JOINS[souk.id]:
            (px, py), (qx, qy) = at(SHOPS[a]), at(SHOPS[b])
            c.draw.line((px, py, qx, qy), fill=colour, width=unit // 3)
        for shop in souk.shops:
            x, y = at(SHOPS[shop])
            box = (x - side / 2, y - side / 2, x + side / 2, y + side / 2)
            c.draw.rounded_rectangle(box, radius=6, fill=tint, outline=colour, width=3)
            owner = view.shops.get(shop)
            if owner is not None:
                cube = side * 0.62
                glyphs.cube(c, x - cube / 2, y - cube / 2, round(cube), theme.players[view.players[owner].colour])
            if shop in changed or shop in shipping:
                ring = theme.current if shop in shipping else theme.changed
                c.draw.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), radius=8,
                                         outline=ring, width=RING)
        owner_colour = theme.players[view.players[souk.owner].colour] if souk.complete and souk.owner is not None else None
        glyphs.souk_badge(c, *at(SOUK_BADGES[souk.id]), round(unit * 0.42), souk.points, colour, owner_colour,
                          TAG_CORNERS[souk.id])


def _free_corner(cell: tuple[int, int]) -> tuple[int, int]:
    """The corner of a badge's cell whose three neighbouring cells are empty, where its owner's shape goes."""
    taken = {*SHOPS.values(), *SOUK_BADGES.values(), *(square_cell(sq) for sq in CITY.squares)}
    x, y = cell
    for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        if not {(x + dx, y + dy), (x + dx, y), (x, y + dy)} & taken and X0 <= x + dx <= X1 and Y0 <= y + dy <= Y1:
            return dx, dy
    return 1, 1


TAG_CORNERS = {souk: _free_corner(cell) for souk, cell in SOUK_BADGES.items()}


def _road(c: YspahanCanvas, view: YspahanView, at: Locate, unit: int) -> None:
    theme = c.theme
    side = unit - 8
    moved = "road" in view.last_changed
    for square in CITY.squares:
        x, y = at(square_cell(square))
        box = (x - side / 2, y - side / 2, x + side / 2, y + side / 2)
        c.draw.rounded_rectangle(box, radius=side // 4, fill=theme.road, outline=theme.road_edge, width=2)
        if square == "c":
            c.draw.line((x - side / 3, y, x + side / 3, y), fill=theme.road_edge, width=3)
            c.draw.line((x, y - side / 3, x, y + side / 3), fill=theme.road_edge, width=3)
        elif square != view.supervisor:
            c.text((x, y), square[1:], MIN_SIZE, fill=theme.ink, anchor="mm")
    x, y = at(square_cell(view.supervisor))
    if moved:
        c.draw.rounded_rectangle((x - side / 2 - 5, y - side / 2 - 5, x + side / 2 + 5, y + side / 2 + 5),
                                 radius=side // 4 + 4, outline=theme.changed, width=RING)
    glyphs.supervisor(c, x, y, round(unit * 0.8))
