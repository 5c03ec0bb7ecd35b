"""The dice tower: a roll grouped by value onto the six slots (004, "Rifornimento")."""

from __future__ import annotations

from collections import Counter

from .state import Group

SLOT_COUNT = 6


def arrange(dice: list[tuple[int, bool]]) -> list[Group | None]:
    """Groups of equal dice onto the slots, lowest value on the camel slot and upwards slot by slot;
    the highest value always on the gold slot (so slots in between may stay empty); all dice equal: all
    of them on the camel slot. `dice` holds (value, yellow) pairs."""
    white = Counter(v for v, yellow in dice if not yellow)
    yellow = Counter(v for v, is_yellow in dice if is_yellow)
    values = sorted(set(white) | set(yellow))
    tower: list[Group | None] = [None] * SLOT_COUNT
    if not values:
        return tower
    slots = [0] if len(values) == 1 else [*range(len(values) - 1), SLOT_COUNT - 1]
    for slot, value in zip(slots, values, strict=True):
        tower[slot] = Group(value, white[value], yellow[value])
    return tower


def without_yellow(tower: list[Group | None]) -> list[Group | None]:
    """The tower once the yellow dice leave it after the first player's turn (slots of yellow dice only empty)."""
    return [None if g is None or not g.white else Group(g.value, g.white) for g in tower]
