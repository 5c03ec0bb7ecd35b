"""Resolving a palace ("Palazzi"): the top three act in dominance order — services, charges, favours,
Al-Rashid's benevolence — each paying for everything at once; then the spies' moves; then home.

The Plotter, the Informer and the spies' service share one step: moving a piece (`Move`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from engine.core.errors import Illegal
from engine.core.flow import Task, TaskCodec, later, replace, task
from engine.core.game import Action
from engine.core.messages import Message

from . import words as w
from .barter import gold_value, parse_goods, payment_notation, without
from .board import RULES, add_piece, areas_in_scope, placement_refusal, remove_piece, stack_of
from .charges import gain_charge
from .favours import do_favour, favour_detail_candidates, favour_detail_options, favour_detail_refusal
from .flow import A, Ctx, Driver, Step, finish_area, look
from .rules import (
    BORROWABLE,
    CHARGE_PRICES,
    CHARGES,
    COURT_COMBOS,
    GUILD_COMBOS,
    PALACE_CHARGES,
    SERVICE_PIECE,
    allowed,
    budget,
    charge_cost,
    charge_refusal,
    favour_cost,
    favour_problem,
    favour_refusal,
    note_discount,
    open_charges,
    service_cost,
    service_problem,
    service_refusal,
)
from .state import State
from .supply import Draw, TakeGoods
from .vocab import BENEVOLENCE, CALIPH, CHARGE, FAVOUR, GOODS, PIECES, SERVICE, TERRITORIES


@task
class Palace(Driver):
    """Drives a palace: each of the top three acts in dominance order, then the spies' moves, then home."""

    kind = "palace"
    area: str
    actors: tuple[int, ...]                  # the top three by dominance, best first
    idx: int                                 # the next actor
    spy_queue: tuple[int, ...]               # seats still to move with the spies' service
    spy_ranks: tuple[int, ...]               # ranks that asked the spies' service (queued after the actors)
    benevolence: tuple[tuple[int, int], ...]  # (rank, seat) of those who asked Al-Rashid's benevolence

    def run(self, c: Ctx) -> None:
        if self.idx < len(self.actors):
            seat, rank = self.actors[self.idx], self.idx
            c.replace(replace(self, idx=rank + 1))
            actor = Court if self.area == CALIPH else Guild
            c.push(actor(seat=seat, area=self.area, rank=rank, stage="choose"))
        elif self.spy_ranks:
            queue = tuple(self.actors[r] for r in RULES.spy_move_order if r in self.spy_ranks)
            c.replace(replace(self, spy_ranks=(), spy_queue=queue))
        elif self.spy_queue:
            seat, *rest = self.spy_queue
            c.replace(replace(self, spy_queue=tuple(rest)))
            c.push(Move(seat=seat, source="spy", stage="from"))
        else:
            if self.benevolence:
                new_order(c, self.benevolence)
            c.pop()
            finish_area(c, self.area)


def new_order(c: Ctx, asked: tuple[tuple[int, int], ...]) -> None:
    """Benevolence: those who asked take the turn-order place of their dominance rank; the others keep
    their relative order in the places left ("Benevolenza di Al-Rashid")."""
    s = c.s
    slots: list[int | None] = [None] * s.seats
    for rank, seat in asked:
        slots[rank] = seat
    taken = {seat for _, seat in asked}
    rest = iter(seat for seat in (s.pending_order or s.order) if seat not in taken)
    s.pending_order = [seat if seat is not None else next(rest) for seat in slots]
    c.emit("new_order", order=[c.who(x) for x in s.pending_order])


# ==== moving pieces: Plotter, Informer and the spies' service ======================================

