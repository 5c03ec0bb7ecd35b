"""A state's plain form comes from its field types: what goes out as JSON comes back as the same values."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum

import pytest

from engine.core.plain import from_plain, to_plain


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Pair:
    low: int
    high: int

    def to_plain(self) -> list[int]:
        return [self.low, self.high]

    @classmethod
    def from_plain(cls, data: list[int]) -> Pair:
        return cls(*data)


@dataclass(frozen=True)
class Piece:
    colour: Colour
    seen_by: tuple[int, ...] = ()


@dataclass
class Board:
    name: str
    pieces: dict[str, tuple[Piece, ...]] = field(default_factory=dict)
    pairs: list[Pair | None] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)
    note: str | None = None
    extra: int = 7


def board() -> Board:
    return Board("b", {"x": (Piece(Colour.RED, (1, 2)), Piece(Colour.BLUE))}, [Pair(1, 2), None], [[1, 2], [3]], "n")


def test_a_dataclass_goes_to_json_and_comes_back_equal_with_its_types():
    original = board()
    data = json.loads(json.dumps(to_plain(original)))
    assert data["pieces"] == {"x": [{"colour": "red", "seen_by": [1, 2]}, {"colour": "blue", "seen_by": []}]}
    assert data["pairs"] == [[1, 2], None]  # a class's own form
    back = from_plain(Board, data)
    assert back == original
    assert type(back.pieces["x"]) is tuple and type(back.pieces["x"][0].seen_by) is tuple
    assert type(back.pieces["x"][0].colour) is Colour and type(back.scores[0]) is list


def test_the_plain_form_shares_nothing_with_the_state():
    original = board()
    data = to_plain(original)
    data["scores"][0].append(9)
    back = from_plain(Board, data)
    back.scores[1].append(4)
    assert original.scores == [[1, 2], [3]] and data["scores"] == [[1, 2, 9], [3]]


def test_fields_left_out_or_missing_take_what_is_given_or_their_default():
    data = to_plain(board(), leave_out=("extra", "note"))
    assert "extra" not in data and "note" not in data
    back = from_plain(Board, {**data, "extra": 1}, leave_out=("extra",), note="given")
    assert (back.extra, back.note) == (7, "given")


def test_a_union_of_two_types_has_no_plain_form():
    @dataclass
    class Odd:
        value: int | str

    with pytest.raises(TypeError, match="only `X | None`"):
        from_plain(Odd, {"value": 1})
