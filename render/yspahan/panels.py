"""The parts of the table beside the city: the header (week, day, whose step), the dice tower, the caravan,
the latest events, and one row per player."""

from __future__ import annotations

from engine.yspahan.data import load
from engine.yspahan.view import PlayerView, YspahanView
from render.kit import MIN_SIZE, ink_on, latest_events
from render.kit.marks import disc, mark

from . import glyphs, words
from .theme import YspahanCanvas

RULES = load().rules
ROW = 58           # a caravan row
SLOT_ROW = 70      # a tower slot: its dice large enough to read on a phone
DIE = 56
PLACE = 50         # a caravan place
SLOT_NAMES = ("gold", "vase", "chest", "barrel", "bag", "camel")  # the tower, top to bottom


def chip_width(c: YspahanCanvas, colour: str, locale: str, h: int = 44) -> int:
    return c.width(words.name("colour", colour, locale), c.theme.type.label) + 28 + round(h * 0.6)


def chip(c: YspahanCanvas, x: int, y: int, colour: str, locale: str, h: int = 44) -> int:
    """A player's mark and name on their colour; returns its width."""
    theme = c.theme
    fill = theme.players[colour]
    text = words.name("colour", colour, locale)
    w, lead = chip_width(c, colour, locale, h), round(h * 0.6)
    c.box((x, y, x + w, y + h), fill=fill, outline=glyphs.edge_of(fill, theme.ink), width=2, radius=h // 2)
    mark(c.draw, theme, x + h * 0.55, y + h / 2, h * 0.22, fill)
    c.text((x + (w + lead) / 2, y + h / 2), text, theme.type.label, fill=ink_on(fill, theme), anchor="mm")
    return w


def header(c: YspahanCanvas, view: YspahanView, locale: str, x: int, y: int, width: int) -> int:
    """Week and day, the first player, and what the table waits on; returns the y below."""
    theme, t = c.theme, c.theme.type
    c.text((x, y), words.t("title", locale), t.title)
    when = words.t("over", locale) if view.phase == "over" else words.t("when", locale, week=view.week, weeks=view.weeks,
                                                                          day=view.day, days=view.days)
    c.text((x + c.width(words.t("title", locale), t.title) + 24, y + 8), when, t.label, fill=theme.soft_ink)
    y += 64
    if view.phase != "over":
        c.text((x, y + 22), words.t("first", locale), t.label, fill=theme.soft_ink, anchor="lm")
        cx = x + c.width(words.t("first", locale), t.label) + 12
        cx += chip(c, cx, y, view.players[view.first].colour, locale) + 12
        if view.reverse_day:
            c.text((cx, y + 22), words.t("reverse_day", locale), MIN_SIZE, fill=theme.soft_ink, anchor="lm",
                   max_width=x + width - cx)
        y += 56
    for wait in view.awaiting:
        dot = theme.players[view.players[wait.seat].colour]
        disc(c.draw, theme, x + 15, y + 21, 15, dot, glyphs.edge_of(dot, theme.ink))
        y = c.paragraph((x + 42, y), words.message(wait.question, locale), t.label, width - 42, face="bold",
                        fill=theme.ink, max_lines=5, leading=1.15) + 6
    if view.score is not None:
        names = [words.name("colour", view.players[s].colour, locale) for s in view.score.winners]
        line = words.t("shared" if view.score.shared else "winner", locale, names=" · ".join(names))
        y = c.paragraph((x, y), line, t.label, width, face="bold", max_lines=2) + 6
    return y + 8


def tower(c: YspahanCanvas, view: YspahanView, x: int, y: int, width: int, locale: str) -> int:
    """The dice tower, gold on top, camels at the bottom; the group in use ringed. Returns its height."""
    theme, t = c.theme, c.theme.type
    c.text((x, y), words.t("tower", locale), t.heading)
    y0 = y + 46
    name_w = max(c.width(words.name("slot", s, locale), MIN_SIZE) for s in SLOT_NAMES) + 28
    groups = {g.slot: g for g in view.tower if g is not None}
    using = view.current.slot if view.current else None
    for i, slot in enumerate(SLOT_NAMES):
        top = y0 + i * SLOT_ROW
        c.box((x, top, x + width, top + SLOT_ROW - 6), fill=theme.card, outline=theme.line, width=2, radius=8)
        c.text((x + 10, top + (SLOT_ROW - 6) / 2), words.name("slot", slot, locale), MIN_SIZE, fill=theme.soft_ink,
               anchor="lm")
        group = groups.get(slot)
        if group is None:
            continue
        per_row = max(1, (width - name_w - 10) // (DIE + 4))
        dice = [False] * group.white + [True] * group.yellow
        size = DIE if len(dice) <= per_row else (width - name_w - 10) // len(dice) - 3
        for j, yellow in enumerate(dice):
            glyphs.die(c, x + name_w + j * (size + 3), top + (SLOT_ROW - 6 - size) / 2, size, group.value, yellow)
        if slot == using:
            c.box((x - 4, top - 4, x + width + 4, top + SLOT_ROW - 2), outline=theme.current, width=5, radius=10)
    if "tower" in view.last_changed and view.phase != "over":
        c.box((x - 8, y0 - 8, x + width + 8, y0 + 6 * SLOT_ROW + 2), outline=theme.changed, width=4, radius=12)
    return 46 + 6 * SLOT_ROW


def caravan(c: YspahanCanvas, view: YspahanView, x: int, y: int, width: int, locale: str) -> int:
    """The caravan: places filled from the bottom row; each row's points now and its value at the week's end."""
    theme, t = c.theme, c.theme.type
    c.text((x, y), words.t("caravan", locale), t.heading)
    y0 = y + 46
    per_row, rows = view.caravan_row_places, view.caravan_rows
    label_w = c.width("+2", MIN_SIZE) + 14
    for r in range(rows):  # drawn top row first
        row = rows - 1 - r
        top = y0 + r * ROW
        c.text((x, top + PLACE / 2), f"+{(2, 1, 0)[row]}", MIN_SIZE, fill=theme.soft_ink, anchor="lm")
        for k in range(per_row):
            place = row * per_row + k
            px = x + label_w + k * (PLACE + 8)
            c.box((px, top, px + PLACE, top + PLACE), fill=theme.card, outline=theme.line, width=2, radius=8)
            if place < len(view.caravan):
                colour = theme.players[view.players[view.caravan[place]].colour]
                glyphs.cube(c, px + 9, top + 9, PLACE - 18, colour)
        mx = x + label_w + per_row * (PLACE + 8) + 6
        c.text((mx, top + PLACE / 2), f"×{row + 1}", MIN_SIZE, fill=theme.soft_ink, anchor="lm")
    if "caravan" in view.last_changed:
        c.box((x - 8, y0 - 8, x + label_w + per_row * (PLACE + 8) + 4, y0 + rows * ROW - 2), outline=theme.changed,
              width=4, radius=12)
    return 46 + rows * ROW


def latest(c: YspahanCanvas, view: YspahanView, x: int, y: int, width: int, locale: str, n: int = 4) -> int:
    """The newest public events, newest first; returns the y below."""
    events = [words.message(event, locale) for event in reversed(view.log[-n:])]
    return latest_events(c, x, y, width, words.t("latest", locale), events)


def player_row(c: YspahanCanvas, view: YspahanView, p: PlayerView, x: int, y: int, width: int, locale: str) -> int:
    """One player: name, score, gold, camels, cubes in reserve, cards, and the buildings built (in order)."""
    theme, t = c.theme, c.theme.type
    touched = f"player:{p.seat}" in view.last_changed
    asked = any(wait.seat == p.seat for wait in view.awaiting)
    lines = _building_lines(c, p, width - 32, locale)
    height = 70 + 40 * max(1, len(lines)) + 8
    c.box((x, y, x + width, y + height), fill=theme.card, outline=theme.current if asked else theme.line,
          width=5 if asked else 2, radius=12)
    if touched:
        c.box((x - 5, y - 5, x + width + 5, y + height + 5), outline=theme.changed, width=4, radius=15)
    cx = x + 14
    cx += chip(c, cx, y + 12, p.colour, locale) + 14
    c.text((cx, y + 34), words.t("points", locale, n=p.score), t.label, anchor="lm")
    stats(c, p, x + width - 14, y + 34)
    ly = y + 70
    if not lines:
        c.text((x + 16, ly + 18), words.t("no_buildings", locale), MIN_SIZE, face="condensed_bold",
               fill=theme.soft_ink, anchor="lm")
    for line in lines:
        c.text((x + 16, ly + 18), line, MIN_SIZE, face="condensed_bold", fill=theme.ink, anchor="lm")
        ly += 40
    return height


def stats(c: YspahanCanvas, p: PlayerView, right: int, y: int) -> None:
    """Gold, camels, cubes in reserve and cards, right-aligned at `right`, centred on height `y`."""
    size = c.theme.type.label
    for kind, value in reversed((("gold", p.gold), ("camels", p.camels), ("cubes", p.cubes), ("cards", p.card_count))):
        text = str(value)
        right -= c.width(text, size)
        c.text((right, y), text, size, anchor="lm")
        right -= 46
        _icon(c, kind, right, y, p.colour)
        right -= 16


def _building_lines(c: YspahanCanvas, p: PlayerView, width: int, locale: str) -> list[str]:
    names = [words.name("building", b, locale) for b in p.buildings]
    return c.wrap(" · ".join(names), MIN_SIZE, "condensed_bold", width) if names else []


def _icon(c: YspahanCanvas, kind: str, x: int, y: int, colour: str) -> None:
    """A 40 px icon centred on height `y`, starting at `x`."""
    if kind == "gold":
        glyphs.coin(c, x + 20, y, 17)
    elif kind == "camels":
        glyphs.camel(c, x, y - 17, 40)
    elif kind == "cubes":
        glyphs.cube(c, x + 6, y - 14, 28, c.theme.players[colour])
    else:
        glyphs.card(c, x + 10, y - 19, 26)


def building_tile(c: YspahanCanvas, x: int, y: int, w: int, h: int, building: str, built: int | None,
                  locale: str, power: bool = False) -> None:
    """A building of a player board: its name and cost, its power when there is room; built ones are filled in
    the player's colour tint with the order they were built in (their points come from that order)."""
    theme = c.theme
    cost = RULES.buildings[building]
    fill = theme.card if built is None else (232, 244, 226)
    c.box((x, y, x + w, y + h), fill=fill, outline=theme.line if built is None else (60, 130, 70),
          width=2 if built is None else 4, radius=10)
    c.text((x + 12, y + 8), words.name("building", building, locale), MIN_SIZE, face="condensed_bold",
           max_width=w - 24)
    cx = x + 12
    cy = y + 62
    glyphs.camel(c, cx, cy - 17, 40)
    cx = c.text((cx + 46, cy), str(cost.camels), MIN_SIZE, anchor="lm")[2] + 16
    glyphs.coin(c, cx + 16, cy, 15)
    c.text((cx + 38, cy), str(cost.gold), MIN_SIZE, anchor="lm")
    if built is not None:  # the order it was built in: its points came from it
        c.text((x + w - 12, cy), f"#{built}", MIN_SIZE, fill=(40, 100, 50), anchor="rm")
    if power:
        c.paragraph((x + 12, y + 86), words.name("building_power", building, locale), MIN_SIZE, w - 24,
                    face="condensed", fill=theme.soft_ink, max_lines=2, leading=1.1)
