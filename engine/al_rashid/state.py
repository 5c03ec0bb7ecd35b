"""The state of an Al-Rashid match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. Cloning
copies only the small lists: the board (stacks, mercenary tiles, piles, discards, charges on offer, goods on
the territories) is made of immutable values that the clones share (a step replaces the tuple or the dict it
changes instead of changing it in place), and a family is copied when the step first asks for it
(`State.family`: change a family only through it; `families[seat]` is for reading). `sealed()` ends the
copying once the step is done.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.flow import Task, TaskCodec

from .vocab import PIECES, Colour, MercenaryColour, Phase


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


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


@dataclass(slots=True)
class Family:
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

    def clone(self) -> Family:
        return Family(
            self.seat, self.colour, dict(self.reserve), dict(self.owned), self.held, dict(self.goods),
            self.notes, self.influence, self.dishonour, list(self.charges), list(self.used), dict(self.hand),
        )

    def has(self, charge: str) -> bool:
        return charge in self.charges


@dataclass(slots=True)
class State:
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
    tasks: list[Task] = field(default_factory=list)          # the turn flow's stack, top last
    steps: int = 0                                           # actions applied so far
    last_changed: list[str] = field(default_factory=list)    # areas / families the last step touched
    log_tail: list[dict[str, Any]] = field(default_factory=list)  # recent public events, for views
    # While a step changes a clone: the seats whose family it has copied already. None: nothing is copied.
    copied: set[int] | None = field(default=None, repr=False, compare=False)

    def clone(self) -> State:
        new = State(
            self.seats, self.seed, self.rng, self.turn, self.phase, self.round, list(self.order),
            list(self.pending_order) if self.pending_order is not None else None,
            list(self.families),
            dict(self.areas), list(self.resolved), dict(self.territory_goods), dict(self.mercenaries),
            dict(self.piles), dict(self.discards), dict(self.charges),
            list(self.crisis_deck), list(self.crisis_shown), self.next_tile_id,
            list(self.round_queue), list(self.tasks), self.steps, list(self.last_changed), list(self.log_tail),
            set(),
        )
        return new

    def sealed(self) -> State:
        """The step is done: from now on the state is only read."""
        self.copied = None
        return self

    @property
    def task(self) -> Task | None:
        return self.tasks[-1] if self.tasks else None

    def family(self, seat: int) -> Family:
        """A seat's family; in a clone being changed, its own copy (the earlier state keeps the original)."""
        copied = self.copied
        if copied is not None and seat not in copied:
            copied.add(seat)
            self.families[seat] = self.families[seat].clone()
        return self.families[seat]

    # ---- JSON -------------------------------------------------------------------------------
    def to_json(self, codec: TaskCodec) -> dict[str, Any]:
        # Written out by hand: dataclasses.asdict deep-copies recursively and dominated save times.
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "copied"}
        data.update(
            order=list(self.order), pending_order=list(self.pending_order) if self.pending_order is not None else None,
            families=[{f.name: _copy(getattr(fam, f.name)) for f in fields(Family)} for fam in self.families],
            areas={a: [{"seat": x.seat, "pasha": x.pasha, "merchant": x.merchant, "sage": x.sage} for x in stacks]
                   for a, stacks in self.areas.items()},
            resolved=list(self.resolved),
            territory_goods={t: dict(g) for t, g in self.territory_goods.items()},
            mercenaries={t: [{"id": x.id, "colour": x.colour, "value": x.value, "revealed": x.revealed,
                              "seen_by": list(x.seen_by)} for x in tiles] for t, tiles in self.mercenaries.items()},
            piles={c: list(p) for c, p in self.piles.items()},
            discards={c: list(p) for c, p in self.discards.items()},
            charges={p: list(c) for p, c in self.charges.items()},
            crisis_deck=list(self.crisis_deck), crisis_shown=list(self.crisis_shown),
            round_queue=list(self.round_queue),
            tasks=[codec.dump(t) for t in self.tasks],
            last_changed=list(self.last_changed), log_tail=_copy(self.log_tail),
        )
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], codec: TaskCodec) -> State:
        values = {f.name: data[f.name] for f in fields(cls) if f.name != "copied"}
        values["phase"] = Phase(data["phase"])
        values["families"] = [Family(**{**f, "colour": Colour(f["colour"])}) for f in data["families"]]
        values["areas"] = {a: tuple(Stack(**s) for s in stacks) for a, stacks in data["areas"].items()}
        values["mercenaries"] = {
            t: tuple(Tile(**{**x, "colour": MercenaryColour(x["colour"]), "seen_by": tuple(x["seen_by"])}) for x in tiles)
            for t, tiles in data["mercenaries"].items()}
        for name in ("piles", "discards", "charges"):
            values[name] = {key: tuple(items) for key, items in data[name].items()}
        values["tasks"] = [codec.load(t) for t in data["tasks"]]
        return cls(**values)
