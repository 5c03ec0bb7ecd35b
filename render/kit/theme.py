"""The look every picture shares: page colours and type sizes. A game's own colours (its players, goods,
boards) live in its render package, in a subclass of `Theme` (see render/__init__.py).

Sizes are in pixels of the full image. A phone held upright shows a 1080 px picture at 390/1080 of its size,
so every text is at least `Type.small` (10.1 px on the phone, see `legibility`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Type:
    title: int = 44
    heading: int = 32      # area names, panel names
    label: int = 30        # counts, values, whose turn
    small: int = 28        # the smallest text of any picture (names of cards, legends, notes): MIN_SIZE


@dataclass(frozen=True, eq=False)  # eq=False: hashed by identity, so a theme can key caches
class Theme:
    paper: RGB = (241, 232, 211)          # page background
    card: RGB = (253, 250, 242)           # inside of areas and panels
    ink: RGB = (30, 26, 22)
    soft_ink: RGB = (88, 78, 66)          # secondary text, still >= 4.5:1 on card and paper
    line: RGB = (120, 104, 84)
    current: RGB = (0, 112, 128)          # where the game is happening now (e.g. the area being resolved)
    changed: RGB = (236, 122, 0)          # what the last step touched
    done_veil: RGBA = (140, 140, 140, 110)  # washed over what is finished for now
    type: Type = field(default_factory=Type)

    def player_colours(self) -> Mapping[str, RGB]:
        """The players' colours by name, in the order the game deals them (each wears a mark, see `marks`)."""
        return {}


DEFAULT_THEME = Theme()


def luminance(rgb: tuple[int, ...] | bytes) -> float:
    """Relative luminance (WCAG 2)."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = rgb[0], rgb[1], rgb[2]
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
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
