"""Every decision of Al-Rashid as a small step, and the flow that asks for them.

The state keeps a stack of tasks. A task either waits on one player (its `Step` lists the options,
each a small `Action`) or is a driver that moves the game on by itself (resolving an area, a round).
`advance` runs drivers until some player must decide or the game is over.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from engine.core.events import Event
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .barter import can_pay, format_goods, gold_value, parse_goods, suggested_payment, without
from .board import (
    RULES,
    add_piece,
    areas_in_scope,
    can_draw,
    draw_mercenary,
    give_tile,
    has_pieces_on_board,
    mercenary_value,
    open_areas,
    place_mercenary,
    placement_refusal,
    ranking,
    remove_piece,
    return_pieces,
    stack_of,
    take_tile,
)
from .data import load
from .state import State, Task
from .vocab import (
    AREAS,
    BENEVOLENCE,
    CALIPH,
    CHARGE,
    COMMON_GOODS,
    CREDIT_NOTE,
    FAVOUR,
    GOODS,
    MERCENARY_COLOURS,
    OVER,
    PALACES,
    PIECES,
    PLACEMENT,
    RESOLUTION,
    SERVICE,
    TERRITORIES,
    split_kind,
)

DATA = load()
CHARGES = DATA.charges
A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects

# What a player may ask of a guild palace: one or two of service, charge and favour (000, "Palazzi delle
# Corporazioni"); "nothing" is allowed too and, like a lone favour, costs one dishonour.
GUILD_COMBOS = ((SERVICE,), (CHARGE,), (FAVOUR,), (SERVICE, CHARGE), (SERVICE, FAVOUR), (CHARGE, FAVOUR), ())
COURT_COMBOS = ((BENEVOLENCE,), (CHARGE,), (BENEVOLENCE, CHARGE), ())
# The guild leaders' favours that the Caliph's Favourite and the Impostor can borrow.
BORROWABLE = ("military", "culture", "merchant", "politics")
SERVICE_PIECE = {"culture": "sage", "merchant": "merchant", "politics": "pasha"}
PALACE_CHARGES = {p: [c for c, charge in CHARGES.items() if charge.palace == p] for p in PALACES}


class Refusal(Exception):
    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key, self.params = key, params


class Ctx:
    """One step in progress: the (already cloned) state and the events it produces."""

    def __init__(self, state: State):
        self.s = state
        self.events: list[Event] = []

    # ---- events ------------------------------------------------------------------------------
    def emit(self, key: str, audience: int | None = None, reveals: bool = False, **params: Any) -> None:
        event = Event(f"al_rashid.ev.{key}", params, None if audience is None else frozenset({audience}), reveals)
        self.events.append(event)
        if audience is None:
            self.s.log_tail = [*self.s.log_tail[-11:], event.message.to_json()]

    def touch(self, *things: str) -> None:
        for thing in things:
            if thing not in self.s.last_changed:
                self.s.last_changed.append(thing)

    def who(self, seat: int) -> dict[str, Any]:
        return w.player(self.s, seat)

    # ---- the task stack ------------------------------------------------------------------------
    def pop(self) -> Task:
        return self.s.tasks.pop()

    def replace(self, task: Task) -> None:
        self.s.tasks[-1] = task

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first one given is asked first."""
        self.s.tasks.extend(reversed(tasks))

    def count_down(self, t: Task) -> None:
        """One of the task's `n` repetitions is done: ask again, or end it after the last."""
        if t.data["n"] > 1:
            self.replace(t.but(n=t.data["n"] - 1))
        else:
            self.pop()

    def find(self, *kinds: str) -> int:
        for i in range(len(self.s.tasks) - 1, -1, -1):
            if self.s.tasks[i].kind in kinds:
                return i
        raise LookupError(kinds)

    def update(self, kinds: tuple[str, ...], **changes: Any) -> None:
        i = self.find(*kinds)
        self.s.tasks[i] = self.s.tasks[i].but(**changes)

    def resolving(self) -> str | None:
        for task in reversed(self.s.tasks):
            if task.kind in ("palace", "territory"):
                return task.data["area"]
        return None


class Step:
    """A kind of task. Options are the candidates the rules allow; `refusal` says why one is not."""

    kind: ClassVar[str]
    auto: ClassVar[bool] = False
    # A verb that only ends the task ("end", "done"): when it is the sole option there is nothing to ask.
    only_a_way_out: ClassVar[str | None] = None

    def candidates(self, s: State, t: Task) -> list[Action]:
        return []

    def refusal(self, s: State, t: Task, a: Action) -> None:
        """Raise `Refusal` naming the rule when `a` is not allowed now."""

    def allows(self, s: State, t: Task, a: Action) -> bool:
        try:
            self.refusal(s, t, a)
        except Refusal:
            return False
        return True

    def options(self, s: State, t: Task) -> list[Action]:
        out = [a for a in self.candidates(s, t) if self.allows(s, t, a)]
        return [] if len(out) == 1 and out[0].verb == self.only_a_way_out else out

    def has_options(self, s: State, t: Task) -> bool:
        return any(a.verb != self.only_a_way_out and self.allows(s, t, a) for a in self.candidates(s, t))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        raise NotImplementedError

    def run(self, c: Ctx, t: Task) -> None:
        raise NotImplementedError

    def on_empty(self, c: Ctx, t: Task) -> None:
        """No option is left (e.g. nothing to trade): the task ends by itself."""
        c.pop()

    def public_question(self, s: State, t: Task) -> Message:
        """The question as the other players may read it (without the asked player's private details)."""
        return self.question(s, t)

    def question(self, s: State, t: Task) -> Message:
        stage = t.data.get("stage")
        return Message(f"al_rashid.ask.{self.kind}" + (f".{stage}" if stage else ""), self.question_params(s, t))

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        data = t.data
        params: dict[str, Any] = {"player": w.player(s, t.seat)}
        if "area" in data:
            params.update(w.at(data["area"]))
        if "n" in data:
            params["n"] = data["n"]
        if "cost" in data:
            params["cost"] = data["cost"]
        return params


STEPS: dict[str, Step] = {}


def step(cls: type[Step]) -> type[Step]:
    STEPS[cls.kind] = cls()
    return cls


# ==== drawing mercenaries and taking goods ============================================================

@step
class Draw(Step):
    """Draw `n` mercenary tiles, each from the pile of the player's choice."""

    kind = "draw"

    def candidates(self, s, t):
        return [A("draw", c) for c in MERCENARY_COLOURS]

    def refusal(self, s, t, a):
        if not can_draw(s, a.args[0]):
            raise Refusal("al_rashid.illegal.pile_empty", colour=w.mercenary(a.args[0]))

    def do(self, c, t, a):
        colour = a.args[0]
        value = draw_mercenary(c.s, colour)
        give_tile(c.s.family(t.seat), colour, value)
        c.emit("drew", player=c.who(t.seat), colour=w.mercenary(colour), reveals=True)
        c.emit("drew_private", audience=t.seat, reveals=True, colour=w.mercenary(colour), value=value)
        c.touch(f"family:{t.seat}")
        c.count_down(t)


