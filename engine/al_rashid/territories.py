"""Resolving a territory ("Territori"): battle against the mercenaries in dominance order until someone
wins ("La Battaglia"), then the top three trade ("Il Commercio")."""

from __future__ import annotations

from typing import Any

from engine.core.flow import later, replace, task
from engine.core.game import Action, Picks
from engine.core.messages import Message

from . import words as w
from .board import RULES, discard, mercenary_value, return_pieces, take_tile
from .data import load
from .flow import A, Ctx, Driver, Step, finish_area
from .state import State
from .supply import TakeGoods
from .vocab import CREDIT_NOTE, GOODS, MERCENARY_COLOURS, split_kind


@task
class Territory(Driver):
    """Drives a territory: battle in dominance order until someone wins, then the top three trade."""

    kind = "territory"
    area: str
    contenders: tuple[int, ...]            # by dominance, best first
    idx: int                               # the next contender, or the next trader
    stage: str                             # "battle", then "trade"
    traders: tuple[int, ...] | None = later()

    def run(self, c: Ctx) -> None:
        s, area = c.s, self.area
        if self.stage == "battle":
            if not s.mercenaries[area]:
                start_trade(c, self.contenders)
            elif self.idx < len(self.contenders):
                seat = self.contenders[self.idx]
                c.replace(replace(self, idx=self.idx + 1))
                c.push(Battle(seat=seat, area=area, stage="choose"))
            else:
                c.emit("nobody_won", **w.at(area))
                c.pop()
                finish_area(c, area)
        elif self.traders is not None and self.idx < len(self.traders):
            seat, rank = self.traders[self.idx], self.idx
            c.replace(replace(self, idx=rank + 1))
            c.push(Trade(seat=seat, area=area, rank=rank, left=RULES.trade_items[rank]))
        else:
            c.pop()
            finish_area(c, area)


def start_trade(c: Ctx, remaining: tuple[int, ...]) -> None:
    """After the battle the top three still there trade; the others go home ("Il Commercio")."""
    territory = c.nearest(Territory)
    return_pieces(c.s, territory.area, list(remaining[3:]))
    c.revise(Territory, stage="trade", traders=tuple(remaining[:3]), idx=0)


def withdraw(c: Ctx, area: str, seat: int) -> None:
    return_pieces(c.s, area, [seat])
    c.touch(area)


@task
class Battle(Step):
    """Fight the mercenaries on a territory with tiles from your hand, or flee with dishonour."""

    kind = "battle"
    area: str
    stage: str                                  # "choose" (fight or flee), then "commit" tiles
    committed: dict[str, int] | None = later()  # tiles chosen so far, by kind

    def colours(self, s: State) -> set[str]:
        return {tile.colour for tile in s.mercenaries[self.area]}

    def candidates(self, s: State) -> list[Action]:
        if self.stage == "choose":
            return [A("fight"), A("flee")]
        out = [A("commit", kind) for kind in sorted(s.families[self.seat].hand)]
        # Confirming before committing a tile is refused naming the rule.
        return [*out, A("clear"), A("confirm")]

    def options(self, s: State) -> list[Action]:
        if self.stage == "choose":
            return super().options(s)
        # `problem` for every tile at once: of a colour on the territory, and not all of its kind committed yet.
        colours, hand, committed = self.colours(s), s.families[self.seat].hand, self.committed or {}
        out = [A("commit", kind) for kind in sorted(hand)
               if split_kind(kind)[0] in colours and hand[kind] > committed.get(kind, 0)]
        return [*out, A("clear"), A("confirm")] if committed else out

    def problem(self, s: State, a: Action) -> str | None:
        verb = a.verb
        if verb == "fight":
            colours = self.colours(s)
            if not any(split_kind(k)[0] in colours for k in s.families[self.seat].hand):
                return "al_rashid.illegal.no_tiles_to_fight"
        elif verb == "commit":
            kind = a.args[0]
            if split_kind(kind)[0] not in self.colours(s):
                return "al_rashid.illegal.wrong_colour"
            if s.families[self.seat].hand.get(kind, 0) <= (self.committed or {}).get(kind, 0):
                return "al_rashid.illegal.no_more_tiles"
        elif verb in ("clear", "confirm") and not self.committed:
            return "al_rashid.illegal.commit_first"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        if problem == "al_rashid.illegal.wrong_colour":
            return {"colour": w.mercenary(split_kind(a.args[0])[0])}
        if problem == "al_rashid.illegal.no_more_tiles":
            colour, value = split_kind(a.args[0])
            return {"kind": Message("al_rashid.tile", {"colour": w.mercenary(colour), "value": value}).to_json()}
        return {}

    def do(self, c: Ctx, a: Action) -> None:
        s, seat, area = c.s, self.seat, self.area
        if a.verb == "fight":
            c.replace(replace(self, stage="commit", committed={}))
        elif a.verb == "commit":
            committed = dict(self.committed or {})
            committed[a.args[0]] = committed.get(a.args[0], 0) + 1
            c.replace(replace(self, committed=committed))
        elif a.verb == "clear":
            c.replace(replace(self, committed={}))
        elif a.verb == "flee":
            s.family(seat).dishonour += 2
            c.emit("fled", player=c.who(seat), **w.at(area))
            c.pop()
            withdraw(c, area, seat)
        else:
            self.fight(c)

    def fight(self, c: Ctx) -> None:
        s, seat, area = c.s, self.seat, self.area
        family = s.family(seat)
        committed = self.committed or {}
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
                    discard(s, colour, split_kind(k)[1])
            beaten = strength > enemy  # the discarded total must be strictly greater ("La Battaglia")
            if beaten:
                discard(s, colour, *(x.value for x in enemies))
                s.mercenaries = {**s.mercenaries, area: tuple(x for x in s.mercenaries[area] if x.colour != colour)}
            c.emit("fought", player=c.who(seat), colour=w.mercenary(colour), **w.at(area),
                   strength=strength, enemy=enemy, result=Message(f"al_rashid.{'won' if beaten else 'lost'}").to_json())
        c.touch(area, f"family:{seat}")
        if s.mercenaries[area]:
            withdraw(c, area, seat)
            return
        c.emit("won_battle", player=c.who(seat), **w.at(area))
        territory = c.nearest(Territory)
        start_trade(c, (seat, *territory.contenders[territory.idx:]))
        if family.has("raider"):
            produced = tuple(load().territories[area].goods)
            c.push(TakeGoods(seat=seat, n=1, allowed=produced, reason="raider"))

    def picks(self, s: State) -> Picks | None:
        """The tiles for the fight in one go, then the fight: each tile of a colour on the territory as often as
        the hand holds it beyond those already chosen."""
        if self.stage != "commit":
            return None
        committed, colours = self.committed or {}, self.colours(s)
        tiles = tuple((A("commit", kind), n - committed.get(kind, 0)) for kind, n in sorted(s.family(self.seat).hand.items())
                      if split_kind(kind)[0] in colours and n > committed.get(kind, 0))
        most = sum(n for _, n in tiles)
        return Picks(tiles, most, close=A("confirm")) if most > 1 else None

    def public_question(self, s: State) -> Message:
        # The tiles chosen so far come from a hidden hand and may still be taken back.
        if self.stage == "commit":
            return Message("al_rashid.ask.battle.commit_public", super().question_params(s))
        return self.question(s)

    def question_params(self, s: State) -> dict[str, Any]:
        params = super().question_params(s)
        committed = self.committed or {}
        chosen = [Message("al_rashid.tiles_of", {"n": n, "tile": Message("al_rashid.tile", {
            "colour": w.mercenary(split_kind(k)[0]), "value": split_kind(k)[1]}).to_json()}).to_json()
            for k, n in sorted(committed.items())]
        params["committed"] = chosen or "—"
        return params

    def label(self, s: State, a: Action) -> Message | None:
        # Choosing tiles for a fight is no payment: its own words for starting again and confirming.
        if a.verb in ("clear", "confirm"):
            return Message(f"al_rashid.act.{a.verb}_fight")
        return None


