"""The map as a graph, for the 12-province game and the 9-province variant, and the palace chains on it.

Palaces score by chains (001_f0a91e4b7c938d9d.txt, "2) Palazzi"): "1 punto influenza per ogni altra
provincia (non città!) dove ha almeno un palazzo che è collegato ai suoi palazzi nella provincia corrente
da una sequenza ininterrotta di propri palazzi. Ogni città senza palazzi o con un palazzo dell'avversario
è considerata un'interruzione; unica eccezione, una città con due palazzi conta come collegamento per
entrambi i giocatori."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from .data import load


@dataclass(frozen=True)
class Board:
    provinces: tuple[str, ...]                  # in map order
    cities_of: Mapping[str, tuple[str, ...]]    # province -> its cities, in ring order
    province_of: Mapping[str, str]
    neighbours: Mapping[str, tuple[str, ...]]   # city -> cities one road away
    fortresses: frozenset[str]
    taj: str                                    # the fortress of Agra, where the Taj Mahal tile lies
    agra: str                                   # Agra's province, always visited last

    @classmethod
    def of(cls, cities_of: Mapping[str, Iterable[str]], roads: Iterable[tuple[str, str]],
           fortresses: Iterable[str], taj: str, agra: str) -> Board:
        """A board from its provinces' cities (each province a ring in the given order) and other roads."""
        rings = {p: tuple(cities) for p, cities in cities_of.items()}
        links: dict[str, set[str]] = {c: set() for cities in rings.values() for c in cities}
        every = [(ring[i], ring[(i + 1) % len(ring)]) for ring in rings.values() for i in range(len(ring))]
        for a, b in [*every, *roads]:
            links[a].add(b)
            links[b].add(a)
        return cls(provinces=tuple(rings), cities_of=rings,
                   province_of={c: p for p, ring in rings.items() for c in ring},
                   neighbours={c: tuple(sorted(n)) for c, n in links.items()},
                   fortresses=frozenset(fortresses), taj=taj, agra=agra)

    @property
    def cities(self) -> tuple[str, ...]:
        return tuple(c for p in self.provinces for c in self.cities_of[p])

    def connected_provinces(self, own: frozenset[str] | set[str], province: str) -> set[str]:
        """The other provinces reached from the owner's cities in `province` through cities they own."""
        start = [c for c in self.cities_of[province] if c in own]
        seen = set(start)
        while start:
            city = start.pop()
            for other in self.neighbours[city]:
                if other in own and other not in seen:
                    seen.add(other)
                    start.append(other)
        return {self.province_of[c] for c in seen} - {province}

    def palace_points(self, own: frozenset[str] | set[str], province: str) -> int:
        """1 for a palace in `province`, plus 1 per other province linked to it by a chain of own palaces."""
        if not any(c in own for c in self.cities_of[province]):
            return 0
        return 1 + len(self.connected_provinces(own, province))


@cache
def board(provinces: int = 12) -> Board:
    """The board of the 12-province game, or of the 9-province variant ("VARIANTE CON 9 PROVINCE")."""
    data = load().map
    nine = data.nine_provinces
    removed = set(nine.removed) if provinces == 9 else set()
    kept = [p for p in data.provinces if p.id not in removed]
    cities = {c.id for p in kept for c in p.cities}
    roads = [r for r in data.roads if set(r) <= cities] + (list(nine.roads) if provinces == 9 else [])
    fortresses = [c.id for p in kept for c in p.cities if c.fortress]
    if provinces == 9:
        fortresses += nine.fortresses
    taj = next(c.id for p in kept for c in p.cities if c.taj)
    return Board.of({p.id: [c.id for c in p.cities] for p in kept}, roads, fortresses, taj, data.agra)
