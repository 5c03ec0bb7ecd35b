"""Names a player reads on the pictures, in their language.

Names of things (players, cards, symbols, cities, provinces) are the engine's own
(data/i18n/*/taj_mahal.yaml), so the pictures and the bot's messages call everything alike; the pictures' own
words are under render.taj_mahal in the same files.
"""

from __future__ import annotations

from typing import Any

from engine.core.messages import Message, translate


def t(key: str, locale: str, **params: object) -> str:
    return translate(f"render.taj_mahal.{key}", locale, **params)


def name(kind: str, key: str, locale: str) -> str:
    return translate(f"taj_mahal.{kind}.{key}", locale)


def player(colour: str, dummy: bool, locale: str) -> str:
    colour_name = name("colour", colour, locale)
    return translate("taj_mahal.dummy", locale, colour=colour_name) if dummy else colour_name


def message(json: dict[str, Any], locale: str) -> str:
    return Message.from_json(json).text(locale)
