"""Telling moments of a match, for `python -m render sample taj-mahal`: each takes the public view before and
after a step and returns the view worth drawing, or None."""

from __future__ import annotations

from collections.abc import Mapping

from engine.taj_mahal.view import TajMahalView
from render import Moment


def _contest(before: TajMahalView, after: TajMahalView) -> TajMahalView | None:
    # a fierce visit: everybody still in, at least eight cards in play, from the fourth visit on
    in_play = sum(len(p.played) for p in after.players)
    return after if after.visit >= 4 and not after.withdrawn and in_play >= 8 else None


def _palace(before: TajMahalView, after: TajMahalView) -> TajMahalView | None:
    # a palace that links provinces: someone scores 3 or more for palaces at once
    for b, a in zip(before.players, after.players, strict=True):
        if a.points.get("palaces", 0) - b.points.get("palaces", 0) >= 3:
            return after
    return None


def _withdrawal(before: TajMahalView, after: TajMahalView) -> TajMahalView | None:
    return after if len(after.withdrawn) == len(before.withdrawn) + 1 and after.visit >= 6 else None


def _new_visit(before: TajMahalView, after: TajMahalView) -> TajMahalView | None:
    return after if after.visit == before.visit + 1 and after.visit >= 7 else None


MOMENTS: Mapping[str, Moment] = {
    "contest": _contest, "palace-chain": _palace, "withdrawal": _withdrawal, "new-visit": _new_visit,
}
