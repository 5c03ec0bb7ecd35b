"""What a seat may know of a Taj Mahal match (`seat=None`: the public table).

Renderers and the bot only ever see these models. Hidden information (the cards in other players'
hands, the order of the deck, the card a player has picked but not yet played, the RNG) is left out here
and nowhere else. The map itself (provinces, cities, fortresses, roads) is component data: `board.board(map)`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.core.views import AwaitView, ScoreView, TableView

from .rules import end_points


class PlayerView(BaseModel):
    index: int                    # place at the table, clockwise
    seat: int | None              # None: a dummy ("Carletto")
    colour: str
    hand_size: int                # cards in hand, special cards included
    hand: list[str] | None = None  # only in the player's own view: card kinds, sorted
    specials: list[str]           # special cards held (public: won and played in the open)
    influence: list[str]          # influence tiles
    goods: list[str]              # goods of the bonus tiles kept
    provinces: list[int]          # province tiles won
    points: dict[str, int]        # influence points by source
    score: int
    played: list[str]             # cards in play this visit, in the order played
    symbols: dict[str, int]       # symbols in play this visit, all six
    leading: list[str]            # prizes withdrawing now would win
    visit_colour: str | None
    out: bool                     # withdrawn from this visit

    def hand_worth(self) -> dict[str, int]:
        """What the hand and the special cards would score at the end of the game (from the owner's own view:
        another's hand is not in the view)."""
        return end_points(self.hand or [], self.specials)


class TajMahalScoreView(ScoreView):
    dummies: dict[int, int]                 # the dummies' scores, by table index
    shared: bool                            # the best score is shared: the rulebook has no tie-break


class TajMahalView(TableView):
    game: Literal["taj-mahal"] = "taj-mahal"
    viewer: int | None
    seats: int
    variant: Literal["standard", "duel", "plus"]
    map: Literal[12, 9]
    visit: int
    visits: int
    province: str                 # the province visited now
    start: int                    # table index of the start player
    order: list[int]              # this visit's turn order
    current: int | None           # whose turn it is
    withdrawn: list[int]          # this visit, in order
    players: list[PlayerView]
    tiles: dict[str, int]         # province -> its tile's number: the visit in which it is played
    out_of_game: list[int]        # province tiles nobody won
    palaces: dict[str, int]       # city -> owner (table index) of its palace
    crown_palaces: dict[str, int]  # city -> owner of the palace placed with the crown
    bonus: dict[str, str]         # fortress -> the bonus tile still on it
    court: list[str]              # prizes still to be won this visit
    specials_table: list[str]
    display: list[str]
    deck: int
    discard: int
    awaiting: list[AwaitView]
    picked: str | None = None     # own view: the coloured card chosen, before adding a white or special card
    last_changed: list[str]
    log: list[dict[str, Any]]
    steps: int
    phase: str                    # "playing", or "over"
    over: bool
    score: TajMahalScoreView | None = None

    def player(self, index: int) -> PlayerView:
        return self.players[index]
