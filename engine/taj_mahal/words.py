"""Translatable names of Taj Mahal things, used as parameters of messages."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.messages import Message

from .state import State
from .vocab import SPECIALS, SYMBOL_OF, card_colour

Json = dict[str, Any]


@cache
def _name(kind: str, key: str) -> Json:  # shared: messages are never changed once made
    return Message(f"taj_mahal.{kind}.{key}").to_json()


def player(state: State, index: int) -> Json:
    """A player by palace colour; a dummy is "Carletto" with his colour."""
    who = state.players[index]
    colour = _name("colour", who.colour)
    return colour if who.seat is not None else Message("taj_mahal.dummy", {"colour": colour}).to_json()


@cache
def card(kind: str) -> Json:
    """"red card, Elephant + Vizier", "white card, Elephant", "the +2 points card"."""
    if kind in SPECIALS:
        return _name("special", kind)
    colour, letters = card_colour(kind), kind.split("-", 1)[1]
    symbols = [_name("symbol", SYMBOL_OF[x]) for x in letters]
    if colour == "white":
        return Message("taj_mahal.card.white", {"symbol": symbols[0]}).to_json()
    return Message("taj_mahal.card.coloured", {"colour": _name("card_colour", colour),
                                               "a": symbols[0], "b": symbols[1]}).to_json()


def cards(kinds: list[str]) -> list[Json]:
    return [card(k) for k in kinds]


def symbol(name: str) -> Json:
    return _name("symbol", name)


def prize(name: str) -> Json:
    return _name("prize", name)


def prize_short(name: str) -> Json:
    """A prize in a few letters, for a button listing many ("Vizier", "crown", "province tile")."""
    return _name("prize_short", name)


def city(name: str) -> Json:
    return _name("city", name)


def province(name: str) -> Json:
    return _name("province", name)


def bonus(kind: str) -> Json:
    return _name("bonus", kind)


def colour_name(colour: str) -> Json:
    """A card colour in running text ("your colour is red", "il tuo colore è il rosso")."""
    return _name("colour_name", colour)


def good(name: str) -> Json:
    return _name("good", name)


def listing(items: list[Json]) -> Json | list[Json]:
    """Several names read as a list: "A, B and C" ("A, B e C")."""
    if len(items) < 2:
        return items
    return Message("taj_mahal.listing", {"head": items[:-1], "last": items[-1]}).to_json()


def tiles(forces: list[str]) -> Json:
    """Influence tiles handed back: "two Vizier tiles", or "a Vizier, a Monk and a Princess tile"."""
    names = [symbol(f) for f in forces]
    if len(set(forces)) == 1:
        return Message("taj_mahal.tiles.pair", {"force": names[0]}).to_json()
    return Message("taj_mahal.tiles.three", dict(zip("abc", names, strict=True))).to_json()
