"""The supervisor (004, "Muovere il Supervisore"): how far it goes, which way, and the cubes it sends to the
caravan — in the order the mover chooses, each owner first asked whether to pay a camel to keep theirs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.flow import later, replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .building import commit
from .caravan import load_cube
from .city import CITY, move_price, occupied_faces, squares_at, supervisor_moves
from .data import road_distance
from .flow import A, Ctx, Driver, Step
from .state import State
from .vocab import HAMMAM

FARTHEST = max(road_distance(a, b) for a in CITY.squares for b in CITY.squares)
DISTANCES = (*(A("distance", d) for d in range(FARTHEST + 1)), A("back"))


@task
class Move(Step):
    """Move the supervisor: first how far (the group's value, ±1 per gold paid, the Hammam's 3 free), then,
    when several squares are that far, which one."""

    kind = "move"
    slot: str
    value: int
    distance: int | None = later()

    def price(self, s: State, distance: int) -> int:
        return move_price(s.players[self.seat].owns(HAMMAM), self.value, distance)

    def candidates(self, s: State) -> Sequence[Action]:
        if self.distance is None:
            return DISTANCES
        return [*(A("to", square) for square in squares_at(s.supervisor, self.distance)), A("back")]

    def options(self, s: State) -> list[Action]:
        if self.distance is not None:
            return super().options(s)
        # `problem`'s rules at once: the distances the road offers from here that the player can pay for.
        return [*(DISTANCES[d] for d in supervisor_moves(s, self.seat, self.value)), DISTANCES[-1]]

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb != "distance":
            return None
        d = int(a.args[0])
        if not squares_at(s.supervisor, d):
            return "yspahan.illegal.road_too_short"
        return "yspahan.illegal.move_cost" if self.price(s, d) > s.players[self.seat].gold else None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        d = int(a.args[0])
        if problem == "yspahan.illegal.road_too_short":
            return {"squares": w.count("square", d), "square": w.square(s.supervisor)}
        price = self.price(s, d)
        return {"squares": w.count("square", d), "value": self.value,
                "cost": w.count("gold", price) if price else w.word("free"), "have": w.count("gold", s.players[self.seat].gold)}

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "back":
            if self.distance is None:
                c.pop()
            else:
                c.replace(replace(self, distance=None))
        elif a.verb == "to":
            assert self.distance is not None
            self.go(c, self.distance, a.args[0])
        else:
            squares = squares_at(c.s.supervisor, int(a.args[0]))
            if len(squares) > 1:
                c.replace(replace(self, distance=int(a.args[0])))
            else:
                self.go(c, int(a.args[0]), squares[0])

    def go(self, c: Ctx, distance: int, square: str) -> None:
        s, seat = c.s, self.seat
        price = self.price(s, distance)
        s.player(seat).gold -= price
        commit(c, seat, self.slot)
        start, s.supervisor = s.supervisor, square
        c.emit("moved", player=c.who(seat), squares=w.count("square", distance), origin=w.square(start),
               square=w.square(square), cost=w.count("gold", price) if price else w.word("free"))
        c.touch("road", f"player:{seat}")
        shops = occupied_faces(s, square)
        if len(shops) > 1:
            c.push(Order(seat=seat, shops=tuple(shops)))
        elif shops:
            c.push(Ship(shops=tuple(shops)))

    def question(self, s: State) -> Message:
        stage = "distance" if self.distance is None else "square"
        params = {**self.question_params(s), "value": self.value, "gold": w.count("gold", s.players[self.seat].gold),
                  "squares": w.count("square", self.distance or 0), "square": w.square(s.supervisor)}
        return Message(f"yspahan.ask.move.{stage}", params)

    def label(self, s: State, a: Action) -> Message | None:
        if a.verb == "distance":
            cost = self.price(s, int(a.args[0]))
            return Message("yspahan.act.distance." + ("paid" if cost else "free"),
                           {"squares": w.count("square", int(a.args[0])), "cost": w.count("gold", cost)})
        if a.verb == "to":
            cubes = [Message("yspahan.cube_in", {"player": w.player(s, s.shops[x]), "shop": w.shop(x)}).to_json()
                     for x in CITY.faces[a.args[0]] if x in s.shops]
            return Message("yspahan.act.to." + ("ship" if cubes else "empty"), {"square": w.square(a.args[0]), "cubes": cubes})
        return None


def can_keep(s: State, owner: int) -> bool:
    """A camel and a cube in reserve let a cube's owner keep it in its shop and send another instead."""
    player = s.players[owner]
    return player.camels > 0 and player.cubes > 0


def send_from_shop(c: Ctx, shop: str) -> None:
    owner = c.s.shops.pop(shop)
    c.emit("shipped", player=c.who(owner), shop=w.shop(shop))
    c.touch(f"shop:{shop}")
    load_cube(c, owner)


@task
class Ship(Driver):
    """Sends the cubes of these shops to the caravan in order; an owner who could keep theirs is asked first."""

    kind = "ship"
    shops: tuple[str, ...]

    def run(self, c: Ctx) -> None:
        if not self.shops:
            c.pop()
            return
        shop, *rest = self.shops
        c.replace(replace(self, shops=tuple(rest)))
        owner = c.s.shops[shop]
        if can_keep(c.s, owner):
            c.push(Keep(seat=owner, shop=shop))
        else:
            send_from_shop(c, shop)


@task
class Order(Step):
    """Two shops with cubes face the supervisor: the mover chooses which cube goes to the caravan first."""

    kind = "order"
    shops: tuple[str, ...]

    def candidates(self, s: State) -> list[Action]:
        return [A("first", shop) for shop in self.shops]

    def do(self, c: Ctx, a: Action) -> None:
        first = a.args[0]
        c.replace(Ship(shops=(first, *(x for x in self.shops if x != first))))

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "shops": [w.shop(x) for x in self.shops]}


@task
class Keep(Step):
    """The owner of a cube about to be sent may pay a camel to keep it and send one from their reserve."""

    kind = "keep"
    shop: str

    def candidates(self, s: State) -> list[Action]:
        return [A("keep"), A("send")]

    def do(self, c: Ctx, a: Action) -> None:
        c.pop()
        if a.verb == "send":
            send_from_shop(c, self.shop)
            return
        player = c.s.player(self.seat)
        player.camels -= 1
        player.cubes -= 1
        c.emit("kept", player=c.who(self.seat), shop=w.shop(self.shop))
        c.touch(f"player:{self.seat}")
        load_cube(c, self.seat)

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "shop": w.shop(self.shop), "camels": w.count("camel", s.players[self.seat].camels)}
