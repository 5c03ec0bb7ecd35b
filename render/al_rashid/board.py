"""The public board: city, map, tracks, whose step it is, player panels and a legend.

Drawn from the public view only (a seat's own view carries its private question and tiles, and is
refused). Even so, only public fields are read: a mercenary shows its value only once revealed, and
hands or spied tiles never appear (see tests/render).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from PIL import Image

from engine.al_rashid import data
from engine.al_rashid.view import AlRashidView, AreaView, FamilyView
from engine.al_rashid.vocab import GOODS, PIECES
from engine.core.messages import has_key
from render.kit import Canvas, ink_on, mix, palette_of, static_layer
from render.kit.marks import mark

from . import glyphs, words
from .layout import BADGE_ROW, CARD_GAP, HEADER_BAND, LEGEND_ROW, PIECE_ROW, Layout, Rect, layout, sections
from .theme import THEME, AlRashidCanvas, AlRashidTheme

SEA = ("mare_indianum", "mare_internum")
TRACK_R = 24


def render_board(view: AlRashidView, theme: AlRashidTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the board is drawn from the public view (seat None), never from a player's own view")
    lay = layout(view.seats)
    c = background(view.seats, theme, locale)
    _header(c, lay, view, locale)
    for area in view.areas:
        if area.kind == "palace":
            _palace(c, lay, area, view, locale)
        else:
            _territory(c, lay, area, view, locale)
    _piles(c, lay, view, locale)
    for family, rect in zip(view.families, lay.panels, strict=True):
        _panel(c, rect, family, view, locale)
    _highlights(c, lay, view, locale)
    c.image.info["labels"] = c.labels
    c.image.info["palette"] = palette(view.seats, theme, locale)
    c.image.info["sections"] = sections(lay)
    return c.image


@lru_cache(maxsize=16)
def palette(seats: int, theme: AlRashidTheme, locale: str) -> Image.Image:
    """The board's 256 colours, chosen once from the static layer and a swatch of every moving part."""
    return palette_of(background(seats, theme, locale).image, _swatch(theme, locale))


def _swatch(theme: AlRashidTheme, locale: str) -> Image.Image:
    """Every kind of thing drawn on top of the static layer, in every family colour, plain and greyed."""
    c = Canvas(Image.new("RGB", (1600, 1000), theme.card), theme)
    c.draw.rectangle((0, 440, 1600, 560), fill=theme.paper)
    for i, colour in enumerate(theme.families):
        x = 10 + i * 300
        fill = theme.families[colour]
        for j, pieces in enumerate(({"pasha": 1, "sage": 2}, {"merchant": 1, "sage": 1}, {"sage": 1},
                                    {"sage": 3})):
            glyphs.stack(c, x + j * 70, 10, PIECE_ROW, pieces, fill, locale)
        c.box((x, 120, x + 280, 120 + HEADER_BAND), fill=fill, outline=mix(fill, theme.ink, 0.6), width=2)
        c.text((x + 14, 145), words.family(colour, locale), theme.type.heading, fill=ink_on(fill, theme), anchor="lm")
        for j, kind in enumerate(PIECES):
            glyphs.piece(c, kind, x + j * 50, 180, 48, fill, locale)
        glyphs.chip(c, x, 450, colour, locale)
        glyphs.disc(c, x + 197, 467, 17, fill)
        glyphs.dominance(c, x + 220, 450, 5, fill)
    for j, (colour, value) in enumerate((("red", None), ("blue", None), ("red", 3), ("blue", 4))):
        glyphs.mercenary(c, 10 + j * 56, 240, 48, colour, value)
    for j, (value, out) in enumerate(((7, False), (12, False), (1, True))):
        glyphs.badge(c, 280 + j * 50, 264, value, fill=theme.card if out else theme.ink, ring=theme.line,
                     strike=out)
    for j, charge in enumerate(("smuggler", "strategist", "treasurer", "aide_to_the_qadi")):
        glyphs.charge_row(c, 440 + j * 280, 230, 270, charge, 2, locale)
    glyphs.goods_row(c, 10, 330, [(g, 3) for g in (*GOODS, "note")], icon=34)
    glyphs.coin(c, 420, 350, 17)
    c.text((440, 350), "15 ★1 ☠2 ⚔3", theme.type.label, anchor="lm", fill=theme.ink)
    c.text((700, 350), words.charge("smuggler", locale), theme.type.small, face="condensed_bold",
           fill=theme.soft_ink, anchor="lm", strike=True)
    for j, ring in enumerate((theme.changed, theme.current)):
        c.draw.rounded_rectangle((1000 + j * 150, 300, 1130 + j * 150, 420), radius=14, outline=ring, width=8)
        c.draw.rounded_rectangle((1000 + j * 150, 470, 1130 + j * 150, 550), radius=14, outline=ring, width=8)
    for j, band in enumerate((theme.land, theme.sea, *theme.palaces.values())):
        c.draw.rectangle((1320 + j * 30, 300, 1350 + j * 30, 420), fill=band)
    # the same once more, greyed as a resolved area
    c.image.paste(c.image.crop((0, 0, 1600, 440)), (0, 560))
    c.veil((0, 560, 1600, 1000), theme.done_veil)
    c.text((20, 980), words.t("resolved", locale), theme.type.heading, fill=theme.ink, anchor="lm")
    return c.image


