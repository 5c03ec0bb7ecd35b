"""A player's turn (004, "II – Azioni del giocatore"): take a group of dice from the tower (`Choose`), say what
it is for (`Use`: the slot's own action, the same with a card discarded for one more die, the supervisor or a
card), place its cubes (`Place`), then build at most one building and end the turn (`After`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.flow import task
from engine.core.game import Action, Picks
from engine.core.messages import Message

from . import words as w
from .building import commit, group_on
from .card_play import Play, cards_problem
from .cards import can_draw, discard, draw_card
from .city import CITY, RULES, any_free_shop, put_cube, reserve_shops, shop_params, shop_problem, souk_owner
from .flow import A, CardStep, Ctx, Step
from .state import State
from .supervisor import Move
from .vocab import CAMEL, CARDS, GOLD, HOIST, MARKET, PEN, QUARTERS, SLOTS

# The candidates never change: listed once.
TAKE = tuple(A("take", slot) for slot in SLOTS)
CHOOSE = (*TAKE, A("cards"))
USE = (A("action"), A("boost"), A("supervisor"), A("draw"), A("back"))
BOOST = (*(A("discard", card) for card in CARDS), A("back"))
PLACE = {q: tuple(A("shop", shop) for souk in CITY.quarter_souks(q) for shop in souk.shops) for q in QUARTERS}


def dice_for(s: State, seat: int, slot: str, extra: int) -> int:
    """What the slot's action gives: one per die, +1 die for a discarded card, + the building's bonus."""
    player = s.players[seat]
    bonus = {CAMEL: RULES.pen_camels if player.owns(PEN) else 0,
             GOLD: RULES.market_gold if player.owns(MARKET) else 0}.get(slot, RULES.hoist_cubes if player.owns(HOIST) else 0)
    return group_on(s, slot).dice + extra + bonus


@task
class Choose(Step):
    """Take one group of dice from the tower (or play cards first)."""

    kind = "choose"

    def candidates(self, s: State) -> Sequence[Action]:
        return CHOOSE

    def options(self, s: State) -> list[Action]:
        # `problem`'s rules at once: the slots that hold a group (the tower is in the order of SLOTS), then cards.
        out = [take for take, group in zip(TAKE, s.tower, strict=True) if group is not None]
        return out + [CHOOSE[-1]] if cards_problem(s, self.seat) is None else out

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "take":
            return "yspahan.illegal.slot_empty" if s.tower[SLOTS.index(a.args[0])] is None else None
        return cards_problem(s, self.seat)

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"slot": w.slot(a.args[0])} if a.verb == "take" else {}

    def do(self, c: Ctx, a: Action) -> None:
        c.push(Play(seat=self.seat) if a.verb == "cards" else Use(seat=self.seat, slot=a.args[0]))

    def label(self, s: State, a: Action) -> Message | None:
        if a.verb != "take":
            return None
        group = group_on(s, a.args[0])
        return Message("yspahan.act.take", {"slot": w.slot(a.args[0]), "dice": w.count("die", group.dice),
                                             "value": group.value})


def slot_action(c: Ctx, seat: int, slot: str, extra: int) -> None:
    """The slot's own action with the group's dice (004, "Prendere Cammelli", "Prendere Oro", "Rifornire")."""
    player = c.s.player(seat)
    n = dice_for(c.s, seat, slot, extra)
    commit(c, seat, slot)
    if slot == CAMEL:
        player.camels += n
        c.emit("took_camels", player=c.who(seat), camels=w.count("camel", n))
    elif slot == GOLD:
        player.gold += n
        c.emit("took_gold", player=c.who(seat), gold=w.count("gold", n))
    else:
        c.emit("supplies", player=c.who(seat), cubes=w.count("cube", n), **w.at_quarter(slot))
        c.push(Place(seat=seat, quarter=slot, n=n))
    c.touch(f"player:{seat}")


@task
class Use(Step):
    """What the group is for: the slot's action (optionally +1 die for a card), the supervisor, or a card."""

    kind = "use"
    slot: str

    def candidates(self, s: State) -> Sequence[Action]:
        return USE

    def options(self, s: State) -> list[Action]:
        # `problem`'s rules with the slot's action vetted once: a boost is that action with a card more, and the
        # supervisor and going back are always allowed.
        action, boost, supervisor, draw, back = USE
        out = []
        if self.problem(s, action) is None:
            out = [action, boost] if s.players[self.seat].cards else [action]
        out.append(supervisor)
        if self.problem(s, draw) is None:
            out.append(draw)
        out.append(back)
        return out

    def problem(self, s: State, a: Action) -> str | None:
        player = s.players[self.seat]
        if a.verb in ("action", "boost") and self.slot in QUARTERS:
            if not player.cubes:
                return "yspahan.illegal.no_cube_left"
            if not any_free_shop(s.shops, self.seat, self.slot):
                return "yspahan.illegal.no_free_shop"
        if a.verb == "boost" and not player.cards:
            return "yspahan.illegal.no_card_to_discard"
        if a.verb == "draw" and not can_draw(s.deck, s.discards):
            return "yspahan.illegal.no_cards_left"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return w.at_quarter(self.slot) if problem == "yspahan.illegal.no_free_shop" else {}

    def do(self, c: Ctx, a: Action) -> None:
        seat, slot = self.seat, self.slot
        if a.verb == "back":
            c.pop()
        elif a.verb == "action":
            slot_action(c, seat, slot, 0)
        elif a.verb == "boost":
            c.push(Boost(seat=seat, slot=slot))
        elif a.verb == "supervisor":
            c.push(Move(seat=seat, slot=slot, value=group_on(c.s, slot).value))
        else:
            commit(c, seat, slot)
            c.emit("group_for_card", player=c.who(seat), slot=w.slot(slot))
            draw_card(c, seat, w.word("action"))

    def question_params(self, s: State) -> dict[str, Any]:
        group = group_on(s, self.slot)
        return {**super().question_params(s), "slot": w.slot(self.slot), "dice": w.count("die", group.dice),
                "value": group.value}

    def label(self, s: State, a: Action) -> Message | None:
        if a.verb in ("action", "boost"):
            kind = self.slot if self.slot in (CAMEL, GOLD) else "cubes"
            n = dice_for(s, self.seat, self.slot, a.verb == "boost")
            what = w.count({CAMEL: "camel", GOLD: "gold"}.get(self.slot, "cube"), n)
            where = w.at_quarter(self.slot) if self.slot in QUARTERS else {}
            return Message(f"yspahan.act.{a.verb}.{kind}", {"what": what, **where})
        if a.verb == "supervisor":
            return Message("yspahan.act.supervisor", {"value": group_on(s, self.slot).value})
        return None


