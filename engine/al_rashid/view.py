"""What a seat may know of an Al-Rashid match (`seat=None`: the public table).

Renderers and the bot only ever see these models. Hidden information (face-down mercenary values,
other players' mercenary hands, pile order, the RNG) is left out here and nowhere else.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.core.views import AwaitView, TableView, TiebreakScoreView

from .vocab import MercenaryColour, Phase


class StackView(BaseModel):
    seat: int
    colour: str
    pasha: int
    merchant: int
    sage: int
    dominance: int            # Pasha 5, Merchant 3, Sage 1 each
    position: int             # 1 = placed first in this area (wins ties)


class TileView(BaseModel):
    id: int
    colour: MercenaryColour
    value: int | None         # None: face down and unknown to this viewer
    revealed: bool            # face up for everybody


class AreaView(BaseModel):
    id: str
    kind: Literal["palace", "territory"]
    stacks: list[StackView]           # in placement order
    ranking: list[int]                # seats by dominance, best first (who acts: the first three)
    resolved: bool                    # resolved this turn (drawn greyed)
    resolving: bool                   # being resolved right now
    charges: list[str] = []           # palaces: charge tiles still offered (copies repeated)
    goods: dict[str, int] = {}        # territories: goods left, and "note" for credit notes
    mercenaries: list[TileView] = []  # territories


class ChargeView(BaseModel):
    id: str
    used: bool                        # an activatable charge already used this turn


class FamilyView(BaseModel):
    seat: int
    colour: str
    reserve: dict[str, int]           # pieces ready to place
    on_board: dict[str, int]
    owned: dict[str, int]             # the whole family
    held: str | None                  # piece set aside on the Diplomat
    goods: dict[str, int]
    gold: int                         # value of the goods by the barter table
    notes: int
    influence: int
    dishonour: int
    charges: list[ChargeView]
    mercenary_count: int
    hand: dict[str, int] | None = None     # only in the family's own view: tiles by kind
    spied: dict[str, list[TileView]] | None = None  # own view: face-down tiles this family has seen


class ResolutionView(BaseModel):
    """What is happening in the area being resolved (e.g. who fights, who trades)."""

    area: str
    stage: str                        # e.g. "palace", "spies", "battle", "trade", "benevolence"
    actor: int | None
    detail: dict[str, Any] = {}


class AlRashidView(TableView):
    game: Literal["al-rashid"] = "al-rashid"
    viewer: int | None
    seats: int
    turn: int
    turns: int
    phase: Phase
    round: int
    order: list[int]
    pending_order: list[int] | None
    families: list[FamilyView]
    areas: list[AreaView]
    awaiting: list[AwaitView]
    resolution: ResolutionView | None
    piles: dict[str, int]             # tiles left face down per colour
    discards: dict[str, int]
    crisis_left: int
    last_crisis: list[tuple[str, str]]   # the last crisis tile shown: (territory, colour)
    last_changed: list[str]           # area ids and "family:<seat>" touched by the last step
    log: list[dict[str, Any]]         # recent public events as Message JSON
    steps: int
    score: TiebreakScoreView | None = None

    def area(self, area_id: str) -> AreaView:
        return next(a for a in self.areas if a.id == area_id)
