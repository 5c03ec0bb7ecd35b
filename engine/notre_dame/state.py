"""The state of a Notre Dame match: plain data, cheap to clone, dumped to JSON and back.

`apply` clones the state and changes the clone, so a state once returned is never changed again. A clone
shares the players with its original, and a player is copied when the step first asks for it
(`State.player`, `State.every_player`: change a player only through them; `players` is for reading).
`sealed()` ends the copying once the step is done.
An action card is named by its owner's colour and its kind, e.g. "red:bank": the colour only says whose
deck it returns to at the end of a period; the rules read the kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.cloning import Cloneable, cloning
from engine.core.table import TableState

from .vocab import SECTORS


def card(colour: str, kind: str) -> str:
    return f"{colour}:{kind}"


def kind_of(card_id: str) -> str:
    return card_id.split(":")[1]


def colour_of(card_id: str) -> str:
    return card_id.split(":")[0]


@cloning("sectors", "messages", "deck", "offer", "hand", "played", "earned")
@dataclass(slots=True)
class Player(Cloneable):
    seat: int
    colour: str
    quarter: str                         # the colour of the quarter this player builds in
    carriage: str                        # the market the carriage stands on
    supply: int = 0                      # cubes in the personal supply
    general: int = 0                     # cubes of this colour in the general supply
    coins: int = 0
    prestige: int = 0
    rats: int = 0                        # the rat marker on the plague track, 0 to 9
    sectors: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SECTORS, 0))  # cubes per building
    friend: str | None = None            # the building of the Trusted Friend; None until it enters
    notre_dame: int = 0                  # cubes on the Notre Dame tile
    messages: list[str] = field(default_factory=list)   # messages taken, in the order taken
    deck: list[str] = field(default_factory=list)       # action cards to draw this period, top last (hidden)
    offer: list[str] = field(default_factory=list)      # the draft: cards to keep one of now (owner only)
    hand: list[str] = field(default_factory=list)       # action cards kept (owner only)
    first_pick: str | None = None        # the card kept from the player's own three: nobody else saw it
    played: list[str] = field(default_factory=list)     # cards played face up this round
    paid: str | None = None              # the person this player paid this round
    earned: dict[str, int] = field(default_factory=dict)   # prestige by where it came from (the breakdown)

    def count(self, sector: str) -> int:
        """Cubes in a building, the Trusted Friend counting as one (002, "Fiduciario": "conta sempre
        esattamente come un cubetto influenza")."""
        return self.sectors[sector] + (self.friend == sector)


@cloning("players", "messages", "brown_deck", "grey_deck", "persons")
@dataclass(slots=True)
class State(TableState):
    seats: int
    seed: int
    rng: int
    public_prestige: bool = False        # the match option: everybody sees everybody's prestige
    round: int = 1                       # 1 to 9; periods A, B, C are rounds 1-3, 4-6, 7-9
    phase: str = "draft"
    bell: int = 0                        # the start player, who holds the bell ringer
    players: list[Player] = field(default_factory=list)
    treasury: int = 0                    # coins in the bank of the game
    messages: dict[str, str] = field(default_factory=dict)   # market -> message lying there
    brown_deck: list[str] = field(default_factory=list)      # top last (hidden)
    grey_deck: list[str] = field(default_factory=list)       # top last (hidden)
    persons: list[str] = field(default_factory=list)         # the three persons of this round
    discards: int = 0                    # action cards in the common discard pile this period

    @property
    def period(self) -> int:
        """0, 1, 2 for periods A, B, C."""
        return (self.round - 1) // 3

    def player(self, seat: int) -> Player:
        """A seat's player, to change (see `TableState.own`)."""
        return self.own(self.players, seat)

    def every_player(self) -> list[Player]:
        """Every player in seat order, to change (see `player`)."""
        return [self.player(seat) for seat in range(len(self.players))]

    def order(self) -> list[int]:
        """Seats in turn order this round: the bell ringer first, then clockwise (to the left)."""
        return [(self.bell + i) % self.seats for i in range(self.seats)]

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.seats