@task
class Boost(CardStep):
    """Which card to discard for one more die (004, "Carte": "una ed una carta soltanto")."""

    kind = "boost"
    slot: str

    def candidates(self, s: State) -> Sequence[Action]:
        return BOOST

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb == "discard" and a.args[0] not in s.players[self.seat].cards:
            return "yspahan.illegal.not_in_hand"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"card": w.card(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "back":
            c.pop()
            return
        discard(c, self.seat, a.args[0])
        c.emit("boosted", player=c.who(self.seat), card=w.card(a.args[0]))
        slot_action(c, self.seat, self.slot, 1)


@task
class Place(Step):
    """Put the group's cubes one by one in shops of the quarter; what cannot be placed is lost."""

    kind = "place"
    quarter: str
    n: int

    def candidates(self, s: State) -> Sequence[Action]:
        return PLACE[self.quarter]

    def options(self, s: State) -> list[Action]:
        # The same as vetting every shop (`problem`), souk by souk.
        return [A("shop", shop) for shop in reserve_shops(s, self.seat, self.quarter)]

    def problem(self, s: State, a: Action) -> str | None:
        return shop_problem(s, self.seat, a.args[0])

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return shop_params(a.args[0])

    def picks(self, s: State) -> Picks | None:
        """All the cubes at once: every empty shop of a souk free or the player's own (a souk started is
        finished before another is begun, which the order of the steps sees to)."""
        most = min(self.n, s.players[self.seat].cubes)
        shops = [A("shop", shop) for souk in CITY.quarter_souks(self.quarter)
                 if souk_owner(s.shops, souk.id) in (None, self.seat) for shop in souk.shops if shop not in s.shops]
        return Picks(tuple((a, 1) for a in shops), most) if most > 1 and len(shops) > 1 else None

    def do(self, c: Ctx, a: Action) -> None:
        put_cube(c, self.seat, a.args[0])
        c.count_down(self)

    def on_empty(self, c: Ctx) -> None:
        # "i cubi in eccesso sono persi (ossia, tornano nella riserva personale del giocatore)"
        c.emit("cubes_lost", player=c.who(self.seat), cubes=w.count("cube", self.n), **w.at_quarter(self.quarter))
        c.pop()

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "n": self.n, **w.at_quarter(self.quarter)}