@task
class Move(Step):
    """Move one of your pieces to another area of the same kind. `source` says who grants the move:
    the Plotter (palaces), the Informer (territories) or the spies' service (territories; may look instead)."""

    kind = "move"
    source: str                      # "plotter", "informer" or "spy"
    stage: str                       # "from", then "piece" (when there is a choice), then "to"
    origin: str | None = None        # the area the piece leaves
    piece: str | None = None

    def candidates(self, s: State) -> list[Action]:
        stage, source = self.stage, self.source
        scope = areas_in_scope("palaces" if source == "plotter" else "territories")
        if stage == "from":
            looks = [A("look", x) for x in TERRITORIES] if source == "spy" else []
            return looks + [A("from", x) for x in scope] + [A("stop" if source == "spy" else "skip")]
        if stage == "piece":
            return [A("piece", p) for p in PIECES] + [A("back")]
        return [A("to", x) for x in scope] + [A("back")]

    def problem(self, s: State, a: Action) -> str | None:
        seat, verb = self.seat, a.verb
        if verb == "look":
            if not any(not tile.revealed for tile in s.mercenaries[a.args[0]]):
                return "al_rashid.illegal.nothing_to_look_at"
        elif verb == "from":
            if a.args[0] in s.resolved or stack_of(s, a.args[0], seat) is None:
                return "al_rashid.illegal.no_own_piece_there"
        elif verb == "piece":
            assert self.origin is not None
            stack = stack_of(s, self.origin, seat)
            if stack is None or not stack.count(a.args[0]):
                return "al_rashid.illegal.no_piece_there"
        elif verb == "to":
            assert self.piece is not None
            if a.args[0] == self.origin:
                return "al_rashid.illegal.same_area"
            return placement_refusal(s, a.args[0], seat, self.piece)
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if a.verb in ("look", "from"):
            return w.at(a.args[0])
        if a.verb == "piece":
            assert self.origin is not None
            return {"piece": w.piece(a.args[0]), **w.at(self.origin)}
        if problem == "al_rashid.illegal.same_area":
            return {}
        assert self.piece is not None
        return {"piece": w.piece(self.piece), **w.at(a.args[0])}

    def do(self, c: Ctx, a: Action) -> None:
        s, seat = c.s, self.seat
        if a.verb in ("skip", "stop"):
            c.pop()
            if a.verb == "stop":  # the spy gives up the rest of their moves
                palace = c.nearest(Palace)
                c.revise(Palace, spy_queue=tuple(x for x in palace.spy_queue if x != seat))
        elif a.verb == "look":
            look(c, seat, a.args[0])
            c.pop()
        elif a.verb == "from":
            stack = stack_of(s, a.args[0], seat)
            assert stack is not None
            kinds = [p for p in PIECES if stack.count(p)]
            one = len(kinds) == 1
            c.replace(replace(self, stage="to" if one else "piece", origin=a.args[0], piece=kinds[0] if one else None))
        elif a.verb == "piece":
            c.replace(replace(self, stage="to", piece=a.args[0]))
        elif a.verb == "back":
            c.replace(replace(self, stage="from", piece=None))
        else:
            assert self.origin is not None and self.piece is not None
            remove_piece(s, self.origin, seat, self.piece)
            add_piece(s, a.args[0], seat, self.piece)
            c.pop()
            c.emit("moved", player=c.who(seat), piece=w.piece(self.piece),
                   origin=w.at(self.origin)["area"], **w.at(a.args[0]))
            c.touch(self.origin, a.args[0])

    def question(self, s: State) -> Message:
        params = {**self.question_params(s), "charge": w.charge(self.source) if self.source != "spy" else ""}
        if self.origin:
            params["origin"] = w.at(self.origin)["area"]
        if self.piece:
            params["piece"] = w.piece(self.piece)
        return Message(f"al_rashid.ask.move.{self.source}.{self.stage}", params)

    # Dumped as {"source", "stage"} and, once the piece's area is chosen, {"from", "piece"}.
    def to_data(self, codec: TaskCodec) -> dict[str, Any]:
        data: dict[str, Any] = {"source": self.source, "stage": self.stage}
        if self.origin is not None:
            data.update({"from": self.origin, "piece": self.piece})
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], codec: TaskCodec) -> dict[str, Any]:
        return {"source": data["source"], "stage": data["stage"], "origin": data.get("from"),
                "piece": data.get("piece")}


