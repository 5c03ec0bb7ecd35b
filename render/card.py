"""A component's card for `/card`: its name on a band of its colour, its facts and its effect.

Drawn from a `engine.core.catalogue.Component`, in the colours of the game's theme: the component names a
theme colour for its band (`accent`) and for its frame (`border`) by path ("palaces.spies", "line"), so a game
plugs its cards in from its catalogue alone. A game that wants a different card gives its own painter as
`Pictures.card`.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from engine.core.catalogue import Component
from render.kit import RGB, Canvas, Theme, ink_on

WIDTH = 720    # a small picture beside the text: Discord shows it narrower than a board, never smaller
PAD = 20
INSET = 28     # text from the card's edge
BAND = 100


def colour_of(theme: Theme, path: str, fallback: RGB) -> RGB:
    """A theme colour by path: "line" is `theme.line`, "palaces.spies" is `theme.palaces["spies"]`."""
    if not path:
        return fallback
    head, _, key = path.partition(".")
    value = getattr(theme, head, None)
    if key and isinstance(value, Mapping):
        value = value.get(key)
    return value if isinstance(value, tuple) and len(value) == 3 else fallback


def paint_card(component: Component, theme: Theme, locale: str) -> Image.Image:
    t = theme.type
    accent = colour_of(theme, component.accent, theme.line)
    border = colour_of(theme, component.border, theme.line)
    measure = Canvas(Image.new("RGB", (1, 1)), theme)
    inner = WIDTH - 2 * (PAD + INSET)
    label_width = max((measure.width(fact.label.get(locale) or fact.label["en"], t.small, "condensed")
                       for fact in component.facts), default=0)
    label_width = min(label_width, inner // 2)
    effect = [line for paragraph in component.text("effect", locale).splitlines()
              for line in measure.wrap(paragraph, t.label, "condensed", inner)]
    fact_lines = [measure.wrap(fact.value.get(locale) or fact.value["en"], t.label, "bold", inner - label_width - 16)
                  for fact in component.facts]
    name = component.text("name", locale)
    face = "bold" if measure.width(name, t.title, "bold") <= inner else "condensed_bold"
    title_lines = measure.wrap(name, t.title, face, inner)
    title_step = round(t.title * 1.2)
    band = BAND + (len(title_lines) - 1) * title_step
    step = round(t.label * 1.25)
    height = (PAD + band + 20 + step + 12 + sum(len(lines) for lines in fact_lines) * step + 24
              + len(effect) * step + INSET + PAD)

    c = Canvas(Image.new("RGB", (WIDTH, height), theme.paper), theme)
    c.box((PAD, PAD, WIDTH - PAD, height - PAD), fill=theme.card, outline=border, width=8, radius=24)
    c.box((PAD + 8, PAD + 8, WIDTH - PAD - 8, PAD + band), fill=accent, width=0, radius=18)
    c.draw.rectangle((PAD + 8, PAD + band - 20, WIDTH - PAD - 8, PAD + band), fill=accent)
    for i, line in enumerate(title_lines):  # a long name takes a second line rather than being cut
        c.text((PAD + INSET, PAD + 8 + (BAND - 8) // 2 + i * title_step), line, t.title, face=face,
               fill=ink_on(accent, theme), anchor="lm", max_width=inner)
    y = PAD + band + 20
    c.text((PAD + INSET, y), component.text("kind_name", locale), t.label, face="condensed_bold", fill=theme.soft_ink,
           max_width=inner)
    y += step + 12
    for fact, lines in zip(component.facts, fact_lines, strict=True):
        c.text((PAD + INSET, y + 2), fact.label.get(locale) or fact.label["en"], t.small, face="condensed",
               fill=theme.soft_ink, max_width=label_width)
        for line in lines:
            c.text((PAD + INSET + label_width + 16, y), line, t.label, max_width=inner - label_width - 16)
            y += step
    y += 8
    c.draw.line((PAD + INSET, y, WIDTH - PAD - INSET, y), fill=theme.line, width=2)
    y += 16
    for line in effect:
        c.text((PAD + INSET, y), line, t.label, face="condensed", max_width=inner)
        y += step
    c.image.info["labels"] = c.labels
    return c.image
