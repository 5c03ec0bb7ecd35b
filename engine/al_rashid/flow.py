"""Al-Rashid's side of the shared turn flow: the context of a step and the base of every question.

Every decision is a small step (`engine.core.flow`): the steps themselves live by concept in `supply`,
`placement`, `palaces`, `charges`, `favours`, `territories` and `resolution`; `turn` drives the phases.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.errors import Illegal
from engine.core.flow import Ask, Drive, task
from engine.core.game import Action
from engine.core.messages import Message
from engine.core.table import TableCtx

from . import words as w
from .board import return_pieces
from .state import State

A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects


class Ctx(TableCtx[State]):
    """A step in progress; `touch` marks the areas and families (`family:<seat>`) it changed."""

    event_prefix = "al_rashid.ev."

    def who(self, seat: int) -> dict[str, Any]:
        return w.player(self.s, seat)


@task
class Step(Ask[State, Ctx]):
    """An Al-Rashid question. Its words are `al_rashid.ask.<kind>[.<stage>]` with the task's details."""

    def question(self, s: State) -> Message:
        stage = getattr(self, "stage", None)
        return Message(f"al_rashid.ask.{self.kind}" + (f".{stage}" if stage else ""), self.question_params(s))

    def question_params(self, s: State) -> dict[str, Any]:
        params: dict[str, Any] = {"player": w.player(s, self.seat)}
        area = getattr(self, "area", None)
        if area is not None:
            params.update(w.at(area))
        for name in ("n", "cost"):
            value = getattr(self, name, None)
            if value is not None:
                params[name] = value
        return params

    def not_offered(self, s: State, a: Action) -> Illegal:
        return Illegal("al_rashid.illegal.not_now", question=self.question(s).to_json())


@task
class Driver(Drive[State, Ctx]):
    """A task that moves the match on by itself (resolving an area)."""


def look(c: Ctx, seat: int, territory: str) -> None:
    """`seat` looks at the mercenary tiles on a territory (the spies' service, the Negotiator): the others are told
    that it looked, and it alone sees the values."""
    tiles = tuple(x.seen(seat) for x in c.s.mercenaries[territory])
    c.s.mercenaries = {**c.s.mercenaries, territory: tiles}  # replaced, not changed: earlier states share it
    c.emit("looked", player=c.who(seat), **w.at(territory), reveals=True)
    c.emit("looked_private", audience=seat, reveals=True, **w.at(territory), tiles=w.tiles(tiles))


def finish_area(c: Ctx, area: str) -> None:
    """An area is resolved: everyone's pieces go home and it is done for this turn."""
    return_pieces(c.s, area)
    c.s.resolved = [*c.s.resolved, area]
    c.touch(area)