@step
class TakeGoods(Step):
    """Take `n` goods of the player's choice from the supply (benevolence, Quartermaster, Raider)."""

    kind = "goods"

    def candidates(self, s, t):
        allowed = t.data.get("allowed", GOODS)
        return [A("good", g) for g in GOODS if g in allowed]

    def do(self, c, t, a):
        family = c.s.family(t.seat)
        family.goods[a.args[0]] = family.goods.get(a.args[0], 0) + 1
        c.emit("took_good", player=c.who(t.seat), good=w.good(a.args[0]))
        c.touch(f"family:{t.seat}")
        c.count_down(t)


# ==== placement ===========================================================================================

@step
class Hold(Step):
    """Diplomat: set aside a Merchant or a Pasha to place after everyone else."""

    kind = "hold"

    def candidates(self, s, t):
        return [A("hold", "pasha"), A("hold", "merchant"), A("hold", "none")]

    def refusal(self, s, t, a):
        if a.args[0] != "none" and not s.family(t.seat).reserve[a.args[0]]:
            raise Refusal("al_rashid.illegal.no_piece", piece=w.piece(a.args[0]))

    def do(self, c, t, a):
        c.pop()
        if a.args[0] == "none":
            return
        family = c.s.family(t.seat)
        family.reserve[a.args[0]] -= 1
        family.held = a.args[0]
        c.emit("held", player=c.who(t.seat), piece=w.piece(a.args[0]))
        c.touch(f"family:{t.seat}")


@step
class Place(Step):
    """Place one piece: first which piece (when there is a choice), then where."""

    kind = "place"

    def candidates(self, s, t):
        if t.data.get("piece") is None:
            return [A("piece", p) for p in PIECES]
        back = [A("back")] if t.data.get("chosen") else []
        return [A("place", area) for area in AREAS] + back

    def refusal(self, s, t, a):
        if a.verb == "piece":
            if not s.family(t.seat).reserve[a.args[0]]:
                raise Refusal("al_rashid.illegal.no_piece", piece=w.piece(a.args[0]))
        elif a.verb == "place":
            reason = placement_refusal(s, a.args[0], t.seat, t.data["piece"])
            if reason:
                raise Refusal(reason, piece=w.piece(t.data["piece"]), **w.at(a.args[0]))

    def do(self, c, t, a):
        if a.verb == "piece":
            c.replace(t.but(piece=a.args[0], chosen=True))
        elif a.verb == "back":
            c.replace(t.but(piece=None, chosen=False))
        else:
            family, piece, area = c.s.family(t.seat), t.data["piece"], a.args[0]
            if t.data.get("held"):
                family.held = None
            else:
                family.reserve[piece] -= 1
            add_piece(c.s, area, t.seat, piece)
            c.pop()
            c.emit("placed", player=c.who(t.seat), piece=w.piece(piece), **w.at(area))
            c.touch(area, f"family:{t.seat}")

    def question(self, s, t):
        if t.data.get("piece") is None:
            return Message("al_rashid.ask.place.piece", self.question_params(s, t))
        return Message("al_rashid.ask.place.area", {**self.question_params(s, t), "piece": w.piece(t.data["piece"])})


def place_task(s: State, seat: int, held: str | None = None) -> Task:
    if held:
        return Task("place", seat, {"piece": held, "held": True})
    kinds = [p for p in PIECES if s.family(seat).reserve[p]]
    return Task("place", seat, {"piece": kinds[0] if len(kinds) == 1 else None})


# ==== moving pieces: Plotter, Informer and the spies' service ======================================

@step
class Move(Step):
    """Move one of your pieces to another area of the same kind. `source` says who grants the move:
    the Plotter (palaces), the Informer (territories) or the spies' service (territories; may look instead)."""

    kind = "move"

    def candidates(self, s, t):
        stage, source = t.data["stage"], t.data["source"]
        scope = areas_in_scope("palaces" if source == "plotter" else "territories")
        if stage == "from":
            looks = [A("look", x) for x in TERRITORIES] if source == "spy" else []
            return looks + [A("from", x) for x in scope] + [A("stop" if source == "spy" else "skip")]
        if stage == "piece":
            return [A("piece", p) for p in PIECES] + [A("back")]
        return [A("to", x) for x in scope] + [A("back")]

    def refusal(self, s, t, a):
        seat, data = t.seat, t.data
        if a.verb == "look":
            if not any(not tile.revealed for tile in s.mercenaries[a.args[0]]):
                raise Refusal("al_rashid.illegal.nothing_to_look_at", **w.at(a.args[0]))
        elif a.verb == "from":
            if a.args[0] in s.resolved or stack_of(s, a.args[0], seat) is None:
                raise Refusal("al_rashid.illegal.no_own_piece_there", **w.at(a.args[0]))
        elif a.verb == "piece":
            stack = stack_of(s, data["from"], seat)
            if not stack.count(a.args[0]):
                raise Refusal("al_rashid.illegal.no_piece_there", piece=w.piece(a.args[0]), **w.at(data["from"]))
        elif a.verb == "to":
            if a.args[0] == data["from"]:
                raise Refusal("al_rashid.illegal.same_area")
            reason = placement_refusal(s, a.args[0], seat, data["piece"])
            if reason:
                raise Refusal(reason, piece=w.piece(data["piece"]), **w.at(a.args[0]))

    def do(self, c, t, a):
        s, seat, data = c.s, t.seat, t.data
        if a.verb in ("skip", "stop"):
            c.pop()
            if a.verb == "stop":  # the spy gives up the rest of their moves
                i = c.find("palace")
                seq = [x for x in s.tasks[i].data["spy_queue"] if x != seat]
                s.tasks[i] = s.tasks[i].but(spy_queue=seq)
        elif a.verb == "look":
            tiles = s.mercenaries[a.args[0]]
            for tile in tiles:
                if seat not in tile.seen_by:
                    tile.seen_by.append(seat)
            c.emit("looked", player=c.who(seat), **w.at(a.args[0]), reveals=True)
            c.emit("looked_private", audience=seat, reveals=True, **w.at(a.args[0]),
                   tiles=w.tiles(tiles))
            c.pop()
        elif a.verb == "from":
            stack = stack_of(s, a.args[0], seat)
            kinds = [p for p in PIECES if stack.count(p)]
            c.replace(t.but(stage="to" if len(kinds) == 1 else "piece", **{"from": a.args[0]},
                            piece=kinds[0] if len(kinds) == 1 else None))
        elif a.verb == "piece":
            c.replace(t.but(stage="to", piece=a.args[0]))
        elif a.verb == "back":
            c.replace(t.but(stage="from", piece=None))
        else:
            remove_piece(s, data["from"], seat, data["piece"])
            add_piece(s, a.args[0], seat, data["piece"])
            c.pop()
            c.emit("moved", player=c.who(seat), piece=w.piece(data["piece"]),
                   origin=w.at(data["from"])["area"], **w.at(a.args[0]))
            c.touch(data["from"], a.args[0])

    def question(self, s, t):
        params = {**self.question_params(s, t), "charge": w.charge(t.data["source"]) if t.data["source"] != "spy" else ""}
        if t.data.get("from"):
            params["origin"] = w.at(t.data["from"])["area"]
        if t.data.get("piece"):
            params["piece"] = w.piece(t.data["piece"])
        return Message(f"al_rashid.ask.move.{t.data['source']}.{t.data['stage']}", params)


# ==== a player's move in a resolution round =========================================================

