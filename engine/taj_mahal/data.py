"""Component data of Taj Mahal, loaded from data/taj_mahal/ and validated once.

Every count the rulebook (001_f0a91e4b7c938d9d.txt) states is checked here, so a data edit that breaks
one fails at load, not in the middle of a match. What the rulebook does not give is house data, marked
as such in the YAML files and in docs/rules/taj_mahal.md.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import yaml
from pydantic import BaseModel, model_validator

from engine.core.messages import DATA_DIR

from .vocab import BONUS_KINDS, CARD_COLOURS, FORCES, GOODS, LETTER, SPECIALS, SYMBOLS, TAJ, WHITE, card_kind

FOLDER = DATA_DIR / "taj_mahal"


class Rules(BaseModel):
    visits: int
    hand: int
    display: dict[int, int]
    take: int
    last_take: int
    influence_tiles: int
    plus_points: int
    taj_points: int
    special_points: int
    dummy_specials: int
    dummy_withdraws_at: int


class SuitRow(BaseModel):
    symbols: tuple[str, str]
    copies: int


class Cards(BaseModel):
    colours: tuple[str, ...]
    suit: list[SuitRow]
    pairs: dict[str, list[tuple[str, str]]]
    white: dict[str, int]
    specials: dict[str, str]          # special card -> the force whose two tiles earn it

    def deck(self) -> list[str]:
        """The 96 regular cards by kind, one entry per copy, in a fixed order."""
        cards: list[str] = []
        for colour in self.colours:
            for row in self.suit:
                cards += [card_kind(colour, row.symbols)] * row.copies
            cards += [card_kind(colour, pair) for pair in self.pairs[colour]]
        for symbol, copies in self.white.items():
            cards += [f"{WHITE}-{LETTER[symbol]}"] * copies
        return cards

    @model_validator(mode="after")
    def _counts(self) -> Cards:
        if self.colours != CARD_COLOURS:
            raise ValueError(f"the card colours are {CARD_COLOURS}")
        for colour in self.colours:
            pairs = self.pairs[colour]
            if sum(r.copies for r in self.suit) + len(pairs) != 21:
                raise ValueError(f"{colour}: 21 cards per colour")
            if any(a == b or "elephant" in (a, b) for a, b in pairs):
                raise ValueError(f"{colour}: the pair cards carry two different symbols and no Elephant")
            counts = Counter(s for pair in pairs for s in pair)
            if counts != Counter({s: 2 for s in SYMBOLS if s != "elephant"}):
                raise ValueError(f"{colour}: each non-Elephant symbol appears twice on the pair cards")
        if set(s for r in self.suit for s in r.symbols) - set(SYMBOLS) or set(self.white) - set(SYMBOLS):
            raise ValueError("unknown symbol")
        if sum(self.white.values()) != 12:
            raise ValueError("12 white cards")
        if len(self.deck()) != 96:
            raise ValueError("96 cards")
        if set(self.specials) != set(SPECIALS) or sorted(self.specials.values()) != sorted(FORCES):
            raise ValueError("one special card for each of the four forces")
        return self


class Tiles(BaseModel):
    province_tiles: dict[int, list[str]]
    bonus_tiles: dict[str, int]

    @model_validator(mode="after")
    def _counts(self) -> Tiles:
        tiles = self.province_tiles
        if sorted(tiles) != list(range(1, 13)):
            raise ValueError("province tiles are numbered 1 to 12")
        if len(tiles[1]) != 1 or any(len(tiles[n]) != 2 for n in range(2, 13)):
            raise ValueError("tile 1 shows one good, every other tile two (001, 'Tessere-provincia')")
        if any(g not in GOODS for goods in tiles.values() for g in goods):
            raise ValueError("unknown good on a province tile")
        if sum(self.bonus_tiles.values()) != 15 or not set(self.bonus_tiles) <= set(BONUS_KINDS) - {TAJ}:
            raise ValueError("15 square bonus tiles of the known kinds")
        return self

    def bonus_pool(self) -> list[str]:
        return [kind for kind in BONUS_KINDS if kind in self.bonus_tiles for _ in range(self.bonus_tiles[kind])]


class City(BaseModel):
    id: str
    at: tuple[int, int]
    fortress: bool = False
    taj: bool = False


class Province(BaseModel):
    id: str
    cell: tuple[int, int]
    colour: str
    cities: list[City]


class NineProvinces(BaseModel):
    removed: list[str]
    roads: list[tuple[str, str]]
    fortresses: list[str]
    bonus_removed: list[str]
    bonus_placed: int


class MapData(BaseModel):
    agra: str
    provinces: list[Province]
    roads: list[tuple[str, str]]
    nine_provinces: NineProvinces

    @model_validator(mode="after")
    def _shape(self) -> MapData:
        by_id = {p.id: p for p in self.provinces}
        cities = [c for p in self.provinces for c in p.cities]
        province_of = {c.id: p.id for p in self.provinces for c in p.cities}
        if len(self.provinces) != 12 or len(by_id) != 12:
            raise ValueError("12 provinces")
        if len(cities) != 49 or len(province_of) != 49:
            raise ValueError("49 cities with different ids")
        if any(len(p.cities) != (5 if p.id == self.agra else 4) for p in self.provinces):
            raise ValueError("4 cities per province, 5 in Agra's")
        if sum(c.fortress for c in cities) != 16:
            raise ValueError("16 fortresses")
        tajs = [c for c in cities if c.taj]
        if len(tajs) != 1 or not tajs[0].fortress or province_of[tajs[0].id] != self.agra:
            raise ValueError("the Taj Mahal tile lies on one fortress, in Agra's province")
        cells = {p.cell for p in self.provinces}
        if cells != {(x, y) for x in range(4) for y in range(3)}:
            raise ValueError("the provinces fill a 4 x 3 grid")
        seen: set[frozenset[str]] = set()
        for a, b in self.roads:
            pa, pb = province_of.get(a), province_of.get(b)
            if pa is None or pb is None or pa == pb:
                raise ValueError(f"road {a}-{b}: between cities of two provinces")
            (xa, ya), (xb, yb) = by_id[pa].cell, by_id[pb].cell
            if max(abs(xa - xb), abs(ya - yb)) != 1:
                raise ValueError(f"road {a}-{b}: between neighbouring provinces only")
            if frozenset((a, b)) in seen:
                raise ValueError(f"road {a}-{b} twice")
            seen.add(frozenset((a, b)))
        nine = self.nine_provinces
        left = [p for p in self.provinces if p.cell[0] == 0]
        if sorted(nine.removed) != sorted(p.id for p in left):
            raise ValueError("the 9-province variant removes the three left-hand provinces")
        if sum(c.fortress for p in left for c in p.cities) != 5:
            raise ValueError("the left-hand block holds 5 of the 15 fortresses besides Agra's")
        colour_of = {p.id: p.colour for p in self.provinces}
        [(north_west, south_west)] = nine.roads
        if colour_of[province_of[north_west]] != "purple" or colour_of[province_of[south_west]] != "brown":
            raise ValueError("the 9-province road joins the purple province to the brown one")
        if not _city(self, south_west).fortress or frozenset(nine.roads[0]) in seen:
            raise ValueError("the new road is new and ends at the brown province's fortress")
        [green_city] = nine.fortresses
        if colour_of[province_of[green_city]] != "green" or _city(self, green_city).fortress:
            raise ValueError("a city of the green province becomes a fortress")
        fortresses = 16 - 5 + len(nine.fortresses) - 1  # besides Agra's
        if fortresses != nine.bonus_placed:
            raise ValueError("one bonus tile for each fortress of the 9-province map")
        return self


def _city(data: MapData, city: str) -> City:
    return next(c for p in data.provinces for c in p.cities if c.id == city)


class TajMahalData(BaseModel):
    rules: Rules
    cards: Cards
    tiles: Tiles
    map: MapData

    @model_validator(mode="after")
    def _together(self) -> TajMahalData:
        if self.rules.visits != len(self.map.provinces) or self.rules.influence_tiles * 4 != 24:
            raise ValueError("one visit per province; 24 influence tiles")
        nine = self.map.nine_provinces
        left = 15 - len(nine.bonus_removed)
        if left - nine.bonus_placed != 2:
            raise ValueError("9 provinces: 11 of the 13 bonus tiles are placed, 2 stay out")
        if any(self.tiles.bonus_tiles.get(kind, 0) < 1 for kind in nine.bonus_removed):
            raise ValueError("9 provinces: the removed bonus tiles exist")
        return self


def _load(name: str) -> Any:
    return yaml.safe_load((FOLDER / name).read_text(encoding="utf-8"))


@cache
def load() -> TajMahalData:
    return TajMahalData(rules=_load("rules.yaml"), cards=_load("cards.yaml"), tiles=_load("tiles.yaml"),
                        map=_load("map.yaml"))
