"""The picture posted after every step, made for a phone held upright (1080 px wide, read at a third).

From top to bottom: whose step it is and what they are asked; the area where the game is happening (the
one being resolved, or the one the last step placed in) with its pieces, dominance and what is at stake;
every area in brief (who stands where, with what dominance); the latest public events; one row per family.

Drawn from the public view only, like the board: nothing hidden is read (see tests/render).
"""

from __future__ import annotations

from collections import Counter

from PIL import Image

from engine.al_rashid.view import AlRashidView, AreaView, ChargeView, FamilyView
from engine.al_rashid.vocab import GOODS, PIECES
from render.kit import MIN_SIZE, RGB, Canvas, ink_on, latest_events, mix, tallest

from . import glyphs, words
from .board import ended_text, palette, phase_text
from .layout import PIECE_ROW
from .theme import THEME, AlRashidCanvas, AlRashidTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD
BAND = 60          # name band of a box
SLOT = 150         # room for one family's stack in the focused area
MAP_COLUMNS = 3
MAP_CELL_H = 104
FAMILY_ROW_H = 164
LATEST = 4         # public events shown, newest first
SMALL = MIN_SIZE   # the smallest text: names in brief, older events, charges held
SEA = ("mare_indianum", "mare_internum")


def render_focus(view: AlRashidView, theme: AlRashidTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the focused picture is drawn from the public view (seat None), never a player's own")
    c = Canvas(Image.new("RGB", (WIDTH, 4000), theme.paper), theme)
    y = _header(c, view, locale)
    focus = focused_area(view)
    if focus is not None:
        y = _area(c, y, view.area(focus), view, locale)
    y = _map(c, y, view, locale, focus)
    families = sum(_family_height(c, family, locale) + 10 for family in view.families)
    y = _latest(c, y, view, locale, room=tallest(WIDTH) - PAD - y - families)
    y = _families(c, y, view, locale)
    image = c.image.crop((0, 0, WIDTH, y + PAD))
    image.info["labels"] = c.labels
    image.info["palette"] = palette(view.seats, theme, locale)  # the board's colours are the focus's too
    return image


def focused_area(view: AlRashidView) -> str | None:
    """The area being resolved, else the one the last step touched (a placement), else none."""
    if view.resolution is not None:
        return view.resolution.area
    return next((a.id for a in view.areas if a.id in view.last_changed), None)


def band_colour(theme: AlRashidTheme, area_id: str) -> RGB:
    return theme.palaces.get(area_id) or (theme.sea if area_id in SEA else theme.land)


# ---- whose step it is ----------------------------------------------------------------------------
def _header(c: AlRashidCanvas, view: AlRashidView, locale: str) -> int:
    theme, t = c.theme, c.theme.type
    y = PAD
    turn = words.t("focus.turn_of", locale, turn=view.turn, turns=view.turns)
    box = c.text((PAD, y), turn, t.heading)
    c.text((box[2] + 20, y), phase_text(c, view, locale, WIDTH - PAD - box[2] - 20, t.heading), t.heading,
           max_width=WIDTH - PAD - box[2] - 20, fill=theme.soft_ink)
    y += 58
    if not view.awaiting:
        return c.paragraph((PAD, y), ended_text(view, locale), t.label, INNER, face="bold", max_lines=2) + 12
    for wait in view.awaiting[:2]:
        fill = theme.families[view.families[wait.seat].colour]
        glyphs.disc(c, PAD + 18, y + 20, 18, fill)
        y = c.paragraph((PAD + 50, y + 2), words.message(wait.question, locale), t.label, INNER - 50,
                        face="bold", max_lines=3, leading=1.2) + 6
    return y + 8


# ---- the focused area ------------------------------------------------------------------------------
def _area(c: AlRashidCanvas, y: int, area: AreaView, view: AlRashidView, locale: str) -> int:
    theme, t = c.theme, c.theme.type
    top = y
    band = band_colour(theme, area.id)
    c.box((PAD, y, WIDTH - PAD, y + BAND), fill=band, outline=theme.line, width=2)
    status = words.t("resolved", locale) if area.resolved and not area.resolving else ""
    right = c.text((WIDTH - PAD - 16, y + BAND // 2), status, t.label, fill=ink_on(band, theme), anchor="rm")[0]
    c.text((PAD + 16, y + BAND // 2), words.area(area.id, locale), t.heading, fill=ink_on(band, theme),
           anchor="lm", max_width=right - PAD - 48)
    y += BAND + 14
    y = _stacks(c, y, area, locale)
    y = (_charges if area.kind == "palace" else _territory)(c, y, area, locale)
    ring = theme.current if area.resolving else theme.changed
    # the frame goes under the band's edges; drawn last so it rings the whole box
    c.draw.rounded_rectangle((PAD - 6, top - 6, WIDTH - PAD + 6, y + 6), radius=14, outline=ring, width=8)
    return y + 28


def _stacks(c: AlRashidCanvas, y: int, area: AreaView, locale: str) -> int:
    """Each family's stack in placement order: dominance above (struck when it does not act), name below."""
    theme, t = c.theme, c.theme.type
    if not area.stacks:
        c.text((PAD + 16, y + 10), words.t("focus.empty", locale), t.label, fill=theme.soft_ink)
        return y + 60
    slot = min(SLOT, INNER // len(area.stacks))
    acting = set(area.ranking[:3])
    for i, stack in enumerate(area.stacks):
        cx = PAD + i * slot + slot // 2
        out = bool(area.ranking) and stack.seat not in acting
        glyphs.badge(c, cx, y + 24, stack.dominance, fill=theme.card if out else theme.ink, ring=theme.line,
                     radius=24, strike=out)
        pieces = {"pasha": stack.pasha, "merchant": stack.merchant, "sage": stack.sage}
        glyphs.stack(c, cx - glyphs.STACK_W // 2, y + 56, PIECE_ROW, pieces, theme.families[stack.colour],
                     locale)
        c.text((cx, y + 56 + PIECE_ROW + 22), words.family(stack.colour, locale), SMALL,
               face="condensed_bold", anchor="mm", max_width=slot - 8)
    return y + 56 + PIECE_ROW + 48


def _charges(c: AlRashidCanvas, y: int, area: AreaView, locale: str) -> int:
    """The charges still offered: name, cost in gold, prestige points, copies."""
    theme, t = c.theme, c.theme.type
    offered = Counter(area.charges)
    if not offered:
        c.text((PAD + 16, y), words.t("no_charges", locale), t.label, fill=theme.soft_ink)
        return y + 50
    w, gap = (INNER - 12) // 2, 8
    items = list(offered.items())
    rows = (len(items) + 1) // 2
    bottom = y
    for column in range(2):
        row_y = y
        for charge, copies in items[column * rows:(column + 1) * rows]:
            row_y += glyphs.charge_row(c, PAD + column * (w + 12), row_y, w, charge, copies, locale) + gap
        bottom = max(bottom, row_y)
    return bottom + 4


def _territory(c: AlRashidCanvas, y: int, area: AreaView, locale: str) -> int:
    """Goods and credit notes left, and the mercenaries guarding them (values only once revealed)."""
    items = [(g, n) for g in (*GOODS, "note") if (n := area.goods.get(g, 0))]
    if items:
        glyphs.goods_row(c, PAD + 16, y, items, icon=44, gap=24, background=c.theme.paper)
        y += 60
    tiles = area.mercenaries
    if tiles:
        step = min(72, (INNER - 32 - 64) // max(1, len(tiles) - 1)) if len(tiles) > 1 else 72
        for i, tile in enumerate(tiles):
            glyphs.mercenary(c, PAD + 16 + i * step, y, 64, tile.colour, tile.value if tile.revealed else None)
        y += 76
    return y


# ---- every area in brief -------------------------------------------------------------------------
def _map(c: AlRashidCanvas, y: int, view: AlRashidView, locale: str, focus: str | None) -> int:
    theme = c.theme
    gap = 10
    w = (INNER - (MAP_COLUMNS - 1) * gap) // MAP_COLUMNS
    for i, area in enumerate(view.areas):
        x0 = PAD + (i % MAP_COLUMNS) * (w + gap)
        y0 = y + (i // MAP_COLUMNS) * (MAP_CELL_H + gap)
        done = area.resolved and not area.resolving
        fill = mix(theme.card, theme.done_veil[:3], 0.45) if done else theme.card
        outline = theme.current if area.resolving else theme.changed if area.id in view.last_changed else theme.line
        c.box((x0, y0, x0 + w, y0 + MAP_CELL_H), fill=fill, outline=outline, width=6 if outline != theme.line else 2)
        c.draw.rectangle((x0 + 6, y0 + 8, x0 + 16, y0 + MAP_CELL_H - 8), fill=band_colour(theme, area.id))
        name = words.area(area.id, locale) + (" ✓" if done else "")
        c.text((x0 + 26, y0 + 8), name, SMALL, face="condensed_bold", max_width=w - 34)
        x = x0 + 26
        for stack in area.stacks:
            fill_s = theme.families[stack.colour]
            glyphs.dominance(c, x, y0 + 50, stack.dominance, fill_s)
            x += glyphs.DOMINANCE_W + 4
            if x + glyphs.DOMINANCE_W > x0 + w:
                break
    rows = (len(view.areas) + MAP_COLUMNS - 1) // MAP_COLUMNS
    return y + rows * (MAP_CELL_H + gap) + 18


# ---- what just happened ----------------------------------------------------------------------------
def _latest(c: AlRashidCanvas, y: int, view: AlRashidView, locale: str, room: int) -> int:
    events = [words.message(event, locale) for event in reversed(view.log[-LATEST:])]
    return latest_events(c, PAD, y, INNER, words.t("focus.latest", locale), events, below=16, room=room)


# ---- the families ----------------------------------------------------------------------------------
def _families(c: AlRashidCanvas, y: int, view: AlRashidView, locale: str) -> int:
    seats = list(view.order) + [f.seat for f in view.families if f.seat not in view.order]
    for seat in seats:
        y = _family(c, y, view.families[seat], view, locale) + 10
    return y


def _family(c: AlRashidCanvas, y: int, family: FamilyView, view: AlRashidView, locale: str) -> int:
    theme, t = c.theme, c.theme.type
    fill = theme.families[family.colour]
    ring = theme.changed if f"family:{family.seat}" in view.last_changed else theme.line
    rows = _charge_rows(c, family, locale)
    height = _family_height(c, family, locale)
    c.box((PAD, y, WIDTH - PAD, y + height), fill=theme.card, outline=ring, width=6 if ring != theme.line else 2)
    # who, and where in the turn order
    right = glyphs.chip(c, PAD + 12, y + 12, family.colour, locale, h=48, min_w=170)
    if family.seat in view.order:
        right = c.text((right + 14, y + 36), f"#{view.order.index(family.seat) + 1}", t.heading, anchor="lm")[2]
    if view.pending_order and family.seat in view.pending_order:
        right = c.text((right + 8, y + 36), f"→#{view.pending_order.index(family.seat) + 1}", t.label,
                       anchor="lm", fill=theme.soft_ink)[2]
    # pieces ready to place
    x = right + 28
    for kind in PIECES:
        glyphs.piece(c, kind, x, y + 12, 46, fill, locale)
        x = c.text((x + 42, y + 36), str(family.reserve.get(kind, 0)), t.label, anchor="lm")[2] + 18
    # gold value, influence, dishonour, mercenary tiles held (never their values)
    counts = [f"★{family.influence}", f"☠{family.dishonour}", f"⚔{family.mercenary_count}"]
    x = WIDTH - PAD - 14
    for count in reversed(counts):
        x = c.text((x, y + 36), count, t.label, anchor="rm")[0] - 18
    x = c.text((x, y + 36), str(family.gold), t.label, anchor="rm")[0] - 24
    glyphs.coin(c, x, y + 36, 18)
    # goods and credit notes
    goods = [(g, family.goods.get(g, 0)) for g in GOODS] + [("note", family.notes)]
    glyphs.goods_row(c, PAD + 14, y + 72, goods, icon=36, gap=22)
    # charges held, used ones struck through, each whole, on as many lines as they take
    if not family.charges:
        c.text((PAD + 14, y + 136), words.t("panel.no_charges", locale), SMALL, face="condensed", anchor="lm",
               fill=theme.soft_ink)
    for k, row in enumerate(rows):
        x, line = PAD + 14, y + 136 + k * CHARGE_LINE
        for i, held in enumerate(row):
            if i:
                x = c.text((x, line), "·", SMALL, face="condensed_bold", anchor="lm")[2] + 10
            x = c.text((x, line), words.charge(held.id, locale), SMALL, face="condensed_bold", anchor="lm",
                       fill=theme.soft_ink if held.used else theme.ink, strike=held.used)[2] + 10
    return y + height


CHARGE_LINE = 38  # each further line of a family's charges


def _family_height(c: AlRashidCanvas, family: FamilyView, locale: str) -> int:
    return FAMILY_ROW_H + CHARGE_LINE * (len(_charge_rows(c, family, locale)) - 1)


def _charge_rows(c: AlRashidCanvas, family: FamilyView, locale: str) -> list[list[ChargeView]]:
    """The family's charges in lines across its row, as many on a line as fit whole (one line at least)."""
    room = WIDTH - 2 * PAD - 28 - 10
    rows: list[list[ChargeView]] = [[]]
    x = 0
    for held in family.charges:
        w = c.width(words.charge(held.id, locale), SMALL, "condensed_bold")
        gap = 20 + c.width("·", SMALL, "condensed_bold") if rows[-1] else 0  # as drawn: name, 10, dot, 10
        if rows[-1] and x + gap + w > room:
            rows.append([])
            x, gap = 0, 0
        rows[-1].append(held)
        x += gap + w
    return rows