ACTIVATABLE = tuple(c for c, charge in CHARGES.items() if charge.kind == "activatable")


def activation_refusal(s: State, seat: int, charge: str) -> None:
    family = s.family(seat)
    if charge not in family.charges:
        raise Refusal("al_rashid.illegal.not_your_charge", charge=w.charge(charge))
    if charge in family.used:
        raise Refusal("al_rashid.illegal.charge_used", charge=w.charge(charge))
    if charge == "smuggler" and not any(family.goods.values()):
        raise Refusal("al_rashid.illegal.no_goods")
    if charge == "trader" and not any(family.goods.get(g) for g in COMMON_GOODS):
        raise Refusal("al_rashid.illegal.no_common_good")
    if charge == "recruiter" and not any(can_draw(s, c) for c in MERCENARY_COLOURS):
        raise Refusal("al_rashid.illegal.piles_empty")
    if charge == "negotiator" and not any(s.mercenaries[x] for x in TERRITORIES):
        raise Refusal("al_rashid.illegal.no_mercenaries_on_map")


@step
class Turn(Step):
    """In a resolution round: activate at most one charge (optional) and resolve one area (required)."""

    kind = "turn"
    only_a_way_out = "end"  # once the area is resolved, a player with no charge left to use is done

    def candidates(self, s, t):
        out = []
        if not t.data.get("activated"):
            out += [A("activate", c) for c in ACTIVATABLE]  # another's charge is refused naming the rule
        if t.data.get("resolved"):
            out.append(A("end"))
        else:
            out += [A("resolve", area) for area in AREAS]
        return out

    def refusal(self, s, t, a):
        if a.verb == "activate":
            activation_refusal(s, t.seat, a.args[0])
        elif a.verb == "resolve":
            area = a.args[0]
            if area in s.resolved:
                raise Refusal("al_rashid.illegal.area_resolved", **w.at(area))
            if not s.areas[area]:
                raise Refusal("al_rashid.illegal.area_empty", **w.at(area))

    def do(self, c, t, a):
        if a.verb == "end":
            c.pop()
        elif a.verb == "resolve":
            c.replace(t.but(resolved=True))
            c.emit("resolves", player=c.who(t.seat), **w.at(a.args[0]))
            start_area(c, a.args[0])
        else:
            activate(c, t, a.args[0])

    def question(self, s, t):
        key = "al_rashid.ask.turn." + ("after" if t.data.get("resolved") else "choose")
        return Message(key, self.question_params(s, t))


def activate(c: Ctx, t: Task, charge: str) -> None:
    family = c.s.family(t.seat)
    if charge.endswith("_importer"):
        good = charge.removesuffix("_importer")
        family.goods[good] = family.goods.get(good, 0) + 1
        mark_used(c, t.seat, charge)
        c.emit("imported", player=c.who(t.seat), charge=w.charge(charge), good=w.good(good))
        return
    c.push(Task(f"use_{charge}", t.seat, {"stage": "choose"}))


def mark_used(c: Ctx, seat: int, charge: str) -> None:
    c.s.family(seat).used.append(charge)
    c.update(("turn",), activated=True)
    c.touch(f"family:{seat}")


class UseCharge(Step):
    charge: ClassVar[str]

    def candidates(self, s, t):
        return [*self.choices(s, t), A("cancel")]

    def choices(self, s, t) -> list[Action]:
        return []

    def do(self, c, t, a):
        if a.verb == "cancel":
            c.pop()
            return
        self.use(c, t, a)

    def use(self, c: Ctx, t: Task, a: Action) -> None:
        raise NotImplementedError


@step
class UseSmuggler(UseCharge):
    kind = "use_smuggler"

    def choices(self, s, t):
        have = s.family(t.seat).goods
        return [A("swap", g, h) for g in GOODS if have.get(g) for h in GOODS if h != g]

    def use(self, c, t, a):
        swap_goods(c.s.family(t.seat), a.args[0], a.args[1])
        mark_used(c, t.seat, "smuggler")
        c.emit("swapped", player=c.who(t.seat), charge=w.charge("smuggler"), given=w.good(a.args[0]),
               taken=w.good(a.args[1]))
        c.pop()


@step
class UseRecruiter(UseCharge):
    kind = "use_recruiter"

    def choices(self, s, t):
        return [A("draw", c) for c in MERCENARY_COLOURS if can_draw(s, c)]

    def use(self, c, t, a):
        c.pop()
        mark_used(c, t.seat, "recruiter")
        c.push(Task("draw", t.seat, {"n": 1}))
        STEPS["draw"].do(c, c.s.task, a)


@step
class UseTrader(UseCharge):
    kind = "use_trader"

    def choices(self, s, t):
        return [A("give", g) for g in COMMON_GOODS if s.family(t.seat).goods.get(g)]

    def use(self, c, t, a):
        family = c.s.family(t.seat)
        family.goods[a.args[0]] -= 1
        for g in COMMON_GOODS:
            if g != a.args[0]:
                family.goods[g] = family.goods.get(g, 0) + 1
        mark_used(c, t.seat, "trader")
        c.emit("traded_common", player=c.who(t.seat), given=w.good(a.args[0]))
        c.pop()


@step
class UseNegotiator(UseCharge):
    """Look at a territory's mercenaries, then you may discard a tile to remove one of the same colour."""

    kind = "use_negotiator"

    def candidates(self, s, t):
        if t.data["stage"] == "choose":
            return [A("look", x) for x in TERRITORIES if s.mercenaries[x]] + [A("cancel")]
        hand = s.family(t.seat).hand
        tiles = s.mercenaries[t.data["area"]]
        return [A("remove", tile.id, kind) for tile in tiles for kind in sorted(hand)
                if split_kind(kind)[0] == tile.colour] + [A("keep")]

    def do(self, c, t, a):
        s = c.s
        if a.verb == "cancel":
            c.pop()
        elif a.verb == "look":
            mark_used(c, t.seat, "negotiator")
            tiles = s.mercenaries[a.args[0]]
            for tile in tiles:
                if t.seat not in tile.seen_by:
                    tile.seen_by.append(t.seat)
            c.emit("looked", player=c.who(t.seat), **w.at(a.args[0]), reveals=True)
            c.emit("looked_private", audience=t.seat, reveals=True, **w.at(a.args[0]),
                   tiles=w.tiles(tiles))
            c.replace(t.but(stage="remove", area=a.args[0]))
        elif a.verb == "keep":
            c.pop()
        else:
            area, tile_id, kind = t.data["area"], int(a.args[0]), a.args[1]
            tile = next(x for x in s.mercenaries[area] if x.id == tile_id)
            family = s.family(t.seat)
            take_tile(family, kind)
            s.discards[tile.colour] += [split_kind(kind)[1], tile.value]
            s.mercenaries[area].remove(tile)
            c.emit("negotiated", player=c.who(t.seat), **w.at(area), colour=w.mercenary(tile.colour))
            c.touch(area, f"family:{t.seat}")
            c.pop()

    def question_params(self, s, t):
        return {**super().question_params(s, t), "charge": w.charge("negotiator")}


def swap_goods(family, give: str, take: str) -> None:
    family.goods[give] -= 1
    family.goods[take] = family.goods.get(take, 0) + 1


# ==== resolving an area ================================================================================

