"""The order in which a line of mixed scripts is drawn: the Unicode bidirectional algorithm (UAX #9) for one
line without explicit embeddings, which is what a label or a player's name is.

A name such as "محمد 2 ⚔️ Ali" is cut into runs by font (see `typeset`); each run is shaped by raqm in its own
direction, and `visual_order` puts the runs side by side as the algorithm's rule L2 orders them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

STRONG_RIGHT = {"R", "AL"}
NEUTRAL = {"B", "S", "WS", "ON", "BN"}
SEPARATORS = {"ES", "ET", "CS"}
EXPLICIT = {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}  # not honoured: treated as neutral


def classes(text: str) -> list[str]:
    """Each character's bidirectional class; explicit formatting characters count as boundary neutrals."""
    out = []
    for ch in text:
        kind = unicodedata.bidirectional(ch) or "L"
        out.append("BN" if kind in EXPLICIT else kind)
    return out


def paragraph_level(text: str) -> int:
    """0 (left to right) or 1 (right to left), from the first strong character (rules P2, P3)."""
    for kind in classes(text):
        if kind == "L":
            return 0
        if kind in STRONG_RIGHT:
            return 1
    return 0


def levels(text: str, base: int | None = None) -> list[int]:
    """The embedding level of each character (even: left to right, odd: right to left)."""
    base = paragraph_level(text) if base is None else base
    edge = "R" if base % 2 else "L"
    kinds = classes(text)
    # W1: a combining mark takes the class of the character it is on
    for i, kind in enumerate(kinds):
        if kind == "NSM":
            kinds[i] = kinds[i - 1] if i else edge
    # W2, W3: European digits after Arabic letters are Arabic digits; Arabic letters are right-to-left letters
    last_strong = edge
    for i, kind in enumerate(kinds):
        if kind in ("L", "R", "AL"):
            last_strong = kind
        elif kind == "EN" and last_strong == "AL":
            kinds[i] = "AN"
    kinds = ["R" if kind == "AL" else kind for kind in kinds]
    # W4: one separator between two numbers of a kind joins them
    for i in range(1, len(kinds) - 1):
        if kinds[i] == "ES" and kinds[i - 1] == kinds[i + 1] == "EN":
            kinds[i] = "EN"
        elif kinds[i] == "CS" and kinds[i - 1] == kinds[i + 1] and kinds[i - 1] in ("EN", "AN"):
            kinds[i] = kinds[i - 1]
    # W5: terminators (%, $, °) next to European digits belong to the number
    for i, kind in enumerate(kinds):
        if kind == "ET":
            j = i
            while j < len(kinds) and kinds[j] == "ET":
                j += 1
            if (i > 0 and kinds[i - 1] == "EN") or (j < len(kinds) and kinds[j] == "EN"):
                for k in range(i, j):
                    kinds[k] = "EN"
    # W6: the other separators and terminators are neutral
    kinds = ["ON" if kind in SEPARATORS else kind for kind in kinds]
    # W7: European digits in left-to-right text are left to right
    last_strong = edge
    for i, kind in enumerate(kinds):
        if kind in ("L", "R"):
            last_strong = kind
        elif kind == "EN" and last_strong == "L":
            kinds[i] = "L"
    # N1, N2: neutrals between two strong sides of one direction take it, the others the paragraph's
    i = 0
    while i < len(kinds):
        if kinds[i] not in NEUTRAL:
            i += 1
            continue
        j = i
        while j < len(kinds) and kinds[j] in NEUTRAL:
            j += 1
        before = _direction(kinds[i - 1]) if i else edge
        after = _direction(kinds[j]) if j < len(kinds) else edge
        for k in range(i, j):
            kinds[k] = before if before == after else edge
        i = j
    # I1, I2: levels
    out = []
    for kind in kinds:
        if base % 2 == 0:
            out.append(base + (1 if kind == "R" else 2 if kind in ("AN", "EN") else 0))
        else:
            out.append(base + (1 if kind in ("L", "EN", "AN") else 0))
    return out


def _direction(kind: str) -> str:
    return "L" if kind == "L" else "R"  # numbers count as right to left for the neutrals beside them (N1)


def visual_order(items: Sequence[T], item_levels: Sequence[int]) -> list[T]:
    """Rule L2: from the highest level down to the lowest odd one, reverse every stretch at that level or above."""
    order = list(range(len(items)))
    if not item_levels:
        return []
    lowest_odd = min(item_levels) | 1
    for level in range(max(item_levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if item_levels[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and item_levels[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return [items[k] for k in order]
