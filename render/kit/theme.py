"""Colours and type sizes shared by every picture.

Sizes are in pixels of the full image. Discord shows boards about a third of their width on a phone,
so every label a player needs to read the table is at least `Type.label` (>= 10 px at 1/3 scale).
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Type:
    title: int = 44
    heading: int = 32      # area names, panel names
    label: int = 30        # counts, values, whose turn: what a player must read at a glance
    small: int = 24        # secondary labels (charge costs, legend)
    detail: int = 20       # charge names and effects: read when the picture is opened full screen


@dataclass(frozen=True, eq=False)  # eq=False: hashed by identity, so a theme can key caches
class Theme:
    paper: RGB = (241, 232, 211)          # page background
    card: RGB = (253, 250, 242)           # inside of areas and panels
    ink: RGB = (30, 26, 22)
    soft_ink: RGB = (88, 78, 66)          # secondary text, still >= 4.5:1 on card and paper
    line: RGB = (120, 104, 84)
    city: RGB = (224, 207, 176)           # band behind the city
    land: RGB = (214, 188, 140)           # territory headers
    sea: RGB = (96, 140, 178)
    resolving: RGB = (0, 112, 128)        # the area being resolved
    changed: RGB = (236, 122, 0)          # what the last step touched
    resolved_veil: tuple[int, int, int, int] = (140, 140, 140, 110)
    coin: RGB = (226, 178, 40)
    note: RGB = (164, 204, 150)
    families: dict[str, RGB] = field(default_factory=lambda: {
        "red": (206, 44, 44), "yellow": (246, 204, 42), "green": (46, 150, 76),
        "blue": (40, 96, 200), "white": (250, 250, 250),
    })
    goods: dict[str, RGB] = field(default_factory=lambda: {
        # the colours of the wooden goods in the box (000_081cc785cafbe572.txt, "Contenuti della scatola")
        "hardwood": (128, 78, 40), "pottery": (134, 76, 168), "metal": (150, 156, 162),
        "silk": (250, 250, 246), "spice": (236, 132, 30),
    })
    palaces: dict[str, RGB] = field(default_factory=lambda: {
        # charge tile colours per guild (000_081cc785cafbe572.txt, "Setup Cariche")
        "spies": (44, 44, 52), "military": (176, 36, 36), "culture": (118, 62, 150),
        "merchant": (36, 80, 160), "politics": (60, 150, 196), "caliph": (44, 128, 72),
    })
    charge_kinds: dict[str, RGB] = field(default_factory=lambda: {
        # border colours of the charge kinds ("Tipi di Cariche")
        "activatable": (140, 88, 40), "continuous": (120, 60, 150), "one_off": (50, 140, 70),
    })
    mercenaries: dict[str, RGB] = field(default_factory=lambda: {"red": (190, 40, 36), "blue": (36, 84, 176)})
    type: Type = field(default_factory=Type)


DEFAULT_THEME = Theme()


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = rgb[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(fill: RGB, theme: Theme = DEFAULT_THEME) -> RGB:
    """Dark or light text, whichever reads better on `fill`."""
    light = (255, 255, 255)
    return theme.ink if contrast(theme.ink, fill) >= contrast(light, fill) else light


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` towards `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))  # type: ignore[return-value]
