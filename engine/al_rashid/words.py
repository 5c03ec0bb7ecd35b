"""Translatable names of Al-Rashid things, used as parameters of messages."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from engine.core.messages import Message

from .state import State, Tile
from .vocab import CREDIT_NOTE, GOODS


@cache
def _name(kind: str, key: str) -> dict[str, Any]:  # shared: messages are never changed once made
    return Message(f"al_rashid.{kind}.{key}").to_json()


def player(state: State, seat: int) -> dict[str, Any]:
    return _name("colour", state.families[seat].colour)


def good(name: str) -> dict[str, Any]:
    """One good (or credit note) in running text: "1 Metal", "Take Metal" ("Metallo" in Italian)."""
    return _name("one", name)


def goods(name: str) -> dict[str, Any]:
    """A good as a kind, in the plural where languages need it: "all the Metal" ("Metalli")."""
    return _name("good", name)


def area(name: str) -> dict[str, Any]:
    """An area's name as a label (a button, a heading): "Spies' palace"."""
    return _name("area", name)


@cache  # shared, as `_name`'s: every refusal of an area's option names it
def at(name: str) -> dict[str, Any]:
    """An area in running text: `area` as subject or object ("the Spies' palace", "il Palazzo delle Spie"),
    `where` for being there ("in the Spies' palace", "on Silk Road", "nel Palazzo delle Spie"), `name` bare."""
    return {"area": _name("the_area", name), "where": _name("in_area", name), "name": _name("area", name)}


def charge(name: str) -> dict[str, Any]:
    return _name("charge", name)


def piece(name: str) -> dict[str, Any]:
    return _name("piece", name)


def mercenary(colour: str) -> dict[str, Any]:
    """A mercenary colour in running text ("a blue mercenary tile")."""
    return _name("mercenary", colour)


def bundle(goods: dict[str, int]) -> list[dict[str, Any]]:
    """A bundle of goods and credit notes, e.g. "2 Hardwood, 1 Metal"."""
    return [Message("al_rashid.count", {"n": goods[g], "one": _name("one", g), "other": _name("good", g)}).to_json()
            for g in (*GOODS, CREDIT_NOTE) if goods.get(g)]


def word(key: str) -> dict[str, Any]:
    return _name("word", key)


def tiles(tiles: Iterable[Tile]) -> list[dict[str, Any]]:
    """Mercenary tiles with their values, e.g. "red 3, blue 2"."""
    return [Message("al_rashid.tile", {"colour": mercenary(x.colour), "value": x.value}).to_json() for x in tiles]