ALL = {g: A("all", g) for g in GOODS}
PICK = {item: A("pick", item) for item in (*GOODS, CREDIT_NOTE)}
DONE = A("done")


@task
class Trade(Step):
    """Take goods from a territory: the first all of one good or 3 items, the second 2, the third 1."""

    kind = "trade"
    only_a_way_out = "done"  # nothing left on the territory
    area: str
    rank: int
    left: int                         # items still to take
    picked: bool | None = later()     # took one item already (so no longer "all of one good")

    def candidates(self, s: State) -> list[Action]:
        return [*(ALL[g] for g in self.takes_all()), *PICK.values(), DONE]

    def options(self, s: State) -> list[Action]:
        # `problem` for every item at once: what the territory still holds.
        stock = s.territory_goods[self.area]
        out = [ALL[g] for g in self.takes_all() if stock.get(g)]
        out += [action for item, action in PICK.items() if stock.get(item)]
        return self.unless_only_a_way_out([*out, DONE])

    def takes_all(self) -> tuple[str, ...]:
        """The goods of which the first may take all, before picking any item."""
        return GOODS if self.rank == 0 and not self.picked else ()

    def problem(self, s: State, a: Action) -> str | None:
        if a.verb in ("all", "pick") and not s.territory_goods[self.area].get(a.args[0]):
            return "al_rashid.illegal.not_on_territory"
        return None

    def problem_params(self, s: State, a: Action, problem: str) -> dict[str, Any]:
        return {"good": w.good(a.args[0]), **w.at(self.area)}

    def do(self, c: Ctx, a: Action) -> None:
        s, seat, area = c.s, self.seat, self.area
        family = s.family(seat)
        if a.verb == "done":
            c.pop()
            return
        stock = dict(s.territory_goods[area])  # the step's own: earlier states share the stocks
        s.territory_goods = {**s.territory_goods, area: stock}
        item = a.args[0]
        n = stock[item] if a.verb == "all" else 1
        stock[item] -= n
        if item == CREDIT_NOTE:
            family.notes += n
        else:
            family.goods[item] = family.goods.get(item, 0) + n
        c.emit("traded", player=c.who(seat), goods=w.bundle({item: n}), **w.at(area))
        c.touch(area, f"family:{seat}")
        left = self.left - 1
        if a.verb == "all" or left == 0:
            c.pop()
        else:
            c.replace(replace(self, left=left, picked=True))

    def picks(self, s: State) -> Picks | None:
        """The items in one go: each as often as the territory holds it, up to the items still to take."""
        stock = s.territory_goods[self.area]
        items = tuple((A("pick", item), min(stock[item], self.left)) for item in (*GOODS, CREDIT_NOTE) if stock.get(item))
        return Picks(items, self.left) if self.left > 1 and sum(n for _, n in items) > 1 else None

    def question_params(self, s: State) -> dict[str, Any]:
        return {**super().question_params(s), "n": self.left}
