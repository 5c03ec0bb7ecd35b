"""Placement ("Fase di Piazzamento"): one piece a round, and the Diplomat's piece set aside for last."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import filterfalse
from typing import Any

from engine.core.flow import later, replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .board import add_piece, placement_refusal, refused_areas
from .flow import A, Ctx, Step
from .state import State
from .vocab import AREAS, PIECES


@task
class Hold(Step):
    """Diplomat: set aside a Merchant or a Pasha to place after everyone else."""

    kind = "hold"

    def candidates(self, s: State) -> list[Action]:
        return [A("hold", "pasha"), A("hold", "merchant"), A("hold", "none")]

    def problem(self, s: State, a: Action) -> str | None:
        if a.args[0] != "none" and not s.families[self.seat].reserve[a.args[0]]:
            return "al_rashid.illegal.no_piece"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"piece": w.piece(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        if a.args[0] == "none":
            return
        family = c.s.family(self.seat)
        family.reserve[a.args[0]] -= 1
        family.held = a.args[0]
        c.emit("held", player=c.who(self.seat), piece=w.piece(a.args[0]))
        c.touch(f"family:{self.seat}")


@task
class Place(Step):
    """Place one piece: first which piece (when there is a choice), then where."""

    kind = "place"
    piece: str | None                  # None: which piece is still to choose
    chosen: bool | None = later()      # the player chose the piece (and may go back on it)
    held: bool | None = later()        # the piece set aside on the Diplomat

    def candidates(self, s: State) -> Sequence[Action]:
        if self.piece is None:
            return WHICH_PIECE
        return PLACE_OR_BACK if self.chosen else PLACE

    def options(self, s: State) -> list[Action]:
        # `problem` for every candidate at once.
        if self.piece is None:
            reserve = s.families[self.seat].reserve
            return [a for a in WHICH_PIECE if reserve[a.args[0]]]
        refused = refused_areas(s, self.seat, self.piece)
        out = list(map(PLACE_AT.__getitem__, filterfalse(refused.__contains__, AREAS)))  # in C: on every placement
        return [*out, BACK] if self.chosen else out

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "piece":
            return None if s.families[self.seat].reserve[a.args[0]] else "al_rashid.illegal.no_piece"
        if a.verb == "place":
            assert self.piece is not None
            return placement_refusal(s, a.args[0], self.seat, self.piece)
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if a.verb == "piece":
            return {"piece": w.piece(a.args[0])}
        return {"piece": w.piece(self.piece or ""), **w.at(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "piece":
            c.replace(replace(self, piece=a.args[0], chosen=True))
        elif a.verb == "back":
            c.replace(replace(self, piece=None, chosen=False))
        else:
            family, piece, area = c.s.family(self.seat), self.piece, a.args[0]
            assert piece is not None
            if self.held:
                family.held = None
            else:
                family.reserve[piece] -= 1
            add_piece(c.s, area, self.seat, piece)
            c.pop()
            c.emit("placed", player=c.who(self.seat), piece=w.piece(piece), **w.at(area))
            c.touch(area, f"family:{self.seat}")

    def question(self, s: State) -> Message:
        if self.piece is None:
            return Message("al_rashid.ask.place.piece", self.question_params(s))
        return Message("al_rashid.ask.place.area", {**self.question_params(s), "piece": w.piece(self.piece)})


WHICH_PIECE = tuple(A("piece", p) for p in PIECES)
PLACE_AT = {area: A("place", area) for area in AREAS}
PLACE = tuple(PLACE_AT.values())
BACK = A("back")
PLACE_OR_BACK = (*PLACE, BACK)


def place_task(s: State, seat: int, held: str | None = None) -> Place:
    if held:
        return Place(seat=seat, piece=held, held=True)
    kinds = [p for p in PIECES if s.families[seat].reserve[p]]
    return Place(seat=seat, piece=kinds[0] if len(kinds) == 1 else None)
