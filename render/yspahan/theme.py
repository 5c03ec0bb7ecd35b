"""Yspahan's colours: the players' cubes, the souks (the Chest's yellow, blue and pink from the rulebook, the
others our own), the quarters, the road, the dice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from render.kit import RGB, Canvas, Theme


@dataclass(frozen=True, eq=False)
class YspahanTheme(Theme):
    road: RGB = (196, 184, 160)           # the supervisor's road
    road_edge: RGB = (120, 104, 84)
    coin: RGB = (226, 178, 40)
    camel: RGB = (176, 128, 70)
    die: RGB = (250, 250, 246)
    yellow_die: RGB = (246, 206, 52)
    pip: RGB = (30, 26, 22)
    card_back: RGB = (150, 60, 50)        # the cards' backs (and their band on /card)
    players: Mapping[str, RGB] = field(default_factory=lambda: {
        "blue": (40, 94, 196), "green": (34, 128, 62), "red": (200, 42, 42), "yellow": (244, 200, 40),
    })
    quarters: Mapping[str, RGB] = field(default_factory=lambda: {
        "bag": (238, 224, 196), "barrel": (232, 216, 200), "chest": (236, 226, 208), "vase": (228, 220, 204),
    })
    souks: Mapping[str, RGB] = field(default_factory=lambda: {
        "orange": (226, 128, 30), "purple": (134, 76, 168), "teal": (24, 140, 140), "brown": (132, 90, 54),
        "pink": (214, 96, 150), "yellow": (222, 184, 30), "blue": (66, 116, 200),
    })

    def player_colours(self) -> Mapping[str, RGB]:
        return self.players


THEME = YspahanTheme()

YspahanCanvas = Canvas[YspahanTheme]
