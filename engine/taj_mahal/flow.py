"""Taj Mahal's side of the shared turn flow: the context of a step and the base of every question.

Every decision is a small step (`engine.core.flow`): playing cards in `turn`, withdrawing and what follows it in
`withdrawal`, the visits and the dummy players in `visit`.
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
from .board import Board, board
from .rng import shuffled
from .state import Player, State

A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects


class Ctx(TableCtx[State]):
    """A step in progress; `touch` marks the cities (`city:<id>`), players (`player:<index>`), the display and
    the court it changed."""

    event_prefix = "taj_mahal.ev."

    @property
    def board(self) -> Board:
        return board(self.s.provinces)  # cached: made once per map

    def who(self, index: int) -> dict[str, Any]:
        return w.player(self.s, index)

    def draw(self) -> str | None:
        """The top card of the deck; an empty deck is first made again from the discards, shuffled ("quando il
        mazzo finisce, mescolate bene la pila degli scarti"). None when no card is left anywhere."""
        s = self.s
        if not s.deck and s.discard:
            s.rng, s.deck = shuffled(s.rng, sorted(s.discard))
            s.discard = []
            self.emit("reshuffled", reveals=True, n=len(s.deck))
        return s.deck.pop() if s.deck else None


@task
class Step(Ask[State, Ctx]):
    """A Taj Mahal question. Its words are `taj_mahal.ask.<kind>` with the player and the province."""

    def me(self, s: State) -> Player:
        """The asked player (in a step being carried out, the step's own copy, which it may change)."""
        return s.player(s.of_seat(self.seat).index)

    def question(self, s: State) -> Message:
        return Message(f"taj_mahal.ask.{self.kind}", self.question_params(s))

    def question_params(self, s: State) -> dict[str, Any]:
        params: dict[str, Any] = {"player": w.player(s, s.of_seat(self.seat).index), "province": w.province(s.province())}
        n = getattr(self, "n", None)
        if n is not None:
            params["n"] = n
        return params

    def not_offered(self, s: State, a: Action) -> Illegal:
        """A move the question does not list: the rule it breaks (a card not held, a city elsewhere...), or
        else the question again. Options list only what might be allowed, so that listing them stays quick."""
        return self.why_not(s, a) or Illegal("taj_mahal.illegal.not_now", question=self.question(s).to_json())

    def why_not(self, s: State, a: Action) -> Illegal | None:
        return None


@task
class Driver(Drive[State, Ctx]):
    """Work the game does by itself (scoring a withdrawal)."""
