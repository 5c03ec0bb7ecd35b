"""The picture posted after every step, made for a phone held upright (1080 px wide, read at a third).

From top to bottom: the round and whose step it is (during the draft, who is still choosing); the latest public
events, newest first (as many as leave the picture short enough for a phone to show whole); the three persons of
the round, beside the city when a carriage is to move or a message has just changed hands; one row per player, the
one the last step touched ringed.

Drawn from the public view only, like the board: nothing hidden is read (see tests/render/notre_dame).
"""

from __future__ import annotations

from PIL import Image

from engine.notre_dame.view import NotreDameView
from render.kit import Canvas, latest_events, tallest

from . import city, words
from .board import header, palette, person_card, person_height, touched
from .panels import panel, panel_height
from .theme import THEME, NotreDameCanvas, NotreDameTheme

WIDTH = 1080
PAD = 24
INNER = WIDTH - 2 * PAD
LATEST = 4
GAP = 8  # between the players' rows
PERSON_W = (INNER - 2 * 12) // 3
CITY = (640, 760)  # the city's side when it is shown (the persons' cards beside it), as the room allows
NEWEST = 48 + 2 * 35 + 4 + 16  # room for the latest events' heading and the newest on two lines
CARRIAGE_QUESTION = "notre_dame.ask.carriage"  # where will the carriage go: asked over the city
# Room kept below the tallest picture a phone shows whole (2,337 px at 1080 wide), so that a name or an event
# longer than the ones measured, or a font drawn a little taller, still leaves it whole.
HEADROOM = 64


def render_focus(view: NotreDameView, theme: NotreDameTheme = THEME, locale: str = "en") -> Image.Image:
    if view.viewer is not None:
        raise ValueError("the focused picture is drawn from the public view (seat None), never a player's own")
    c: NotreDameCanvas = Canvas(Image.new("RGB", (WIDTH, 2 * tallest(WIDTH)), theme.paper), theme)  # cut below
    y = header(c, view, locale, WIDTH)
    panels = sum(panel_height(c, p, INNER, locale) + GAP for p in view.players)
    room = tallest(WIDTH) - HEADROOM - PAD + GAP - y - panels  # for the latest events, the persons and the city
    side = _city_side(c, view, room - NEWEST - 24, locale)
    events = [words.message(event, locale) for event in reversed(view.log[-LATEST:])]
    y = latest_events(c, PAD, y, INNER, words.t("latest", locale), events, below=16,
                      room=room - _persons_height(c, view, side, locale))
    y = _persons(c, view, y, side, locale)
    for p in view.players:
        y += panel(c, PAD, y, INNER, p, view, locale, changed=touched(view, p.seat)) + GAP
    image = c.image.crop((0, 0, WIDTH, y + PAD - GAP))
    image.info["labels"] = c.labels
    image.info["palette"] = palette(theme, locale)
    return image


def _shows_city(view: NotreDameView) -> bool:
    """The city, when a carriage is to move or a message has just changed hands."""
    return "messages" in view.last_changed or any(wait.question.get("key") == CARRIAGE_QUESTION
                                                   for wait in view.awaiting)


def _city_side(c: NotreDameCanvas, view: NotreDameView, room: int, locale: str) -> int:
    """The largest city that fits in `room` with the persons' cards beside it (a smaller city leaves them wider
    and shorter), else the one that leaves the least height."""
    if not _shows_city(view):
        return CITY[1]
    block = {side: max(side, _column(c, view, side, locale)) for side in range(CITY[1], CITY[0] - 1, -20)}
    fits = [side for side, height in block.items() if height <= room]
    return fits[0] if fits else min(block, key=block.__getitem__)


def _persons_height(c: NotreDameCanvas, view: NotreDameView, side: int, locale: str) -> int:
    if _shows_city(view):
        return max(side, _column(c, view, side, locale)) + 24
    if not view.persons:
        return 0
    return max(person_height(c, person, PERSON_W, locale) for person in view.persons) + 24


def _column(c: NotreDameCanvas, view: NotreDameView, side: int, locale: str) -> int:
    """The height of the persons' cards one above the other beside the city `side` px wide."""
    return sum(person_height(c, person, INNER - side - 12, locale) + 12 for person in view.persons) - 12


def _persons(c: NotreDameCanvas, view: NotreDameView, y: int, side: int, locale: str) -> int:
    """The three persons of the round in a row, or beside the city (`side` px wide) when it is shown; returns
    the y below."""
    if _shows_city(view):
        city.paint(c, view, PAD, y, side, locale)
        x, w = PAD + side + 12, INNER - side - 12
        py = y
        for person in view.persons:
            py = person_card(c, x, py, w, person, view, locale, person_height(c, person, w, locale)) + 12
        return y + max(side, _column(c, view, side, locale)) + 24
    if not view.persons:
        return y
    h = max(person_height(c, person, PERSON_W, locale) for person in view.persons)
    for i, person in enumerate(view.persons):
        person_card(c, PAD + i * (PERSON_W + 12), y, PERSON_W, person, view, locale, h)
    return y + h + 24