def start_area(c: Ctx, area: str) -> None:
    s = c.s
    c.touch(area)
    if area == CALIPH:
        # Al-Rashid only receives delegations led by a Pasha; the others are sent home in disgrace.
        for stack in list(s.areas[area]):
            if not stack.pasha:
                s.family(stack.seat).dishonour += 2
                c.emit("no_pasha", player=c.who(stack.seat))
                return_pieces(s, area, [stack.seat])
    order = ranking(s, area)
    if area in TERRITORIES:
        tiles = s.mercenaries[area]
        hidden = [x for x in tiles if not x.revealed]
        for tile in hidden:
            tile.revealed = True
        if hidden:
            c.emit("revealed", **w.at(area), reveals=True,
                   tiles=w.tiles(tiles))
        c.push(Task("territory", -1, {"area": area, "contenders": order, "idx": 0, "stage": "battle"}))
    else:
        actors = order[:3]
        return_pieces(s, area, order[3:])
        c.push(Task("palace", -1, {"area": area, "actors": actors, "idx": 0, "spy_queue": [],
                                   "spy_ranks": [], "benevolence": []}))


def finish_area(c: Ctx, area: str) -> None:
    return_pieces(c.s, area)
    c.s.resolved.append(area)
    c.touch(area)


@step
class Palace(Step):
    """Drives a palace: each of the top three acts in dominance order, then the spies' moves, then home."""

    kind = "palace"
    auto = True

    def run(self, c, t):
        data = t.data
        if data["idx"] < len(data["actors"]):
            seat, rank = data["actors"][data["idx"]], data["idx"]
            c.replace(t.but(idx=rank + 1))
            kind = "court" if data["area"] == CALIPH else "guild"
            c.push(Task(kind, seat, {"area": data["area"], "rank": rank, "stage": "choose"}))
        elif data["spy_ranks"]:
            ranks = data["spy_ranks"]
            queue = [data["actors"][r] for r in RULES.spy_move_order if r in ranks]
            c.replace(t.but(spy_ranks=[], spy_queue=queue))
        elif data["spy_queue"]:
            seat, *rest = data["spy_queue"]
            c.replace(t.but(spy_queue=rest))
            c.push(Task("move", seat, {"source": "spy", "stage": "from"}))
        else:
            if data["benevolence"]:
                new_order(c, data["benevolence"])
            c.pop()
            finish_area(c, data["area"])


def new_order(c: Ctx, asked: list[list[int]]) -> None:
    """Benevolence: those who asked take the turn-order place of their dominance rank; the others keep
    their relative order in the places left (000, "Benevolenza di Al-Rashid")."""
    s = c.s
    slots: list[int | None] = [None] * s.seats
    for rank, seat in asked:
        slots[rank] = seat
    taken = {seat for _, seat in asked}
    rest = iter(seat for seat in (s.pending_order or s.order) if seat not in taken)
    s.pending_order = [seat if seat is not None else next(rest) for seat in slots]
    c.emit("new_order", order=[c.who(x) for x in s.pending_order])


def service_cost(s: State, seat: int, guild: str, rank: int) -> int:
    if guild not in RULES.service_cost:
        return 0
    cost = RULES.service_cost[guild][rank]
    # Loremaster: "Mercanti e Califfi" cost 3 less; the Caliphs are read as the Pashas (docs/rules).
    if guild in ("merchant", "politics") and s.family(seat).has("loremaster"):
        cost -= RULES.loremaster_discount
    return max(cost, 0)


def service_refusal(s: State, seat: int, guild: str) -> None:
    family = s.family(seat)
    if guild in SERVICE_PIECE:
        piece = SERVICE_PIECE[guild]
        if family.owned[piece] >= RULES.piece_limits[piece]:
            raise Refusal("al_rashid.illegal.piece_limit", piece=w.piece(piece), n=RULES.piece_limits[piece])
    if guild == "military" and not any(can_draw(s, c) for c in MERCENARY_COLOURS):
        raise Refusal("al_rashid.illegal.piles_empty")


def note_discount(s: State, seat: int) -> int:
    return RULES.banker_credit_note_discount if s.family(seat).has("banker") else RULES.credit_note_discount


def charge_cost(s: State, seat: int, charge: str, note: bool) -> int:
    return max(CHARGES[charge].cost - (note_discount(s, seat) if note else 0), 0)


def charge_refusal(s: State, seat: int, charge: str, palace: str) -> None:
    family = s.family(seat)
    if charge not in s.charges[palace]:
        raise Refusal("al_rashid.illegal.charge_gone", charge=w.charge(charge))
    if charge in family.charges:  # 003: "un giocatore non può avere due cariche uguali"
        raise Refusal("al_rashid.illegal.charge_twice", charge=w.charge(charge))
    if charge == "enchanter" and family.owned["merchant"] >= RULES.piece_limits["merchant"]:
        raise Refusal("al_rashid.illegal.piece_limit", piece=w.piece("merchant"), n=RULES.piece_limits["merchant"])


def favour_cost(guild: str, borrowed: str | None = None) -> int:
    cost = RULES.favour_cost[guild]
    # The Caliph's Favourite costs 1 gold on top of the borrowed favour's own price (docs/rules).
    return cost + (RULES.favour_cost[borrowed] if borrowed else 0)


def favour_refusal(s: State, seat: int, guild: str) -> None:
    """Can this guild leader's favour be carried out at all (ignoring its price)?"""
    family = s.family(seat)
    if guild in ("military", "merchant") and not any(family.goods.values()):
        raise Refusal("al_rashid.illegal.no_goods")
    if guild == "military" and not any(can_draw(s, c) for c in MERCENARY_COLOURS):
        raise Refusal("al_rashid.illegal.piles_empty")


def affordable(goods: dict[str, int], cost: int, gives_good: bool) -> bool:
    """Can `cost` be paid while (if `gives_good`) still keeping one good to hand over in a swap?"""
    if not gives_good:
        return can_pay(goods, cost)
    return any(can_pay(without(goods, {g: 1}), cost) for g in GOODS if goods.get(g))


def _try(check, *args) -> bool:
    try:
        check(*args)
    except Refusal:
        return False
    return True


