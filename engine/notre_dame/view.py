"""What a seat may know of a Notre Dame match (`seat=None`: the public table).

Renderers and the bot only ever see these models. Hidden information (the cards in hand and in the draft, the
order of the decks, the third card discarded face down, and other players' prestige unless the table plays with
public prestige) is left out here and nowhere else.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.core.views import AwaitView, TableView, TiebreakScoreView


class PersonView(BaseModel):
    id: str
    rats: int
    paid_by: list[int]                 # seats that paid this person this round


class MarketView(BaseModel):
    id: str                            # e.g. "red.2"
    quarter: str                       # the colour of its quarter
    spot: str                          # "c" for the centre, "1"-"4" for the outer markets
    message: str | None                # the message lying there, e.g. "red-2"
    carriages: list[int]               # seats whose carriage stands here


class PlayerView(BaseModel):
    seat: int
    colour: str
    quarter: str
    supply: int                        # cubes in the personal supply
    general: int                       # cubes of this colour in the general supply
    coins: int
    prestige: int | None               # None: hidden from this viewer
    earned: dict[str, int] | None      # prestige by source, when the prestige is visible
    rats: int
    sectors: dict[str, int]            # cubes per building (the Friend not included)
    friend: str | None                 # the Trusted Friend's building
    notre_dame: int                    # cubes on the Notre Dame tile
    carriage: str
    messages: list[str]
    deck: int                          # action cards left to draw this period
    hand_count: int
    hand: list[str] | None = None      # own view: the action cards held, e.g. "red:bank"
    offer: list[str] | None = None     # own view: the draft cards to keep one of now
    played: list[str]                  # cards played face up this round
    paid: str | None                   # the person paid this round
    choosing: bool                     # still to choose a draft card


class NotreDameView(TableView):
    game: Literal["notre-dame"] = "notre-dame"
    viewer: int | None
    seats: int
    round: int
    rounds: int
    period: Literal["A", "B", "C"]
    phase: Literal["draft", "actions", "persons", "plague", "over"]
    bell: int                          # the start player this round
    order: list[int]
    public_prestige: bool
    players: list[PlayerView]
    quarters: list[str]                # quarter colours clockwise around Notre Dame
    markets: list[MarketView]
    roads: list[tuple[str, str]]
    persons: list[PersonView]          # the three persons of the round (2 brown, 1 grey)
    plague: int                        # the rats on them
    notre_dame_points: int             # shared at the end of each period
    treasury: int
    discards: int
    brown_left: int
    grey_left: int
    awaiting: list[AwaitView]
    last_changed: list[str]
    log: list[dict[str, Any]]          # recent public events as Message JSON
    steps: int
    score: TiebreakScoreView | None = None

    def player(self, seat: int) -> PlayerView:
        return self.players[seat]
