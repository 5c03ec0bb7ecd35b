"""The state of an Al-Rashid match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. Cloning
copies only the list of families: a family is copied when the step first asks for it (`State.family`: change a
family only through it; `families[seat]` is for reading). The rest is shared with earlier states, and a step
replaces what it changes rather than changing it in place: the board's dicts (stacks by area, mercenary tiles,
piles, discards, goods on the territories, charges on offer) with a copy holding the new value, and what changes
a few times a turn (the turn order, the round's queue, the areas resolved, the crisis tiles) likewise.
`sealed()` ends the copying once the step is done.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.core.cloning import Cloneable, cloning
from engine.core.table import TableState

from .vocab import PIECES, Colour, MercenaryColour, Phase


def _counts(keys: Iterable[str]) -> dict[str, int]:
    return dict.fromkeys(keys, 0)


@dataclass(frozen=True, slots=True)
class Stack:
    """One family's pieces in one area. Sages stack under the Pasha or Merchant."""

    seat: int
    pasha: int = 0
    merchant: int = 0
    sage: int = 0

    def plus(self, piece: str, n: int) -> Stack:
        """This stack with `n` more (or fewer) of `piece`."""
        counts = {"pasha": self.pasha, "merchant": self.merchant, "sage": self.sage}
        counts[piece] += n
        return Stack(self.seat, **counts)

    def count(self, piece: str) -> int:
        return int(getattr(self, piece))

    def total(self) -> int:
        return self.pasha + self.merchant + self.sage


@dataclass(frozen=True, slots=True)
class Tile:
    """A mercenary tile on a territory. Its value is hidden until revealed (or looked at by a spy)."""

    id: int
    colour: MercenaryColour
    value: int
    revealed: bool = False
    seen_by: tuple[int, ...] = ()

    def face_up(self) -> Tile:
        return Tile(self.id, self.colour, self.value, True, self.seen_by)

    def seen(self, seat: int) -> Tile:
        """This tile once `seat` has looked at it."""
        return self if seat in self.seen_by else Tile(self.id, self.colour, self.value, self.revealed,
                                                      (*self.seen_by, seat))


@cloning("reserve", "owned", "goods", "charges", "used", "hand")
@dataclass(slots=True)
class Family(Cloneable):
    seat: int
    colour: Colour
    reserve: dict[str, int] = field(default_factory=lambda: _counts(PIECES))   # ready to place
    owned: dict[str, int] = field(default_factory=lambda: _counts(PIECES))     # the whole family
    held: str | None = None                # the piece set aside on the Diplomat
    goods: dict[str, int] = field(default_factory=dict)
    notes: int = 0
    influence: int = 0
    dishonour: int = 0
    charges: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)      # activatable charges used this turn
    hand: dict[str, int] = field(default_factory=dict)  # mercenary tiles by kind ("red-3": 2)

    def has(self, charge: str) -> bool:
        return charge in self.charges


@cloning("families")  # see above
@dataclass(slots=True)
class State(TableState):
    seats: int
    seed: int
    rng: int
    turn: int = 1
    phase: Phase = Phase.SETUP
    round: int = 0
    order: list[int] = field(default_factory=list)          # current turn order (seats)
    pending_order: list[int] | None = None                   # after benevolence, from next round
    families: list[Family] = field(default_factory=list)
    areas: dict[str, tuple[Stack, ...]] = field(default_factory=dict)   # in placement order
    resolved: list[str] = field(default_factory=list)        # areas resolved this turn
    territory_goods: dict[str, dict[str, int]] = field(default_factory=dict)  # goods and "note"; replaced, not changed
    mercenaries: dict[str, tuple[Tile, ...]] = field(default_factory=dict)
    piles: dict[str, tuple[int, ...]] = field(default_factory=dict)      # face-down values, top last
    discards: dict[str, tuple[int, ...]] = field(default_factory=dict)
    charges: dict[str, tuple[str, ...]] = field(default_factory=dict)    # charges still offered, per palace
    crisis_deck: list[int] = field(default_factory=list)           # turn tiles, top last
    crisis_shown: list[str] = field(default_factory=list)          # "setup:N" first, then "turn:N"
    next_tile_id: int = 0
    round_queue: list[int] = field(default_factory=list)     # seats still to move this round

    def family(self, seat: int) -> Family:
        """A seat's family, to change (see `TableState.own`)."""
        return self.own(self.families, seat)
