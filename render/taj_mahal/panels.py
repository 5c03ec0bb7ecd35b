"""Parts shared by the board and the focused picture: the header, the court, the display, the player rows and
the latest events."""

from __future__ import annotations

from collections import Counter

from engine.taj_mahal.rules import PROVINCE_GOODS
from engine.taj_mahal.view import PlayerView, TajMahalView
from engine.taj_mahal.vocab import CROWN, FORCES, PRIZE_OF, PROVINCE_TILE, SYMBOLS
from render.kit import MIN_SIZE, RGB, latest_events, mix
from render.kit.marks import disc

from . import glyphs, words
from .theme import TajMahalCanvas

SMALL = MIN_SIZE


def ended_text(view: TajMahalView, locale: str) -> str:
    score = view.score
    if score is None:
        return ""
    best = score.scores[score.ranking[0]]
    winners = [s for s in score.ranking if score.scores[s] == best]
    names = ", ".join(words.player(view.players[_index(view, s)].colour, False, locale) for s in winners)
    return words.t("ended_shared" if len(winners) > 1 else "ended", locale, names=names, points=best)


def _index(view: TajMahalView, seat: int) -> int:
    return next(p.index for p in view.players if p.seat == seat)


def header(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str) -> int:
    """The visit and province; whose step it is and what they are asked (or who won)."""
    theme, t = c.theme, c.theme.type
    province = words.name("province", view.province, locale)
    title = words.t("over", locale, of=view.visits) if view.over else \
        words.t("visit", locale, n=view.visit, of=view.visits, province=province)
    c.text((x, y), title, t.heading, max_width=width)
    y += 52
    if view.over:
        return c.paragraph((x, y), ended_text(view, locale), t.label, width, face="bold", max_lines=2) + 10
    for wait in view.awaiting[:2]:
        who = next(p for p in view.players if p.seat == wait.seat)
        fill = theme.players[who.colour]
        disc(c.draw, theme, x + 18, y + 20, 18, fill, glyphs.edge_of(c, fill))
        y = c.paragraph((x + 50, y + 2), words.message(wait.question, locale), t.label, width - 50, face="bold",
                        max_lines=3) + 6
    return y + 6


