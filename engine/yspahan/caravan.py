"""The caravan to Yspahan: places filled in order from the bottom row, scored when full and at each
week's end (004, "La Carovana", "Fine della settimana", "Partite con 3 giocatori")."""

from __future__ import annotations

from engine.core.messages import Message

from . import words as w
from .cards import draw_card
from .data import load
from .flow import Ctx
from .state import State
from .vocab import CARAVAN, CARAVANSERAI, SHIPPING

RULES = load().rules
CARAVAN_RULES = RULES.caravan


def row_places(seats: int) -> int:
    """Places per row: 4, or 3 with three players (the first camel of each row is left out)."""
    return CARAVAN_RULES.row_places[seats]


def capacity(seats: int) -> int:
    return CARAVAN_RULES.rows * row_places(seats)


def row_of(place: int, seats: int) -> int:
    """The row of a place, 0 for the bottom row."""
    return place // row_places(seats)


def caravan_scores(s: State) -> dict[int, int]:
    """Per player with cubes on it: own cubes × the value of the highest row one of them reached."""
    highest: dict[int, int] = {}
    count: dict[int, int] = {}
    for place, seat in enumerate(s.caravan):
        highest[seat] = max(highest.get(seat, 0), row_of(place, s.seats))
        count[seat] = count.get(seat, 0) + 1
    return {seat: count[seat] * CARAVAN_RULES.row_values[highest[seat]] for seat in sorted(count)}


def score_caravan(c: Ctx, event: str) -> None:
    """Score the caravan as at a week's end (`event` says why: "caravan_full" or "caravan_week")."""
    scores = caravan_scores(c.s)
    for seat, points in scores.items():
        c.s.player(seat).points[CARAVAN] += points
    c.emit(event, scores=[Message("yspahan.caravan_score", {"player": w.player(c.s, seat), "points": points}).to_json()
                          for seat, points in scores.items()])
    c.touch("caravan", *(f"player:{seat}" for seat in scores))


def load_cube(c: Ctx, seat: int, *, by_card: bool = False) -> None:
    """Put one of `seat`'s cubes (already taken from a shop or the reserve) on the next place and score the
    place. The Caravanserai draws a card for it, unless a card put it there. A full caravan is scored and
    emptied at once, its cubes going back to their owners."""
    s = c.s
    place = len(s.caravan)
    row = row_of(place, s.seats)
    points = CARAVAN_RULES.place_points[row]
    s.caravan = [*s.caravan, seat]
    player = s.player(seat)
    player.points[SHIPPING] += points
    c.emit("caravan_place", player=w.player(s, seat), row=w.word(f"row{row}"), points=points)
    c.touch("caravan", f"player:{seat}")
    if player.owns(CARAVANSERAI) and not by_card:
        draw_card(c, seat, w.building(CARAVANSERAI))
    if len(s.caravan) == capacity(s.seats):
        score_caravan(c, "caravan_full")
        for owner in s.caravan:
            s.player(owner).cubes += 1
        s.caravan = []