# ---- the static layer ---------------------------------------------------------------------------
@static_layer
def background(seats: int, theme: AlRashidTheme, locale: str) -> AlRashidCanvas:
    lay = layout(seats)
    c = Canvas(Image.new("RGB", lay.size, theme.paper), theme)
    t = theme.type
    c.draw.rectangle(lay.city, fill=theme.city)
    # header: title and the fixed words of the tracks
    c.text((20, 16), words.t("title", locale), t.title)
    c.text((20, 84), words.t("order", locale), t.label, fill=theme.soft_ink)
    c.text((20, 142), words.t("waiting", locale), t.label, fill=theme.soft_ink)
    c.text((330, 22), words.t("turn", locale), t.label, fill=theme.soft_ink)
    for area_id, rect in lay.areas.items():
        _frame(c, rect, area_id, locale)
    _extra(c, lay.extra, locale)
    for rect in lay.panels:
        c.box(rect, fill=theme.card, outline=theme.line, width=2)
    _legend(c, lay.legend, locale)
    return c


def _frame(c: AlRashidCanvas, rect: Rect, area_id: str, locale: str) -> None:
    theme = c.theme
    x0, y0, x1, _ = rect
    band = theme.palaces.get(area_id) or (theme.sea if area_id in SEA else theme.land)
    c.box(rect, fill=theme.card, outline=theme.line, width=2)
    c.box((x0, y0, x1, y0 + HEADER_BAND), fill=band, outline=theme.line, width=2)
    c.text((x0 + 14, y0 + HEADER_BAND // 2), words.area(area_id, locale), theme.type.heading,
           fill=ink_on(band, theme), anchor="lm", max_width=x1 - x0 - 28)


def _extra(c: AlRashidCanvas, rect: Rect, locale: str) -> None:
    """The map's spare cell: the barter table (gold for different goods)."""
    theme, t = c.theme, c.theme.type
    x0, y0, x1, y1 = rect
    c.box(rect, fill=theme.card, outline=theme.line, width=2)
    c.text((x0 + 14, y0 + 12), words.t("legend.barter", locale), t.small, face="condensed_bold",
           fill=theme.soft_ink, max_width=x1 - x0 - 28)
    barter = data.load().rules.barter
    y = y0 + 80
    for n in range(1, len(GOODS) + 1):
        x = x0 + 14
        for kind in GOODS[:n]:
            glyphs.good(c, kind, x, y, 26)
            x += 30
        c.text((x1 - 16, y + 13), f"= {barter[n]}", t.label, anchor="rm")
        y += 38


def _legend(c: AlRashidCanvas, rect: Rect, locale: str) -> None:
    theme, t = c.theme, c.theme.type
    x0, y0, x1, y1 = rect
    c.box(rect, fill=theme.card, outline=theme.line, width=2)
    c.text((x0 + 14, y0 + 10), words.t("legend.title", locale), t.heading)
    col_w = (x1 - x0 - 28) // 2
    top = y0 + 60

    def entry(col: int, row: int, key: str, icon_w: int) -> tuple[int, int]:
        """Write one explanation (two lines at most) after an icon `icon_w` wide; returns where the icon goes."""
        x, y = x0 + 14 + col * col_w, top + row * LEGEND_ROW
        text, room = words.t(f"legend.{key}", locale), col_w - icon_w - 20
        lines = len(c.wrap(text, t.small, "condensed_bold", room))
        c.paragraph((x + icon_w, y + 18 - 15 * min(lines, 2)), text, t.small, room, face="condensed_bold",
                    fill=theme.soft_ink, max_lines=2, leading=1.1)
        return x, y

    sample = theme.families["white"]
    x, y = entry(0, 0, "first", 0)
    x, y = entry(0, 1, "pieces", 132)
    for i, kind in enumerate(PIECES):
        glyphs.piece(c, kind, x + i * 41, y - 6, 46, sample, locale)
    x, y = entry(0, 2, "dominance", 56)
    glyphs.badge(c, x + 22, y + 18, 7, fill=theme.ink)
    x, y = entry(0, 3, "out", 56)
    glyphs.badge(c, x + 22, y + 18, 1, fill=theme.card, ring=theme.line, strike=True)
    x, y = entry(0, 4, "gold", 56)
    glyphs.coin(c, x + 20, y + 18, 18)
    entry(0, 5, "marks", 0)
    entry(0, 6, "mercenaries", 0)

    x, y = entry(1, 0, "tile_hidden", 100)
    glyphs.mercenary(c, x, y - 2, 40, "red", None)
    glyphs.mercenary(c, x + 46, y - 2, 40, "blue", None)
    x, y = entry(1, 1, "tile_shown", 100)
    glyphs.mercenary(c, x, y - 2, 40, "red", 3)
    glyphs.mercenary(c, x + 46, y - 2, 40, "blue", 4)
    x, y = entry(1, 2, "goods", 220)
    for i, kind in enumerate((*GOODS, "note")):
        glyphs.good(c, kind, x + i * 36, y + 2, 32)
    x, y = entry(1, 3, "next_order", 56)
    c.text((x + 22, y + 18), "→", t.heading, anchor="mm")
    x, y = entry(1, 4, "resolving", 56)
    c.box((x, y, x + 44, y + 36), fill=theme.card, outline=theme.current, width=6, radius=6)
    x, y = entry(1, 5, "changed", 56)
    c.box((x, y, x + 44, y + 36), fill=theme.card, outline=theme.changed, width=6, radius=6)
    x, y = entry(1, 6, "resolved", 56)
    c.box((x, y, x + 44, y + 36), fill=mix(theme.card, theme.done_veil[:3], 0.6), outline=theme.line,
          width=2, radius=6)
    x, y = entry(1, 7, "kinds", 56)
    for i, kind in enumerate(("activatable", "continuous", "one_off")):
        c.draw.rectangle((x + i * 15, y + 2, x + i * 15 + 12, y + 34), fill=theme.charge_kinds[kind])


# ---- the moving parts ---------------------------------------------------------------------------
def _header(c: AlRashidCanvas, lay: Layout, view: AlRashidView, locale: str) -> None:
    theme, t = c.theme, c.theme.type
    x = c.width(words.t("turn", locale), t.label) + 330 + 14 + TRACK_R
    for n in range(1, view.turns + 1):
        if n == view.turn:
            glyphs.badge(c, x, 40, n, fill=theme.ink, ring=theme.changed)
        elif n < view.turn:
            glyphs.badge(c, x, 40, "✓", fill=mix(theme.card, theme.line, 0.35), ring=theme.line)
        else:
            glyphs.badge(c, x, 40, n, fill=theme.card, ring=theme.line)
        x += 2 * TRACK_R + 10
    c.text((x + 10, 40), phase_text(c, view, locale, lay.size[0] - x - 40, t.label), t.label, anchor="lm",
           max_width=lay.size[0] - x - 40)
    # turn order, and (after the arrow) the new order after Al-Rashid's benevolence
    x = 20 + c.width(words.t("order", locale), t.label) + 16
    for seat in view.order:
        x = glyphs.chip(c, x, 78, view.families[seat].colour, locale) + 8
    if view.pending_order:
        x = c.text((x + 10, 100), "→", t.heading, anchor="lm")[2] + 18
        for seat in view.pending_order:  # the families are named in the order before the arrow
            glyphs.disc(c, x + 22, 100, 22, theme.families[view.families[seat].colour])
            x += 52
    # whose step it is, and what they are asked
    x = 20 + c.width(words.t("waiting", locale), t.label) + 16
    if not view.awaiting:
        c.text((x, 158), ended_text(view, locale), t.label, anchor="lm", max_width=lay.size[0] - x - 30)
    size = t.label - 2
    lines_each = 2 if len(view.awaiting) == 1 else 1
    y = 138
    for wait in view.awaiting[:2]:
        # the question names the player; the disc gives their colour at a glance
        fill = theme.families[view.families[wait.seat].colour]
        glyphs.disc(c, x + 17, y + 19, 17, fill)
        y = c.paragraph((x + 46, y + 2), words.message(wait.question, locale), size, lay.size[0] - x - 70,
                        face="bold", max_lines=lines_each, leading=1.15) + 2


def ended_text(view: AlRashidView, locale: str) -> str:
    """What the table says once nobody is asked anything: the game is over, and who won."""
    if view.score and view.score.ranking:
        best = view.score.ranking[0]
        return words.t("game_won", locale, family=words.family(view.families[best].colour, locale),
                       points=view.score.scores[best])
    return words.t("nobody_waiting", locale)


def phase_text(c: AlRashidCanvas, view: AlRashidView, locale: str, room: int, size: int) -> str:
    """The phase and round, and what is being resolved, as much of it as fits in `room` at `size`."""
    phase = words.t(f"phase.{view.phase}", locale)
    if view.phase in ("placement", "resolution") and view.round:
        phase += " · " + words.t("round", locale, round=view.round)
    if view.resolution is None:
        return phase
    where = f"{phase} · {words.area(view.resolution.area, locale)}"
    stage = view.resolution.stage
    what = f"{where}: {words.t(f'stage.{stage}', locale)}" if has_key(f"render.al_rashid.stage.{stage}") else where
    return next((text for text in (what, where) if c.width(text, size, "condensed_bold") <= room), phase)


def _dominance_row(c: AlRashidCanvas, lay: Layout, area: AreaView, view: AlRashidView, locale: str) -> None:
    """Stacks in placement order, each with its dominance on a badge (grey and struck: does not act)."""
    x0, y0, x1, y1 = lay.pieces_box(area.id)
    if not area.stacks:
        return
    slot = min(96, (x1 - x0) // len(area.stacks))
    acting = set(area.ranking[:3])
    for i, stack in enumerate(area.stacks):
        x = x0 + i * slot
        out = bool(area.ranking) and stack.seat not in acting
        c.stamp(_badge_sheet, (2 * BADGE_R + 1, 2 * BADGE_R + 1), stack.dominance, out,
                at=(x + glyphs.STACK_W // 2 - BADGE_R, y0 + BADGE_ROW // 2 - 2 - BADGE_R), background=c.theme.card)
        c.stamp(_stack_sheet, (glyphs.STACK_W + 1, PIECE_ROW + 1), stack.pasha, stack.merchant, stack.sage,
                stack.colour, locale, at=(x, y0 + BADGE_ROW), background=c.theme.card)


BADGE_R = 22


def _badge_sheet(c: AlRashidCanvas, dominance: int, out: bool) -> None:
    glyphs.badge(c, BADGE_R, BADGE_R, dominance, fill=c.theme.card if out else c.theme.ink, ring=c.theme.line,
                 radius=BADGE_R, strike=out)


def _stack_sheet(c: AlRashidCanvas, pasha: int, merchant: int, sage: int, colour: str, locale: str) -> None:
    pieces = {"pasha": pasha, "merchant": merchant, "sage": sage}
    glyphs.stack(c, 0, 0, PIECE_ROW, pieces, c.theme.families[colour], locale)


def _palace(c: AlRashidCanvas, lay: Layout, area: AreaView, view: AlRashidView, locale: str) -> None:
    x0, y0, x1, _ = lay.areas[area.id]
    offered = list(Counter(area.charges).items())
    columns = 1 if x1 - x0 < 700 else 2
    w = (x1 - x0 - 20 - (columns - 1) * 12) // columns
    top = y0 + HEADER_BAND + 10
    if not offered:
        c.text((x0 + 14, top + 20), words.t("no_charges", locale), c.theme.type.small, fill=c.theme.soft_ink,
               face="condensed_bold")
    per_column = -(-len(offered) // columns)
    for column in range(columns):
        y = top
        for charge, copies in offered[column * per_column:(column + 1) * per_column]:
            y += glyphs.charge_row(c, x0 + 10 + column * (w + 12), y, w, charge, copies, locale) + CARD_GAP
    _dominance_row(c, lay, area, view, locale)


def _territory(c: AlRashidCanvas, lay: Layout, area: AreaView, view: AlRashidView, locale: str) -> None:
    x0, y0, x1, y1 = lay.areas[area.id]
    if done(area):  # greyed under what is left there: a revealed mercenary's value stays as clear as the others
        c.veil((x0 + 2, y0 + HEADER_BAND, x1 - 2, y1 - 2), c.theme.done_veil)
    y = y0 + HEADER_BAND + 10
    items = [(g, area.goods.get(g, 0)) for g in (*GOODS, "note")]
    veil = c.theme.done_veil
    glyphs.goods_row(c, x0 + 12, y + 4, [(g, n) for g, n in items if n], icon=34, gap=12,
                     background=mix(c.theme.card, veil[:3], veil[3] / 255) if done(area) else None)
    y += 54
    tiles = area.mercenaries
    if tiles:
        step = min(54, (x1 - x0 - 24 - 48) // max(1, len(tiles) - 1)) if len(tiles) > 1 else 54
        for i, tile in enumerate(tiles):
            glyphs.mercenary(c, x0 + 12 + i * step, y, 48, tile.colour, tile.value if tile.revealed else None)
    _dominance_row(c, lay, area, view, locale)


def _piles(c: AlRashidCanvas, lay: Layout, view: AlRashidView, locale: str) -> None:
    x0, _, x1, y1 = lay.extra
    text = words.t("piles", locale, red=view.piles.get("red", 0), blue=view.piles.get("blue", 0))
    c.text((x0 + 14, y1 - 30), text, c.theme.type.small, face="condensed_bold", anchor="lm",
           max_width=x1 - x0 - 28)


def _panel(c: AlRashidCanvas, rect: Rect, family: FamilyView, view: AlRashidView, locale: str) -> None:
    theme, t = c.theme, c.theme.type
    x0, y0, x1, y1 = rect
    fill = theme.families[family.colour]
    ink = ink_on(fill, theme)
    c.box((x0, y0, x1, y0 + HEADER_BAND), fill=fill, outline=mix(fill, theme.ink, 0.6), width=2)
    name = words.family(family.colour, locale)
    mark(c.draw, theme, x0 + 28, y0 + HEADER_BAND // 2, 11, fill)
    c.text((x0 + 48, y0 + HEADER_BAND // 2), name, t.heading, fill=ink, anchor="lm", max_width=x1 - x0 - 114)
    if family.seat in view.order:
        position = view.order.index(family.seat) + 1
        c.text((x1 - 14, y0 + HEADER_BAND // 2), f"#{position}", t.heading, fill=ink, anchor="rm")
    # pieces: ready to place, and on the board
    y = y0 + HEADER_BAND + 8
    label_w = 24 + max(c.width(words.t(f"panel.{k}", locale), t.small, "condensed_bold")
                       for k in ("ready", "placed"))
    step = (x1 - x0 - label_w - 10) // 3
    for i, kind in enumerate(PIECES):
        cx = x0 + label_w + step * i + step // 2
        c.stamp(glyphs.piece, (40, 49), kind, 0, 0, 48, fill, locale, at=(cx - 19, y - 4), background=theme.card)
        c.text((cx, y + 62), str(family.reserve.get(kind, 0)), t.label, anchor="mm")
        c.text((cx, y + 98), str(family.on_board.get(kind, 0)), t.label, anchor="mm", fill=theme.soft_ink)
    for row, key in ((62, "ready"), (98, "placed")):
        c.text((x0 + 14, y + row), words.t(f"panel.{key}", locale), t.small, face="condensed_bold",
               fill=theme.soft_ink, anchor="lm")
    y += 122
    if family.held:
        c.text((x0 + 14, y + 10), words.t("panel.held", locale, piece=words.piece(family.held, locale)),
               t.small, face="condensed_bold", anchor="lm", max_width=x1 - x0 - 28)
        y += 24
    y += 10
    c.draw.line((x0 + 10, y, x1 - 10, y), fill=theme.line, width=1)
    # goods and credit notes; gold value, influence, dishonour, mercenary count (never their values)
    y += 8
    goods = [(g, family.goods.get(g, 0)) for g in GOODS] + [("note", family.notes)]
    per_row = 3 if x1 - x0 < 420 else 6
    for row in range(0, len(goods), per_row):
        glyphs.goods_row(c, x0 + 12, y, goods[row:row + per_row], icon=32, gap=14)
        y += 40
    c.draw.line((x0 + 10, y + 2, x1 - 10, y + 2), fill=theme.line, width=1)
    y += 8
    counts = [f"{symbol}{value}" for symbol, value in (("★", family.influence), ("☠", family.dishonour),
                                                       ("⚔", family.mercenary_count))]
    widths = [38 + c.width(str(family.gold), t.label)] + [c.width(m, t.label) for m in counts]
    gap = (x1 - x0 - 24 - sum(widths)) / 3
    x: float = x0 + 12
    glyphs.coin(c, x0 + 12 + 17, y + 22, 17)
    c.text((x + 38, y + 22), str(family.gold), t.label, anchor="lm")
    for count, w_prev in zip(counts, widths, strict=False):
        x += w_prev + gap
        c.text((x, y + 22), count, t.label, anchor="lm")
    y += 46
    c.draw.line((x0 + 10, y, x1 - 10, y), fill=theme.line, width=1)
    _held_charges(c, (x0, y + 6, x1, y1 - 6), family, locale)


def _held_charges(c: AlRashidCanvas, rect: Rect, family: FamilyView, locale: str) -> None:
    """Charges held, each whole on a line or two, used ones struck through; what does not fit is counted
    ("+3")."""
    theme, size = c.theme, c.theme.type.small
    x0, y0, x1, y1 = rect
    if not family.charges:
        c.paragraph((x0 + 14, y0 + 4), words.t("panel.no_charges", locale), size, x1 - x0 - 28,
                    fill=theme.soft_ink)
        return
    line, more = 34, 30  # a charge's first line; each further line of its name
    names = [c.wrap(words.charge(held.id, locale), size, "condensed_bold", x1 - x0 - 40) for held in family.charges]
    heights = [line + more * (len(n) - 1) for n in names]
    y = y0
    for i, (held, lines) in enumerate(zip(family.charges, names, strict=True)):
        if sum(heights[i:]) > y1 - y and y + heights[i] + line > y1:  # the rest do not fit: count them
            c.text((x0 + 30, y + 17), f"+{len(family.charges) - i}", size, face="condensed_bold", anchor="lm")
            return
        palace = data.load().charges[held.id].palace
        c.draw.rectangle((x0 + 12, y + 7, x0 + 22, y + 27), fill=theme.palaces[palace])
        for k, text in enumerate(lines):
            c.text((x0 + 30, y + 17 + k * more), text, size, face="condensed_bold",
                   fill=theme.soft_ink if held.used else theme.ink, anchor="lm", strike=held.used)
        y += heights[i]


def done(area: AreaView) -> bool:
    """Resolved this turn, and not the one being resolved."""
    return area.resolved and not area.resolving


def _highlights(c: AlRashidCanvas, lay: Layout, view: AlRashidView, locale: str) -> None:
    """Grey what is resolved; ring what is being resolved and what the last step touched."""
    theme = c.theme
    for area in filter(done, view.areas):
        x0, y0, x1, y1 = lay.areas[area.id]
        if area.kind == "palace":  # its charges greyed: none can be taken there this turn
            c.veil((x0 + 2, y0 + HEADER_BAND, x1 - 2, y1 - 2), theme.done_veil)
        c.text(((x0 + x1) // 2, y1 - 40), words.t("resolved", locale), theme.type.heading,
               fill=theme.ink, anchor="mm")
    changed = set(view.last_changed)
    rings = [lay.areas[a] for a in sorted(changed & set(lay.areas))]
    rings += [rect for f, rect in zip(view.families, lay.panels, strict=True) if f"family:{f.seat}" in changed]
    for x0, y0, x1, y1 in rings:
        c.draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=14, outline=theme.changed, width=6)
    if view.resolution:
        x0, y0, x1, y1 = lay.areas[view.resolution.area]
        c.draw.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=14, outline=theme.current, width=8)
