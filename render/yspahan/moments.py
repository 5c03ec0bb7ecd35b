"""Telling moments of a match, for `python -m render sample yspahan`: each takes the public view before and
after a step and returns the view worth drawing, or None."""

from __future__ import annotations

from collections.abc import Mapping

from engine.yspahan.view import YspahanView
from render import Moment


def _stage(view: YspahanView) -> str | None:
    return view.current.stage if view.current else None


def _rolled(before: YspahanView, after: YspahanView) -> YspahanView | None:
    # the tower just filled, with yellow dice, in the second week
    return after if before.phase == "roll" and after.phase == "actions" and after.week == 2 \
        and any(g is not None and g.yellow for g in after.tower) else None


def _placing(before: YspahanView, after: YspahanView) -> YspahanView | None:
    return after if _stage(after) == "place" and after.week >= 2 else None


def _moving(before: YspahanView, after: YspahanView) -> YspahanView | None:
    return after if "road" in after.last_changed and len(after.caravan) > len(before.caravan) else None


def _week_end(before: YspahanView, after: YspahanView) -> YspahanView | None:
    return before if after.week == before.week + 1 else None


def _building(before: YspahanView, after: YspahanView) -> YspahanView | None:
    built = sum(len(p.buildings) for p in after.players) > sum(len(p.buildings) for p in before.players)
    return after if built and after.week == 3 else None


MOMENTS: Mapping[str, Moment] = {
    "rolled": _rolled, "placing": _placing, "supervisor": _moving, "week-end": _week_end, "building": _building,
}
