"""Forming the tables of a round of pods: everyone seated, by standings, avoiding repeat opponents.

1. **Sizes.** As few tables as the league's largest size allows, with the members spread as evenly as
   possible (sizes differ by at most one; larger tables first). `Shortfall.MIXED` keeps tables within the
   league's range with humans only; when no split fits (say 6 players, tables of exactly 4) each table is
   filled with AI seats up to the smallest size. `Shortfall.AI` fills every table to the largest size.
2. **Seats.** Members are dealt in standings order: the leaders at the first table, and so on.
3. **Repeats.** Then two players of different tables swap places while a swap lowers the number of
   pairs who have already met (each earlier meeting counts), or keeps that number and brings
   better-placed players to earlier tables; each time the swap that lowers the repeats most, then the one
   that disturbs the standings least. It stops when no single swap lowers the repeats, and none with as
   few repeats would put the tables closer to the standings order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .settings import Shortfall

Meetings = Counter[frozenset[int]]


@dataclass(frozen=True, slots=True)
class Table:
    players: tuple[int, ...]     # in standings order
    ai_seats: int = 0

    @property
    def size(self) -> int:
        return len(self.players) + self.ai_seats


def meetings(past_tables: Iterable[Iterable[int]]) -> Meetings:
    """How often each pair of players has shared a table."""
    count: Meetings = Counter()
    for table in past_tables:
        count.update(frozenset(pair) for pair in combinations(sorted(set(table)), 2))
    return count


def table_shapes(players: int, low: int, high: int, shortfall: Shortfall) -> list[tuple[int, int]]:
    """(humans, AI seats) of each table for `players` members and tables of `low`..`high` seats."""
    if players <= 0:
        return []
    count = -(-players // high)
    humans = [players // count + (1 if i < players % count else 0) for i in range(count)]
    target = high if shortfall is Shortfall.AI else low
    return [(h, max(0, target - h)) for h in humans]


def form_tables(ranked: Sequence[int], past_tables: Iterable[Iterable[int]], low: int, high: int,
                shortfall: Shortfall) -> list[Table]:
    """The tables of a round. `ranked` lists the members by standings, best first."""
    shapes = table_shapes(len(ranked), low, high, shortfall)
    seats: list[list[int]] = []
    start = 0
    for humans, _ in shapes:
        seats.append(list(ranked[start:start + humans]))
        start += humans
    rank = {player: i for i, player in enumerate(ranked)}
    _avoid_repeats(seats, rank, meetings(past_tables))
    return [Table(tuple(sorted(table, key=rank.__getitem__)), ai) for table, (_, ai) in zip(seats, shapes, strict=True)]


def repeats(tables: Iterable[Iterable[int]], met: Meetings) -> int:
    """Earlier meetings of every pair seated together (a pair that met twice counts twice)."""
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def _avoid_repeats(seats: list[list[int]], rank: dict[int, int], met: Meetings) -> None:
    """Swap two players of different tables while a swap lowers the repeats, or keeps them and seats
    better-placed players at earlier tables (it raises the sum of rank x table number); the best swap first."""
    if not met:
        return

    def seen(player: int, table: list[int], leaving: int) -> int:
        return sum(met[frozenset((player, other))] for other in table if other != leaving)

    while True:
        best: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)  # (repeat change, order change, where)
        for ta, tb in combinations(range(len(seats)), 2):
            for ia, a in enumerate(seats[ta]):
                for ib, b in enumerate(seats[tb]):
                    change = (seen(a, seats[tb], b) + seen(b, seats[ta], a)
                              - seen(a, seats[ta], a) - seen(b, seats[tb], b))
                    order = (rank[b] - rank[a]) * (tb - ta)
                    if (change, order) < best[:2]:
                        best = (change, order, ta, ia, tb, ib)
        if best[:2] == (0, 0):
            return
        _, _, ta, ia, tb, ib = best
        seats[ta][ia], seats[tb][ib] = seats[tb][ib], seats[ta][ia]