class PalaceActor(Step):
    """One family acting in a palace: choose actions, then details, then pay everything at once."""

    combos: ClassVar[tuple[tuple[str, ...], ...]]

    def palace(self, t: Task) -> str:
        return t.data["area"]

    def charge_choices(self, s: State, t: Task) -> list[str]:
        """Every charge of this palace; one already taken is refused naming the rule."""
        return PALACE_CHARGES[self.palace(t)]

    def combo_refusal(self, s: State, t: Task, combo: tuple[str, ...]) -> None:
        """Raise the rule that blocks one of the combo's actions outright (before asking about money)."""
        if CHARGE in combo and not any(_try(charge_refusal, s, t.seat, ch, self.palace(t))
                                       for ch in self.charge_choices(s, t)):
            raise Refusal("al_rashid.illegal.no_charge_for_you", **w.at(self.palace(t)))

    def variants(self, s: State, t: Task) -> list[Task]:
        """The ways the still-open details (other than the charge) can be filled in."""
        return [t]

    def feasible(self, s: State, t: Task) -> bool:
        """Can the choices made so far still be completed and paid for? Keeps every path free of dead ends."""
        data = t.data
        if CHARGE in data["combo"] and "charge" not in data:
            # Only the price of the charge matters here, so the cheapest one decides.
            allowed = [ch for ch in self.charge_choices(s, t) if _try(charge_refusal, s, t.seat, ch, self.palace(t))]
            note = s.family(t.seat).notes > 0
            cheapest = min(allowed, key=lambda ch: charge_cost(s, t.seat, ch, note), default=None)
            return cheapest is not None and self.feasible(s, t.but(charge=cheapest))
        if "charge" in data and "note" not in data:
            t = t.but(note=s.family(t.seat).notes > 0)
        return any(affordable(self.pool(s, v), self.total_cost(s, v), self.needs_give(v)) for v in self.variants(s, t))

    def must_be_feasible(self, s: State, t: Task) -> None:
        if not self.feasible(s, t):
            raise Refusal("al_rashid.illegal.cannot_afford", value=gold_value(self.pool(s, t)))

    def total_cost(self, s: State, t: Task) -> int:
        raise NotImplementedError

    def pool(self, s: State, t: Task) -> dict[str, int]:
        """The goods that may pay: held before this resolution, less a good promised in a swap."""
        give = t.data.get("give")
        goods = s.family(t.seat).goods
        return without(goods, {give: 1}) if give else {g: n for g, n in goods.items() if n}

    # ---- stages --------------------------------------------------------------------------------
    def candidates(self, s, t):
        stage = t.data["stage"]
        if stage == "choose":
            return [A("do", *combo) if combo else A("do", "nothing") for combo in self.combos]
        if stage == "charge":
            return [A("charge", ch) for ch in self.charge_choices(s, t)]
        if stage == "note":
            return [A("note", "use"), A("note", "keep")]
        if stage == "pay":
            cost, pool, given = t.data["cost"], self.pool(s, t), t.data.get("given", {})
            out = []
            suggested = suggested_payment(pool, cost)
            if suggested is not None:
                out.append(A("pay", format_goods(suggested)))
            # Handing over more once enough is given, or confirming too little, is refused naming the rule.
            out += [A("add", g) for g in GOODS if pool.get(g, 0)]
            out.append(A("confirm"))
            if given:
                out.append(A("clear"))
            return out
        return self.detail_candidates(s, t)

    def detail_candidates(self, s: State, t: Task) -> list[Action]:
        return []

    def refusal(self, s, t, a):
        if a.verb == "do":
            combo = () if a.args == ("nothing",) else a.args
            self.combo_refusal(s, t, combo)
            self.must_be_feasible(s, t.but(combo=list(combo)))
        elif a.verb == "charge":
            charge_refusal(s, t.seat, a.args[0], self.palace(t))
            self.must_be_feasible(s, t.but(charge=a.args[0]))
        elif a.verb == "note":
            self.must_be_feasible(s, t.but(note=a.args[0] == "use"))
        elif a.verb == "pay":
            paid = parse_goods(a.args[0])
            if paid is None or any(self.pool(s, t).get(g, 0) < n for g, n in paid.items()):
                raise Refusal("al_rashid.illegal.not_your_goods")
            if gold_value(paid) < t.data["cost"]:
                raise Refusal("al_rashid.illegal.payment_short", cost=t.data["cost"], value=gold_value(paid))
        elif a.verb == "confirm":
            given = t.data.get("given", {})
            if gold_value(given) < t.data["cost"]:
                raise Refusal("al_rashid.illegal.payment_short", cost=t.data["cost"], value=gold_value(given))
        elif a.verb == "add":
            if self.pool(s, t).get(a.args[0], 0) <= t.data.get("given", {}).get(a.args[0], 0):
                raise Refusal("al_rashid.illegal.no_more_of", good=w.good(a.args[0]))
            if gold_value(t.data.get("given", {})) >= t.data["cost"]:
                raise Refusal("al_rashid.illegal.paid_enough", cost=t.data["cost"])
        elif a.verb in ("favour", "trade", "swap"):
            self.detail_refusal(s, t, a)

    def detail_refusal(self, s: State, t: Task, a: Action) -> None:
        pass

    def needs_give(self, t: Task) -> bool:
        return False

    def do(self, c, t, a):
        if a.verb == "do":
            t = t.but(combo=[] if a.args == ("nothing",) else list(a.args))
        elif a.verb == "charge":
            t = t.but(charge=a.args[0])
        elif a.verb == "note":
            t = t.but(note=a.args[0] == "use")
        elif a.verb == "add":
            given = dict(t.data.get("given", {}))
            given[a.args[0]] = given.get(a.args[0], 0) + 1
            c.replace(t.but(given=given))
            return
        elif a.verb == "clear":
            c.replace(t.but(given={}))
            return
        elif a.verb in ("pay", "confirm"):
            paid = parse_goods(a.args[0]) if a.verb == "pay" else t.data.get("given", {})
            self.execute(c, t, paid)
            return
        else:
            t = self.detail_do(c, t, a)
        self.next_stage(c, t)

    def detail_do(self, c: Ctx, t: Task, a: Action) -> Task:
        return t

    def next_stage(self, c: Ctx, t: Task) -> None:
        """Ask the next detail that is still open, then the payment, then carry everything out."""
        s, data = c.s, t.data
        combo = data["combo"]
        if CHARGE in combo and "charge" not in data:
            c.replace(t.but(stage="charge"))
        elif CHARGE in combo and "note" not in data:
            useful = s.family(t.seat).notes > 0 and CHARGES[data["charge"]].cost > 0
            self.next_stage(c, t.but(note=False)) if not useful else c.replace(t.but(stage="note"))
        elif (stage := self.open_detail(s, t)) is not None:
            c.replace(t.but(stage=stage))
        else:
            cost = self.total_cost(s, t)
            if cost > 0:
                c.replace(t.but(stage="pay", cost=cost, given={}))
            else:
                self.execute(c, t, {})

    def open_detail(self, s: State, t: Task) -> str | None:
        return None

    def question_params(self, s, t):
        params = super().question_params(s, t)
        given = t.data.get("given", {})
        params.update(given=w.bundle(given) or "—", value=gold_value(given), worth=gold_value(self.pool(s, t)))
        if t.data.get("charge"):
            params["charge"] = w.charge(t.data["charge"])
        return params

    def execute(self, c: Ctx, t: Task, paid: dict[str, int]) -> None:
        s, seat, data = c.s, t.seat, t.data
        family = s.family(seat)
        c.pop()
        for g, n in paid.items():
            family.goods[g] -= n
        if data.get("note"):
            family.notes -= 1
        c.touch(f"family:{seat}", data["area"])
        if paid:
            c.emit("paid", player=c.who(seat), goods=w.bundle(paid), value=gold_value(paid), cost=data["cost"])
        if data.get("note"):
            c.emit("used_note", player=c.who(seat), discount=note_discount(s, seat))
        follow: list[Task] = []
        if CHARGE in data["combo"]:
            follow += gain_charge(c, seat, data["charge"], self.palace(t))
        follow += self.carry_out(c, t)
        c.push(*follow)

    def carry_out(self, c: Ctx, t: Task) -> list[Task]:
        return []