# ==== one family acting in a palace =================================================================

T = TypeVar("T")


class _Fact(Generic[T]):
    """`functools.cached_property` without the lock that Python 3.11 takes on every first read (3.12 dropped it):
    a purse is made for every question of a palace, and reads each of its facts once or not at all."""

    def __init__(self, find: Callable[[Any], T]):
        self.find, self.__doc__ = find, find.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, purse: Any, owner: type | None = None) -> T:
        found = purse.__dict__[self.name] = self.find(purse)  # read from the purse's own dict from now on
        return found


class Purse:
    """What a family can buy in a palace right now, gathered once per question: every option of a palace
    is checked for whether it can still be completed and paid for, and they all need the same facts."""

    def __init__(self, s: State, actor: PalaceActor):
        self.s, self.actor = s, actor
        family = s.families[actor.seat]  # only read: no copy of the family
        self.goods = family.goods        # held before this resolution
        self.note = family.notes > 0     # it holds a credit note
        self._budgets: dict[tuple[str | None, bool], int] = {}
        self.given = actor.given or {}   # handed over so far in the payment stage ...
        self.given_value = gold_value(self.given) if self.given else 0  # ... and its worth

    @_Fact
    def charges(self) -> tuple[str, ...]:
        """The palace's charges the family may take now, in data order."""
        return open_charges(self.s, self.actor.seat, self.actor.area)

    @_Fact
    def cheapest(self) -> str | None:
        """The cheapest of those charges, with a credit note or without: a note takes the same discount off every
        price (down to 0), so the charge with the lowest price before it is never dearer after it."""
        return min(self.charges, key=CHARGE_PRICES.__getitem__, default=None)

    @_Fact
    def favours(self) -> tuple[str, ...]:
        """The guild leaders' favours the family can have now (the Caliph's Favourite borrows among them)."""
        s, seat = self.s, self.actor.seat
        return tuple(b for b in BORROWABLE if favour_problem(s, seat, b) is None)

    @_Fact
    def may_serve(self) -> bool:
        """May the family have the palace's service (a guild)?"""
        return service_problem(self.s, self.actor.seat, self.actor.area) is None

    def pool(self, give: str | None) -> dict[str, int]:
        """The goods that may pay: held before this resolution, less a good promised in a swap."""
        return without(self.goods, {give: 1}) if give else self.goods

    def budget(self, give: str | None, keep_one: bool) -> int:
        """The most the family can pay from the pool (less `give`), keeping a good to hand over when `keep_one`."""
        key = (give, keep_one)
        found = self._budgets.get(key)
        if found is None:
            found = self._budgets[key] = budget(self.pool(give), keep_one)
        return found


PAYMENT = ("pay", "add", "confirm", "clear")  # the verbs of the payment stage
ADD = {g: A("add", g) for g in GOODS}
CONFIRM, CLEAR = A("confirm"), A("clear")


