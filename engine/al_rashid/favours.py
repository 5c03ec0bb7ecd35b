"""The guild leaders' favours ("Favore del Capo Corporazione"), bought in a guild palace or borrowed for
free through the Impostor."""

from __future__ import annotations

from engine.core.errors import Illegal
from engine.core.flow import later, replace, task
from engine.core.game import Action

from . import words as w
from .board import can_draw, draw_mercenary, give_tile
from .flow import A, Ctx, Step
from .rules import BORROWABLE, favour_refusal
from .state import Family, State
from .vocab import GOODS, MERCENARY_COLOURS


def favour_detail_candidates(s: State, seat: int, guild: str | None) -> list[Action]:
    """The General trades a good for a mercenary tile; the Vizier swaps a good for another."""
    have = s.families[seat].goods
    if guild == "military":
        return [A("trade", g, c) for g in GOODS if have.get(g) for c in MERCENARY_COLOURS]
    return [A("swap", g, h) for g in GOODS if have.get(g) for h in GOODS if h != g]


def favour_detail_options(s: State, seat: int, guild: str | None) -> list[Action]:
    """The candidates `favour_detail_refusal` lets through, at once: they give a good the family holds, and a swap
    takes another good; a trade takes a colour whose tiles are not all gone."""
    candidates = favour_detail_candidates(s, seat, guild)
    if guild == "military":
        drawable = {colour for colour in MERCENARY_COLOURS if can_draw(s, colour)}
        return [a for a in candidates if a.args[1] in drawable]
    return candidates


def favour_detail_refusal(s: State, seat: int, a: Action) -> None:
    if not s.families[seat].goods.get(a.args[0]):
        raise Illegal("al_rashid.illegal.no_more_of", good=w.good(a.args[0]))
    if a.verb == "trade" and not can_draw(s, a.args[1]):
        raise Illegal("al_rashid.illegal.pile_empty", colour=w.mercenary(a.args[1]))
    if a.verb == "swap" and a.args[0] == a.args[1]:
        raise Illegal("al_rashid.illegal.same_good")


def do_favour(c: Ctx, seat: int, guild: str, give: str | None, take: str | None) -> None:
    """A guild leader's favour, paid for already (or free, through the Impostor)."""
    family = c.s.family(seat)
    c.emit(f"favour_{guild}", player=c.who(seat), given=w.good(give) if give else "",
           taken=w.good(take) if take and guild == "merchant" else "")
    if guild == "military":  # the General: a good for a mercenary of the chosen colour
        assert give is not None and take is not None
        family.goods[give] -= 1
        value = draw_mercenary(c.s, take)
        assert value is not None  # refused when the pile and its discards are empty
        give_tile(family, take, value)
        c.emit("drew_private", audience=seat, reveals=True, colour=w.mercenary(take), value=value)
    elif guild == "merchant":  # the Vizier: swap a good for another
        assert give is not None and take is not None
        swap_goods(family, give, take)
    elif guild == "culture":  # the Court Sage: a credit note
        family.notes += 1
    elif guild == "politics":  # the Qadi: political influence
        family.influence += 1


def swap_goods(family: Family, give: str, take: str) -> None:
    family.goods[give] -= 1
    family.goods[take] = family.goods.get(take, 0) + 1


@task
class Impostor(Step):
    """Impostor: two different guild leaders' favours for free (not the Caliph's Favourite)."""

    kind = "impostor"
    stage: str                        # "choose" a favour, or its "detail"
    done: tuple[str, ...]             # the favours already had
    guild: str | None = later()       # the favour whose detail is asked

    def candidates(self, s: State) -> list[Action]:
        if self.stage == "choose":
            return [A("favour", g) for g in BORROWABLE]
        return favour_detail_candidates(s, self.seat, self.guild)

    def refuse(self, s: State, a: Action) -> None:
        if a.verb == "favour":
            if a.args[0] in self.done:
                raise Illegal("al_rashid.illegal.favour_twice")
            favour_refusal(s, self.seat, a.args[0])
        else:
            favour_detail_refusal(s, self.seat, a)

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "favour" and a.args[0] in ("military", "merchant"):
            c.replace(replace(self, stage="detail", guild=a.args[0]))
            return
        guild = a.args[0] if a.verb == "favour" else self.guild
        assert guild is not None
        give, take = (None, None) if a.verb == "favour" else (a.args[0], a.args[1])
        done = (*self.done, guild)
        if len(done) == 2:
            c.pop()
        else:
            c.replace(Impostor(seat=self.seat, stage="choose", done=done))
        do_favour(c, self.seat, guild, give, take)
        c.touch(f"family:{self.seat}")
