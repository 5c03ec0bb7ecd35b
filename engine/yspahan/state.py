"""The state of a Yspahan match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. A clone
shares the players with its original, and a player is copied when the step first asks for it
(`State.player`: change a player only through it; `players` is for reading). `sealed()` ends the copying
once the step is done.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.flow import Task, TaskCodec

from .vocab import SCORE_KINDS, Phase


def _copy(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


@dataclass(slots=True)
class Player:
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

    def clone(self) -> Player:
        return Player(self.seat, self.colour, self.gold, self.camels, self.cubes, list(self.cards),
                      list(self.buildings), dict(self.points))


@dataclass(frozen=True, slots=True)
class Group:
    """The dice of one value on one slot of the tower."""

    value: int
    white: int
    yellow: int = 0

    @property
    def dice(self) -> int:
        return self.white + self.yellow


@dataclass(slots=True)
class State:
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
    rolled: list[list[int]] = field(default_factory=list)   # today's roll: [value, 1 if yellow else 0]; replaced, not changed
    shops: dict[str, int] = field(default_factory=dict)     # shop -> seat of the cube in it
    caravan: list[int] = field(default_factory=list)        # seats of the cubes, in the order of the places
    deck: list[str] = field(default_factory=list)           # top last
    discards: list[str] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    tasks: list[Task] = field(default_factory=list)         # the turn flow's stack, top last
    steps: int = 0                                          # actions applied so far
    last_changed: list[str] = field(default_factory=list)   # what the last step touched ("shop:bag-a1", ...)
    log_tail: list[dict[str, Any]] = field(default_factory=list)  # recent public events, for views
    # While a step changes a clone: the seats whose player it has copied already. None: nothing is copied.
    copied: set[int] | None = field(default=None, repr=False, compare=False)

    def clone(self) -> State:
        return State(
            self.seats, self.seed, self.rng, self.week, self.day, self.phase, self.first, list(self.order),
            list(self.queue), self.supervisor, list(self.tower), self.rolled, dict(self.shops),
            list(self.caravan), list(self.deck), list(self.discards), list(self.players),
            list(self.tasks), self.steps, list(self.last_changed), list(self.log_tail), set(),
        )

    def sealed(self) -> State:
        """The step is done: from now on the state is only read."""
        self.copied = None
        return self

    def player(self, seat: int) -> Player:
        """A seat's player; in a clone being changed, its own copy (the earlier state keeps the original)."""
        copied = self.copied
        if copied is not None and seat not in copied:
            copied.add(seat)
            self.players[seat] = self.players[seat].clone()
        return self.players[seat]

    # ---- JSON -------------------------------------------------------------------------------
    def to_json(self, codec: TaskCodec) -> dict[str, Any]:
        data = {f.name: _copy(getattr(self, f.name)) for f in fields(self)
                if f.name not in ("players", "tower", "tasks", "copied")}
        data["players"] = [{f.name: _copy(getattr(p, f.name)) for f in fields(Player)} for p in self.players]
        data["tower"] = [None if g is None else [g.value, g.white, g.yellow] for g in self.tower]
        data["tasks"] = [codec.dump(t) for t in self.tasks]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], codec: TaskCodec) -> State:
        values = {f.name: _copy(data[f.name]) for f in fields(cls) if f.name != "copied"}
        values["players"] = [Player(**p) for p in data["players"]]
        values["tower"] = [None if g is None else Group(*g) for g in data["tower"]]
        values["tasks"] = [codec.load(t) for t in data["tasks"]]
        return cls(**values)
