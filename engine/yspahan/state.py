"""The state of a Yspahan match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. A clone
shares the players with its original, and a player is copied when the step first asks for it
(`State.player`: change a player only through it; `players` is for reading). `sealed()` ends the copying
once the step is done. The clone copies what most steps change (the tower, the shops, who is still to play);
it shares the other containers (the day's order and roll, the caravan, the deck, the discards), which change a
few times a day: a step replaces one of them rather than changing it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.cloning import Cloneable, cloning
from engine.core.table import TableState

from .vocab import SCORE_KINDS, Phase


@cloning("cards", "buildings", "points")
@dataclass(slots=True)
class Player(Cloneable):
    seat: int
    colour: str
    gold: int = 0
    camels: int = 0
    cubes: int = 0                                          # in the personal reserve
    cards: list[str] = field(default_factory=list)          # the hand, in the order of CARDS
    buildings: list[str] = field(default_factory=list)      # in the order built
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SCORE_KINDS, 0))

    @property
    def score(self) -> int:
        return sum(self.points.values())

    def owns(self, building: str) -> bool:
        return building in self.buildings


@dataclass(frozen=True, slots=True)
class Group:
    """The dice of one value on one slot of the tower."""

    value: int
    white: int
    yellow: int = 0

    @property
    def dice(self) -> int:
        return self.white + self.yellow

    def to_plain(self) -> list[int]:
        return [self.value, self.white, self.yellow]

    @classmethod
    def from_plain(cls, data: list[int]) -> Group:
        return cls(*data)


@cloning("queue", "tower", "shops", "players")  # the other containers are replaced, not changed (see above)
@dataclass(slots=True)
class State(TableState):
    seats: int
    seed: int
    rng: int
    week: int = 1
    day: int = 1
    phase: Phase = "roll"
    first: int = 0                                          # today's first player
    order: list[int] = field(default_factory=list)          # today's order of play
    queue: list[int] = field(default_factory=list)          # seats still to take their turn today
    supervisor: str = "c"
    tower: list[Group | None] = field(default_factory=lambda: [None] * 6)   # bottom (camel) to top (gold)
    rolled: list[list[int]] = field(default_factory=list)   # today's roll: [value, 1 if yellow else 0]
    shops: dict[str, int] = field(default_factory=dict)     # shop -> seat of the cube in it
    caravan: list[int] = field(default_factory=list)        # seats of the cubes, in the order of the places
    deck: list[str] = field(default_factory=list)           # top last
    discards: list[str] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)

    def player(self, seat: int) -> Player:
        """A seat's player, to change (see `TableState.own`)."""
        return self.own(self.players, seat)
