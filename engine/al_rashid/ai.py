"""A sensible computer player for Al-Rashid: the `heuristic` policy of engine.ai.

It scores each legal step by a rough worth in prestige points and takes the best. It plays for
dominance where an area pays at the rank it would reach, buys what it can afford (a gold of goods is
worth about `GOLD` points when spent), fights when its tiles beat the mercenaries, avoids dishonour,
pays with the suggested payment, and resolves the territories it profits from before the palaces
where it spends. It only reads what its seat may know: its own hand, goods and charges, the public
board, and face-down mercenaries it has looked at (the others count as `TILE_GUESS`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.flow import Ask
from engine.core.game import Action, Game
from engine.core.heuristic import ScoringPlayer, once_a_decision

from .barter import gold_value
from .board import DOMINANCE, RULES, mercenary_value, placement_refusal
from .charges import Alchemy
from .data import load
from .favours import Impostor
from .palaces import Court, Guild, Move
from .placement import Hold, Place
from .resolution import Turn, UseNegotiator, UseRecruiter, UseSmuggler, UseTrader
from .rules import SERVICE_PIECE, allowed, charge_cost, charge_refusal, favour_cost, service_cost
from .scoring import charge_points
from .state import Family, State
from .supply import Draw, TakeGoods
from .territories import Battle, Trade
from .vocab import CALIPH, CHARGE, COMMON_GOODS, CREDIT_NOTE, FAVOUR, GOODS, SERVICE, TERRITORIES, split_kind

CHARGES = load().charges
GOLD = 0.25            # points per gold of goods spent well
NOTE = 0.8             # a credit note: 3 gold off a charge
TILE = 0.4             # a mercenary tile in hand
TILE_GUESS = 3         # the expected value of a face-down mercenary
DISHONOUR = -2         # points per dishonour token
ITEM_GOLD = 2.0        # the gold a good adds to a hand, on average
PIECE_POINTS = RULES.family_points
SERVICE_COSTED = tuple(RULES.service_cost)  # the guilds whose service has a price


class Heuristic(ScoringPlayer[State]):
    def scores(self, game: Game[State], state: State, seat: int, legal: list[Action]) -> list[float] | None:
        task = state.task
        score = SCORES.get(type(task))  # type: ignore[arg-type]  # an ask of this seat (never None)
        if score is None:
            return None
        mind = Mind(state, task, seat)
        return [score(mind, a) for a in legal]


class Mind:
    """What one seat makes of the position: `SCORES` gives the method that scores an option of each ask."""

    def __init__(self, state: State, task: Any, seat: int):
        self.s, self.t, self.seat = state, task, seat
        self.me: Family = state.family(seat)
        self.turns_left = RULES.turns - state.turn          # whole turns after this one
        # What spending a gold of goods (or a credit note) gives up: what it would buy later. In the last turn
        # nothing: whatever is left at the end scores nothing, so the family buys all it can.
        self.spend, self.note = (GOLD, NOTE) if self.turns_left else (0.0, 0.0)

    # ---- worth of things ---------------------------------------------------------------------------
    def goods_gain(self, extra: dict[str, int], goods: dict[str, int] | None = None) -> int:
        goods = self.me.goods if goods is None else goods
        more: dict[str, int] = {g: goods.get(g, 0) + extra.get(g, 0) for g in GOODS}
        return gold_value(more) - gold_value(goods)

    def influence_worth(self, n: int = 1) -> float:
        return float(max(0, min(n, RULES.influence_points_cap - self.me.influence)))

    def piece_worth(self, piece: str) -> float:
        # its points at the end, and its dominance in the turns still to play
        return PIECE_POINTS[piece] + 0.3 * DOMINANCE[piece] * self.turns_left / 2

    def budget(self) -> int:
        return gold_value(self.me.goods)

    @once_a_decision  # the placements of every piece weigh the same areas, ranks and charges
    def charge_worth(self, charge: str) -> float:
        me, left = self.me, self.turns_left
        info = CHARGES[charge]
        if info.points is None:  # political charges: what they would score now, and some hope
            trial = Family(me.seat, me.colour, dict(me.reserve), dict(me.owned), me.held, dict(me.goods), me.notes,
                           me.influence + (charge == "aide_to_the_qadi"), me.dishonour, [*me.charges, charge])
            return charge_points(trial, charge) + 1.0 + self.influence_worth(charge == "aide_to_the_qadi")
        extra = {
            "smuggler": 0.4 * left, "recruiter": TILE * left, "raider": 0.3 * left, "negotiator": 0.1,
            "impostor": self.influence_worth() + NOTE, "strategist": 0.4 * sum(me.hand.values()) + 0.5 * left,
            "loremaster": 0.8 * left, "enchanter": self.piece_worth("merchant") + DISHONOUR,
            "diplomat": 0.3 * left, "banker": 0.6 * (me.notes + left), "trader": 0.5 * left,
            "hardwood_importer": 0.5 * left, "pottery_importer": 0.5 * left, "metal_importer": 0.5 * left,
            "treasurer": NOTE, "agha": 4 * TILE, "quartermaster": 2 * ITEM_GOLD * GOLD + 0.5,
            "silk_monopolist": self.monopoly("silk"), "spice_monopolist": self.monopoly("spice"),
            "astrologer": self.influence_worth(self.astrology()), "law_expert": self.influence_worth(),
            "alchemist": 1.0 if me.owned["sage"] else 0.0,
        }.get(charge, 0.0)
        return info.points + extra

    def monopoly(self, good: str) -> float:
        other = "spice" if good == "silk" else "silk"
        both = self.me.has(f"{other}_monopolist")
        return GOLD * self.goods_gain({good: 3, other: 1} if both else {good: 1}) + 0.3

    def astrology(self) -> int:
        sages = self.me.owned["sage"]
        return 3 if sages >= 6 else 2 if sages >= 4 else 1 if sages >= 2 else 0

    def best_charge(self, palace: str, budget: int) -> float | None:
        """Worth less price of the best charge this palace offers that the budget covers, or None."""
        best = None
        for charge in dict.fromkeys(self.s.charges[palace]):
            if not allowed(charge_refusal, self.s, self.seat, charge, palace):  # owned already, piece limit
                continue
            cost = charge_cost(self.s, self.seat, charge, self.me.notes > 0)
            if cost <= budget:
                worth = self.charge_worth(charge) - self.spend * cost - (self.note if cost < CHARGES[charge].cost else 0)
                best = worth if best is None else max(best, worth)
        return best

    def service_worth(self, guild: str, rank: int) -> float:
        if guild in SERVICE_PIECE:
            piece = SERVICE_PIECE[guild]
            if self.me.owned[piece] >= RULES.piece_limits[piece]:
                return -9.0
            return self.piece_worth(piece)
        if guild == "military":
            return TILE * RULES.military_draws[rank]
        return 0.2  # the spies' moves: little, but free

    def favour_worth(self, guild: str) -> float:
        if guild == "politics":
            return self.influence_worth()
        if guild == "culture":
            return self.note
        if guild == "merchant":
            return self.spend * max((self.swap_gain(g, h) for g in GOODS for h in GOODS if g != h and self.me.goods.get(g)),
                              default=0)
        if guild == "military":
            return TILE - self.spend * ITEM_GOLD if any(self.me.goods.values()) else -9.0
        return max(self.favour_worth(g) - self.spend * favour_cost(g) for g in ("politics", "culture"))  # spies

    def swap_gain(self, give: str, take: str) -> int:
        goods = dict(self.me.goods)
        goods[give] -= 1
        goods[take] = goods.get(take, 0) + 1
        return gold_value(goods) - gold_value(self.me.goods)

    # ---- dominance ---------------------------------------------------------------------------------
    @once_a_decision
    def rank(self, area: str, piece: str | None = None) -> int | None:
        """Our place in `area` (0 = first), with `piece` added; None when not there or not received."""
        entries = []
        mine = False
        for i, stack in enumerate(self.s.areas[area]):
            counts = {"pasha": stack.pasha, "merchant": stack.merchant, "sage": stack.sage}
            if stack.seat == self.seat:
                mine = True
                if piece:
                    counts[piece] += 1
            entries.append((i, stack.seat, counts))
        if not mine and piece:
            entries.append((len(entries), self.seat, {"pasha": 0, "merchant": 0, "sage": 0, piece: 1}))
        scored = sorted(((-sum(DOMINANCE[p] * n for p, n in c.items()), i, seat) for i, seat, c in entries
                         if area != CALIPH or c["pasha"]))
        seats = [seat for _, _, seat in scored]
        return seats.index(self.seat) if self.seat in seats else None

    def strength(self, colour: str) -> int:
        return sum(mercenary_value(self.me, split_kind(k)[1]) * n for k, n in self.me.hand.items()
                   if split_kind(k)[0] == colour)

    def enemy(self, area: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for tile in self.s.mercenaries[area]:
            known = tile.revealed or self.seat in tile.seen_by
            out[tile.colour] = out.get(tile.colour, 0) + (tile.value if known else TILE_GUESS)
        return out

    def can_win(self, area: str) -> bool:
        return all(self.strength(c) > v for c, v in self.enemy(area).items())

    def trade_gain(self, area: str, rank: int) -> float:
        """Points of what we would take from a territory at this rank."""
        worth = self.picks_worth(area, RULES.trade_items[rank])
        if rank == 0:  # or all of one good
            alls = [GOLD * self.goods_gain({g: n}) for g, n in self.s.territory_goods[area].items() if g in GOODS]
            worth = max([worth, *alls])
        return worth

    @once_a_decision
    def area_worth(self, area: str, rank: int | None) -> float:
        """What being at `rank` in `area` is worth when it is resolved."""
        if rank is None or rank >= 3:
            return 0.0
        if area in TERRITORIES:
            tiles = self.s.mercenaries[area]
            if not tiles:
                return self.trade_gain(area, rank)
            if rank == 0:
                if self.can_win(area):
                    return self.trade_gain(area, 0) - TILE * len(tiles)
                return -TILE if any(self.strength(c) for c in self.enemy(area)) else 2 * DISHONOUR
            return 0.4 * self.trade_gain(area, rank)  # someone ahead must win first
        budget = self.budget() - self.committed(area)
        if area == CALIPH:
            charge = self.best_charge(CALIPH, budget)
            return 1.2 + max(charge or 0.0, 0.0)
        options = []
        cost = service_cost(self.s, self.seat, area, rank)
        if cost <= budget:
            options.append(self.service_worth(area, rank) - self.spend * cost)
        charge = self.best_charge(area, budget)
        if charge is not None:
            options.append(charge)
        return max(options) if options else DISHONOUR  # nothing we can pay for: one dishonour

    def committed(self, besides: str) -> int:
        """Gold already promised: the cheapest purchase in each other guild palace where we will act."""
        total = 0
        for guild in SERVICE_COSTED:
            rank = self.rank(guild) if guild != besides else None
            if rank is not None and rank < 3:
                costs = [service_cost(self.s, self.seat, guild, rank)]
                costs += [charge_cost(self.s, self.seat, c, self.me.notes > 0) for c in set(self.s.charges[guild])]
                total += min(costs)
        return total

    def placement_worth(self, piece: str, area: str) -> float:
        before = self.area_worth(area, self.rank(area))
        after = self.area_worth(area, self.rank(area, piece))
        return after - before - 0.05 * DOMINANCE[piece]  # keep the strong pieces for where they count

    # ---- the steps --------------------------------------------------------------------------------
    def on_draw(self, a: Action) -> float:
        colour = a.args[0]
        return sum(t.colour == colour for x in TERRITORIES for t in self.s.mercenaries[x]) + 0.1 * self.strength(
            "blue" if colour == "red" else "red")

    def on_goods(self, a: Action) -> float:
        return self.goods_gain({a.args[0]: 1})

    def on_hold(self, a: Action) -> float:
        return {"pasha": 2.0, "merchant": 1.0}.get(a.args[0], 0.0)

    def on_place(self, a: Action) -> float:
        if a.verb == "back":
            return -99.0
        if a.verb == "piece":
            piece = a.args[0]
            return max(self.placement_worth(piece, area) for area in self.s.areas
                       if placement_refusal(self.s, area, self.seat, piece) is None)
        return self.placement_worth(self.t.piece, a.args[0])

    def on_move(self, a: Action) -> float:
        return 0.0 if a.verb in ("skip", "stop") else -0.1

    def on_turn(self, a: Action) -> float:
        if a.verb == "end":
            return 0.0
        if a.verb == "activate":
            charge = a.args[0]
            if charge.endswith("_importer"):
                return 0.5 + GOLD * self.goods_gain({charge.removesuffix("_importer"): 1})
            if charge == "smuggler":
                return max((GOLD * self.swap_gain(g, h) for g in GOODS for h in GOODS
                            if g != h and self.me.goods.get(g)), default=-0.1)
            if charge == "trader":
                return max((GOLD * self.trader_gain(g) for g in COMMON_GOODS if self.me.goods.get(g)), default=-0.1)
            return TILE if charge == "recruiter" else -0.1
        area = a.args[0]
        rank = self.rank(area)
        if rank is None or rank >= 3:
            return 1.0                      # neither gain nor loss: a neutral choice
        if area in TERRITORIES:
            worth = self.area_worth(area, rank)
            return 3.0 + worth if worth >= 0 else -1.0  # goods first; a lost fight as late as possible
        if area == "military":
            return 2.5                      # tiles before the fights
        return 0.5                          # spend last, with the goods from the territories

    def palace_step(self, a: Action) -> float:
        area, rank = self.t.area, self.t.rank
        if a.verb == "do":
            combo = () if a.args == ("nothing",) else a.args
            worth = 0.0
            if SERVICE in combo:
                worth += self.service_worth(area, rank) - self.spend * service_cost(self.s, self.seat, area, rank)
            if CHARGE in combo:
                worth += self.best_charge(area, 99) or 0.0
            if FAVOUR in combo:
                worth += self.favour_worth(area) - self.spend * favour_cost(area)
            if "benevolence" in combo:
                worth += 1.2
            if area != CALIPH and SERVICE not in combo and CHARGE not in combo:
                worth += DISHONOUR
            return worth
        if a.verb == "charge":
            charge = a.args[0]
            return self.charge_worth(charge) - self.spend * charge_cost(self.s, self.seat, charge, self.me.notes > 0)
        if a.verb == "note":
            return 1.0 if a.args[0] == "use" else 0.0
        if a.verb == "pay":
            return 10.0
        if a.verb == "confirm":
            return 5.0
        if a.verb == "add":
            return 1.0 - 0.01 * self.me.goods.get(a.args[0], 0)
        if a.verb == "favour":   # the Caliph's Favourite borrows a favour
            return self.favour_worth(a.args[0]) - self.spend * favour_cost(a.args[0])
        return self.detail(a)

    def detail(self, a: Action) -> float:
        if a.verb == "swap":
            return self.swap_gain(a.args[0], a.args[1])
        if a.verb == "trade":  # a good for a tile of the colour most on the map
            return -self.goods_gain({a.args[0]: -1}) + self.on_draw(Action("draw", (a.args[1],)))
        return -1.0

    def on_alchemy(self, a: Action) -> float:
        where = a.args[0]
        return 0.0 if where == "none" else 1.0 if where == "reserve" else 1.2

    def on_impostor(self, a: Action) -> float:
        return self.favour_worth(a.args[0]) if a.verb == "favour" else self.detail(a)

    def on_use_smuggler(self, a: Action) -> float:
        return 0.0 if a.verb == "cancel" else self.swap_gain(*a.args)

    def on_use_trader(self, a: Action) -> float:
        return 0.0 if a.verb == "cancel" else self.trader_gain(a.args[0])

    def trader_gain(self, give: str) -> int:
        return self.goods_gain({g: 1 for g in COMMON_GOODS if g != give} | {give: -1})

    def on_use_recruiter(self, a: Action) -> float:
        return -1.0 if a.verb == "cancel" else self.on_draw(a)

    def on_use_negotiator(self, a: Action) -> float:
        return 1.0 if a.verb == "look" else 0.0

    def on_battle(self, a: Action) -> float:
        area = self.t.area
        enemy = self.enemy(area)
        if a.verb == "flee":
            return 2 * DISHONOUR
        if a.verb == "fight":
            return 1.0  # offered only with a tile to fight: losing a tile beats fleeing
        plan = self.battle_plan(enemy)
        committed = self.t.committed or {}
        if a.verb == "confirm":
            return 5.0 if all(committed.get(k, 0) >= n for k, n in plan.items()) else -5.0
        if a.verb == "clear":
            return -10.0
        kind = a.args[0]
        return 3.0 - 0.1 * split_kind(kind)[1] if committed.get(kind, 0) < plan.get(kind, 0) else -3.0

    def battle_plan(self, enemy: dict[str, int]) -> dict[str, int]:
        """The tiles to discard: the fewest that beat every colour; when some colour cannot be beaten,
        only the weakest tile (a fight lost costs a tile, fleeing two dishonour)."""
        plan: dict[str, int] = {}
        for colour, strength in enemy.items():
            chosen, total = [], 0
            for value in sorted((split_kind(k)[1] for k, n in self.me.hand.items() for _ in range(n)
                                 if split_kind(k)[0] == colour), reverse=True):
                if total > strength:
                    break
                chosen.append(value)
                total += mercenary_value(self.me, value)
            if total <= strength:
                weakest = min((k for k in self.me.hand if split_kind(k)[0] in enemy), key=lambda k: split_kind(k)[1])
                return {weakest: 1}
            for value in chosen:
                kind = f"{colour}-{value}"
                plan[kind] = plan.get(kind, 0) + 1
        return plan

    def on_trade(self, a: Action) -> float:
        area, t = self.t.area, self.t
        if a.verb == "done":
            return 0.0
        if a.verb == "all":
            return GOLD * self.goods_gain({a.args[0]: self.s.territory_goods[area][a.args[0]]})
        if t.rank == 0 and not t.picked:  # the first of three picks: count them all
            return self.picks_worth(area, t.left, first=a.args[0]) + 0.01
        item = a.args[0]
        return (NOTE if item == CREDIT_NOTE else GOLD * self.goods_gain({item: 1})) + 0.01

    def picks_worth(self, area: str, n: int, first: str | None = None) -> float:
        """Points of `n` items taken greedily from a territory (starting with `first` if given)."""
        stock = dict(self.s.territory_goods[area])
        goods = dict(self.me.goods)
        worth = 0.0
        for i in range(n):
            options: list[tuple[float, str]] = [(GOLD * self.goods_gain({g: 1}, goods), g) for g in GOODS if stock.get(g)]
            if stock.get(CREDIT_NOTE):
                options.append((NOTE, CREDIT_NOTE))
            if i == 0 and first is not None:
                options = [o for o in options if o[1] == first]
            if not options:
                break
            gain, item = max(options)
            worth += gain
            stock[item] -= 1
            if item != CREDIT_NOTE:
                goods[item] = goods.get(item, 0) + 1
        return worth


# How the heuristic scores the options of each kind of question. An ask missing here is answered at random:
# list it in RANDOM_ON_PURPOSE to say that this is meant (a test checks that every ask is in one or the other).
SCORES: dict[type[Ask[Any, Any]], Callable[[Mind, Action], float]] = {
    Draw: Mind.on_draw, TakeGoods: Mind.on_goods, Hold: Mind.on_hold, Place: Mind.on_place, Move: Mind.on_move,
    Turn: Mind.on_turn, Guild: Mind.palace_step, Court: Mind.palace_step, Alchemy: Mind.on_alchemy,
    Impostor: Mind.on_impostor, UseSmuggler: Mind.on_use_smuggler, UseTrader: Mind.on_use_trader,
    UseRecruiter: Mind.on_use_recruiter, UseNegotiator: Mind.on_use_negotiator, Battle: Mind.on_battle,
    Trade: Mind.on_trade,
}
RANDOM_ON_PURPOSE: frozenset[type[Ask[Any, Any]]] = frozenset()

HEURISTIC = Heuristic()
