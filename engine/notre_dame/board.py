"""The board for a number of players: whose quarter lies where, its market squares and the roads between them.

A market is named by the colour of its quarter and its spot (data/notre_dame/board.yaml), e.g. "red.c" for the
centre of Red's quarter where Red's carriage starts, "red.3" for an outer market of it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from .data import load
from .vocab import COLOURS

BOARD = load().board


def market(colour: str, spot: str) -> str:
    return f"{colour}.{spot}"


def quarter_of(market_id: str) -> str:
    """The colour of the quarter a market lies in."""
    return market_id.split(".")[0]


@dataclass(frozen=True)
class Layout:
    seats: int
    quarters: tuple[str, ...]            # the colour of each quarter, clockwise around Notre Dame
    seat_quarter: tuple[int, ...]        # the quarter of each seat
    markets: tuple[str, ...]             # every market, quarter by quarter
    neighbours: dict[str, tuple[str, ...]]
    distance: dict[str, dict[str, int]]  # steps along the roads between any two markets

    def quarter(self, seat: int) -> str:
        return self.quarters[self.seat_quarter[seat]]

    def within(self, start: str, steps: int) -> list[str]:
        """Markets a carriage can end on from `start` in 1 to `steps` steps, in board order (not `start`)."""
        near = self.distance[start]
        return [m for m in self.markets if m != start and near[m] <= steps]


@cache
def layout(seats: int) -> Layout:
    """The board of a `seats`-player game. In the 2-player game the two empty quarters take the messages of
    the first two unused colours (002, "Partite a due giocatori": "due gruppi di tessere Messaggio di diverso
    colore")."""
    count = BOARD.quarters[seats]
    seat_quarter = tuple(BOARD.seat_quarters[seats])
    colours: list[str | None] = [None] * count
    for seat, quarter in enumerate(seat_quarter):
        colours[quarter] = COLOURS[seat]
    unused = iter(c for c in COLOURS if c not in colours)
    quarters = tuple(c if c is not None else next(unused) for c in colours)
    markets = tuple(market(c, spot) for c in quarters for spot in BOARD.spots)
    links: dict[str, set[str]] = {m: set() for m in markets}

    def join(a: str, b: str) -> None:
        links[a].add(b)
        links[b].add(a)

    for q, colour in enumerate(quarters):
        after = quarters[(q + 1) % count]
        for a, b in BOARD.roads:
            join(market(colour, a), market(colour, b))
        for a, b in BOARD.next_roads:
            join(market(colour, a), market(after, b))
    neighbours = {m: tuple(x for x in markets if x in links[m]) for m in markets}
    return Layout(seats, quarters, seat_quarter, markets, neighbours,
                  {m: _distances(m, neighbours) for m in markets})


def _distances(start: str, neighbours: dict[str, tuple[str, ...]]) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