@task
class PalaceActor(Step):
    """One family acting in a palace: choose actions, then details, then pay everything at once."""

    combos: ClassVar[tuple[tuple[str, ...], ...]]  # the combinations of actions one may ask of the palace
    choices: ClassVar[tuple[Action, ...]]   # one for each combination, in that order ("do nothing": none of them)
    area: str
    rank: int                                # 0: the most dominant
    stage: str                               # "choose", "charge", "note", a detail, then "pay"
    combo: tuple[str, ...] | None = later()  # the actions chosen (empty: nothing)
    charge: str | None = later()
    note: bool | None = later()              # pay part of the charge with a credit note
    borrow: str | None = later()             # the Caliph's Favourite: whose favour
    give: str | None = later()               # a favour's good given ...
    take: str | None = later()               # ... and the good or mercenary colour taken
    cost: int | None = later()               # the total to pay
    given: dict[str, int] | None = later()   # goods handed over so far

    @property
    def actions(self) -> tuple[str, ...]:
        return self.combo or ()

    def purse(self, s: State) -> Purse:
        return Purse(s, self)

    def open_actions(self, purse: Purse) -> frozenset[str]:
        """The actions of the palace that no rule blocks outright (before asking about money)."""
        raise NotImplementedError

    def combo_allowed(self, combo: tuple[str, ...], purse: Purse) -> bool:
        """May the combination be asked, no rule blocking one of its actions outright (before asking about money)?"""
        return combo in self.combos and self.open_actions(purse).issuperset(combo)

    def combo_refusal(self, s: State, combo: tuple[str, ...], purse: Purse) -> None:
        """Raise the rule that blocks one of the combo's actions outright (the words of `combo_allowed`)."""
        if CHARGE in combo and not purse.charges:
            raise Illegal("al_rashid.illegal.no_charge_for_you", **w.at(self.area))

    # ---- pricing: whether the choices made so far can still be completed and paid for ----------------
    # Every option is priced before it is offered, so the price of a choice is worked out from numbers (the
    # details given, the task's own for the rest), not from the task it would become.
    def feasible(self, s: State, purse: Purse, *, combo: tuple[str, ...] | None = None, charge: str | None = None,
                 note: bool | None = None, borrow: str | None = None, give: str | None = None) -> bool:
        """Can the choices made so far, with the ones given here, still be completed and paid for? Keeps every
        path free of dead ends."""
        actions = (self.combo if combo is None else combo) or ()
        charge = self.charge if charge is None else charge
        if CHARGE in actions and charge is None:
            charge = purse.cheapest  # only the price of the charge matters here, so the cheapest one decides
            if charge is None:
                return False
        note = self.note if note is None else note
        if charge is not None and note is None:
            note = purse.note
        borrow = self.borrow if borrow is None else borrow
        give = self.give if give is None else give
        for b in self.borrows(purse, actions, borrow):
            if self.cost_of(s, actions, charge, bool(note), b) <= purse.budget(give, self.gives_good(actions, b, give)):
                return True
        return False

    def must_be_feasible(self, s: State, purse: Purse, **choice: Any) -> None:
        if not self.feasible(s, purse, **choice):
            raise Illegal("al_rashid.illegal.cannot_afford", value=gold_value(purse.pool(choice.get("give", self.give))))

    def cost_of(self, s: State, actions: tuple[str, ...], charge: str | None, note: bool, borrow: str | None) -> int:
        """The price of `actions` with these details (a charge counts once it is chosen)."""
        raise NotImplementedError

    def total_cost(self, s: State) -> int:
        return self.cost_of(s, self.actions, self.charge, bool(self.note), self.borrow)

    def borrows(self, purse: Purse, actions: tuple[str, ...], borrow: str | None) -> tuple[str | None, ...]:
        """The ways the favour to borrow can still be filled in (the Caliph's Favourite)."""
        return (borrow,)

    def gives_good(self, actions: tuple[str, ...], borrow: str | None, give: str | None) -> bool:
        """Must a good still be kept to hand over in a swap?"""
        return False

    def pool(self, purse: Purse) -> dict[str, int]:
        """The goods that may pay: held before this resolution, less a good promised in a swap."""
        return purse.pool(self.give)

    def price(self) -> int:
        assert self.cost is not None, "asked only in the payment stage"
        return self.cost

    # ---- stages --------------------------------------------------------------------------------
    def candidates(self, s: State) -> Sequence[Action]:
        stage = self.stage
        if stage == "choose":
            return self.choices
        if stage == "charge":
            return [A("charge", ch) for ch in PALACE_CHARGES[self.area]]  # one taken is refused naming the rule
        if stage == "note":
            return [A("note", "use"), A("note", "keep")]
        if stage == "pay":
            pool = self.pool(self.purse(s))
            # Handing over more once enough is given, or confirming too little, is refused naming the rule.
            return [*self.suggested(pool), *(ADD[g] for g in GOODS if pool.get(g, 0)), CONFIRM,
                    *((CLEAR,) if self.given else ())]
        return self.detail_candidates(s)

    def detail_candidates(self, s: State) -> list[Action]:
        return []

    # ---- refusals: every option is checked against one purse -------------------------------
    # Listing the options (on every step) reads the purse's facts and numbers and makes no refusal; an action a
    # player sends that is not allowed gets the rule's words from `refuse_with`.
    def options(self, s: State) -> list[Action]:
        purse = self.purse(s)
        if self.stage == "pay":
            return self.payment_options(s, purse)
        if self.stage == "choose":
            return self.combo_options(s, purse)
        return [a for a in self.candidates(s) if self.allows_with(s, a, purse)]

    def combo_options(self, s: State, purse: Purse) -> list[Action]:
        """`allows_with` for every combination at once. A combination's price is the sum of its actions' prices
        (`cost_of`), so each action open is priced once (the favour once per way to borrow it), as `feasible`
        prices them before any detail is chosen: the cheapest charge, with a credit note when the family holds one."""
        open_actions = self.open_actions(purse)
        charge = purse.cheapest  # there is one when a charge is open
        note = charge is not None and purse.note
        prices = {act: self.cost_of(s, (act,), charge, note, None) for act in open_actions if act != FAVOUR}
        # (the favour's price, the most the family can pay with it): one for each way to borrow it
        favours = [(self.cost_of(s, (FAVOUR,), None, False, b), purse.budget(None, self.gives_good((FAVOUR,), b, None)))
                   for b in self.borrows(purse, (FAVOUR,), None)] if FAVOUR in open_actions else []
        without_favour = ((0, purse.budget(None, False)),)
        out = []
        for a, combo in zip(self.choices, self.combos, strict=False):  # a choice beyond them is never offered
            if open_actions.issuperset(combo):
                price = 0
                for act in combo:
                    if act != FAVOUR:
                        price += prices[act]
                for favour, most in favours if FAVOUR in combo else without_favour:
                    if price + favour <= most:
                        out.append(a)
                        break
        return out

    def suggested(self, pool: dict[str, int]) -> tuple[Action, ...]:
        """The payment the pool can make in one go, worth the price and keeping the most (none when it cannot)."""
        notation = payment_notation(pool, self.price())
        return () if notation is None else (A("pay", notation),)

    def payment_options(self, s: State, purse: Purse) -> list[Action]:
        """`payment_problem` for every candidate at once: the payment suggested is the pool's and worth the price;
        a good is added while the pool holds more of it and the price is not reached; confirming needs the price."""
        pool, given = self.pool(purse), purse.given
        out = [*self.suggested(pool)]
        if purse.given_value < self.price():
            out += [ADD[g] for g in GOODS if pool.get(g, 0) > given.get(g, 0)]
        else:
            out.append(CONFIRM)
        if given:
            out.append(CLEAR)
        return out

    def has_options(self, s: State) -> bool:
        purse = self.purse(s)
        return any(self.allows_with(s, a, purse) for a in reversed(self.candidates(s)))

    def asked(self, s: State) -> list[Action]:
        return self.options(s)  # empty exactly when `has_options` is False: no need to ask it first

    def allows_with(self, s: State, a: Action, purse: Purse) -> bool:
        verb = a.verb
        if verb == "do":
            combo = () if a.args == ("nothing",) else a.args
            return self.combo_allowed(combo, purse) and self.feasible(s, purse, combo=combo)
        if verb == "charge":
            return a.args[0] in purse.charges and self.feasible(s, purse, charge=a.args[0])
        if verb == "note":
            return self.feasible(s, purse, note=a.args[0] == "use")
        if verb in PAYMENT:
            return self.payment_problem(a, purse) is None
        return self.detail_allowed(s, a, purse)

    def refuse(self, s: State, a: Action) -> None:
        self.refuse_with(s, a, self.purse(s))

    def refuse_with(self, s: State, a: Action, purse: Purse) -> None:
        if a.verb == "do":
            combo = () if a.args == ("nothing",) else a.args
            self.combo_refusal(s, combo, purse)
            self.must_be_feasible(s, purse, combo=combo)
        elif a.verb == "charge":
            charge_refusal(s, self.seat, a.args[0], self.area)
            self.must_be_feasible(s, purse, charge=a.args[0])
        elif a.verb == "note":
            self.must_be_feasible(s, purse, note=a.args[0] == "use")
        elif a.verb in PAYMENT:
            problem = self.payment_problem(a, purse)
            if problem is not None:
                raise Illegal(problem, **self.payment_words(a, problem))
        else:
            self.detail_refusal(s, a, purse)

    def payment_problem(self, a: Action, purse: Purse) -> str | None:
        """The key of the rule a step of the payment breaks, or None."""
        price = self.price()
        if a.verb == "pay":
            paid, pool = parse_goods(a.args[0]), self.pool(purse)
            if paid is None or any(pool.get(g, 0) < n for g, n in paid.items()):
                return "al_rashid.illegal.not_your_goods"
            return "al_rashid.illegal.payment_short" if gold_value(paid) < price else None
        if a.verb == "confirm":
            return "al_rashid.illegal.payment_short" if purse.given_value < price else None
        if a.verb == "add":
            if self.pool(purse).get(a.args[0], 0) <= purse.given.get(a.args[0], 0):
                return "al_rashid.illegal.no_more_of"
            return "al_rashid.illegal.paid_enough" if purse.given_value >= price else None
        return None  # "clear"

    def payment_words(self, a: Action, problem: str) -> dict[str, Any]:
        if problem == "al_rashid.illegal.payment_short":
            paid = parse_goods(a.args[0]) if a.verb == "pay" else self.given
            return {"cost": self.price(), "value": gold_value(paid or {})}
        if problem == "al_rashid.illegal.no_more_of":
            return {"good": w.good(a.args[0])}
        if problem == "al_rashid.illegal.paid_enough":
            return {"cost": self.price()}
        return {}

    def detail_allowed(self, s: State, a: Action, purse: Purse) -> bool:
        return True

    def detail_refusal(self, s: State, a: Action, purse: Purse) -> None:
        pass

    def do(self, c: Ctx, a: Action) -> None:
        t = self
        if a.verb == "do":
            t = replace(self, combo=() if a.args == ("nothing",) else a.args)
        elif a.verb == "charge":
            t = replace(self, charge=a.args[0])
        elif a.verb == "note":
            t = replace(self, note=a.args[0] == "use")
        elif a.verb == "add":
            given = dict(self.given or {})
            given[a.args[0]] = given.get(a.args[0], 0) + 1
            c.replace(replace(self, given=given))
            return
        elif a.verb == "clear":
            c.replace(replace(self, given={}))
            return
        elif a.verb in ("pay", "confirm"):
            paid = parse_goods(a.args[0]) if a.verb == "pay" else self.given
            self.execute(c, paid or {})
            return
        else:
            t = self.detail_do(a)
        t.next_stage(c)

    def detail_do(self, a: Action) -> Self:
        return self

    def next_stage(self, c: Ctx) -> None:
        """Ask the next detail that is still open, then the payment, then carry everything out."""
        s = c.s
        if CHARGE in self.actions and self.charge is None:
            c.replace(replace(self, stage="charge"))
        elif CHARGE in self.actions and self.note is None:
            assert self.charge is not None
            if s.families[self.seat].notes > 0 and CHARGES[self.charge].cost > 0:
                c.replace(replace(self, stage="note"))
            else:
                replace(self, note=False).next_stage(c)
        elif (stage := self.open_detail(s)) is not None:
            c.replace(replace(self, stage=stage))
        else:
            cost = self.total_cost(s)
            if cost > 0:
                c.replace(replace(self, stage="pay", cost=cost, given={}))
            else:
                self.execute(c, {})

    def open_detail(self, s: State) -> str | None:
        return None

    def question_params(self, s: State) -> dict[str, Any]:
        params = super().question_params(s)
        given = self.given or {}
        params.update(given=w.bundle(given) or "—", value=gold_value(given),
                      worth=gold_value(self.pool(self.purse(s))))
        if self.charge:
            params["charge"] = w.charge(self.charge)
        return params

    def execute(self, c: Ctx, paid: dict[str, int]) -> None:
        s, seat = c.s, self.seat
        family = s.family(seat)
        c.pop()
        for g, n in paid.items():
            family.goods[g] -= n
        if self.note:
            family.notes -= 1
        c.touch(f"family:{seat}", self.area)
        if paid:
            c.emit("paid", player=c.who(seat), goods=w.bundle(paid), value=gold_value(paid), cost=self.cost)
        if self.note:
            c.emit("used_note", player=c.who(seat), discount=note_discount(s, seat))
        follow: list[Task] = []
        if CHARGE in self.actions:
            assert self.charge is not None
            follow += gain_charge(c, seat, self.charge, self.area)
        follow += self.carry_out(c)
        c.push(*follow)

    def carry_out(self, c: Ctx) -> list[Task]:
        return []


