"""Small pictures of Al-Rashid's components: pieces, stacks, goods, mercenary tiles, charges, chips."""

from __future__ import annotations

from render.kit import RGB, ink_on, marks, mix
from render.kit.marks import mark

from . import words
from .theme import AlRashidCanvas

OUTLINE = 3


def edge_of(c: AlRashidCanvas, fill: RGB) -> RGB:
    return mix(fill, c.theme.ink, 0.65)


# ---- family pieces ----------------------------------------------------------------------------
def _letter(c: AlRashidCanvas, x: float, y: float, letter: str, fill: RGB) -> None:
    c.text((x, y), letter, c.theme.type.label - 2, fill=ink_on(fill, c.theme), anchor="mm")


def pasha(c: AlRashidCanvas, x: int, y: int, w: int, h: int, fill: RGB, letter: str = "P") -> None:
    """A tall piece with a dome and a knob. Painted twice (edge, then fill inset) so no line crosses it."""
    dome = h * 2 // 5
    for colour, i in ((edge_of(c, fill), 0), (fill, OUTLINE)):
        c.draw.ellipse((x + w * 0.4 + i, y + i, x + w * 0.6 - i, y + h * 0.18 - i), fill=colour)
        c.draw.ellipse((x + 2 + i, y + h * 0.1 + i, x + w - 2 - i, y + h * 0.1 + dome * 2 - i), fill=colour)
        c.draw.rounded_rectangle((x + i, y + h * 0.1 + dome, x + w - i, y + h - i), radius=6, fill=colour)
    mark(c.draw, c.theme, x + w / 2, y + h * 0.1 + dome * 0.6, w * 0.13, fill)
    _letter(c, x + w / 2, y + h * 0.7, letter, fill)


def merchant(c: AlRashidCanvas, x: int, y: int, w: int, h: int, fill: RGB, letter: str = "M") -> None:
    """A square-shouldered piece with a flat cap."""
    cap = h // 4
    for colour, i in ((edge_of(c, fill), 0), (fill, OUTLINE)):
        c.draw.rounded_rectangle((x + w * 0.18 + i, y + i, x + w * 0.82 - i, y + cap + 6), radius=4, fill=colour)
        c.draw.rounded_rectangle((x + i, y + cap + i, x + w - i, y + h - i), radius=8, fill=colour)
    mark(c.draw, c.theme, x + w / 2, y + cap * 0.55, min(cap * 0.42, w * 0.13), fill)
    _letter(c, x + w / 2, y + cap + (h - cap) * 0.55, letter, fill)


