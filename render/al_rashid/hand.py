"""A player's private hand: their mercenary tiles with values, goods, charges with effects, spied tiles.

Drawn only from the viewer's own view (`view.families[view.viewer]`), and sent to that player alone.
"""

from __future__ import annotations

from PIL import Image

from engine.al_rashid import data
from engine.al_rashid.view import AlRashidView, FamilyView
from engine.al_rashid.vocab import GOODS, MERCENARY_COLOURS, split_kind
from render.kit import Canvas, ink_on

from . import glyphs, words
from .theme import THEME, AlRashidCanvas, AlRashidTheme

WIDTH = 1080  # a phone held upright shows it at about a third
PAD = 24
TILE = 60


def render_hand(view: AlRashidView, theme: AlRashidTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is None:
        raise ValueError("a hand is drawn from a player's own view, not the public one")
    family = view.families[view.viewer]
    # Paint on a tall sheet, then cut it to what was used: sizes depend on what the player holds.
    room = 1000 + 240 * len(family.charges) + 80 * len(family.spied or {}) + 80 * sum((family.hand or {}).values()) // 12
    c = Canvas(Image.new("RGB", (WIDTH, room), theme.paper), theme)
    y = _title(c, family, locale)
    y = _mercenaries(c, y, family, locale)
    y = _goods(c, y, family, locale)
    y = _charges(c, y, family, locale)
    y = _spied(c, y, family, locale)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    return image


def _title(c: AlRashidCanvas, family: FamilyView, locale: str) -> int:
    fill = c.theme.families[family.colour]
    c.box((0, 0, WIDTH, 80), fill=fill, radius=0, width=0)
    c.text((PAD, 40), words.t("hand.title", locale, family=words.family(family.colour, locale)), c.theme.type.title,
           fill=ink_on(fill, c.theme), anchor="lm", max_width=WIDTH - 2 * PAD)
    return 100


def _section(c: AlRashidCanvas, y: int, key: str, locale: str) -> int:
    c.text((PAD, y), words.t(key, locale), c.theme.type.heading)
    return y + 48


def _mercenaries(c: AlRashidCanvas, y: int, family: FamilyView, locale: str) -> int:
    y = _section(c, y, "hand.mercenaries", locale)
    tiles = sorted(((split_kind(kind), n) for kind, n in (family.hand or {}).items()),
                   key=lambda item: (MERCENARY_COLOURS.index(item[0][0]), item[0][1]))
    if not tiles:
        c.text((PAD, y), words.t("hand.no_mercenaries", locale), c.theme.type.label, fill=c.theme.soft_ink)
        return y + 60
    x = PAD
    for (colour, value), count in tiles:
        for _ in range(count):
            if x + TILE > WIDTH - PAD:
                x, y = PAD, y + TILE + 10
            glyphs.mercenary(c, x, y, TILE, colour, value)
            x += TILE + 10
    return y + TILE + 26


def _goods(c: AlRashidCanvas, y: int, family: FamilyView, locale: str) -> int:
    y = _section(c, y, "hand.goods", locale)
    items = [(g, family.goods.get(g, 0)) for g in GOODS] + [("note", family.notes)]
    x = glyphs.goods_row(c, PAD, y, items, icon=40, gap=22, background=c.theme.paper)
    glyphs.coin(c, x + 20, y + 20, 20)
    c.text((x + 48, y + 20), str(family.gold), c.theme.type.label, anchor="lm")
    return y + 70


def _charges(c: AlRashidCanvas, y: int, family: FamilyView, locale: str) -> int:
    y = _section(c, y, "hand.charges", locale)
    theme, t = c.theme, c.theme.type
    if not family.charges:
        c.text((PAD, y), words.t("panel.no_charges", locale), t.label, fill=theme.soft_ink)
        return y + 60
    for held in family.charges:
        info = data.load().charges[held.id]
        top = y
        width = WIDTH - 2 * PAD
        kind_colour = theme.charge_kinds[info.kind]
        # measure the effect first, so the card fits around it
        lines = c.wrap(words.effect(held.id, locale), t.small, "condensed", width - 40)
        height = 12 + 40 + 34 + len(lines) * round(t.small * 1.2) + 14
        c.box((PAD, top, PAD + width, top + height), fill=theme.card, outline=kind_colour, width=5, radius=10)
        c.draw.rectangle((PAD + 14, top + 18, PAD + 30, top + 48), fill=theme.palaces[info.palace])
        c.text((PAD + 42, top + 14), words.charge(held.id, locale), t.label, strike=held.used,
               max_width=width - 160)
        c.text((PAD + width - 20, top + 34), words.t("hand.points", locale, points=info.label_points), t.label,
               anchor="rm")
        kind = words.t(f"hand.kind.{info.kind}", locale)
        # the kind is a detail; a used charge also shows as its name struck through
        box = c.text((PAD + 42, top + 56), kind, t.small, face="condensed_bold", fill=kind_colour)
        if held.used:
            c.text((box[2], top + 56), f" · {words.t('hand.used', locale)}", t.small, face="condensed_bold",
                   fill=theme.soft_ink)
        c.paragraph((PAD + 20, top + 92), words.effect(held.id, locale), t.small, width - 40)
        y = top + height + 12
    return y + 14


def _spied(c: AlRashidCanvas, y: int, family: FamilyView, locale: str) -> int:
    y = _section(c, y, "hand.spied", locale)
    seen = {area: tiles for area, tiles in (family.spied or {}).items() if tiles}
    if not seen:
        c.text((PAD, y), words.t("hand.nothing_spied", locale), c.theme.type.label, fill=c.theme.soft_ink)
        return y + 50
    for area, tiles in seen.items():
        c.text((PAD, y + TILE // 2), words.area(area, locale), c.theme.type.label, anchor="lm", max_width=340)
        x = PAD + 360
        for tile in tiles:
            glyphs.mercenary(c, x, y, TILE, tile.colour, tile.value)
            x += TILE + 10
        y += TILE + 12
    return y