def combo_choices(combos: tuple[tuple[str, ...], ...]) -> tuple[Action, ...]:
    return tuple(A("do", *combo) if combo else A("do", "nothing") for combo in combos)


@task
class Guild(PalaceActor):
    """A guild palace: service, charge, the guild leader's favour — at most two of them."""

    kind = "guild"
    combos = GUILD_COMBOS
    # Asking all three is never offered, but refused with the rule rather than as an unknown move.
    choices = (*combo_choices(GUILD_COMBOS), A("do", SERVICE, CHARGE, FAVOUR))

    def open_actions(self, purse: Purse) -> frozenset[str]:
        guild = self.area
        return frozenset(act for act, is_open in (
            (SERVICE, purse.may_serve), (CHARGE, purse.charges),
            (FAVOUR, guild == "spies" or favour_problem(purse.s, self.seat, guild) is None)) if is_open)

    def combo_refusal(self, s: State, combo: tuple[str, ...], purse: Purse) -> None:
        guild = self.area
        if len(combo) == 3:
            raise Illegal("al_rashid.illegal.three_actions", **w.at(guild))
        if SERVICE in combo:
            service_refusal(s, self.seat, guild)
        super().combo_refusal(s, combo, purse)
        if FAVOUR in combo and guild != "spies":
            favour_refusal(s, self.seat, guild)

    def cost_of(self, s: State, actions: tuple[str, ...], charge: str | None, note: bool, borrow: str | None) -> int:
        cost = 0
        if SERVICE in actions:
            cost += service_cost(s, self.seat, self.area, self.rank)
        if CHARGE in actions and charge is not None:
            cost += charge_cost(s, self.seat, charge, note)
        if FAVOUR in actions:
            cost += favour_cost(self.area, borrow)
        return cost

    def borrows(self, purse: Purse, actions: tuple[str, ...], borrow: str | None) -> tuple[str | None, ...]:
        if FAVOUR in actions and self.area == "spies" and borrow is None:
            return purse.favours
        return (borrow,)

    def gives_good(self, actions: tuple[str, ...], borrow: str | None, give: str | None) -> bool:
        return (FAVOUR in actions and give is None
                and (borrow if self.area == "spies" else self.area) in ("military", "merchant"))

    def favour_guild(self) -> str | None:
        return self.borrow if self.area == "spies" else self.area

    def open_detail(self, s: State) -> str | None:
        if FAVOUR not in self.actions:
            return None
        if self.area == "spies" and self.borrow is None:
            return "borrow"
        if self.favour_guild() in ("military", "merchant") and self.give is None:
            return "favour"
        return None

    def detail_candidates(self, s: State) -> list[Action]:
        if self.stage == "borrow":
            return [A("favour", g) for g in BORROWABLE]
        return favour_detail_candidates(s, self.seat, self.favour_guild())

    def options(self, s: State) -> list[Action]:
        if self.stage != "favour":
            return super().options(s)
        # `allows_with` for every good given and taken at once: the favour's details are the last chosen, so the price
        # is known, and the family must pay it from its goods less the one it gives.
        cost, purse = self.total_cost(s), self.purse(s)
        return [a for a in favour_detail_options(s, self.seat, self.favour_guild()) if cost <= purse.budget(a.args[0], False)]

    def detail_allowed(self, s: State, a: Action, purse: Purse) -> bool:
        if a.verb == "favour":
            return a.args[0] in purse.favours and self.feasible(s, purse, borrow=a.args[0])
        return allowed(favour_detail_refusal, s, self.seat, a) and self.feasible(s, purse, give=a.args[0])

    def detail_refusal(self, s: State, a: Action, purse: Purse) -> None:
        if a.verb == "favour":
            favour_refusal(s, self.seat, a.args[0])
            self.must_be_feasible(s, purse, borrow=a.args[0])
        else:
            favour_detail_refusal(s, self.seat, a)
            self.must_be_feasible(s, purse, give=a.args[0])

    def detail_do(self, a: Action) -> Self:
        if a.verb == "favour":
            return replace(self, borrow=a.args[0])
        return replace(self, give=a.args[0], take=a.args[1])

    def carry_out(self, c: Ctx) -> list[Task]:
        s, seat, guild = c.s, self.seat, self.area
        family = s.family(seat)
        follow: list[Task] = []
        if SERVICE in self.actions:
            if guild == "spies":
                c.revise(Palace, spy_ranks=(*c.nearest(Palace).spy_ranks, self.rank))
                c.emit("spy_service", player=c.who(seat), n=RULES.spy_moves[self.rank])
            elif guild == "military":
                follow.append(Draw(seat=seat, n=RULES.military_draws[self.rank]))
            else:
                piece = SERVICE_PIECE[guild]
                family.owned[piece] += 1
                family.reserve[piece] += 1
                c.emit("new_member", player=c.who(seat), piece=w.piece(piece))
        if FAVOUR in self.actions:
            favour = self.favour_guild()
            assert favour is not None
            if guild == "spies":
                c.emit("favourite", player=c.who(seat), **w.at(favour))
            do_favour(c, seat, favour, self.give, self.take)
        if SERVICE not in self.actions and CHARGE not in self.actions:
            family.dishonour += 1
            c.emit("no_primary", player=c.who(seat), **w.at(guild))
        return follow