def gain_charge(c: Ctx, seat: int, charge: str, palace: str) -> list[Task]:
    """Take a charge; one-off charges act now (some ask further choices, returned as tasks)."""
    s = c.s
    family = s.family(seat)
    s.charges[palace].remove(charge)
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
        return [Task("draw", seat, {"n": 4})]
    elif charge == "quartermaster":
        return [Task("goods", seat, {"n": 2})]
    elif charge == "alchemist":
        return [Task("alchemy", seat, {})]
    elif charge == "impostor":
        return [Task("impostor", seat, {"stage": "choose", "done": []})]
    return []


@step
class Guild(PalaceActor):
    kind = "guild"
    combos = GUILD_COMBOS

    def candidates(self, s, t):
        out = super().candidates(s, t)
        # Asking all three is never offered, but refused with the rule rather than as an unknown move.
        return [*out, A("do", SERVICE, CHARGE, FAVOUR)] if t.data["stage"] == "choose" else out

    def combo_refusal(self, s, t, combo):
        guild = self.palace(t)
        if len(combo) == 3:
            raise Refusal("al_rashid.illegal.three_actions", **w.at(guild))
        if SERVICE in combo:
            service_refusal(s, t.seat, guild)
        super().combo_refusal(s, t, combo)
        if FAVOUR in combo and guild != "spies":
            favour_refusal(s, t.seat, guild)

    def variants(self, s, t):
        if FAVOUR in t.data["combo"] and self.palace(t) == "spies" and "borrow" not in t.data:
            return [t.but(borrow=b) for b in BORROWABLE if _try(favour_refusal, s, t.seat, b)]
        return [t]

    def total_cost(self, s, t):
        data, guild = t.data, self.palace(t)
        cost = 0
        if SERVICE in data["combo"]:
            cost += service_cost(s, t.seat, guild, data["rank"])
        if CHARGE in data["combo"] and "charge" in data:
            cost += charge_cost(s, t.seat, data["charge"], bool(data.get("note")))
        if FAVOUR in data["combo"]:
            cost += favour_cost(guild, data.get("borrow"))
        return cost

    def needs_give(self, t):
        return (FAVOUR in t.data.get("combo", ()) and "give" not in t.data
                and self.favour_guild(t) in ("military", "merchant"))

    def favour_guild(self, t: Task) -> str | None:
        return t.data.get("borrow") if self.palace(t) == "spies" else self.palace(t)

    def open_detail(self, s, t):
        if FAVOUR not in t.data["combo"]:
            return None
        if self.palace(t) == "spies" and "borrow" not in t.data:
            return "borrow"
        guild = self.favour_guild(t)
        if guild in ("military", "merchant") and "give" not in t.data:
            return "favour"
        return None

    def detail_candidates(self, s, t):
        if t.data["stage"] == "borrow":
            return [A("favour", g) for g in BORROWABLE]
        return favour_detail_candidates(s, t.seat, self.favour_guild(t))

    def detail_refusal(self, s, t, a):
        if a.verb == "favour":
            favour_refusal(s, t.seat, a.args[0])
            self.must_be_feasible(s, t.but(borrow=a.args[0]))
        else:
            favour_detail_refusal(s, t.seat, a)
            self.must_be_feasible(s, t.but(give=a.args[0], take=a.args[1]))

    def detail_do(self, c, t, a):
        if a.verb == "favour":
            return t.but(borrow=a.args[0])
        return t.but(give=a.args[0], take=a.args[1])

    def carry_out(self, c, t):
        s, seat, data, guild = c.s, t.seat, t.data, self.palace(t)
        family = s.family(seat)
        follow: list[Task] = []
        if SERVICE in data["combo"]:
            if guild == "spies":
                c.update(("palace",), spy_ranks=[*c.s.tasks[c.find("palace")].data["spy_ranks"], data["rank"]])
                c.emit("spy_service", player=c.who(seat), n=RULES.spy_moves[data["rank"]])
            elif guild == "military":
                follow.append(Task("draw", seat, {"n": RULES.military_draws[data["rank"]]}))
            else:
                piece = SERVICE_PIECE[guild]
                family.owned[piece] += 1
                family.reserve[piece] += 1
                c.emit("new_member", player=c.who(seat), piece=w.piece(piece))
        if FAVOUR in data["combo"]:
            if guild == "spies":
                c.emit("favourite", player=c.who(seat), **w.at(data["borrow"]))
            follow += do_favour(c, seat, self.favour_guild(t), data.get("give"), data.get("take"))
        if SERVICE not in data["combo"] and CHARGE not in data["combo"]:
            family.dishonour += 1
            c.emit("no_primary", player=c.who(seat), **w.at(guild))
        return follow


def favour_detail_candidates(s: State, seat: int, guild: str) -> list[Action]:
    have = s.family(seat).goods
    if guild == "military":
        return [A("trade", g, c) for g in GOODS if have.get(g) for c in MERCENARY_COLOURS]
    return [A("swap", g, h) for g in GOODS if have.get(g) for h in GOODS if h != g]


def favour_detail_refusal(s: State, seat: int, a: Action) -> None:
    if not s.family(seat).goods.get(a.args[0]):
        raise Refusal("al_rashid.illegal.no_more_of", good=w.good(a.args[0]))
    if a.verb == "trade" and not can_draw(s, a.args[1]):
        raise Refusal("al_rashid.illegal.pile_empty", colour=w.mercenary(a.args[1]))
    if a.verb == "swap" and a.args[0] == a.args[1]:
        raise Refusal("al_rashid.illegal.same_good")


def do_favour(c: Ctx, seat: int, guild: str, give: str | None, take: str | None) -> list[Task]:
    """A guild leader's favour, paid for already (or free, through the Impostor)."""
    family = c.s.family(seat)
    c.emit(f"favour_{guild}", player=c.who(seat), given=w.good(give) if give else "",
           taken=w.good(take) if take and guild == "merchant" else "")
    if guild == "military":  # the General: a good for a mercenary of the chosen colour
        family.goods[give] -= 1
        value = draw_mercenary(c.s, take)
        give_tile(family, take, value)
        c.emit("drew_private", audience=seat, reveals=True, colour=w.mercenary(take), value=value)
    elif guild == "merchant":  # the Vizier: swap a good for another
        swap_goods(family, give, take)
    elif guild == "culture":  # the Court Sage: a credit note
        family.notes += 1
    elif guild == "politics":  # the Qadi: political influence
        family.influence += 1
    return []


@step
class Court(PalaceActor):
    """Al-Rashid's palace: benevolence and/or a caliph charge."""

    kind = "court"
    combos = COURT_COMBOS

    def total_cost(self, s, t):
        data = t.data
        if CHARGE in data["combo"] and "charge" in data:
            return charge_cost(s, t.seat, data["charge"], bool(data.get("note")))
        return 0

    def carry_out(self, c, t):
        follow = []
        if not t.data["combo"]:  # 003 extends the no-primary-action dishonour to Al-Rashid's palace
            c.s.family(t.seat).dishonour += 1
            c.emit("no_primary", player=c.who(t.seat), **w.at(CALIPH))
        if BENEVOLENCE in t.data["combo"]:
            i = c.find("palace")
            asked = [*c.s.tasks[i].data["benevolence"], [t.data["rank"], t.seat]]
            c.s.tasks[i] = c.s.tasks[i].but(benevolence=asked)
            c.emit("benevolence", player=c.who(t.seat), n=t.data["rank"] + 1)
            follow.append(Task("goods", t.seat, {"n": 1, "reason": "benevolence"}))
        return follow


