"""`/card game: name:` — any component of a game with its effect, found by its name in either language.

The components come from each game's catalogue (`engine.core.catalogue`); the picture from
`render.card_png`. This module chooses what matches what the player typed and writes the answer's text.
"""

from __future__ import annotations

from engine.core.catalogue import Component, catalogue, pick

from .folding import fold
from .rules import CHOICE_LENGTH, CHOICES


def search(game: str, query: str, locale: str) -> list[Component]:
    """Components whose name, in any language, holds the query; names starting with it first."""
    wanted = fold(query.strip())
    found: list[tuple[int, int, Component]] = []
    for index, component in enumerate(catalogue(game)):
        names = [fold(name) for name in component.name.values()]
        if any(name.startswith(wanted) for name in names):
            found.append((0, index, component))
        elif any(wanted in name for name in names) or wanted in fold(component.text("kind_name", locale)):
            found.append((1, index, component))
    return [component for *_, component in sorted(found, key=lambda item: item[:2])][:CHOICES]


def choice_name(component: Component, locale: str) -> str:
    """An autocomplete choice: the name in the player's language and what sort of component it is."""
    text = f"{component.text('name', locale)} · {component.text('kind_name', locale)}"
    return text if len(text) <= CHOICE_LENGTH else text[:CHOICE_LENGTH - 1] + "…"


def card_text(component: Component, locale: str) -> str:
    """The answer's words, beside its picture: the facts, then the effect."""
    facts = [f"{pick(fact.label, locale)}: **{pick(fact.value, locale)}**" for fact in component.facts]
    return "\n".join([f"*{component.text('kind_name', locale)}*", *facts, "", component.text("effect", locale)])
