"""Component data of Notre Dame, loaded from data/notre_dame/ and validated once."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, model_validator

from engine.core.messages import DATA_DIR

from .vocab import BROWN, GREY_A, GREY_B, GREY_C, INN_CHOICES, MESSAGE_KINDS, PERSONS

FOLDER = DATA_DIR / "notre_dame"
PERIOD_TOTAL_RATS = {"A": 12, "B": 13, "C": 12}  # ZIG's count (docs/rules/notre_dame.md), the one found


class Person(BaseModel):
    id: str
    deck: Literal["brown", "A", "B", "C"]
    rats: int


class MessageKind(BaseModel):
    prestige: int
    gives: Literal["coin", "cube", "rat"] | None


class Messages(BaseModel):
    kinds: dict[int, MessageKind]
    per_colour: list[int]


class Board(BaseModel):
    spots: list[str]
    carriage_start: str
    message_spots: list[str]
    roads: list[tuple[str, str]]
    next_roads: list[tuple[str, str]]
    quarters: dict[int, int]
    seat_quarters: dict[int, list[int]]


class Rules(BaseModel):
    periods: int
    rounds_per_period: int
    cubes_per_colour: int
    personal_cubes: int
    coins_total: int
    starting_coins: int
    cards_drawn: int
    plague_limit: int
    plague_prestige: int
    inn_two_from: int
    park_cubes_per_point: int
    donations: dict[int, int]
    notre_dame_points: dict[int, int]

    @property
    def rounds(self) -> int:
        return self.periods * self.rounds_per_period


class NotreDameData(BaseModel):
    persons: dict[str, Person]
    messages: Messages
    board: Board
    rules: Rules

    @model_validator(mode="after")
    def _consistent(self) -> NotreDameData:
        if tuple(self.persons) != PERSONS:
            raise ValueError("the 15 persons, in vocabulary order")
        for deck, ids in (("brown", BROWN), ("A", GREY_A), ("B", GREY_B), ("C", GREY_C)):
            if tuple(p.id for p in self.persons.values() if p.deck == deck) != ids:
                raise ValueError(f"deck {deck} must hold {ids}")
        if any(not 0 <= p.rats <= 3 for p in self.persons.values()):
            raise ValueError("a person card shows 0 to 3 rats")
        brown = sum(self.persons[p].rats for p in BROWN)
        for letter, greys in zip("ABC", (GREY_A, GREY_B, GREY_C), strict=True):
            total = brown + sum(self.persons[p].rats for p in greys)
            if total != PERIOD_TOTAL_RATS[letter]:
                raise ValueError(f"period {letter} shows {total} rats, not {PERIOD_TOTAL_RATS[letter]}")
        if tuple(self.messages.kinds) != MESSAGE_KINDS or sorted(self.messages.per_colour) != list(MESSAGE_KINDS):
            raise ValueError("four kinds of message, one of each per colour")
        if {k.gives for k in self.messages.kinds.values()} - {None} != set(INN_CHOICES):
            raise ValueError("messages give a coin, a cube, a rat back or nothing more")
        board = self.board
        if len(board.message_spots) != len(self.messages.per_colour):
            raise ValueError("one message on each outer market of a quarter")
        if board.carriage_start in board.message_spots or set(board.message_spots) | {board.carriage_start} != set(
                board.spots):
            raise ValueError("the carriage starts on the market without a message")
        for a, b in (*board.roads, *board.next_roads):
            if a not in board.spots or b not in board.spots:
                raise ValueError(f"road {a}-{b} leads to an unknown market")
        rules = self.rules
        if rules.personal_cubes >= rules.cubes_per_colour or sorted(rules.donations) != [1, 2, 3]:
            raise ValueError("rules: cubes and donations")
        for seats in range(2, 6):
            quarters = board.quarters[seats]
            used = board.seat_quarters[seats]
            if len(used) != seats or len(set(used)) != seats or not all(0 <= q < quarters for q in used):
                raise ValueError(f"{seats} players: one quarter each on a board of {quarters}")
            if seats * rules.starting_coins > rules.coins_total or seats not in rules.notre_dame_points:
                raise ValueError(f"{seats} players: coins and Notre Dame points")
        return self


def _load(name: str) -> Any:
    return yaml.safe_load((FOLDER / name).read_text(encoding="utf-8"))


@cache
def load() -> NotreDameData:
    return NotreDameData(
        persons={p["id"]: p for p in _load("persons.yaml")},
        messages=_load("messages.yaml"),
        board=_load("board.yaml"),
        rules=_load("rules.yaml"),
    )


RULES = load().rules
