"""Taj Mahal's colours: the players' palaces, the cards, the symbols, the goods and the provinces."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from render.kit import RGB, Canvas, Theme


@dataclass(frozen=True, eq=False)
class TajMahalTheme(Theme):
    # orange is a player here: what the last step touched is rung in raspberry instead
    changed: RGB = (206, 30, 110)
    road: RGB = (150, 128, 100)
    city: RGB = (250, 246, 236)
    fortress: RGB = (122, 52, 138)        # "16 delle 49 città sono color porpora, per indicare che sono fortezze"
    gold: RGB = (214, 168, 40)            # the crown
    players: Mapping[str, RGB] = field(default_factory=lambda: {
        "blue": (40, 96, 204), "orange": (238, 136, 24), "black": (38, 38, 42), "brown": (128, 80, 40),
        "white": (250, 250, 246),
    })
    cards: Mapping[str, RGB] = field(default_factory=lambda: {
        "red": (202, 44, 44), "yellow": (242, 200, 40), "green": (46, 146, 70), "purple": (122, 58, 164),
        "white": (252, 252, 250), "special": (52, 48, 60),
    })
    symbols: Mapping[str, RGB] = field(default_factory=lambda: {
        # the symbols' own colours (GJS and SZ in docs/rules/taj_mahal.md: Vizier green, General purple, Monk orange, Princess yellow)
        "vizier": (40, 132, 72), "general": (116, 56, 156), "monk": (222, 112, 20), "princess": (226, 176, 20),
        "mogul": (214, 168, 40), "elephant": (112, 112, 120),
    })
    goods: Mapping[str, RGB] = field(default_factory=lambda: {
        "rice": (244, 240, 224), "tea": (56, 136, 56), "spice": (212, 84, 30), "jewels": (52, 84, 200),
    })
    provinces: Mapping[str, RGB] = field(default_factory=lambda: {
        "slate": (196, 204, 220), "brown": (214, 190, 160), "ochre": (234, 212, 150), "rose": (236, 198, 198),
        "sand": (238, 226, 194), "purple": (212, 194, 230), "gold": (242, 224, 160), "teal": (180, 216, 210),
        "olive": (212, 216, 170), "green": (192, 224, 186), "orange": (244, 208, 172), "sky": (194, 216, 238),
    })

    def player_colours(self) -> Mapping[str, RGB]:
        return self.players


THEME = TajMahalTheme()

# what Taj Mahal paints on
TajMahalCanvas = Canvas[TajMahalTheme]
