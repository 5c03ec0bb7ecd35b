"""One player's row: name, coins, cubes, prestige, messages, the seven buildings with their cubes and the
Trusted Friend, the rat track, Notre Dame's cubes, the cards played and the person paid this round."""

from __future__ import annotations

from engine.notre_dame.view import NotreDameView, PlayerView
from engine.notre_dame.vocab import SECTORS
from render.kit import MIN_SIZE, mix

from . import glyphs, words
from .theme import NotreDameCanvas

ROW_A = 60
CELL_H = 80       # a building's name and a row of its cubes
TRACK_H = 50      # the rat track, with what the player did this round beside it
TRACK_STEP = 48
PANEL_H = 12 + ROW_A + 4 + CELL_H + 8 + TRACK_H + 8


def panel(c: NotreDameCanvas, x: int, y: int, w: int, p: PlayerView, view: NotreDameView, locale: str,
          changed: bool = False) -> int:
    """Paint a player's row at (x, y), `w` wide; returns its height (`panel_height`)."""
    theme, t = c.theme, c.theme.type
    fill = theme.players[p.colour]
    note = _note(p, locale)
    h = panel_height(c, p, w, locale)
    c.box((x, y, x + w, y + h), fill=theme.card, outline=theme.changed if changed else theme.line,
          width=6 if changed else 2)
    top = y + 12
    glyphs.chip(c, x + 16, top, 190, 52, fill, words.player(p.colour, locale), t.label)
    cx = x + 222
    if p.seat == view.bell:
        glyphs.bell(c, cx + 18, top + 18, 18)
        cx += 48
    cx = _figure(c, cx, top, "coin", str(p.coins), p.colour)
    cx = _figure(c, cx, top, "cube", str(p.supply), p.colour)
    prestige = "?" if p.prestige is None else str(p.prestige)
    cx = _figure(c, cx, top, "star", prestige, p.colour)
    cx = _figure(c, cx, top, "notre_dame", str(p.notre_dame), p.colour)
    for i, message in enumerate(p.messages):
        colour = message.split("-")[0]
        mx = cx + 8 + i * 30
        if mx + 30 > x + w - 16:
            break
        c.draw.polygon(glyphs.octagon(mx + 14, top + 26, 15), fill=theme.players[colour],
                       outline=glyphs.edge_of(theme.players[colour], theme.ink), width=2)
    y0 = top + ROW_A + 4
    cell = (w - 32) // len(SECTORS)
    for i, sector in enumerate(SECTORS):
        _building(c, x + 16 + i * cell, y0, cell - 6, sector, p, locale)
    y1 = y0 + CELL_H + 8
    _track(c, x + 16, y1, p.rats)
    c.paragraph((x + 32 + 10 * TRACK_STEP, y1 + 4), note, MIN_SIZE, _note_width(w), face="condensed_bold",
                fill=theme.soft_ink, leading=NOTE_LEADING)
    return h


NOTE_LEADING = 1.2


def _note_width(w: int) -> int:
    return w - 48 - 10 * TRACK_STEP


def panel_height(c: NotreDameCanvas, p: PlayerView, w: int, locale: str) -> int:
    """`PANEL_H`, more when what the player did this round takes more than a line beside the rat track."""
    more = max(0, len(c.wrap(_note(p, locale), MIN_SIZE, "condensed_bold", _note_width(w))) - 1)
    return PANEL_H + more * round(MIN_SIZE * NOTE_LEADING)


def _note(p: PlayerView, locale: str) -> str:
    """What the player played, paid for or is doing this round, in a line (or two: see `panel`)."""
    notes = []
    if p.played:
        notes.append(words.t("played", locale, cards=", ".join(words.card(k, locale) for k in p.played)))
    if p.paid:
        notes.append(words.t("paid", locale, person=words.person(p.paid, locale)))
    if p.choosing:
        notes.append(words.t("choosing", locale))
    return " · ".join(notes)


def _figure(c: NotreDameCanvas, x: int, top: int, what: str, value: str, colour: str) -> int:
    theme = c.theme
    cy = top + 26
    if what == "coin":
        glyphs.coin(c, x + 18, cy, 17)
    elif what == "cube":
        glyphs.cube(c, x + 3, cy - 15, 30, theme.players[colour])
    elif what == "star":
        glyphs.star(c, x + 18, cy, 20, theme.prestige)
    else:
        glyphs.cathedral(c, x + 2, cy - 18, 36)
    box = c.text((x + 44, cy), value, theme.type.label, anchor="lm")
    return box[2] + 22


def _building(c: NotreDameCanvas, x: int, y: int, w: int, sector: str, p: PlayerView, locale: str) -> None:
    theme = c.theme
    n = p.sectors[sector]
    here = p.friend == sector
    c.box((x, y, x + w, y + CELL_H), fill=theme.paper if not (n or here) else mix(theme.card, theme.paper, 0.5),
          outline=theme.line, width=2, radius=8)
    c.text((x + w / 2, y + 20), words.short(sector, locale), MIN_SIZE, face="condensed_bold", anchor="mm",
           max_width=w - 4)
    fill = theme.players[p.colour]
    per_row = max(2, (w - 16 - (30 if here else 0)) // 30)
    shown = n if n <= per_row else per_row - 1  # beyond a row, the last place says how many more
    glyphs.cubes(c, x + 8, y + 42, shown, fill, size=26, per_row=per_row, gap=4)
    if n > shown:
        c.text((x + 8 + (per_row - 1) * 30 + 13, y + 42 + 13), f"+{n - shown}", MIN_SIZE,
               face="condensed_bold", anchor="mm")
    if here:
        glyphs.friend(c, x + w - 32, y + 36, 40, fill)


def _track(c: NotreDameCanvas, x: int, y: int, rats: int) -> None:
    """The plague track of the harbour, 0 to 9, with the rat marker."""
    theme = c.theme
    step = TRACK_STEP
    for i in range(10):
        cx = x + i * step
        on = i == rats
        fill = theme.harbour if not on else theme.card
        c.box((cx, y, cx + step - 6, y + TRACK_H - 6), fill=fill, outline=theme.line, width=2, radius=6)
        if on:
            glyphs.rat(c, cx + step / 2 - 3, y + (TRACK_H - 6) / 2, 16)
        else:
            c.text((cx + (step - 6) / 2, y + (TRACK_H - 6) / 2), str(i), MIN_SIZE, face="condensed_bold",
                   fill=theme.ink, anchor="mm")
