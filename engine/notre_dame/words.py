"""Translatable names of Notre Dame things, used as parameters of messages."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.messages import Message

from .board import BOARD, quarter_of
from .state import State
from .vocab import split_message

Words = dict[str, Any]


@cache
def _name(kind: str, key: str) -> Words:  # shared: messages are never changed once made
    return Message(f"notre_dame.{kind}.{key}").to_json()


def player(s: State, seat: int) -> Words:
    return colour(s.players[seat].colour)


def colour(name: str) -> Words:
    """A player by colour: "Red"."""
    return _name("colour", name)


def sector(name: str) -> Words:
    """A building or Notre Dame as a label: "Bank"."""
    return _name("sector", name)


def in_sector(name: str) -> Words:
    """A building in running text: "in the Bank", "at Notre Dame"."""
    return _name("in_sector", name)


def from_sector(name: str) -> Words:
    """ "from the Bank", "from Notre Dame"."""
    return _name("from_sector", name)


def to_sector(name: str) -> Words:
    """ "to the Bank", "to Notre Dame"."""
    return _name("to_sector", name)


def card(kind: str) -> Words:
    return _name("card", kind)


def person(name: str) -> Words:
    return _name("person", name)


def word(key: str) -> Words:
    return _name("word", key)


def market(market_id: str) -> Words:
    """ "Red quarter, centre" or "Red quarter, market 2"."""
    spot = market_id.split(".")[1]
    quarter = _name("quarter", quarter_of(market_id))
    if spot == BOARD.carriage_start:
        return Message("notre_dame.market.centre", {"quarter": quarter}).to_json()
    return Message("notre_dame.market.outer", {"quarter": quarter, "n": spot}).to_json()


def message(message_id: str) -> Words:
    """ "a red message (2 prestige and a cube)"."""
    colour_name, kind = split_message(message_id)
    return Message("notre_dame.message", {"colour": _name("message_colour", colour_name),
                                          "reward": _name("reward", str(kind))}).to_json()


def message_on_button(message_id: str) -> Words:
    """ " — red message (2 prestige + a cube)", short enough for a button's 80 characters."""
    colour_name, kind = split_message(message_id)
    return Message("notre_dame.act.with_message", {"colour": _name("message_colour", colour_name),
                                                   "reward": _name("reward_short", str(kind))}).to_json()


def count(thing: str, n: int) -> Words:
    """ "a coin", "3 coins", "1 prestige", "2 markets": `thing` is coin, cube, prestige or market."""
    return Message(f"notre_dame.count.{thing}", {"n": n}).to_json()