WITH_CHARGE, WITHOUT_CHARGE = frozenset((BENEVOLENCE, CHARGE)), frozenset((BENEVOLENCE,))


@task
class Court(PalaceActor):
    """Al-Rashid's palace: benevolence and/or a caliph charge."""

    kind = "court"
    combos = COURT_COMBOS
    choices = combo_choices(COURT_COMBOS)

    def open_actions(self, purse: Purse) -> frozenset[str]:
        return WITH_CHARGE if purse.charges else WITHOUT_CHARGE

    def cost_of(self, s: State, actions: tuple[str, ...], charge: str | None, note: bool, borrow: str | None) -> int:
        return charge_cost(s, self.seat, charge, note) if CHARGE in actions and charge is not None else 0

    def carry_out(self, c: Ctx) -> list[Task]:
        follow: list[Task] = []
        if not self.actions:  # 003 extends the no-primary-action dishonour to Al-Rashid's palace
            c.s.family(self.seat).dishonour += 1
            c.emit("no_primary", player=c.who(self.seat), **w.at(CALIPH))
        if BENEVOLENCE in self.actions:
            c.revise(Palace, benevolence=(*c.nearest(Palace).benevolence, (self.rank, self.seat)))
            c.emit("benevolence", player=c.who(self.seat), n=self.rank + 1)
            follow.append(TakeGoods(seat=self.seat, n=1, reason="benevolence"))
        return follow
