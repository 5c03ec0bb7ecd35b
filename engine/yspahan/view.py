"""What a seat may know of a Yspahan match (`seat=None`: the public table).

Renderers and the bot only ever see these models. Hidden information (the cards in other players' hands,
the order of the deck, the RNG that will roll tomorrow's dice) is left out here and nowhere else.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.core.views import AwaitView, ScoreView, TableView

from .vocab import Phase


class GroupView(BaseModel):
    slot: str
    value: int
    white: int
    yellow: int


class SoukView(BaseModel):
    id: str                    # "chest-c"
    quarter: str
    colour: str
    points: int
    shops: list[str]
    owner: int | None          # the player whose cubes are in it
    complete: bool


class PlayerView(BaseModel):
    seat: int
    colour: str
    gold: int
    camels: int
    cubes: int                 # in reserve
    card_count: int
    hand: list[str] | None = None      # only in the player's own view
    buildings: list[str]               # in the order built
    score: int
    points: dict[str, int]             # score by where it came from


class CurrentView(BaseModel):
    """The turn in progress, in public terms: whose turn, which group they took and what for."""

    seat: int
    stage: str                 # the step asked now ("choose", "use", "place", "move", "keep", "after", ...)
    slot: str | None = None    # the group being used
    quarter: str | None = None # where cubes are being placed
    cubes_left: int | None = None
    distance: int | None = None
    shipping: list[str] = []   # shops whose cubes are about to go to the caravan, in order
    built: bool = False


class YspahanScoreView(ScoreView):
    winners: list[int]
    shared: bool               # several players share the victory


class YspahanView(TableView):
    game: Literal["yspahan"] = "yspahan"
    viewer: int | None
    seats: int
    week: int
    weeks: int
    day: int
    days: int
    phase: Phase
    first: int                 # today's first player (who rolled)
    order: list[int]           # today's order of play
    still_to_play: list[int]   # seats still to take their turn today, in order
    reverse_day: bool          # 4 players' last day, played in reverse order of score
    supervisor: str            # road square
    tower: list[GroupView | None]      # bottom (camels) to top (gold)
    rolled: list[list[int]]    # today's dice: [value, 1 if yellow]
    shops: dict[str, int]      # shop -> seat of the cube in it
    souks: list[SoukView]
    caravan: list[int]         # seats of the cubes, place by place from the bottom row
    caravan_rows: int
    caravan_row_places: int
    deck: int                  # cards left face down
    discards: list[str]        # face up, oldest first
    players: list[PlayerView]
    awaiting: list[AwaitView]
    current: CurrentView | None
    last_changed: list[str]
    log: list[dict[str, Any]]  # recent public events as Message JSON
    steps: int
    score: YspahanScoreView | None = None

    def player(self, seat: int) -> PlayerView:
        return self.players[seat]
