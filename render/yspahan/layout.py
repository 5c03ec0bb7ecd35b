"""Where the city's road squares and shops go on the pictures: a schematic map in road-square units.

The road is the cross of `data/yspahan/city.yaml`: the centre at (0, 0), West k at (-k, 0), East k at (k, 0),
North k at (0, -k), South k at (0, k). A shop that faces road squares sits right beside them (the three corner
shops beside two); the other shops of its souk sit behind it, away from the road, so that only the shops the
supervisor can reach touch it. The quarters lie where the rulebook's map has them: the Chest upper left, the
Vase upper right, the Bag lower left, the Barrel lower right.
"""

from __future__ import annotations

from engine.yspahan.data import load

CITY = load().city

SHOPS: dict[str, tuple[int, int]] = {
    # Bag (lower left)
    "bag-a1": (-9, 1), "bag-a2": (-9, 2), "bag-a3": (-9, 3), "bag-a4": (-9, 4), "bag-a5": (-10, 3), "bag-a6": (-10, 2),
    "bag-b1": (-7, 1), "bag-b2": (-5, 1), "bag-b3": (-5, 2), "bag-b4": (-6, 2), "bag-b5": (-7, 2),
    "bag-c1": (-3, 1), "bag-c2": (-1, 1), "bag-c3": (-1, 2),
    "bag-d1": (-1, 4), "bag-d2": (-1, 6), "bag-d3": (-2, 6), "bag-d4": (-3, 6),
    # Barrel (lower right)
    "barrel-a1": (1, 1), "barrel-a2": (2, 1),
    "barrel-b1": (4, 1), "barrel-b2": (6, 1), "barrel-b3": (6, 2), "barrel-b4": (6, 3),
    "barrel-c1": (1, 3), "barrel-c2": (2, 3), "barrel-c3": (3, 3),
    "barrel-d1": (1, 7), "barrel-d2": (1, 5), "barrel-d3": (2, 5), "barrel-d4": (2, 6), "barrel-d5": (2, 7),
    # Chest (upper left)
    "chest-a1": (-10, -1), "chest-a2": (-8, -1), "chest-a3": (-6, -1),
    "chest-b1": (-4, -1), "chest-b2": (-2, -1),
    "chest-c1": (-1, -2), "chest-c2": (-1, -4), "chest-c3": (-2, -4), "chest-c4": (-2, -2),
    # Vase (upper right)
    "vase-a1": (1, -1),
    "vase-b1": (1, -3), "vase-b2": (2, -3),
    "vase-c1": (3, -1), "vase-c2": (5, -1), "vase-c3": (7, -1),
}

# Where each souk's value is written: a free cell beside its shops.
SOUK_BADGES: dict[str, tuple[int, int]] = {
    "bag-a": (-8, 4), "bag-b": (-6, 3), "bag-c": (-2, 2), "bag-d": (-2, 7),
    "barrel-a": (3, 2), "barrel-b": (5, 2), "barrel-c": (3, 4), "barrel-d": (3, 7),
    "chest-a": (-9, -2), "chest-b": (-3, -2), "chest-c": (-3, -3),
    "vase-a": (2, -2), "vase-b": (3, -3), "vase-c": (6, -2),
}

# The map's extent in cells (inclusive), and where each quarter's name is written.
X0, X1, Y0, Y1 = -10, 7, -4, 7
QUARTER_NAMES: dict[str, tuple[float, float]] = {
    "chest": (-9.6, -3.7), "vase": (3.9, -3.7), "bag": (-9.6, 6.7), "barrel": (4.0, 6.7),
}


def square_cell(square: str) -> tuple[int, int]:
    if square == "c":
        return 0, 0
    arm, k = square[0], int(square[1:])
    return {"w": (-k, 0), "e": (k, 0), "n": (0, -k), "s": (0, k)}[arm]


def check() -> None:
    """The table covers every shop once, each facing shop beside its squares, no two things on one cell."""
    assert set(SHOPS) == set(CITY.shops) and set(SOUK_BADGES) == set(CITY.souks)
    cells = [*SHOPS.values(), *SOUK_BADGES.values(), *(square_cell(sq) for sq in CITY.squares)]
    assert len(cells) == len(set(cells)), "two things share a cell"
    for square, shops in CITY.faces.items():
        sx, sy = square_cell(square)
        for shop in shops:
            x, y = SHOPS[shop]
            assert abs(x - sx) + abs(y - sy) == 1, (square, shop)
    for shop, (x, y) in SHOPS.items():
        faced = any(shop in shops for shops in CITY.faces.values())
        touches = any(abs(x - sx) + abs(y - sy) == 1 for sx, sy in map(square_cell, CITY.squares))
        assert faced == touches, f"{shop} looks as if it faced the road" if touches else shop
    assert all(X0 <= x <= X1 and Y0 <= y <= Y1 for x, y in cells)
