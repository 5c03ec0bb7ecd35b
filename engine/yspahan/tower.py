"""The dice tower: a roll grouped by value onto the six slots (004, "Rifornimento")."""

from __future__ import annotations

from .state import Group

SLOT_COUNT = 6


def arrange(dice: list[tuple[int, bool]]) -> list[Group | None]:
    """Groups of equal dice onto the slots, lowest value on the camel slot and upwards slot by slot;
    the highest value always on the gold slot (so slots in between may stay empty); all dice equal: all
    of them on the camel slot. `dice` holds (value, yellow) pairs."""
    white: dict[int, int] = {}
    yellow: dict[int, int] = {}
    for value, is_yellow in dice:
        counts = yellow if is_yellow else white
        counts[value] = counts.get(value, 0) + 1
    values = sorted({*white, *yellow})
    tower: list[Group | None] = [None] * SLOT_COUNT
    if not values:
        return tower
    slots = [0] if len(values) == 1 else [*range(len(values) - 1), SLOT_COUNT - 1]
    for slot, value in zip(slots, values, strict=True):
        tower[slot] = Group(value, white.get(value, 0), yellow.get(value, 0))
    return tower


def without_yellow(tower: list[Group | None]) -> list[Group | None]:
    """The tower once the yellow dice leave it after the first player's turn (slots of yellow dice only empty)."""
    return [None if g is None or not g.white else Group(g.value, g.white) for g in tower]
