"""The state of a Taj Mahal match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. A clone
shares the players with its original, and a player is copied when the step first asks for it
(`State.player`: change a player only through it; `players` is for reading). `sealed()` ends the copying
once the step is done.

The table seats `players` in clockwise order: every human seat and, in the variants of the 2-player
game, the dummy players ("Carletto"), who hold no hand. `Player.seat` is the human seat, None for a dummy.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.flow import Task, TaskCodec

# How the table is made up (001_f0a91e4b7c938d9d.txt, "VARIANTE PER DUE GIOCATORI" and its variants).
STANDARD = "standard"   # 3-5 players, no dummy
DUEL = "duel"           # 1 or 2 players with dummies seated among them: the 2-player variant, solo, 2 vs 2
PLUS = "plus"           # 3 or 4 players and one dummy that always plays second


@dataclass(slots=True)
class Player:
    index: int                       # place at the table, clockwise
    seat: int | None                 # the human seat; None for a dummy
    colour: str
    hand: list[str] = field(default_factory=list)       # card kinds, sorted (never a special card)
    specials: list[str] = field(default_factory=list)   # special cards held (a dummy's lie face up)
    influence: list[str] = field(default_factory=list)  # influence tiles (forces), sorted
    goods: list[str] = field(default_factory=list)      # goods of the bonus tiles kept
    provinces: list[int] = field(default_factory=list)  # province tiles won (their numbers)
    points: dict[str, int] = field(default_factory=dict)  # influence points by source
    # this visit
    played: list[str] = field(default_factory=list)     # cards in play, in the order played
    visit_colour: str | None = None                     # fixed by the first coloured card (colour change aside)
    turns: int = 0                                      # turns taken in this visit (withdrawing included)
    out: bool = False                                   # withdrawn from this visit

    @property
    def dummy(self) -> bool:
        return self.seat is None

    @property
    def score(self) -> int:
        return sum(self.points.values())

    def score_points(self, source: str, n: int) -> None:
        self.points[source] = self.points.get(source, 0) + n

    def clone(self) -> Player:
        return Player(self.index, self.seat, self.colour, list(self.hand), list(self.specials),
                      list(self.influence), list(self.goods), list(self.provinces), dict(self.points),
                      list(self.played), self.visit_colour, self.turns, self.out)


@dataclass(slots=True)
class State:
    seats: int
    seed: int
    rng: int
    provinces: int                   # 12, or 9 in the 9-province variant
    mode: str                        # STANDARD, DUEL or PLUS
    players: list[Player] = field(default_factory=list)
    tiles: dict[str, int] = field(default_factory=dict)          # province -> its tile's number
    visit: int = 1
    start: int = 0                   # table index of the start player of this visit
    order: list[int] = field(default_factory=list)               # this visit's turn order (table indices)
    current: int | None = None       # whose turn it is (table index)
    withdrawn: list[int] = field(default_factory=list)           # this visit, in the order of withdrawal
    court: list[str] = field(default_factory=list)               # prizes still to be won this visit
    supply: dict[str, int] = field(default_factory=dict)         # influence tiles in the piles by the board
    specials_table: list[str] = field(default_factory=list)      # special cards nobody controls yet
    palaces: dict[str, int] = field(default_factory=dict)        # city -> owner of its palace
    crown_palaces: dict[str, int] = field(default_factory=dict)  # city -> owner of the palace placed with the crown
    bonus: dict[str, str] = field(default_factory=dict)          # fortress -> bonus tile still on it
    out_of_game: list[int] = field(default_factory=list)         # province tiles nobody won
    deck: list[str] = field(default_factory=list)                # top last
    discard: list[str] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    phase: str = "playing"
    tasks: list[Task] = field(default_factory=list)              # the turn flow's stack, top last
    steps: int = 0
    last_changed: list[str] = field(default_factory=list)        # "city:<id>", "player:<i>", "display", "court"
    log_tail: list[dict[str, Any]] = field(default_factory=list)  # recent public events, for views
    # While a step changes a clone: the players (table indices) it has copied already. None: nothing is copied.
    copied: set[int] | None = field(default=None, repr=False, compare=False)

    @property
    def task(self) -> Task | None:
        return self.tasks[-1] if self.tasks else None

    def province(self) -> str:
        """The province visited now."""
        return next(p for p, n in self.tiles.items() if n == self.visit)

    def humans(self) -> list[Player]:
        return [p for p in self.players if p.seat is not None]

    def of_seat(self, seat: int) -> Player:
        """The player of a human seat, for reading (`player` to change it)."""
        for p in self.players:
            if p.seat == seat:
                return p
        raise LookupError(seat)

    def player(self, index: int) -> Player:
        """The player at a table index; in a clone being changed, its own copy (the earlier state keeps the
        original)."""
        copied = self.copied
        if copied is not None and index not in copied:
            copied.add(index)
            self.players[index] = self.players[index].clone()
        return self.players[index]

    def sealed(self) -> State:
        """The step is done: from now on the state is only read."""
        self.copied = None
        return self

    def in_visit(self) -> list[Player]:
        return [p for p in self.players if not p.out]

    def holders(self, city: str) -> list[int]:
        return [owner for owner in (self.palaces.get(city), self.crown_palaces.get(city)) if owner is not None]

    def cities_of(self, index: int) -> frozenset[str]:
        """Every city holding a palace of this player (a city with two palaces links for both owners)."""
        return frozenset([c for c, o in self.palaces.items() if o == index] +
                         [c for c, o in self.crown_palaces.items() if o == index])

    def clone(self) -> State:
        return State(
            self.seats, self.seed, self.rng, self.provinces, self.mode, list(self.players),
            dict(self.tiles), self.visit, self.start, list(self.order), self.current, list(self.withdrawn),
            list(self.court), dict(self.supply), list(self.specials_table), dict(self.palaces),
            dict(self.crown_palaces), dict(self.bonus), list(self.out_of_game), list(self.deck), list(self.discard),
            list(self.display), self.phase, list(self.tasks), self.steps, list(self.last_changed), list(self.log_tail),
            set(),
        )

    # ---- JSON -------------------------------------------------------------------------------------
    # Written out by hand (copy.deepcopy dominated the time of a save). Nested values are never changed in
    # place (tasks and log entries are replaced whole), so one level of copying is enough.
    def to_json(self, codec: TaskCodec) -> dict[str, Any]:
        data = {f.name: _copy(getattr(self, f.name)) for f in fields(self) if f.name not in ("players", "tasks", "copied")}
        data["players"] = [{f.name: _copy(getattr(p, f.name)) for f in fields(Player)} for p in self.players]
        data["tasks"] = [codec.dump(t) for t in self.tasks]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], codec: TaskCodec) -> State:
        values = {f.name: _copy(data[f.name]) for f in fields(cls) if f.name not in ("players", "tasks", "copied")}
        players = [Player(**{f.name: _copy(p[f.name]) for f in fields(Player)}) for p in data["players"]]
        return cls(**values, players=players, tasks=[codec.load(t) for t in data["tasks"]])


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value
