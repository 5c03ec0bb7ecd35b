"""Names a player reads on the pictures, in their language.

Names of things (players, buildings, cards, persons) are the engine's own (data/i18n/*/notre_dame.yaml), so the
pictures and the bot's messages call everything alike; the pictures' own words are under render.notre_dame.
"""

from __future__ import annotations

from typing import Any

from engine.core.messages import Message, translate


def t(key: str, locale: str, **params: object) -> str:
    return translate(f"render.notre_dame.{key}", locale, **params)


def player(colour: str, locale: str) -> str:
    return translate(f"notre_dame.colour.{colour}", locale)


def sector(name: str, locale: str) -> str:
    return translate(f"notre_dame.sector.{name}", locale)


def short(name: str, locale: str) -> str:
    """A building's name short enough for a cell of a phone picture."""
    return t(f"short.{name}", locale)


def card(kind: str, locale: str) -> str:
    return translate(f"notre_dame.card.{kind}", locale)


def person(name: str, locale: str) -> str:
    return translate(f"notre_dame.person.{name}", locale)


def message(json: dict[str, Any], locale: str) -> str:
    return Message.from_json(json).text(locale)


def count(thing: str, n: int) -> Message:
    """ "a coin", "3 coins", "1 prestige", as the engine says it."""
    return Message(f"notre_dame.count.{thing}", {"n": n})
