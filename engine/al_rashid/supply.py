"""Drawing mercenary tiles and taking goods from the supply, as services, favours and charges grant them."""

from __future__ import annotations

from engine.core.errors import Illegal
from engine.core.flow import later, task
from engine.core.game import Action, Picks

from . import words as w
from .board import can_draw, draw_mercenary, give_tile
from .flow import A, Ctx, Step
from .state import State
from .vocab import GOODS, MERCENARY_COLOURS


@task
class Draw(Step):
    """Draw `n` mercenary tiles, each from the pile of the player's choice."""

    kind = "draw"
    n: int

    def candidates(self, s: State) -> list[Action]:
        return [A("draw", c) for c in MERCENARY_COLOURS]

    def refuse(self, s: State, a: Action) -> None:
        if not can_draw(s, a.args[0]):
            raise Illegal("al_rashid.illegal.pile_empty", colour=w.mercenary(a.args[0]))

    def do(self, c: Ctx, a: Action) -> None:
        colour = a.args[0]
        value = draw_mercenary(c.s, colour)
        assert value is not None  # refused when the colour has no tile left
        give_tile(c.s.family(self.seat), colour, value)
        c.emit("drew", player=c.who(self.seat), colour=w.mercenary(colour), reveals=True)
        c.emit("drew_private", audience=self.seat, reveals=True, colour=w.mercenary(colour), value=value)
        c.touch(f"family:{self.seat}")
        c.count_down(self)


@task
class TakeGoods(Step):
    """Take `n` goods of the player's choice from the supply (benevolence, Quartermaster, Raider)."""

    kind = "goods"
    n: int
    allowed: tuple[str, ...] | None = later()   # only these goods (the Raider: what the territory produces)
    reason: str | None = later()

    def candidates(self, s: State) -> list[Action]:
        allowed = GOODS if self.allowed is None else self.allowed
        return [A("good", g) for g in GOODS if g in allowed]

    def picks(self, s: State) -> Picks | None:
        """All the goods in one go, any of them as often as there are goods to take."""
        return Picks(tuple((a, self.n) for a in self.candidates(s)), self.n) if self.n > 1 else None

    def do(self, c: Ctx, a: Action) -> None:
        family = c.s.family(self.seat)
        family.goods[a.args[0]] = family.goods.get(a.args[0], 0) + 1
        c.emit("took_good", player=c.who(self.seat), good=w.good(a.args[0]))
        c.touch(f"family:{self.seat}")
        c.count_down(self)
