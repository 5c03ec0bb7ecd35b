"""Names a player reads on the pictures, in their language.

Names of things (families, areas, pieces, charges) are the engine's own (data/i18n/*/al_rashid.yaml), so
the pictures and the bot's messages call everything alike; the pictures' own words are under render.al_rashid.
"""

from __future__ import annotations

from typing import Any

from engine.al_rashid import data
from engine.core.messages import Message, translate


def t(key: str, locale: str, **params: object) -> str:
    return translate(f"render.al_rashid.{key}", locale, **params)


def family(colour: str, locale: str) -> str:
    return translate(f"al_rashid.colour.{colour}", locale)


def area(area_id: str, locale: str) -> str:
    return translate(f"al_rashid.area.{area_id}", locale)


def piece(kind: str, locale: str) -> str:
    return translate(f"al_rashid.piece.{kind}", locale)


def charge(charge_id: str, locale: str) -> str:
    return translate(f"al_rashid.charge.{charge_id}", locale)


def effect(charge_id: str, locale: str) -> str:
    return data.load().charges[charge_id].effect.get(locale)


def message(json: dict[str, Any], locale: str) -> str:
    return Message.from_json(json).text(locale)
