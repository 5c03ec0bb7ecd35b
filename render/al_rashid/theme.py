"""Al-Rashid's colours: the families, the goods, the palaces and the charge kinds, as in the box."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from render.kit import RGB, Canvas, Theme


@dataclass(frozen=True, eq=False)
class AlRashidTheme(Theme):
    city: RGB = (224, 207, 176)           # band behind the city
    land: RGB = (214, 188, 140)           # territory headers
    sea: RGB = (96, 140, 178)
    coin: RGB = (226, 178, 40)
    note: RGB = (164, 204, 150)
    families: Mapping[str, RGB] = field(default_factory=lambda: {
        "red": (206, 44, 44), "yellow": (246, 204, 42), "green": (46, 150, 76),
        "blue": (40, 96, 200), "white": (250, 250, 250),
    })
    goods: Mapping[str, RGB] = field(default_factory=lambda: {
        # the colours of the wooden goods in the box (000_081cc785cafbe572.txt, "Contenuti della scatola")
        "hardwood": (128, 78, 40), "pottery": (134, 76, 168), "metal": (150, 156, 162),
        "silk": (250, 250, 246), "spice": (236, 132, 30),
    })
    palaces: Mapping[str, RGB] = field(default_factory=lambda: {
        # charge tile colours per guild (000_081cc785cafbe572.txt, "Setup Cariche")
        "spies": (44, 44, 52), "military": (176, 36, 36), "culture": (118, 62, 150),
        "merchant": (36, 80, 160), "politics": (60, 150, 196), "caliph": (44, 128, 72),
    })
    charge_kinds: Mapping[str, RGB] = field(default_factory=lambda: {
        # border colours of the charge kinds ("Tipi di Cariche")
        "activatable": (140, 88, 40), "continuous": (120, 60, 150), "one_off": (50, 140, 70),
    })
    mercenaries: Mapping[str, RGB] = field(default_factory=lambda: {"red": (190, 40, 36), "blue": (36, 84, 176)})


    def player_colours(self) -> Mapping[str, RGB]:
        return self.families


THEME = AlRashidTheme()

# what Al-Rashid paints on
AlRashidCanvas = Canvas[AlRashidTheme]
