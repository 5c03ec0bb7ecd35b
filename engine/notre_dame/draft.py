"""Phase 2, the draft (002, "Fase 2: Scelta delle carte azione"): everybody keeps one of their own three cards and
passes two to the left, keeps one of the two received and passes the other on, and takes the last one passed.
Everybody chooses at the same time and in private; the cards pass when the last choice arrives."""

from __future__ import annotations

from engine.core.flow import Parallel, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .actions import Play
from .data import load
from .flow import A, Ctx, Step
from .setup import keep, pass_left
from .state import State, kind_of
from .vocab import ACTIONS

RULES = load().rules


@task
class Keep(Step):
    """Keep one card of those in front of you; only you see them and your choice."""

    kind = "keep"

    def candidates(self, s: State) -> list[Action]:
        return [A("keep", kind_of(x)) for x in s.players[self.seat].offer]

    def do(self, c: Ctx, a: Action) -> None:
        p = c.s.player(self.seat)
        stage = _stage(p.offer)
        keep(c.s, self.seat, next(x for x in p.offer if kind_of(x) == a.args[0]))
        c.pop()  # this seat has chosen: its branch is empty
        c.emit("kept", audience=self.seat, card=w.card(a.args[0]))
        c.emit(f"chose.{stage}", player=c.who(self.seat))
        c.touch(f"player:{self.seat}")

    def question(self, s: State) -> Message:
        offer = s.players[self.seat].offer
        return Message(f"notre_dame.ask.draft.{_stage(offer)}", {"player": w.player(s, self.seat),
                                                                 "cards": [w.card(kind_of(x)) for x in offer],
                                                                 "left": w.player(s, s.left_of(self.seat))})

    def public_question(self, s: State) -> Message:
        return Message("notre_dame.ask.draft_public", {"player": w.player(s, self.seat)})


def _stage(offer: list[str]) -> str:
    """Keeping one of one's own three cards, or one of the two received."""
    return "first" if len(offer) == RULES.cards_drawn else "second"


@task
class Draft(Parallel[State, Ctx]):
    """Everybody keeps a card at once (`stage` 1: of their own three, 2: of the two received); then the rest
    passes to the left, all together."""

    kind = "draft"
    stage: int

    @classmethod
    def start(cls, s: State, stage: int) -> Draft:
        return cls.of([Keep(seat=seat) for seat in s.order()], stage=stage)

    def join(self, c: Ctx) -> None:
        s = c.s
        pass_left(s)
        for p in s.players:
            got = p.offer if self.stage == 1 else p.hand[-1:]
            c.emit("received", audience=p.seat, reveals=True, cards=[w.card(kind_of(x)) for x in got],
                   player=c.who((p.seat - 1) % s.seats))
        if self.stage == 1:
            c.push(Draft.start(s, 2))
            return
        s.phase = ACTIONS
        c.emit("draft_done")
        order = s.order()
        c.push(*(Play(seat=seat, n=n) for n in (1, 2) for seat in order))
