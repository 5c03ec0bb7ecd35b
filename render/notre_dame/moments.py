"""Telling moments of a match, for `python -m render sample notre-dame`: each takes the public view before and
after a step and returns the view worth drawing, or None."""

from __future__ import annotations

from collections.abc import Mapping

from engine.notre_dame.view import NotreDameView
from render import Moment


def _draft(before: NotreDameView, after: NotreDameView) -> NotreDameView | None:
    # somebody has chosen and the others are still choosing, in the second period
    choosing = sum(p.choosing for p in after.players)
    return after if after.phase == "draft" and after.round >= 4 and 0 < choosing < after.seats else None


def _carriage(before: NotreDameView, after: NotreDameView) -> NotreDameView | None:
    taken = sum(len(p.messages) for p in after.players) > sum(len(p.messages) for p in before.players)
    return after if taken and after.round >= 4 else None


def _persons(before: NotreDameView, after: NotreDameView) -> NotreDameView | None:
    paid = sum(len(x.paid_by) for x in after.persons) > sum(len(x.paid_by) for x in before.persons)
    return after if paid and after.round >= 6 else None


def _end_of_period(before: NotreDameView, after: NotreDameView) -> NotreDameView | None:
    return after if after.round == before.round + 1 and before.round % 3 == 0 else None


MOMENTS: Mapping[str, Moment] = {
    "draft": _draft, "carriage": _carriage, "persons": _persons, "end-of-period": _end_of_period,
}
