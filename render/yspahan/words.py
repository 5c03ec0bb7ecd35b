"""Names a player reads on the pictures, in their language.

Names of things (players, quarters, buildings, cards) are the engine's own (data/i18n/*/yspahan.yaml), so the
pictures and the bot's messages call everything alike; the pictures' own words are under render.yspahan.
"""

from __future__ import annotations

from typing import Any

from engine.core.messages import Message, translate


def t(key: str, locale: str, **params: object) -> str:
    return translate(f"render.yspahan.{key}", locale, **params)


def name(kind: str, key: str, locale: str) -> str:
    """The engine's name of a thing: kind is colour, quarter, slot, building, card, souk_colour..."""
    return translate(f"yspahan.{kind}.{key}", locale)


def message(json: dict[str, Any], locale: str) -> str:
    return Message.from_json(json).text(locale)
