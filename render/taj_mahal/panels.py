"""Parts shared by the board and the focused picture: the header, the court, the display, the player rows and
the latest events."""

from __future__ import annotations

from collections import Counter

from engine.taj_mahal.rules import PROVINCE_GOODS
from engine.taj_mahal.view import PlayerView, TajMahalView
from engine.taj_mahal.vocab import CROWN, FORCES, PRIZE_OF, PROVINCE_TILE, SYMBOLS
from render.kit import MIN_SIZE, latest_events, mix
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
    h = 166
    ring = theme.changed if f"player:{p.index}" in view.last_changed else theme.line
    acting = view.current == p.index and not view.over
    fill = theme.card if not p.out else mix(theme.card, theme.done_veil[:3], 0.3)
    c.box((x, y, x + width, y + h), fill=fill, outline=theme.current if acting else ring,
          width=6 if acting or ring != theme.line else 2)
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
        glyphs.symbol(c, sx, y + 96, 20, name)
        count = p.symbols.get(name, 0)
        colour = theme.current if name in leading else (theme.ink if count else theme.soft_ink)
        box = c.text((sx + 28, y + 96), str(count), t.label, anchor="lm", fill=colour)
        if name in leading:
            c.draw.line((sx - 22, box[3] + 6, box[2] + 4, box[3] + 6), fill=theme.current, width=5)
        sx += 84
    if p.visit_colour:
        c.box((sx - 4, y + 78, sx + 26, y + 114), fill=theme.cards[p.visit_colour], outline=theme.ink, width=2,
              radius=5)
    # what the player holds: cards (never which), specials, influence tiles, goods, province tiles
    hx = x + 12
    line = y + 146
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
        gx = c.text((gx, line), f"▣{len(p.provinces)}", SMALL, face="condensed_bold", anchor="rm")[0] - 12
    return y + h


def latest(c: TajMahalCanvas, x: int, y: int, width: int, view: TajMahalView, locale: str, n: int = 4) -> int:
    events = [words.message(event, locale) for event in reversed(view.log[-n:])]
    return latest_events(c, x, y, width, words.t("latest", locale), events)


def in_order(view: TajMahalView) -> list[PlayerView]:
    """This visit's turn order; once the match is over, best score first."""
    if view.over:
        return sorted(view.players, key=lambda p: -p.score)
    return [view.players[i] for i in view.order] + [p for p in view.players if p.index not in view.order]
