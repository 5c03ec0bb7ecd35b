"""Yspahan's side of the shared turn flow: the context of a step and the base of every question.

Every decision is a small step (`engine.core.flow`); the steps live by concept in `day` (the roll and the
flow of days and weeks), `turn` (a player's group, cubes and building), `supervisor` (moving it and shipping
cubes) and `card_play` (the card menu).
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
from .state import State

A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects


class Ctx(TableCtx[State]):
    """A step in progress: public events also go to the table's recent log; `touch` marks what changed."""

    event_prefix = "yspahan.ev."

    def who(self, seat: int) -> dict[str, Any]:
        return w.player(self.s, seat)


@task
class Step(Ask[State, Ctx]):
    """A Yspahan question. Its words are `yspahan.ask.<kind>` with `question_params`."""

    def question(self, s: State) -> Message:
        return Message(f"yspahan.ask.{self.kind}", self.question_params(s))

    def question_params(self, s: State) -> dict[str, Any]:
        return {"player": w.player(s, self.seat)}

    def not_offered(self, s: State, a: Action) -> Illegal:
        return Illegal("yspahan.illegal.not_now", question=self.question(s).to_json())


@task
class CardStep(Step):
    """A step of playing a card: the others only read that a card is being played, not which."""

    def public_question(self, s: State) -> Message:
        return Message("yspahan.ask.play_public", {"player": w.player(s, self.seat)})


@task
class Driver(Drive[State, Ctx]):
    """A task that moves the match on by itself (shipping cubes to the caravan)."""
