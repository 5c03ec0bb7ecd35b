"""Component data of Yspahan, loaded from data/yspahan/ and validated once against what the rulebook states."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

import yaml
from pydantic import BaseModel, model_validator

from engine.core.messages import DATA_DIR

from .vocab import ARMS, BUILDINGS, CARDS, CENTRE, QUARTERS

FOLDER = DATA_DIR / "yspahan"


class SoukData(BaseModel):
    shops: int
    points: int
    colour: str


class Cost(BaseModel):
    camels: int
    gold: int


class Most(BaseModel):
    most: int
    points: int


class CaravanData(BaseModel):
    rows: int
    row_places: dict[int, int]
    place_points: list[int]
    row_values: list[int]


class Rules(BaseModel):
    weeks: int
    days: int
    white_dice: int
    yellow_dice: int
    yellow_die_price: int
    starting_gold: int
    cubes: int
    card_copies: int
    caravan: CaravanData
    buildings: dict[str, Cost]
    building_points: list[int]
    pen_camels: int
    market_gold: int
    hammam_steps: int
    hoist_cubes: int
    bazaar_points: int
    card_camels: int
    card_gold: int
    camel_points: Most
    gold_points: Most

    @model_validator(mode="after")
    def _check(self) -> Rules:
        if tuple(self.buildings) != BUILDINGS or len(self.building_points) != len(BUILDINGS):
            raise ValueError("six buildings, each with its cost, and points for the 1st to the 6th")
        caravan = self.caravan
        if not (caravan.rows == len(caravan.place_points) == len(caravan.row_values)) or set(caravan.row_places) != {3, 4}:
            raise ValueError("the caravan needs points and a value for each row, and places for 3 and 4 players")
        return self


@dataclass(frozen=True)
class Souk:
    id: str            # "chest-b"
    quarter: str
    letter: str
    colour: str
    points: int
    shops: tuple[str, ...]


@dataclass(frozen=True)
class City:
    souks: dict[str, Souk]                  # by id, quarter by quarter in map order
    shops: tuple[str, ...]                  # every shop id ("chest-b2"), in souk order
    souk_of: dict[str, str]                 # shop id -> souk id
    squares: tuple[str, ...]                # road squares: the centre, then each arm outwards
    faces: dict[str, tuple[str, ...]]       # road square -> shops it faces
    arm_length: dict[str, int]

    def quarter_souks(self, quarter: str) -> tuple[Souk, ...]:
        return self._by_quarter[quarter]

    @cached_property
    def _by_quarter(self) -> dict[str, tuple[Souk, ...]]:
        """Each quarter's souks, in map order (asked for on every placement)."""
        return {q: tuple(s for s in self.souks.values() if s.quarter == q) for q in dict.fromkeys(s.quarter for s in self.souks.values())}

    def quarter_of(self, shop: str) -> str:
        return self.souks[self.souk_of[shop]].quarter


def square_position(square: str) -> tuple[str, int]:
    """("w", 3) for "w3"; (CENTRE, 0) for the centre."""
    return (CENTRE, 0) if square == CENTRE else (square[0], int(square[1:]))


def road_distance(a: str, b: str) -> int:
    """Steps between two squares. A move never goes back over a square, so on the cross it takes this path:
    along the arm, or in to the centre and out along the other arm (the centre counts as index 0)."""
    (arm_a, i), (arm_b, j) = square_position(a), square_position(b)
    return abs(i - j) if arm_a == arm_b else i + j


def _city(raw: dict[str, Any]) -> City:
    quarters = raw["quarters"]
    if tuple(quarters) != QUARTERS:
        raise ValueError(f"the city has the quarters {QUARTERS}, in that order")
    souks: dict[str, Souk] = {}
    for quarter, table in quarters.items():
        colours = set()
        for letter, entry in table.items():
            info = SoukData.model_validate(entry)
            if info.colour in colours:
                raise ValueError(f"two souks of the {quarter} quarter are {info.colour}")
            colours.add(info.colour)
            souk_id = f"{quarter}-{letter}"
            souks[souk_id] = Souk(souk_id, quarter, letter, info.colour, info.points,
                                  tuple(f"{souk_id}{n}" for n in range(1, info.shops + 1)))
    shops = tuple(shop for souk in souks.values() for shop in souk.shops)
    souk_of = {shop: souk.id for souk in souks.values() for shop in souk.shops}
    road = raw["road"]
    if tuple(road) != ARMS:
        raise ValueError(f"the road has the arms {ARMS}")
    squares = (CENTRE, *(f"{arm}{i}" for arm, length in road.items() for i in range(1, length + 1)))
    faces = {square: tuple(raw["faces"].get(square, ())) for square in squares}
    if set(raw["faces"]) - set(squares):
        raise ValueError(f"faces names squares off the road: {sorted(set(raw['faces']) - set(squares))}")
    city = City(souks, shops, souk_of, squares, faces, dict(road))
    _check_city(city)
    return city


def _check_city(city: City) -> None:
    """What the rulebook and Boardspace's board state about the map (docs/rules/yspahan.md)."""
    counts = {q: (len(city.quarter_souks(q)), sum(len(s.shops) for s in city.quarter_souks(q))) for q in QUARTERS}
    if counts != {"bag": (4, 18), "barrel": (4, 14), "chest": (3, 9), "vase": (3, 6)}:
        raise ValueError(f"souks and shops per quarter: {counts}")
    if len(city.souks) != 14 or len(city.shops) != 47:
        raise ValueError("the city has 14 souks and 47 shops")
    # Chest quarter: "un souk giallo, uno blu ed uno rosa" (004, "Mappa della Città")
    if {s.colour for s in city.quarter_souks("chest")} != {"yellow", "blue", "pink"}:
        raise ValueError("the Chest quarter has a yellow, a blue and a pink souk")
    if len(city.squares) != 29:
        raise ValueError("the road has 29 squares")
    for square, shops in city.faces.items():
        if any(shop not in city.souk_of for shop in shops):
            raise ValueError(f"{square} faces a shop that is not on the map: {shops}")
        if len(set(shops)) != len(shops):
            raise ValueError(f"{square} faces the same shop twice")
    # "Tutte le caselle sulla strada sono collegate ad un singolo negozio, eccetto la casella centrale
    # (nessun collegamento) e due caselle ... collegate a due negozi."
    sizes = sorted(len(shops) for shops in city.faces.values())
    if sizes != [0] + [1] * 26 + [2, 2] or city.faces[CENTRE]:
        raise ValueError("every square but the centre faces one shop, and exactly two face two")


@dataclass(frozen=True)
class YspahanData:
    city: City
    rules: Rules


def _load(name: str) -> Any:
    return yaml.safe_load((FOLDER / name).read_text(encoding="utf-8"))


@cache
def load() -> YspahanData:
    rules = Rules.model_validate(_load("rules.yaml"))
    if len(CARDS) * rules.card_copies != 18:
        raise ValueError("the deck holds 18 cards")
    return YspahanData(_city(_load("city.yaml")), rules)