@step
class Alchemy(Step):
    """Alchemist: you may turn one of your Sages into a Merchant, in reserve or on the board."""

    kind = "alchemy"

    def candidates(self, s, t):
        return [A("alchemy", "reserve")] + [A("alchemy", a) for a in AREAS] + [A("alchemy", "none")]

    def refusal(self, s, t, a):
        where = a.args[0]
        family = s.family(t.seat)
        if where == "none":
            return
        if family.owned["merchant"] >= RULES.piece_limits["merchant"]:
            raise Refusal("al_rashid.illegal.piece_limit", piece=w.piece("merchant"), n=RULES.piece_limits["merchant"])
        if where == "reserve":
            if not family.reserve["sage"]:
                raise Refusal("al_rashid.illegal.no_piece", piece=w.piece("sage"))
            return
        stack = stack_of(s, where, t.seat)
        if stack is None or not stack.sage or where in s.resolved:
            raise Refusal("al_rashid.illegal.no_piece_there", piece=w.piece("sage"), **w.at(where))
        if stack.pasha or stack.merchant:
            raise Refusal("al_rashid.illegal.one_leader", piece=w.piece("merchant"), **w.at(where))
        if where == CALIPH:
            raise Refusal("al_rashid.illegal.pasha_first", piece=w.piece("merchant"), **w.at(where))

    def do(self, c, t, a):
        c.pop()
        where = a.args[0]
        if where == "none":
            return
        family = c.s.family(t.seat)
        family.owned["sage"] -= 1
        family.owned["merchant"] += 1
        if where == "reserve":
            family.reserve["sage"] -= 1
            family.reserve["merchant"] += 1
        else:
            stack = stack_of(c.s, where, t.seat)
            stack.sage -= 1
            stack.merchant += 1
            c.touch(where)
        c.emit("alchemy", player=c.who(t.seat), where=w.at(where)["where"] if where != "reserve" else w.word("in_reserve"))


@step
class Impostor(Step):
    """Impostor: two different guild leaders' favours for free (not the Caliph's Favourite)."""

    kind = "impostor"

    def candidates(self, s, t):
        if t.data["stage"] == "choose":
            return [A("favour", g) for g in BORROWABLE]
        return favour_detail_candidates(s, t.seat, t.data["guild"])

    def refusal(self, s, t, a):
        if a.verb == "favour":
            if a.args[0] in t.data["done"]:
                raise Refusal("al_rashid.illegal.favour_twice")
            favour_refusal(s, t.seat, a.args[0])
        else:
            favour_detail_refusal(s, t.seat, a)

    def do(self, c, t, a):
        if a.verb == "favour" and a.args[0] in ("military", "merchant"):
            c.replace(t.but(stage="detail", guild=a.args[0]))
            return
        guild = a.args[0] if a.verb == "favour" else t.data["guild"]
        give, take = (None, None) if a.verb == "favour" else (a.args[0], a.args[1])
        done = [*t.data["done"], guild]
        if len(done) == 2:
            c.pop()
        else:
            c.replace(Task("impostor", t.seat, {"stage": "choose", "done": done}))
        do_favour(c, t.seat, guild, give, take)
        c.touch(f"family:{t.seat}")


# ==== territories ========================================================================================

@step
class Territory(Step):
    """Drives a territory: battle in dominance order until someone wins, then the top three trade."""

    kind = "territory"
    auto = True

    def run(self, c, t):
        s, data = c.s, t.data
        area = data["area"]
        if data["stage"] == "battle":
            if not s.mercenaries[area]:
                start_trade(c, t, data["contenders"])
            elif data["idx"] < len(data["contenders"]):
                seat = data["contenders"][data["idx"]]
                c.replace(t.but(idx=data["idx"] + 1))
                c.push(Task("battle", seat, {"area": area, "stage": "choose"}))
            else:
                c.emit("nobody_won", **w.at(area))
                c.pop()
                finish_area(c, area)
        elif data["idx"] < len(data["traders"]):
            seat, rank = data["traders"][data["idx"]], data["idx"]
            c.replace(t.but(idx=rank + 1))
            c.push(Task("trade", seat, {"area": area, "rank": rank, "left": RULES.trade_items[rank]}))
        else:
            c.pop()
            finish_area(c, area)


def start_trade(c: Ctx, t: Task, remaining: list[int]) -> None:
    """After the battle the top three still there trade; the others go home (000, "Il Commercio")."""
    traders = remaining[:3]
    return_pieces(c.s, t.data["area"], remaining[3:])
    i = c.find("territory")
    c.s.tasks[i] = c.s.tasks[i].but(stage="trade", traders=traders, idx=0)


@step
class Battle(Step):
    kind = "battle"

    def colours(self, s: State, t: Task) -> set[str]:
        return {tile.colour for tile in s.mercenaries[t.data["area"]]}

    def candidates(self, s, t):
        if t.data["stage"] == "choose":
            return [A("fight"), A("flee")]
        out = [A("commit", kind) for kind in sorted(s.family(t.seat).hand)]
        # Confirming before committing a tile is refused naming the rule.
        return [*out, A("clear"), A("confirm")]

    def refusal(self, s, t, a):
        colours = self.colours(s, t)
        hand = s.family(t.seat).hand
        if a.verb == "fight" and not any(split_kind(k)[0] in colours for k in hand):
            raise Refusal("al_rashid.illegal.no_tiles_to_fight")
        if a.verb == "commit":
            kind = a.args[0]
            if split_kind(kind)[0] not in colours:
                raise Refusal("al_rashid.illegal.wrong_colour", colour=w.mercenary(split_kind(kind)[0]))
            if hand.get(kind, 0) <= t.data.get("committed", {}).get(kind, 0):
                colour, value = split_kind(kind)
                raise Refusal("al_rashid.illegal.no_more_tiles",
                              kind=Message("al_rashid.tile", {"colour": w.mercenary(colour), "value": value}).to_json())
        if a.verb in ("clear", "confirm") and not t.data.get("committed"):
            raise Refusal("al_rashid.illegal.commit_first")

    def do(self, c, t, a):
        s, seat, area = c.s, t.seat, t.data["area"]
        if a.verb == "fight":
            c.replace(t.but(stage="commit", committed={}))
        elif a.verb == "commit":
            committed = dict(t.data["committed"])
            committed[a.args[0]] = committed.get(a.args[0], 0) + 1
            c.replace(t.but(committed=committed))
        elif a.verb == "clear":
            c.replace(t.but(committed={}))
        elif a.verb == "flee":
            s.family(seat).dishonour += 2
            c.emit("fled", player=c.who(seat), **w.at(area))
            c.pop()
            withdraw(c, area, seat)
        else:
            self.fight(c, t)

    def fight(self, c: Ctx, t: Task) -> None:
        s, seat, area = c.s, t.seat, t.data["area"]
        family = s.family(seat)
        committed = t.data["committed"]
        c.pop()
        for colour in MERCENARY_COLOURS:
            kinds = {k: n for k, n in sorted(committed.items()) if split_kind(k)[0] == colour}
            if not kinds:
                continue
            strength = sum(mercenary_value(family, split_kind(k)[1]) * n for k, n in kinds.items())
            enemies = [x for x in s.mercenaries[area] if x.colour == colour]
            enemy = sum(x.value for x in enemies)
            for k, n in kinds.items():
                for _ in range(n):
                    take_tile(family, k)
                    s.discards[colour].append(split_kind(k)[1])
            beaten = strength > enemy  # the discarded total must be strictly greater (000, "La Battaglia")
            if beaten:
                s.discards[colour] += [x.value for x in enemies]
                s.mercenaries[area] = [x for x in s.mercenaries[area] if x.colour != colour]
            c.emit("fought", player=c.who(seat), colour=w.mercenary(colour), **w.at(area),
                   strength=strength, enemy=enemy, result=Message(f"al_rashid.{'won' if beaten else 'lost'}").to_json())
        c.touch(area, f"family:{seat}")
        if s.mercenaries[area]:
            withdraw(c, area, seat)
            return
        c.emit("won_battle", player=c.who(seat), **w.at(area))
        i = c.find("territory")
        data = s.tasks[i].data
        start_trade(c, s.tasks[i], [seat, *data["contenders"][data["idx"]:]])
        if family.has("raider"):
            produced = list(load().territories[area].goods)
            c.push(Task("goods", seat, {"n": 1, "allowed": produced, "reason": "raider"}))

    def public_question(self, s, t):
        # The tiles chosen so far come from a hidden hand and may still be taken back.
        if t.data["stage"] == "commit":
            return Message("al_rashid.ask.battle.commit_public", super().question_params(s, t))
        return self.question(s, t)

    def question_params(self, s, t):
        params = super().question_params(s, t)
        committed = t.data.get("committed", {})
        params["committed"] = ", ".join(f"{k} ×{n}" for k, n in sorted(committed.items())) or "—"
        return params


