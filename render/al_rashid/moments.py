"""Telling moments of a match, for `python -m render sample al-rashid`: each takes the public view before
and after a step and returns the view worth drawing, or None."""

from __future__ import annotations

from collections.abc import Mapping

from engine.al_rashid.view import AlRashidView
from render import Moment


def _fighting(view: AlRashidView) -> bool:
    return view.resolution is not None and view.resolution.stage == "battle"


def _placement(before: AlRashidView, after: AlRashidView) -> AlRashidView | None:
    # the board full of pieces: the last placement step of the third turn, when families have grown
    return before if before.phase == "placement" and after.phase != "placement" and before.turn == 3 else None


def _mid_resolution(before: AlRashidView, after: AlRashidView) -> AlRashidView | None:
    done = sum(area.resolved for area in after.areas)
    return after if after.phase == "resolution" and after.turn >= 3 and done >= 4 else None


def _battle(before: AlRashidView, after: AlRashidView) -> AlRashidView | None:
    return after if _fighting(after) else None


def _after_battle(before: AlRashidView, after: AlRashidView) -> AlRashidView | None:
    return after if _fighting(before) and not _fighting(after) else None


def _end_of_turn(before: AlRashidView, after: AlRashidView) -> AlRashidView | None:
    return after if after.turn == before.turn + 1 else None


MOMENTS: Mapping[str, Moment] = {
    "placement": _placement, "mid-resolution": _mid_resolution, "battle": _battle,
    "after-battle": _after_battle, "end-of-turn": _end_of_turn,
}
