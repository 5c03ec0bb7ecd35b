"""Phase 5, the plague (002, "La pestilenza")."""

from __future__ import annotations

from typing import Any

from engine.core.flow import task
from engine.core.game import Action
from engine.core.messages import Message

from . import rules as r
from . import words as w
from .data import load
from .flow import A, Ctx, Step
from .state import State
from .vocab import SECTORS

RULES = load().rules


def plague(c: Ctx) -> None:
    """Every player's rats move by the round's plague less their Hospital; past 9 the player stays at 9, returns
    2 prestige and loses a cube from their fullest building."""
    s = c.s
    c.emit("plague", n=r.plague_strength(s))
    for seat in s.order():
        before, after, struck = r.move_rats(s, seat)
        if after != before:
            c.emit("rats", player=c.who(seat), origin=before, n=after)
        elif not struck:  # held back by the Hospital or the Doctor
            c.emit("rats_stay", player=c.who(seat), n=after)
        c.touch(f"player:{seat}")
        if not struck:
            continue
        lost = r.lose_prestige(s, seat, RULES.plague_prestige)
        c.emit("struck", player=c.who(seat))
        if lost:
            c.emit("prestige_lost", audience=None if s.public_prestige else seat, player=c.who(seat), n=lost,
                   what=w.count("prestige", lost), total=s.player(seat).prestige)
        choices = r.fullest(s.player(seat))
        if len(choices) == 1:
            lose_cube(c, seat, choices[0])
        elif choices:
            c.push(Lose(seat=seat))


def lose_cube(c: Ctx, seat: int, sector: str) -> None:
    r.lose_cube(c.s, seat, sector)
    c.emit("lost_cube", player=c.who(seat), origin=w.from_sector(sector))
    c.touch(f"quarter:{seat}")


@task
class Lose(Step):
    """Struck by the plague with several buildings equally full: choose which loses a cube."""

    kind = "lose"

    def candidates(self, s: State) -> list[Action]:
        return [A("lose", x) for x in SECTORS]

    def problem(self, s: State, a: Action) -> str | None:
        return None if a.args[0] in r.fullest(s.players[self.seat]) else "notre_dame.illegal.not_fullest"

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"where": w.in_sector(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        lose_cube(c, self.seat, a.args[0])

    def question(self, s: State) -> Message:
        return Message("notre_dame.ask.lose", {"player": w.player(s, self.seat)})