def withdraw(c: Ctx, area: str, seat: int) -> None:
    return_pieces(c.s, area, [seat])
    c.touch(area)


@step
class Trade(Step):
    """Take goods from a territory: the first all of one good or 3 items, the second 2, the third 1."""

    kind = "trade"
    only_a_way_out = "done"  # nothing left on the territory

    def candidates(self, s, t):
        out = []
        if t.data["rank"] == 0 and not t.data.get("picked"):
            out += [A("all", g) for g in GOODS]
        out += [A("pick", item) for item in (*GOODS, CREDIT_NOTE)]
        return out + [A("done")]

    def refusal(self, s, t, a):
        if a.verb in ("all", "pick") and not s.territory_goods[t.data["area"]].get(a.args[0]):
            raise Refusal("al_rashid.illegal.not_on_territory", good=w.good(a.args[0]), **w.at(t.data["area"]))

    def do(self, c, t, a):
        s, seat, area = c.s, t.seat, t.data["area"]
        family = s.family(seat)
        stock = s.territory_goods[area]
        if a.verb == "done":
            c.pop()
            return
        item = a.args[0]
        n = stock[item] if a.verb == "all" else 1
        stock[item] -= n
        if item == CREDIT_NOTE:
            family.notes += n
        else:
            family.goods[item] = family.goods.get(item, 0) + n
        c.emit("traded", player=c.who(seat), goods=w.bundle({item: n}), **w.at(area))
        c.touch(area, f"family:{seat}")
        left = t.data["left"] - 1
        if a.verb == "all" or left == 0:
            c.pop()
        else:
            c.replace(t.but(left=left, picked=True))

    def question_params(self, s, t):
        return {**super().question_params(s, t), "n": t.data["left"]}


# ==== the flow of a turn =================================================================================

def advance(c: Ctx) -> None:
    """Run drivers and automatic steps until a player must decide or the game is over."""
    s = c.s
    while True:
        task = s.task
        if task is not None:
            handler = STEPS[task.kind]
            if handler.auto:
                handler.run(c, task)
            elif not handler.has_options(s, task):
                handler.on_empty(c, task)
            else:
                return
        elif s.phase == OVER:
            return
        elif s.phase == PLACEMENT:
            next_placement(c)
        elif s.phase == RESOLUTION:
            next_resolution(c)
        else:  # setup is over once everyone has drawn their first mercenary
            start_placement(c)


def start_placement(c: Ctx) -> None:
    s = c.s
    s.phase, s.round, s.round_queue = PLACEMENT, 0, []
    holders = [seat for seat in s.order if s.family(seat).has("diplomat")]
    c.push(*(Task("hold", seat) for seat in holders
             if s.family(seat).reserve["pasha"] or s.family(seat).reserve["merchant"]))


def next_placement(c: Ctx) -> None:
    s = c.s
    if not s.round_queue:
        s.round_queue = [seat for seat in s.order if any(s.family(seat).reserve.values())]
        if not s.round_queue:
            held = [seat for seat in s.order if s.family(seat).held]
            if held:  # the Diplomat's piece comes after every other piece
                c.push(*(place_task(s, seat, s.family(seat).held) for seat in held))
            else:
                start_resolution(c)
            return
        s.round += 1
    seat = s.round_queue.pop(0)
    if any(s.family(seat).reserve.values()):
        c.push(place_task(s, seat))


def start_resolution(c: Ctx) -> None:
    s = c.s
    s.phase, s.round, s.round_queue = RESOLUTION, 1, list(s.order)
    c.emit("resolution_starts", turn=s.turn)
    tasks = []
    for seat in s.order:
        family = s.family(seat)
        for charge, scope in (("plotter", "palaces"), ("informer", "territories")):
            if family.has(charge) and any(stack_of(s, a, seat) for a in areas_in_scope(scope)):
                tasks.append(Task("move", seat, {"source": charge, "stage": "from"}))
    c.push(*tasks)


def next_resolution(c: Ctx) -> None:
    s = c.s
    if not open_areas(s):
        end_turn(c)
        return
    if not s.round_queue:
        if s.pending_order is not None:
            s.order, s.pending_order = s.pending_order, None
        s.round += 1
        s.round_queue = list(s.order)
    seat = s.round_queue.pop(0)
    if has_pieces_on_board(s, seat):  # players without pieces skip their moves (000, "Risoluzione")
        c.push(Task("turn", seat, {}))


def end_turn(c: Ctx) -> None:
    s = c.s
    if s.pending_order is not None:
        s.order, s.pending_order = s.pending_order, None
    if s.turn >= RULES.turns:
        s.phase = OVER
        s.round_queue = []
        c.emit("game_over")
        return
    for territory, info in DATA.territories.items():
        s.territory_goods[territory] = {**info.goods, CREDIT_NOTE: info.notes} if info.notes else dict(info.goods)
    for family in s.families:
        family.used = []
    s.resolved = []
    s.turn += 1
    reveal_crisis(c)
    c.emit("turn_starts", turn=s.turn)
    start_placement(c)


def reveal_crisis(c: Ctx) -> None:
    s = c.s
    index = s.crisis_deck.pop()
    s.crisis_shown.append(f"turn:{index}")
    placed = []
    for territory, colour in DATA.crisis.turns[index]:
        if place_mercenary(s, territory, colour):
            placed.append(Message("al_rashid.tile_on", {"colour": w.mercenary(colour), **w.at(territory)}).to_json())
            c.touch(territory)
    c.emit("crisis", n=index + 1, placements=placed, reveals=True)