def court(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str) -> int:
    """What is still to be won in the province: the influence tiles, the crown, the province tile."""
    theme, t = c.theme, c.theme.type
    c.text((x, y), words.t("court", locale), t.label, fill=theme.soft_ink)
    y += 44
    size = 74
    cx = x + size // 2
    for force in FORCES:
        if force in view.court:
            glyphs.influence_tile(c, cx, y + size / 2, size, force)
        else:
            _gone(c, cx, y + size / 2, size)
        cx += size + 14
    if CROWN in view.court:
        glyphs.crown(c, cx, y + size / 2, size // 3)
    else:
        _gone(c, cx, y + size / 2, size)
    cx += size + 10
    number = view.tiles[view.province]
    if PROVINCE_TILE in view.court:
        glyphs.province_tile(c, cx + 8, y + size / 2, size // 2 + 4, number, PROVINCE_GOODS[number])
    else:
        _gone(c, cx + 8, y + size / 2, size)
    return y + size + 12


def _gone(c: TajMahalCanvas, cx: float, cy: float, size: int) -> None:
    """The place of a prize already won this visit: an empty dashed slot."""
    half = size / 2
    for i in range(12):
        if i % 2 == 0:
            c.draw.arc((cx - half, cy - half * 0.72, cx + half, cy + half * 0.72), i * 30, i * 30 + 30,
                       fill=c.theme.soft_ink, width=3)


def display(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str) -> int:
    """The face-up cards players take from when they withdraw, and what is left of the deck."""
    theme, t = c.theme, c.theme.type
    c.text((x, y), words.t("display", locale, deck=view.deck), t.label, fill=theme.soft_ink, max_width=width)
    y += 44
    if not view.display:
        c.text((x, y), words.t("display_empty", locale), SMALL, face="condensed", fill=theme.soft_ink)
        return y + 44
    w, h, gap = 62, 104, 10
    for i, kind in enumerate(view.display):
        glyphs.card(c, x + i * (w + gap), y, w, h, kind)
    return y + h + 12


def player_row(c: TajMahalCanvas, x: int, y: int, width: int, p: PlayerView, view: TajMahalView,
               locale: str) -> int:
    """One player: name, score, place in the turn order; symbols in play (their lead marked); what they hold."""
    theme, t = c.theme, c.theme.type
    h = ROW_H
    acting = view.current == p.index and not view.over
    fill = theme.card if not p.out else mix(theme.card, theme.done_veil[:3], 0.3)
    c.box((x, y, x + width, y + h), fill=fill, outline=theme.current if acting else theme.line,
          width=6 if acting else 2)
    right = glyphs.chip(c, x + 12, y + 12, p.colour, p.seat is None, locale, h=48, min_w=150, max_w=330)
    status = "" if view.over else words.t("out" if p.out else "in", locale)
    if p.index in view.order and not view.over:
        status = f"#{view.order.index(p.index) + 1} · {status}"
    right = c.text((right + 14, y + 36), status, t.small, face="condensed_bold", anchor="lm",
                   fill=theme.soft_ink, max_width=240)[2]
    c.text((x + width - 16, y + 36), words.t("points", locale, n=p.score), t.heading, anchor="rm")
    # symbols in play, the ones the player would win now ringed
    leading = {s for s in SYMBOLS if PRIZE_OF[s] in p.leading}
    sx = x + 34
    for name in SYMBOLS:
        glyphs.symbol(c, sx, y + 90, 20, name)
        count = p.symbols.get(name, 0)
        box = c.text((sx + 28, y + 90), str(count), t.label, anchor="lm",
                     fill=theme.current if name in leading else (theme.ink if count else theme.soft_ink))
        if name in leading:
            _leads(c, sx - 22, box[2] + 4, box[3] + 6)
        sx += 84
    if p.visit_colour:
        _visit_colour(c, sx - 4, y + 72, theme.cards[p.visit_colour])
    # what the player holds: cards (never which), specials, influence tiles, goods, province tiles
    hx = x + 12
    line = y + 134
    if p.seat is not None:  # a dummy holds no hand
        hx = c.text((hx, line), words.t("hand", locale, n=p.hand_size), SMALL, face="condensed_bold",
                    anchor="lm")[2] + 16
    for special in p.specials:
        mark = glyphs.SPECIAL_MARK[special]
        box = c.measure((hx + 8, line), mark, SMALL, face="condensed_bold", anchor="lm")
        c.box((hx, box[1] - 4, box[2] + 8, box[3] + 4), fill=theme.cards["special"], radius=6)
        c.text((hx + 8, line), mark, SMALL, face="condensed_bold", anchor="lm", fill=(255, 255, 255))
        hx = box[2] + 18
    for force in sorted(set(p.influence), key=FORCES.index):
        glyphs.influence_tile(c, hx + 22, line, 44, force)
        n = p.influence.count(force)
        hx += 48
        if n > 1:
            hx = c.text((hx, line), f"×{n}", SMALL, face="condensed_bold", anchor="lm")[2] + 6
        hx += 6
    owned = Counter(p.goods) + Counter(g for n in p.provinces for g in PROVINCE_GOODS[n])
    gx = x + width - 16
    for name in reversed(("rice", "tea", "spice", "jewels")):
        if owned[name]:
            gx = c.text((gx, line), str(owned[name]), SMALL, face="condensed_bold", anchor="rm")[0] - 6
            glyphs.good(c, gx - 14, line, 14, name)
            gx -= 38
    if p.provinces:
        gx = c.text((gx, line), words.t("provinces_won", locale, n=len(p.provinces)), SMALL, face="condensed_bold",
                    anchor="rm")[0] - 12
    return y + h


ROW_H = 154


def _leads(c: TajMahalCanvas, x0: float, x1: float, y: float) -> None:
    """The underline of a symbol count whose prize the player would win if the visit ended now."""
    c.draw.line((x0, y, x1, y), fill=c.theme.current, width=5)


def _visit_colour(c: TajMahalCanvas, x: float, y: float, fill: RGB) -> None:
    """The colour a player plays in this visit, as a small card of it."""
    c.box((x, y, x + 30, y + 36), fill=fill, outline=c.theme.ink, width=2, radius=5)


def changed(c: TajMahalCanvas, cx: float, cy: float, r: float) -> None:
    """The ring around what the last step placed on the map."""
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=c.theme.changed, width=5)


def signs(c: TajMahalCanvas, x: int, y: int, width: int, locale: str) -> int:
    """What the picture's own signs mean: the underlined count, the visit's colour, the ring of the last step;
    as many on a line as fit. Returns the y below."""
    cx, cy = x, y + 22
    for key in ("leads", "colour", "changed"):
        text = words.t(f"legend_{key}", locale)
        if cx > x and cx + 44 + c.width(text, SMALL, "condensed") > x + width:
            cx, cy = x, cy + 46
        _sign(c, key, cx, cy)
        cx = c.text((cx + 44, cy), text, SMALL, face="condensed", anchor="lm", fill=c.theme.soft_ink,
                    max_width=x + width - cx - 44)[2] + 32
    return cy + 30


def _sign(c: TajMahalCanvas, key: str, cx: int, cy: int) -> None:
    """A sample of a sign, its middle left at (cx, cy)."""
    if key == "leads":
        c.text((cx, cy), "3", c.theme.type.label, anchor="lm", fill=c.theme.current)
        _leads(c, cx - 4, cx + 22, cy + 17)
    elif key == "colour":
        _visit_colour(c, cx, cy - 18, c.theme.cards["red"])
    else:
        changed(c, cx + 14, cy, 16)


def latest(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str, n: int = 4,
           room: int | None = None) -> int:
    events = [words.message(event, locale) for event in reversed(view.log[-n:])]
    return latest_events(c, x, y, width, words.t("latest", locale), events, room=room)


def in_order(view: TajMahalView) -> list[PlayerView]:
    """This visit's turn order; once the match is over, best score first."""
    if view.over:
        return sorted(view.players, key=lambda p: -p.score)
    return [view.players[i] for i in view.order] + [p for p in view.players if p.index not in view.order]
