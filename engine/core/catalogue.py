"""The components players can ask about with `/card`: cards, tiles, persons, buildings, with their effects.

A game brings its catalogue by having a module `catalogue` in its engine package, named after its engine key
(`al-rashid` -> `engine.al_rashid.catalogue`), whose `components()` returns its `Component`s; nothing lists
the games. Every text is given in each shipped language (`data/i18n/<locale>/`), built from the game's data
files and translations, so the bot and the pictures only choose a language.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from .messages import DEFAULT_LOCALE, I18N_DIR, translate

Localised = Mapping[str, str]  # locale -> text


def locales() -> tuple[str, ...]:
    """The languages we ship, English first."""
    others = sorted(p.name for p in I18N_DIR.iterdir() if p.is_dir() and p.name != DEFAULT_LOCALE)
    return (DEFAULT_LOCALE, *others)


def localised(key: str, **params: object) -> dict[str, str]:
    """One translation key in every shipped language."""
    return {locale: translate(key, locale, **params) for locale in locales()}


def pick(texts: Localised, locale: str) -> str:
    return texts.get(locale) or texts[DEFAULT_LOCALE]


@dataclass(frozen=True)
class Fact:
    """One line of a card: a label and its value ("Cost" 3, "Palace" Spies)."""

    label: Localised
    value: Localised


@dataclass(frozen=True)
class Component:
    game: str                  # engine key
    id: str                    # unique within the game; the `/card` autocomplete value
    kind: str                  # "charge", "crisis", ...: what sort of component
    kind_name: Localised       # "Charge" / "Carica"
    name: Localised
    effect: Localised
    facts: tuple[Fact, ...] = ()
    accent: str = ""           # a colour of the game's theme for the card's header (e.g. its palace)
    border: str = ""           # a colour of the game's theme for the card's frame (e.g. its kind)

    def text(self, what: str, locale: str) -> str:
        texts: Localised = getattr(self, what)
        return pick(texts, locale)


def package_of(key: str) -> str:
    return f"engine.{key.replace('-', '_')}.catalogue"


@cache
def catalogue(key: str) -> tuple[Component, ...]:
    """Every component of a game (by engine key) players can ask about; empty when it has no catalogue."""
    name = package_of(key)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name is None or not f"{name}.".startswith(f"{missing.name}."):
            raise  # the module exists but something it imports does not: a real error
        return ()  # no such game, or a game without a catalogue
    components: tuple[Component, ...] = tuple(module.components())
    return components


def component(key: str, component_id: str) -> Component | None:
    return next((c for c in catalogue(key) if c.id == component_id), None)
