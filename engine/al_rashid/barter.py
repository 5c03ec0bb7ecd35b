"""Gold by barter: goods are worth more the more different they are (000, "Merci e Ori").

A hand is split into layers of different goods; each layer is worth 1/3/6/10/15 gold for 1-5 kinds.
Because that table grows faster than linearly, stacking the goods into layers is always the best split.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from operator import sub

from .vocab import GOODS

BARTER = (0, 1, 3, 6, 10, 15)


def gold_value(goods: dict[str, int]) -> int:
    return _value(tuple(map(goods.get, GOODS, _NONE)))


_NONE = (0,) * len(GOODS)


@lru_cache(maxsize=65536)
def _value(counts: tuple[int, ...]) -> int:
    # Layer by layer, each worth the number of kinds with at least that many goods.
    return sum(BARTER[sum(map(layer.__le__, counts))] for layer in range(1, max(counts, default=0) + 1))


def without(goods: dict[str, int], taken: dict[str, int]) -> dict[str, int]:
    return {g: goods.get(g, 0) - taken.get(g, 0) for g in GOODS if goods.get(g, 0) - taken.get(g, 0) > 0}


def suggested_payment(goods: dict[str, int], cost: int) -> dict[str, int] | None:
    """The payment worth at least `cost` that keeps the most gold value, then the fewest goods handed over."""
    if cost <= 0:
        return {}
    best = _suggest(tuple(map(goods.get, GOODS, _NONE)), cost)
    return None if best is None else {g: n for g, n in zip(GOODS, best, strict=True) if n}


def payment_notation(goods: dict[str, int], cost: int) -> str | None:
    """`format_goods` of `suggested_payment`: the payment question offers it on every step, so the notation is
    worked out once for each hand and price."""
    return _notation(tuple(map(goods.get, GOODS, _NONE)), cost)


@lru_cache(maxsize=65536)
def _notation(counts: tuple[int, ...], cost: int) -> str | None:
    best = _suggest(counts, cost) if cost > 0 else _NONE
    return None if best is None else format_goods(dict(zip(GOODS, best, strict=True)))


@lru_cache(maxsize=65536)
def _suggest(counts: tuple[int, ...], cost: int) -> tuple[int, ...] | None:
    payable = [paid for paid in product(*(range(c + 1) for c in counts)) if _value(paid) >= cost]
    return min(payable, key=lambda paid: (-_value(tuple(map(sub, counts, paid))), sum(paid), paid), default=None)


def format_goods(goods: dict[str, int]) -> str:
    """Notation of a bundle of goods: 'hardwood:2,metal:1' (GOODS order); '-' when empty."""
    return ",".join(f"{g}:{goods[g]}" for g in GOODS if goods.get(g)) or "-"


def parse_goods(text: str) -> dict[str, int] | None:
    if text == "-":
        return {}
    goods: dict[str, int] = {}
    for part in text.split(","):
        name, _, number = part.partition(":")
        if name not in GOODS or name in goods or not number.isdigit() or int(number) <= 0:
            return None
        goods[name] = int(number)
    return goods
