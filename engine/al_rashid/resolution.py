"""A player's move in a resolution round ("Fase di Risoluzione"): activate at most one charge, and resolve
one area of their choice. Resolving an area hands over to its driver in `palaces` or `territories`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core.errors import Illegal
from engine.core.flow import TaskCodec, later, replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .board import can_draw, discard, ranking, return_pieces, take_tile
from .favours import swap_goods
from .flow import A, Ctx, Step, look
from .palaces import Palace
from .rules import ACTIVATABLE, activation_refusal, allowed
from .state import State
from .supply import Draw
from .territories import Territory
from .vocab import AREAS, CALIPH, COMMON_GOODS, GOODS, MERCENARY_COLOURS, TERRITORIES, split_kind

ACTIVATED, RESOLVED = "activated", "resolved"
ACTIVATE = tuple((c, A("activate", c)) for c in ACTIVATABLE)
RESOLVE_AT = {area: A("resolve", area) for area in AREAS}
END = A("end")


@task
class Turn(Step):
    """In a resolution round: activate at most one charge (optional) and resolve one area (required)."""

    kind = "turn"
    only_a_way_out = "end"  # once the area is resolved, a player with no charge left to use is done
    done: tuple[str, ...] = ()  # ACTIVATED and RESOLVED, in the order they happened

    @property
    def activated(self) -> bool:
        return ACTIVATED in self.done

    @property
    def resolved(self) -> bool:
        return RESOLVED in self.done

    def having(self, what: str) -> tuple[str, ...]:
        return self.done if what in self.done else (*self.done, what)

    # Only the family's own charges and the areas still to resolve are candidates: naming the refusal of every
    # other charge and area on every step is costly; `not_offered` names it when a player asks for one.
    def candidates(self, s: State) -> list[Action]:
        return [*self.activations(s), *self.closings(s)]

    def options(self, s: State) -> list[Action]:
        # The areas listed are the ones `refuse` lets through (to resolve, with pieces): only the charges are vetted.
        seat = self.seat
        out = [a for a in self.activations(s) if allowed(activation_refusal, s, seat, a.args[0])]
        return self.unless_only_a_way_out(out + self.closings(s))

    def activations(self, s: State) -> list[Action]:
        """The family's activatable charges, while none was used this turn."""
        held = s.families[self.seat].charges
        return [action for c, action in ACTIVATE if c in held] if held and not self.activated else []

    def closings(self, s: State) -> list[Action]:
        """The areas still to resolve (those with pieces), or the end of the turn once one is resolved."""
        if self.resolved:
            return [END]
        areas, resolved = s.areas, s.resolved
        return [RESOLVE_AT[area] for area in AREAS if areas[area] and area not in resolved]

    def not_offered(self, s: State, a: Action) -> Illegal:
        """Another family's charge, or an area resolved or empty, is refused naming the rule."""
        if (a.verb == "activate" and not self.activated) or (a.verb == "resolve" and not self.resolved):
            try:
                self.refuse(s, a)
            except Illegal as refusal:
                return refusal
        return super().not_offered(s, a)

    def refuse(self, s: State, a: Action) -> None:
        if a.verb == "activate":
            activation_refusal(s, self.seat, a.args[0])
        elif a.verb == "resolve":
            area = a.args[0]
            if area in s.resolved:
                raise Illegal("al_rashid.illegal.area_resolved", **w.at(area))
            if not s.areas[area]:
                raise Illegal("al_rashid.illegal.area_empty", **w.at(area))

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "end":
            c.pop()
        elif a.verb == "resolve":
            c.replace(replace(self, done=self.having(RESOLVED)))
            c.emit("resolves", player=c.who(self.seat), **w.at(a.args[0]))
            start_area(c, a.args[0])
        else:
            activate(c, self.seat, a.args[0])

    def question(self, s: State) -> Message:
        return Message("al_rashid.ask.turn." + ("after" if self.resolved else "choose"), self.question_params(s))

    # Dumped as {"activated": true, "resolved": true} with the keys in the order they happened.
    def to_data(self, codec: TaskCodec) -> dict[str, Any]:
        return dict.fromkeys(self.done, True)

    @classmethod
    def from_data(cls, data: Mapping[str, Any], codec: TaskCodec) -> dict[str, Any]:
        return {"done": tuple(key for key, value in data.items() if value)}


def start_area(c: Ctx, area: str) -> None:
    """Resolve an area: Al-Rashid sends home delegations without a Pasha; a territory's mercenaries are
    turned face up; then the area's driver takes over."""
    s = c.s
    c.touch(area)
    if area == CALIPH:
        for stack in list(s.areas[area]):
            if not stack.pasha:
                s.family(stack.seat).dishonour += 2
                c.emit("no_pasha", player=c.who(stack.seat))
                return_pieces(s, area, [stack.seat])
    order = ranking(s, area)
    if area in TERRITORIES:
        hidden = [x for x in s.mercenaries[area] if not x.revealed]
        tiles = tuple(x.face_up() for x in s.mercenaries[area])
        s.mercenaries = {**s.mercenaries, area: tiles}
        if hidden:
            c.emit("revealed", **w.at(area), reveals=True, tiles=w.tiles(tiles))
        c.push(Territory(area=area, contenders=tuple(order), idx=0, stage="battle"))
    else:
        return_pieces(s, area, order[3:])
        c.push(Palace(area=area, actors=tuple(order[:3]), idx=0, spy_queue=(), spy_ranks=(), benevolence=()))


