"""Translatable names of Yspahan things, used as parameters of messages."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.core.messages import Message

from .data import load
from .state import Group, State
from .vocab import SLOTS

CITY = load().city


@cache
def _name(kind: str, key: str) -> dict[str, Any]:  # shared: messages are never changed once made
    return Message(f"yspahan.{kind}.{key}").to_json()


def player(state: State, seat: int) -> dict[str, Any]:
    return _name("colour", state.players[seat].colour)


def quarter(name: str) -> dict[str, Any]:
    return _name("quarter", name)


def at_quarter(name: str) -> dict[str, Any]:
    """A quarter in running text: its name, `the` ("the Bag quarter", "il quartiere del Sacco"), `where` ("in the
    Bag quarter", "nel quartiere del Sacco") and `of` ("of the Bag quarter", "del quartiere del Sacco")."""
    return {"quarter": quarter(name), "the": _name("the_quarter", name), "where": _name("in_quarter", name),
            "of": _name("of_quarter", name)}


def slot(name: str) -> dict[str, Any]:
    return _name("slot", name)


def building(name: str) -> dict[str, Any]:
    return _name("building", name)


def card(name: str) -> dict[str, Any]:
    return _name("card", name)


@cache
def souk_colour(souk_id: str) -> dict[str, Any]:
    return _name("souk_colour", CITY.souks[souk_id].colour)


def souk(souk_id: str) -> dict[str, Any]:
    """ "the pink souk of the Chest (8 points)" """
    info = CITY.souks[souk_id]
    return Message("yspahan.souk", {"colour": _name("souk_colour", info.colour), **at_quarter(info.quarter),
                                    "points": info.points}).to_json()


@cache
def shop(shop_id: str) -> dict[str, Any]:
    """ "Chest, pink souk (8), shop 2" """
    info = CITY.souks[CITY.souk_of[shop_id]]
    return Message("yspahan.shop", {"colour": _name("souk_colour", info.colour), "quarter": quarter(info.quarter),
                                    "points": info.points, "n": shop_id[len(info.id):]}).to_json()


@cache
def square(square_id: str) -> dict[str, Any]:
    """A road square by its arm and its count from the centre ("left 3"), or the centre."""
    if square_id == "c":
        return _name("road", "c")
    return Message("yspahan.square", {"arm": _name("road", square_id[0]), "n": square_id[1:]}).to_json()


@cache
def count(thing: str, n: int) -> dict[str, Any]:  # shared, as `_name`
    """ "1 camel", "3 camels", "0 gold", "2 points": camel, gold, cube, die, yellow_die, square, point."""
    return Message(f"yspahan.count.{thing}", {"n": n}).to_json()


def word(key: str) -> dict[str, Any]:
    return _name("word", key)


def tower(groups: Sequence[Group | None]) -> list[dict[str, Any]]:
    """The tower in words, gold slot first: "Gold 6 6", "Bag 2 2 (yellow: 2)", "Vase (yellow: 5)"."""
    words = []
    for name, group in reversed(list(zip(SLOTS, groups, strict=True))):
        if group is None:
            continue
        white, yellow = " ".join([str(group.value)] * group.white), " ".join([str(group.value)] * group.yellow)
        kind = "mixed" if white and yellow else "yellow" if yellow else "white"
        words.append(Message(f"yspahan.tower.{kind}", {"slot": slot(name), "white": white, "yellow": yellow}).to_json())
    return words
