"""Names a player reads on the pictures, in their language."""

from __future__ import annotations

from engine.al_rashid import data
from engine.core.messages import Message, translate


def t(key: str, locale: str, **params) -> str:
    return translate(f"render.al_rashid.{key}", locale, **params)


def family(colour: str, locale: str) -> str:
    return translate(f"render.colour.{colour}", locale)


def area(area_id: str, locale: str) -> str:
    territory = data.load().territories.get(area_id)
    return territory.name.get(locale) if territory else t(f"palace.{area_id}", locale)


def charge(charge_id: str, locale: str) -> str:
    return data.load().charges[charge_id].name.get(locale)


def effect(charge_id: str, locale: str) -> str:
    return data.load().charges[charge_id].effect.get(locale)


def message(json: dict, locale: str) -> str:
    return Message.from_json(json).text(locale)