def sage(c: AlRashidCanvas, x: int, y: int, w: int, h: int, fill: RGB, letter: str | None = None) -> None:
    """A cylinder seen from the side: sages stack under the piece they support."""
    edge = edge_of(c, fill)
    lip = max(4, min(10, h // 3))
    c.draw.rounded_rectangle((x, y + lip // 2, x + w, y + h), radius=lip, fill=fill, outline=edge, width=OUTLINE)
    c.draw.ellipse((x, y, x + w, y + lip), fill=mix(fill, (255, 255, 255), 0.25), outline=edge, width=2)
    if letter:
        _letter(c, x + w / 2, y + lip + (h - lip) / 2, letter, fill)
    elif h >= 19:  # a sage tall enough for the family's mark
        mark(c.draw, c.theme, x + w / 2, y + lip / 2 + h / 2, min(h * 0.3, w * 0.15), fill)


def piece(c: AlRashidCanvas, kind: str, x: int, y: int, size: int, fill: RGB, locale: str) -> None:
    """One piece at legend / panel size (`size` tall, 0.8 × `size` wide)."""
    draw = {"pasha": pasha, "merchant": merchant, "sage": sage}[kind]
    draw(c, x, y, int(size * 0.8), size, fill, words.t(f"piece_letter.{kind}", locale))


STACK_W = 62


def stack(c: AlRashidCanvas, x: int, y: int, height: int, pieces: dict[str, int], fill: RGB, locale: str) -> None:
    """A family's pieces in one area: Pasha or Merchant on top, its Sages stacked beneath, within `height`."""
    top = "pasha" if pieces.get("pasha") else "merchant" if pieces.get("merchant") else None
    sages = pieces.get("sage", 0)
    top_h = {"pasha": 58, "merchant": 50, None: 0}[top]
    sage_h = 0
    if sages:
        sage_h = max(10, min(44 if top is None else 19, (height - top_h) // sages))
    used = top_h + sage_h * sages
    y += max(0, height - used)  # stand on the floor of the row
    if top == "pasha":
        pasha(c, x, y, STACK_W, top_h, fill, words.t("piece_letter.pasha", locale))
    elif top == "merchant":
        merchant(c, x, y, STACK_W, top_h, fill, words.t("piece_letter.merchant", locale))
    y += top_h
    for i in range(sages):
        letter = words.t("piece_letter.sage", locale) if top is None and i == 0 and sage_h >= 40 else None
        sage(c, x + 3, y + i * sage_h - (2 if i else 0), STACK_W - 6, sage_h + (2 if i else 0), fill, letter)


def disc(c: AlRashidCanvas, cx: float, cy: float, r: int, fill: RGB) -> None:
    marks.disc(c.draw, c.theme, cx, cy, r, fill, edge_of(c, fill))


DOMINANCE_W = 56


def dominance(c: AlRashidCanvas, x: int, y: int, value: int, fill: RGB) -> None:
    """A family's dominance in an area, on a token of its colour wearing its mark."""
    c.box((x, y, x + DOMINANCE_W, y + 44), fill=fill, outline=edge_of(c, fill), width=3, radius=22)
    mark(c.draw, c.theme, x + 17, y + 22, 8, fill)
    c.text((x + 40, y + 22), str(value), c.theme.type.label, fill=ink_on(fill, c.theme), anchor="mm")


def badge(c: AlRashidCanvas, cx: int, cy: int, value: int | str, *, fill: RGB, ring: RGB | None = None,
          radius: int = 22, strike: bool = False) -> None:
    """A round number: dominance in an area, the current turn, a count."""
    c.draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill,
                   outline=ring or edge_of(c, fill), width=3)
    ink = ink_on(fill, c.theme)
    size = c.theme.type.label if len(str(value)) < 3 else c.theme.type.small
    c.text((cx, cy), str(value), size, fill=ink, anchor="mm")
    if strike:
        d = radius * 0.7
        c.draw.line((cx - d, cy + d, cx + d, cy - d), fill=ink, width=3)


# ---- goods ------------------------------------------------------------------------------------
def good(c: AlRashidCanvas, kind: str, x: int, y: int, s: int) -> None:
    """A good (or a credit note) as a shape of its own, so colour is not the only clue."""
    fill = c.theme.note if kind == "note" else c.theme.goods[kind]
    edge = edge_of(c, fill)
    d = c.draw
    if kind == "hardwood":      # a log
        d.rounded_rectangle((x, y + s * 0.2, x + s, y + s * 0.8), radius=s // 4, fill=fill, outline=edge, width=2)
        d.ellipse((x + s * 0.62, y + s * 0.2, x + s, y + s * 0.8), fill=mix(fill, (255, 220, 170), 0.4),
                  outline=edge, width=2)
    elif kind == "pottery":     # a jar
        d.rectangle((x + s * 0.34, y, x + s * 0.66, y + s * 0.3), fill=fill, outline=edge, width=2)
        d.ellipse((x + s * 0.06, y + s * 0.18, x + s * 0.94, y + s), fill=fill, outline=edge, width=2)
    elif kind == "metal":       # an ingot
        d.polygon([(x + s * 0.2, y + s * 0.2), (x + s * 0.8, y + s * 0.2), (x + s, y + s * 0.82),
                   (x, y + s * 0.82)], fill=fill, outline=edge, width=2)
    elif kind == "silk":        # a folded bolt of cloth
        d.rounded_rectangle((x, y + s * 0.1, x + s, y + s * 0.9), radius=4, fill=fill, outline=edge, width=2)
        d.line((x + s * 0.15, y + s * 0.35, x + s * 0.85, y + s * 0.35), fill=edge, width=2)
        d.line((x + s * 0.15, y + s * 0.6, x + s * 0.85, y + s * 0.6), fill=edge, width=2)
    elif kind == "spice":       # a heap
        d.pieslice((x, y + s * 0.15, x + s, y + s * 1.6), 180, 360, fill=fill, outline=edge, width=2)
        d.line((x, y + s * 0.875, x + s, y + s * 0.875), fill=edge, width=2)
    else:                       # a credit note: a banknote
        d.rounded_rectangle((x, y + s * 0.2, x + s, y + s * 0.8), radius=3, fill=fill, outline=edge, width=2)
        d.ellipse((x + s * 0.36, y + s * 0.34, x + s * 0.64, y + s * 0.66), outline=edge, width=2)


def goods_row(c: AlRashidCanvas, x: int, y: int, items: list[tuple[str, int]], *, icon: int = 36,
              gap: int = 14, background: RGB | None = None) -> int:
    """Icons each followed by its count, on a `background` (areas and panels: the card colour);
    returns the x after the last one."""
    for kind, count in items:
        c.stamp(good, (icon + 1, icon + 1), kind, 0, 0, icon, at=(x, y), background=background or c.theme.card)
        box = c.text((x + icon + 4, y + icon // 2), str(count), c.theme.type.label, anchor="lm")
        x = box[2] + gap
    return x


# ---- mercenary tiles --------------------------------------------------------------------------
def mercenary(c: AlRashidCanvas, x: int, y: int, s: int, colour: str, value: int | None) -> None:
    """Face down: a dark tile with crossed swords. Face up: a light tile with its value."""
    fill = c.theme.mercenaries[colour]
    if value is None:
        c.box((x, y, x + s, y + s), fill=fill, outline=edge_of(c, fill), width=3, radius=6)
        swords(c, x + s / 2, y + s / 2, s * 0.3, (255, 255, 255))
    else:
        c.box((x, y, x + s, y + s), fill=c.theme.card, outline=fill, width=5, radius=6)
        c.text((x + s / 2, y + s / 2), str(value), c.theme.type.label, fill=fill, anchor="mm")


def swords(c: AlRashidCanvas, cx: float, cy: float, r: float, fill: RGB) -> None:
    """Two crossed blades with their guards: the back of a mercenary tile."""
    width = max(3, round(r / 4))
    for sign in (1, -1):
        c.draw.line((cx - r, cy + sign * r, cx + r, cy - sign * r), fill=fill, width=width)
        gx, gy = cx - r * 0.55, cy + sign * r * 0.55  # the guard near the hilt
        c.draw.line((gx - r * 0.3 * sign, gy - r * 0.3, gx + r * 0.3 * sign, gy + r * 0.3), fill=fill,
                    width=width)


# ---- charges ----------------------------------------------------------------------------------
CHARGE_LINE = 31          # one line of a charge's name
CHARGE_ROW = 46           # a charge whose name fits on one line; each more line takes CHARGE_LINE more
NAME_LINES = 3            # the longest names in a narrow column: "Responsabile degli / Approvvigionamenti"
_COIN_R = 20
_NAME_X = 14 + 2 * _COIN_R + 10


def _marks(charge_id: str, copies: int) -> str:
    from engine.al_rashid import data

    points = f"★{data.load().charges[charge_id].label_points}"
    return f"{points} ×{copies}" if copies > 1 else points


def _name_room(c: AlRashidCanvas, charge_id: str, copies: int, width: int) -> int:
    return width - _NAME_X - c.width(_marks(charge_id, copies), c.theme.type.small, "condensed_bold") - 18


def _name_lines(c: AlRashidCanvas, charge_id: str, copies: int, width: int,
                locale: str) -> tuple[list[str], str, bool]:
    """A charge's name in whole words on as few lines as it takes (at most NAME_LINES), the first beside its
    points, the others under them, in the face that fits it; the flag says it was cut."""
    name, size = words.charge(charge_id, locale), c.theme.type.small
    rooms = (_name_room(c, charge_id, copies, width), width - _NAME_X - 8)
    for face in ("condensed_bold", "condensed"):
        lines: list[str] = []
        for word in name.split():
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and c.width(joined, size, face) <= rooms[len(lines) > 1]:
                lines[-1] = joined
            else:
                lines.append(word)
        if len(lines) <= NAME_LINES and all(c.width(line, size, face) <= rooms[i > 0] for i, line in enumerate(lines)):
            return lines, face, False
    lines, _, face, cut = c.fit_lines(name, size, "condensed_bold", rooms[0], NAME_LINES)
    return lines, face, cut


def charge_row_height(c: AlRashidCanvas, charge_id: str, copies: int, width: int, locale: str) -> int:
    return CHARGE_ROW + CHARGE_LINE * (len(_name_lines(c, charge_id, copies, width, locale)[0]) - 1)


def charge_row(c: AlRashidCanvas, x: int, y: int, width: int, charge_id: str, copies: int, locale: str) -> int:
    """A charge on offer: its cost in gold on a coin, its name (three lines at most), prestige points and
    copies; the left edge in the colour of its kind. Returns its height."""
    height = charge_row_height(c, charge_id, copies, width, locale)
    c.stamp(_charge_sheet, (width, height), charge_id, copies, locale, at=(x, y), background=c.theme.card)
    return height


def _charge_sheet(c: AlRashidCanvas, charge_id: str, copies: int, locale: str) -> None:
    from engine.al_rashid import data

    info = data.load().charges[charge_id]
    t = c.theme.type
    w, h = c.image.size
    c.box((0, 0, w - 1, h - 1), fill=c.theme.card, outline=c.theme.line, width=1, radius=6)
    c.draw.rectangle((0, 0, 6, h - 1), fill=c.theme.charge_kinds[info.kind])
    coin(c, 14 + _COIN_R, CHARGE_ROW // 2, _COIN_R)
    c.text((14 + _COIN_R, CHARGE_ROW // 2), str(info.cost), t.small, face="condensed_bold", anchor="mm")
    lines, face, cut = _name_lines(c, charge_id, copies, w, locale)
    for i, line in enumerate(lines):
        c.text((_NAME_X, CHARGE_ROW // 2 - 16 + i * CHARGE_LINE), line, t.small, face=face,
               cut=cut and i == len(lines) - 1)
    c.text((w - 8, CHARGE_ROW // 2), _marks(charge_id, copies), t.small, face="condensed_bold", anchor="rm")


def coin(c: AlRashidCanvas, cx: int, cy: int, r: int) -> None:
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c.theme.coin, outline=edge_of(c, c.theme.coin), width=2)


# ---- families ---------------------------------------------------------------------------------
def chip(c: AlRashidCanvas, x: int, y: int, colour: str, locale: str, *, h: int = 44, ring: RGB | None = None,
         min_w: int = 0) -> int:
    """A family's mark and colour with its name written on it (colour is never the only clue). Returns its right
    x."""
    fill = c.theme.families[colour]
    name = words.family(colour, locale)
    lead = round(h * 0.7)  # room for the mark
    w = max(min_w, c.width(name, c.theme.type.label) + 24 + lead)
    c.box((x, y, x + w, y + h), fill=fill, outline=ring or edge_of(c, fill), width=5 if ring else 3, radius=h // 2)
    mark(c.draw, c.theme, x + h * 0.55, y + h / 2, h * 0.22, fill)
    c.text((x + (w + lead) / 2, y + h / 2), name, c.theme.type.label, fill=ink_on(fill, c.theme), anchor="mm")
    return x + w
