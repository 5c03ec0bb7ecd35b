"""The 256 colours of Yspahan's pictures, chosen once from a swatch of everything they draw: encoding onto a
known palette is several times quicker than choosing one per picture (render/kit/encode.py)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from render.kit import MIN_SIZE, Canvas, ink_on, mix, palette_of

from . import glyphs
from .theme import YspahanCanvas, YspahanTheme


@lru_cache(maxsize=8)
def palette(theme: YspahanTheme) -> Image.Image:
    return palette_of(_swatch(theme))


def _swatch(theme: YspahanTheme) -> Image.Image:
    c: YspahanCanvas = Canvas(Image.new("RGB", (1600, 640), theme.paper), theme)
    x = 10
    for quarter in theme.quarters.values():
        c.draw.rectangle((x, 10, x + 120, 90), fill=quarter)
        c.text((x + 10, 50), "Bag 12", theme.type.heading, fill=theme.soft_ink, anchor="lm")
        x += 130
    for i, souk in enumerate(theme.souks.values()):
        tint = mix(souk, (255, 255, 255), 0.62)
        for j, player in enumerate(theme.players.values()):
            px, py = 10 + i * 220 + j * 52, 110
            c.draw.rounded_rectangle((px, py, px + 46, py + 46), radius=6, fill=tint, outline=souk, width=3)
            glyphs.cube(c, px + 9, py + 9, 28, player)
            c.draw.ellipse((px, py + 60, px + 46, py + 106), fill=player, outline=souk, width=4)
            c.text((px + 23, py + 83), "8", MIN_SIZE, fill=ink_on(player, theme), anchor="mm")
        c.draw.line((10 + i * 220, 240, 200 + i * 220, 240), fill=souk, width=18)
    for j, player in enumerate(theme.players.values()):
        px = 10 + j * 160
        c.box((px, 270, px + 140, 314), fill=player, outline=glyphs.edge_of(player, theme.ink), width=2, radius=22)
        c.text((px + 70, 292), "Yellow", theme.type.label, fill=ink_on(player, theme), anchor="mm")
    for value in range(1, 7):
        glyphs.die(c, 660 + value * 50, 270, 42, value, value % 2 == 0)
    for k, ring in enumerate((theme.current, theme.changed, theme.line, (60, 130, 70))):
        c.box((10 + k * 130, 340, 120 + k * 130, 420), fill=(theme.card, theme.road, (232, 244, 226), theme.paper)[k],
              outline=ring, width=5, radius=10)
        c.text((30 + k * 130, 380), "#3 10", MIN_SIZE, fill=(40, 100, 50) if k == 2 else theme.ink, anchor="lm")
    glyphs.supervisor(c, 580, 380, 46)
    glyphs.coin(c, 660, 380, 17)
    glyphs.camel(c, 700, 360, 40)
    glyphs.card(c, 760, 355, 30)
    c.text((820, 380), "Souks 12 · Caravan", MIN_SIZE, face="condensed_bold", fill=theme.soft_ink, anchor="lm")
    for k, fill in enumerate((theme.paper, theme.card, theme.road)):
        c.draw.rectangle((10 + k * 500, 450, 500 + k * 500, 630), fill=fill)
        c.paragraph((20 + k * 500, 460), "Yellow: which shop of the Bag? • Latest 10 gold, 3 camels", MIN_SIZE, 470,
                    face="condensed", fill=theme.soft_ink)
        c.text((20 + k * 500, 580), "Week 2 of 3 · 8 points", theme.type.label, fill=theme.ink)
    return c.image
