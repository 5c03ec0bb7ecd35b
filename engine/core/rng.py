"""A tiny deterministic RNG whose whole state is one integer, so it lives inside a game state.

SplitMix64: fast in pure Python, good enough for shuffling tiles, and trivially serialisable.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit value)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n))."""
    if n <= 0:
        raise ValueError("n must be positive")
    state, value = next_u64(state)
    return state, value % n  # bias < n / 2**64: irrelevant for board games


def shuffled(state: int, items: Sequence[T]) -> tuple[int, list[T]]:
    """Return (new_state, a shuffled copy of items) by Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
