"""Gaining a charge ("Cariche") and the one-off charges that act at once. The charges a player activates
during a resolution round are in `resolution`; the points of political charges in `scoring`."""

from __future__ import annotations

from engine.core.errors import Illegal
from engine.core.flow import Task, task
from engine.core.game import Action

from . import words as w
from .board import RULES, put_stack, stack_of
from .favours import Impostor
from .flow import A, Ctx, Step
from .rules import PIECE_LIMIT, piece_limit_words
from .state import State
from .supply import Draw, TakeGoods
from .vocab import AREAS, CALIPH


def gain_charge(c: Ctx, seat: int, charge: str, palace: str) -> list[Task]:
    """Take a charge; one-off charges act now (some ask further choices, returned as tasks)."""
    s = c.s
    family = s.family(seat)
    offered = list(s.charges[palace])
    offered.remove(charge)
    s.charges = {**s.charges, palace: tuple(offered)}
    family.charges.append(charge)
    c.emit("gained_charge", player=c.who(seat), charge=w.charge(charge))
    if charge in ("aide_to_the_qadi", "law_expert"):
        family.influence += 1
    elif charge == "enchanter":
        family.owned["merchant"] += 1
        family.reserve["merchant"] += 1
        family.dishonour += 1
    elif charge == "treasurer":
        family.notes += 1
    elif charge in ("silk_monopolist", "spice_monopolist"):
        mine, other = ("silk", "spice") if charge == "silk_monopolist" else ("spice", "silk")
        both = family.has("silk_monopolist") and family.has("spice_monopolist")
        family.goods[mine] = family.goods.get(mine, 0) + (3 if both else 1)
        if both:
            family.goods[other] = family.goods.get(other, 0) + 1
    elif charge == "astrologer":
        sages = family.owned["sage"]
        family.influence += 3 if sages >= 6 else 2 if sages >= 4 else 1 if sages >= 2 else 0
    elif charge == "agha":
        return [Draw(seat=seat, n=4)]
    elif charge == "quartermaster":
        return [TakeGoods(seat=seat, n=2)]
    elif charge == "alchemist":
        return [Alchemy(seat=seat)]
    elif charge == "impostor":
        return [Impostor(seat=seat, stage="choose", done=())]
    return []


@task
class Alchemy(Step):
    """Alchemist: you may turn one of your Sages into a Merchant, in reserve or on the board."""

    kind = "alchemy"

    def candidates(self, s: State) -> list[Action]:
        return [A("alchemy", "reserve")] + [A("alchemy", a) for a in AREAS] + [A("alchemy", "none")]

    def refuse(self, s: State, a: Action) -> None:
        where = a.args[0]
        family = s.family(self.seat)
        if where == "none":
            return
        if family.owned["merchant"] >= RULES.piece_limits["merchant"]:
            raise Illegal(PIECE_LIMIT, **piece_limit_words("merchant"))
        if where == "reserve":
            if not family.reserve["sage"]:
                raise Illegal("al_rashid.illegal.no_piece", piece=w.piece("sage"))
            return
        stack = stack_of(s, where, self.seat)
        if stack is None or not stack.sage or where in s.resolved:
            raise Illegal("al_rashid.illegal.no_piece_there", piece=w.piece("sage"), **w.at(where))
        if stack.pasha or stack.merchant:
            raise Illegal("al_rashid.illegal.one_leader", piece=w.piece("merchant"), **w.at(where))
        if where == CALIPH:
            raise Illegal("al_rashid.illegal.pasha_first", piece=w.piece("merchant"), **w.at(where))

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        where = a.args[0]
        if where == "none":
            return
        family = c.s.family(self.seat)
        family.owned["sage"] -= 1
        family.owned["merchant"] += 1
        if where == "reserve":
            family.reserve["sage"] -= 1
            family.reserve["merchant"] += 1
        else:
            stack = stack_of(c.s, where, self.seat)
            assert stack is not None
            put_stack(c.s, where, stack.plus("sage", -1).plus("merchant", 1))
            c.touch(where)
        c.emit("alchemy", player=c.who(self.seat),
               where=w.at(where)["where"] if where != "reserve" else w.word("in_reserve"))
