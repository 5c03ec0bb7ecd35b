"""Notre Dame's colours: the players' wood, the messages, the city and the cathedral."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from render.kit import RGB, Canvas, Theme


@dataclass(frozen=True, eq=False)
class NotreDameTheme(Theme):
    street: RGB = (150, 128, 100)          # roads between market squares
    market: RGB = (236, 222, 190)          # a market square
    stone: RGB = (196, 190, 178)           # the Notre Dame tile
    harbour: RGB = (120, 160, 190)         # the plague track's water
    rat: RGB = (34, 30, 28)
    coin: RGB = (226, 178, 40)
    prestige: RGB = (118, 62, 150)
    persons: Mapping[str, RGB] = field(default_factory=lambda: {"brown": (124, 82, 46), "grey": (150, 150, 156)})
    players: Mapping[str, RGB] = field(default_factory=lambda: {
        "red": (200, 42, 42), "yellow": (244, 200, 40), "green": (34, 122, 60),
        "blue": (40, 94, 196), "purple": (128, 64, 160),
    })

    def player_colours(self) -> Mapping[str, RGB]:
        return self.players


THEME = NotreDameTheme()

NotreDameCanvas = Canvas[NotreDameTheme]