# ==== activatable charges ==============================================================================

def activate(c: Ctx, seat: int, charge: str) -> None:
    if charge.endswith("_importer"):
        good = charge.removesuffix("_importer")
        family = c.s.family(seat)
        family.goods[good] = family.goods.get(good, 0) + 1
        mark_used(c, seat, charge)
        c.emit("imported", player=c.who(seat), charge=w.charge(charge), good=w.good(good))
        return
    c.push(USE[charge](seat=seat, stage="choose"))


def mark_used(c: Ctx, seat: int, charge: str) -> None:
    c.s.family(seat).used.append(charge)
    c.revise(Turn, done=c.nearest(Turn).having(ACTIVATED))
    c.touch(f"family:{seat}")


@task
class UseCharge(Step):
    """Using an activatable charge: its choices, or cancel (the charge stays unused)."""

    charge: ClassVar[str]
    stage: str = "choose"

    def candidates(self, s: State) -> list[Action]:
        return [*self.choices(s), A("cancel")]

    def choices(self, s: State) -> list[Action]:
        return []

    def do(self, c: Ctx, a: Action) -> None:
        if a.verb == "cancel":
            c.pop()
            return
        self.use(c, a)

    def use(self, c: Ctx, a: Action) -> None:
        raise NotImplementedError


@task
class UseSmuggler(UseCharge):
    """Smuggler: swap one of your goods for another."""

    kind = "use_smuggler"
    charge = "smuggler"

    def choices(self, s: State) -> list[Action]:
        have = s.families[self.seat].goods
        return [A("swap", g, h) for g in GOODS if have.get(g) for h in GOODS if h != g]

    def use(self, c: Ctx, a: Action) -> None:
        swap_goods(c.s.family(self.seat), a.args[0], a.args[1])
        mark_used(c, self.seat, self.charge)
        c.emit("swapped", player=c.who(self.seat), charge=w.charge(self.charge), given=w.good(a.args[0]),
               taken=w.good(a.args[1]))
        c.pop()


@task
class UseRecruiter(UseCharge):
    """Recruiter: draw a mercenary tile."""

    kind = "use_recruiter"
    charge = "recruiter"

    def choices(self, s: State) -> list[Action]:
        return [A("draw", c) for c in MERCENARY_COLOURS if can_draw(s, c)]

    def use(self, c: Ctx, a: Action) -> None:
        c.pop()
        mark_used(c, self.seat, self.charge)
        draw = Draw(seat=self.seat, n=1)
        c.push(draw)
        draw.do(c, a)


@task
class UseTrader(UseCharge):
    """Trader: one common good for one of each of the other two."""

    kind = "use_trader"
    charge = "trader"

    def choices(self, s: State) -> list[Action]:
        return [A("give", g) for g in COMMON_GOODS if s.families[self.seat].goods.get(g)]

    def use(self, c: Ctx, a: Action) -> None:
        family = c.s.family(self.seat)
        family.goods[a.args[0]] -= 1
        for g in COMMON_GOODS:
            if g != a.args[0]:
                family.goods[g] = family.goods.get(g, 0) + 1
        mark_used(c, self.seat, self.charge)
        c.emit("traded_common", player=c.who(self.seat), given=w.good(a.args[0]))
        c.pop()


@task
class UseNegotiator(UseCharge):
    """Negotiator: look at a territory's mercenaries, then you may discard a tile to remove one of the
    same colour."""

    kind = "use_negotiator"
    charge = "negotiator"
    area: str | None = later()   # the territory looked at

    def candidates(self, s: State) -> list[Action]:
        if self.stage == "choose":
            return [A("look", x) for x in TERRITORIES if s.mercenaries[x]] + [A("cancel")]
        assert self.area is not None
        hand = s.families[self.seat].hand
        tiles = s.mercenaries[self.area]
        return [A("remove", tile.id, kind) for tile in tiles for kind in sorted(hand)
                if split_kind(kind)[0] == tile.colour] + [A("keep")]

    def do(self, c: Ctx, a: Action) -> None:
        s, seat = c.s, self.seat
        if a.verb == "cancel":
            c.pop()
        elif a.verb == "look":
            mark_used(c, seat, self.charge)
            look(c, seat, a.args[0])
            c.replace(replace(self, stage="remove", area=a.args[0]))
        elif a.verb == "keep":
            c.pop()
        else:
            assert self.area is not None
            area, tile_id, kind = self.area, int(a.args[0]), a.args[1]
            tile = next(x for x in s.mercenaries[area] if x.id == tile_id)
            family = s.family(seat)
            take_tile(family, kind)
            discard(s, tile.colour, split_kind(kind)[1], tile.value)
            s.mercenaries = {**s.mercenaries, area: tuple(x for x in s.mercenaries[area] if x is not tile)}
            c.emit("negotiated", player=c.who(seat), **w.at(area), colour=w.mercenary(tile.colour))
            c.touch(area, f"family:{seat}")
            c.pop()

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "charge": w.charge(self.charge)}


# The step of each activatable charge (the importers act at once, without a step).
USE: dict[str, type[UseCharge]] = {cls.charge: cls for cls in (UseSmuggler, UseRecruiter, UseTrader, UseNegotiator)}
