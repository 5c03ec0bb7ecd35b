"""The state of a Taj Mahal match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. A clone
shares the players with its original, and a player is copied when the step first asks for it
(`State.player`: change a player only through it; `players` is for reading). `sealed()` ends the copying
once the step is done. The clone copies the cards' lists (deck, discards, display), which most steps change; it
shares the other containers (the provinces' tiles, the palaces, the court, the supply, ...), which change a few
times a visit: a step replaces one of them rather than changing it.

The table seats `players` in clockwise order: every human seat and, in the variants of the 2-player
game, the dummy players ("Carletto"), who hold no hand. `Player.seat` is the human seat, None for a dummy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.cloning import Cloneable, cloning
from engine.core.table import TableState

# How the table is made up (001_f0a91e4b7c938d9d.txt, "VARIANTE PER DUE GIOCATORI" and its variants).
STANDARD = "standard"   # 3-5 players, no dummy
DUEL = "duel"           # 1 or 2 players with dummies seated among them: the 2-player variant, solo, 2 vs 2
PLUS = "plus"           # 3 or 4 players and one dummy that always plays second


@cloning("hand", "specials", "influence", "goods", "provinces", "points", "played", "shown")
@dataclass(slots=True)
class Player(Cloneable):
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
    # the cards in hand everybody saw arrive (taken from the display), sorted: one goes with each card of its
    # kind played. Nobody may see the others' hands, but the table knows these are there (the expert's worlds).
    shown: list[str] = field(default_factory=list)

    @property
    def dummy(self) -> bool:
        return self.seat is None

    @property
    def score(self) -> int:
        return sum(self.points.values())

    def score_points(self, source: str, n: int) -> None:
        self.points[source] = self.points.get(source, 0) + n


@cloning("players", "deck", "discard", "display")  # the other containers are replaced, not changed (see above)
@dataclass(slots=True)
class State(TableState):
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
    # last_changed: "city:<id>", "player:<i>", "display", "court"

    def province(self) -> str:
        """The province visited now."""
        return next(p for p, n in self.tiles.items() if n == self.visit)

    def humans(self) -> list[Player]:
        return [p for p in self.players if p.seat is not None]

    def of_seat(self, seat: int) -> Player:
        """The player of a human seat, for reading (`player` to change it)."""
        players = self.players
        if seat < len(players) and players[seat].seat == seat:  # without dummies seated before it, its own place
            return players[seat]
        for p in players:
            if p.seat == seat:
                return p
        raise LookupError(seat)

    def player(self, index: int) -> Player:
        """The player at a table index, to change (see `TableState.own`)."""
        return self.own(self.players, index)

    def in_visit(self) -> list[Player]:
        return [p for p in self.players if not p.out]

    def holders(self, city: str) -> list[int]:
        return [owner for owner in (self.palaces.get(city), self.crown_palaces.get(city)) if owner is not None]

    def cities_of(self, index: int) -> frozenset[str]:
        """Every city holding a palace of this player (a city with two palaces links for both owners)."""
        return frozenset([c for c, o in self.palaces.items() if o == index] +
                         [c for c, o in self.crown_palaces.items() if o == index])
