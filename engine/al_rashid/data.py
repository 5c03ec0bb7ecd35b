"""Component data of Al-Rashid, loaded from data/al_rashid/ and validated once."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, field_validator, model_validator

from engine.core.messages import DATA_DIR

from .vocab import AREAS, GOODS, GUILDS, MERCENARY_COLOURS, PALACES, TERRITORIES

FOLDER = DATA_DIR / "al_rashid"


class Text(BaseModel):
    en: str
    it: str

    def get(self, locale: str) -> str:
        return str(getattr(self, locale, self.en))


class Charge(BaseModel):
    id: str
    palace: Literal["spies", "military", "culture", "merchant", "politics", "caliph"]
    serial: str
    kind: Literal["activatable", "continuous", "one_off"]
    cost: int
    points: int | None = None
    points_text: str | None = None
    name: Text
    effect: Text

    @model_validator(mode="after")
    def _points(self) -> Charge:
        if (self.points is None) == (self.points_text is None):
            raise ValueError(f"{self.id}: give either fixed points or a points_text")
        return self

    @property
    def label_points(self) -> str:
        return str(self.points) if self.points is not None else str(self.points_text)


class Territory(BaseModel):
    id: str
    name: Text
    goods: dict[str, int]
    notes: int

    @field_validator("goods")
    @classmethod
    def _goods(cls, goods: dict[str, int]) -> dict[str, int]:
        if not set(goods) <= set(GOODS) or min(goods.values()) <= 0:
            raise ValueError(f"unknown or empty goods {goods}")
        return goods


Placement = tuple[Literal[TERRITORIES], Literal[MERCENARY_COLOURS]]  # type: ignore[valid-type]


class Crisis(BaseModel):
    setup: list[list[Placement]]
    turns: list[list[Placement]]


class Rules(BaseModel):
    turns: int
    dominance: dict[str, int]
    family_points: dict[str, int]
    piece_limits: dict[str, int]
    starting_pieces: dict[str, int]
    barter: list[int]
    credit_note_discount: int
    banker_credit_note_discount: int
    loremaster_discount: int
    dishonour_points: int
    influence_points_cap: int
    starting_goods: list[dict[str, int]]
    service_cost: dict[str, list[int]]
    military_draws: list[int]
    spy_moves: list[int]
    spy_move_order: list[int]
    favour_cost: dict[str, int]
    trade_items: list[int]
    mercenaries: dict[int, int]
    guild_charge_copies: dict[int, int]


class AlRashidData(BaseModel):
    charges: dict[str, Charge]
    territories: dict[str, Territory]
    crisis: Crisis
    rules: Rules

    @model_validator(mode="after")
    def _complete(self) -> AlRashidData:
        if len(self.charges) != 32:
            raise ValueError(f"expected 32 charges, found {len(self.charges)}")
        for palace in PALACES:
            count = sum(c.palace == palace for c in self.charges.values())
            expected = 4 if palace in GUILDS[:4] else 8
            if count != expected:
                raise ValueError(f"{palace}: expected {expected} charges, found {count}")
        if tuple(self.territories) != TERRITORIES:
            raise ValueError("territories must be the seven of the map, in map order")
        if len(self.crisis.setup) != 3 or len(self.crisis.turns) != 8:
            raise ValueError("expected 3 setup and 8 turn crisis tiles")
        if sum(self.rules.mercenaries.values()) != 32:
            raise ValueError("each mercenary colour has 32 tiles")
        if len(self.rules.starting_goods) != 5 or sum(t.notes for t in self.territories.values()) != 4:
            raise ValueError("starting goods for 5 positions and 4 credit notes on the map")
        assert set(AREAS) == set(PALACES) | set(TERRITORIES)
        return self


def _load(name: str) -> Any:
    return yaml.safe_load((FOLDER / name).read_text(encoding="utf-8"))


@cache
def load() -> AlRashidData:
    return AlRashidData(
        charges={c["id"]: c for c in _load("charges.yaml")},
        territories={t["id"]: t for t in _load("territories.yaml")},
        crisis=_load("crisis.yaml"),
        rules=_load("rules.yaml"),
    )
