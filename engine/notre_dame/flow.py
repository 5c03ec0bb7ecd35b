"""Notre Dame's side of the shared turn flow (`engine.core.flow`): the context of a step, the base of every
question, and the gains every step tells the players about.

The steps live by phase: `draft` (phase 2), `actions` (phase 3, the nine cards), `persons` (phase 4), `plague`
(phase 5); `round` drives the phases and closes rounds and periods.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.errors import Illegal
from engine.core.flow import Ask, task
from engine.core.game import Action
from engine.core.messages import Message
from engine.core.table import TableCtx

from . import rules as r
from . import words as w
from .state import State
from .vocab import COIN, CUBE

A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects


class Ctx(TableCtx[State]):
    """A step in progress: public events also go to the table's recent log; `touch` marks what changed."""

    event_prefix = "notre_dame.ev."

    def who(self, seat: int) -> dict[str, Any]:
        return w.player(self.s, seat)

    # ---- gains, told to the players ----------------------------------------------------------------
    def award(self, seat: int, base: int, source: str) -> int:
        """Book prestige with the Park's bonus and tell it: to everybody at a table with public prestige, else
        only to its owner (002, "Residenza": "i punti prestigio non devono rimanere visibili a tutti")."""
        gained = r.gain_prestige(self.s, seat, base, source)
        if gained:
            self.emit("prestige", audience=None if self.s.public_prestige else seat, player=self.who(seat),
                      n=gained, what=w.count("prestige", gained), bonus=gained - base,
                      park=Message("notre_dame.ev.park_bonus", {"bonus": gained - base}).to_json()
                      if gained > base else "", total=self.s.player(seat).prestige)
        return gained

    def give(self, seat: int, what: str, n: int = 1) -> None:
        """A coin, a cube from the general supply or the rats back, `n` times as far as the supplies go."""
        s = self.s
        if what == COIN:
            sources = r.gain_coins(s, seat, n)
            taken = [x for x in sources if x is not None]
            if len(sources) > len(taken):
                self.emit("coins", player=self.who(seat), what=w.count(COIN, len(sources) - len(taken)))
            for other in sorted(set(taken)):
                self.emit("coins_from", player=self.who(seat), what=w.count(COIN, taken.count(other)),
                          other=self.who(other))
            if len(sources) < n:
                self.emit("no_coins_left", player=self.who(seat), what=w.count(COIN, n - len(sources)))
        elif what == CUBE:
            got = r.gain_cubes(s, seat, n)
            self.emit("cubes" if got else "no_cubes_left", player=self.who(seat), what=w.count(CUBE, got or n))
        elif r.rat_back(s, seat, n):
            self.emit("rats_back", player=self.who(seat), n=s.player(seat).rats)
        self.touch(f"player:{seat}")


@task
class Step(Ask[State, Ctx]):
    """A Notre Dame question; an action it does not offer is refused repeating the question."""

    def not_offered(self, s: State, a: Action) -> Illegal:
        return Illegal("notre_dame.illegal.not_now", question=self.question(s).to_json())
