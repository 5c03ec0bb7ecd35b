"""Every decision of Yspahan as a small step, and the flow of days and weeks that asks for them.

A player's turn (004, "Azioni del giocatore"): take a group of dice from the tower (`choose`), say what it
is for (`use`: the slot's own action, the same with a card discarded for one more die, the supervisor or a
card), carry it out (`place`, `move` and the shipping of cubes), then build at most one building and end
(`after`). Cards are played from a small menu (`play`) before rolling, before taking a group, and after the
action. The first player buys yellow dice and rolls (`roll`) before anybody's turn.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.game import Action
from engine.core.messages import Message
from engine.core.rng import below

from . import words as w
from .caravan import load_cube
from .cards import can_draw, discard, draw_card
from .city import (
    CITY,
    RULES,
    free_shops,
    move_price,
    occupied_faces,
    shop_refusal,
    squares_at,
    supervisor_moves,
)
from .data import road_distance
from .flow import Ctx, Refusal, Step, step
from .scoring import end_week
from .state import Group, State, Task
from .tower import arrange, without_yellow
from .vocab import (
    ACTIONS,
    BUILD_CARDS,
    BUILDINGS,
    BUILT,
    CAMEL,
    CAMEL_POINTS,
    CAMELS3,
    CARAVAN_CUBE,
    CARDS,
    CARDS_SCORE,
    GOLD,
    GOLD3,
    GOLD_POINTS,
    HAMMAM,
    HOIST,
    MARKET,
    NO_CAMELS,
    NO_GOLD,
    OVER,
    PEN,
    QUARTERS,
    ROLL,
    SHOP_CUBE,
    SLOTS,
    SWAP,
)

A = lru_cache(maxsize=None)(Action.of)  # options are rebuilt on every step: share the Action objects
PLAYABLE = tuple(card for card in CARDS if card not in BUILD_CARDS)  # build cards are played when building
FARTHEST = max(road_distance(a, b) for a in CITY.squares for b in CITY.squares)
PAGE = 20  # amounts shown at once (a select holds 25 options)


def group_on(s: State, slot: str) -> Group:
    group = s.tower[SLOTS.index(slot)]
    assert group is not None
    return group


# ==== the day ============================================================================================

def final_reverse_day(s: State) -> bool:
    """4 players, last day of the last week: played in reverse order of score (004, "Partite con 4 giocatori")."""
    return s.seats == 4 and s.week == RULES.weeks and s.day == RULES.days


def reverse_order(s: State) -> list[int]:
    """Lowest score first; among equal scores, whoever sat farthest clockwise from day 6's first player first."""
    day6_first = (s.first - 1) % s.seats
    return sorted(range(s.seats), key=lambda seat: (s.player(seat).score, -((seat - day6_first) % s.seats)))


def start_day(c: Ctx) -> None:
    s = c.s
    s.phase, s.queue, s.rolled = ROLL, [], []
    s.tower = [None] * len(SLOTS)
    if final_reverse_day(s):
        s.order = reverse_order(s)
        s.first = s.order[0]
        c.emit("reverse_order", order=[w.player(s, seat) for seat in s.order])
    else:
        s.order = [(s.first + i) % s.seats for i in range(s.seats)]
    c.emit("day_starts", week=s.week, day=s.day, player=w.player(s, s.first))
    c.touch("tower", "calendar")
    c.push(Task("roll", s.first))


def next_turn(c: Ctx) -> None:
    s = c.s
    if not s.queue:
        end_day(c)
        return
    seat = s.queue.pop(0)
    if any(s.tower):
        c.push(Task("choose", seat))
        return
    # "Se non c'è un gruppo di dadi disponibile, il giocatore pesca la carta dalla cima del mazzo"
    c.push(Task("after", seat))
    c.emit("no_dice", player=w.player(s, seat))
    draw_card(c, seat, w.word("no_dice"))


def end_turn(c: Ctx, seat: int) -> None:
    """The turn is over; after the first player's turn the yellow dice leave the tower."""
    s = c.s
    c.pop()
    if seat == s.first and any(g is not None and g.yellow for g in s.tower):
        s.tower = without_yellow(s.tower)
        c.emit("yellow_leave")
        c.touch("tower")


def end_day(c: Ctx) -> None:
    s = c.s
    s.tower, s.rolled = [None] * len(SLOTS), []
    c.touch("tower", "calendar")
    if s.day == RULES.days:
        c.emit("week_ends", week=s.week)
        end_week(c)
        if s.week == RULES.weeks:
            s.phase = OVER
            c.emit("game_over")
            return
        s.week, s.day = s.week + 1, 1
    else:
        s.day += 1
    s.first = (s.first + 1) % s.seats  # the player on the left of the first player
    start_day(c)


def advance(c: Ctx) -> None:
    """Run drivers and automatic steps until a player must decide or the game is over."""
    from .flow import STEPS

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
        else:
            next_turn(c)


# ==== cards as free actions ==================================================================================

def card_refusal(s: State, seat: int, card: str) -> None:
    """Why `card` cannot be played for its effect now (004, "Carte"), if it cannot."""
    player = s.player(seat)
    if card not in player.cards:
        raise Refusal("yspahan.illegal.not_in_hand", card=w.card(card))
    if card == SWAP and not player.gold and not player.camels:
        raise Refusal("yspahan.illegal.nothing_to_swap")
    if card in (SHOP_CUBE, CARAVAN_CUBE) and not player.cubes:
        raise Refusal("yspahan.illegal.no_cube_left")
    if card == SHOP_CUBE and not free_shops(s, seat):
        raise Refusal("yspahan.illegal.no_free_shop_anywhere")
    if card == CAMEL_POINTS and not player.camels:
        raise Refusal("yspahan.illegal.no_camels")
    if card == GOLD_POINTS and not player.gold:
        raise Refusal("yspahan.illegal.no_gold")


def cards_refusal(s: State, seat: int) -> None:
    """Opening the card menu needs a card that can be played now."""
    for card in PLAYABLE:
        try:
            card_refusal(s, seat, card)
        except Refusal:
            continue
        return
    raise Refusal("yspahan.illegal.no_card_to_play")


class CardStep(Step):
    """A step of playing a card: the others only read that a card is being played, not which."""

    def public_question(self, s: State, t: Task) -> Message:
        return Message("yspahan.ask.public.card", {"player": w.player(s, t.seat)})


def card_done(c: Ctx, seat: int, card: str) -> None:
    """The card has had its effect: discard it and close the card menu."""
    discard(c, seat, card)
    del c.s.tasks[c.find("play"):]


@step
class Play(CardStep):
    """The card menu: which card to play now (any number during one's turn)."""

    kind = "play"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("play", card) for card in PLAYABLE), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "play":
            card_refusal(s, t.seat, a.args[0])

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat = c.s, t.seat
        player = s.player(seat)
        if a.verb == "back":
            c.pop()
            return
        card = a.args[0]
        if card == CAMELS3:
            player.camels += RULES.card_camels
            c.emit("card_camels", player=c.who(seat), card=w.card(card), n=RULES.card_camels)
        elif card == GOLD3:
            player.gold += RULES.card_gold
            c.emit("card_gold", player=c.who(seat), card=w.card(card), n=RULES.card_gold)
        elif card == CARAVAN_CUBE:
            player.cubes -= 1
            c.emit("card_caravan", player=c.who(seat), card=w.card(card))
            load_cube(c, seat, by_card=True)
        elif card == SWAP:
            gives = [x for x in (GOLD, "camels") if (player.gold if x == GOLD else player.camels)]
            if len(gives) == 1:
                c.push(amount_task(s, seat, SWAP, gives[0]))
            else:
                c.push(Task("swap", seat))
            return
        elif card == SHOP_CUBE:
            c.push(Task("cardshop", seat, {"quarter": None}))
            return
        else:
            c.push(amount_task(s, seat, card, "camels" if card == CAMEL_POINTS else GOLD))
            return
        c.touch(f"player:{seat}")
        card_done(c, seat, card)


def amount_task(s: State, seat: int, card: str, give: str) -> Task:
    player = s.player(seat)
    have = player.gold if give == GOLD else player.camels
    limit = {CAMEL_POINTS: RULES.camel_points.most, GOLD_POINTS: RULES.gold_points.most}.get(card, have)
    return Task("amount", seat, {"card": card, "give": give, "most": min(have, limit), "page": 0})


@step
class Swap(CardStep):
    """The exchange card: which to give, gold (for camels) or camels (for gold)."""

    kind = "swap"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("give", GOLD), A("give", "camels"), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "give":
            player = s.player(t.seat)
            if not (player.gold if a.args[0] == GOLD else player.camels):
                raise Refusal("yspahan.illegal.nothing_to_give", what=w.word(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "back":
            c.pop()
        else:
            c.replace(amount_task(c.s, t.seat, SWAP, a.args[0]))


@step
class Amount(CardStep):
    """How many camels or gold to give for a card (exchange, camels or gold for points), a page at a time."""

    kind = "amount"

    def pages(self, t: Task) -> range:
        first = t.data["page"] * PAGE + 1
        return range(first, min(t.data["most"], first + PAGE - 1) + 1)

    def candidates(self, s: State, t: Task) -> list[Action]:
        out = [A("amount", n) for n in self.pages(t)]
        if self.pages(t).stop <= t.data["most"]:
            out.append(A("more"))
        if t.data["page"]:
            out.append(A("less"))
        return [*out, A("back")]

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat, card = c.s, t.seat, t.data["card"]
        player = s.player(seat)
        if a.verb in ("more", "less"):
            c.replace(t.but(page=t.data["page"] + (1 if a.verb == "more" else -1)))
            return
        if a.verb == "back":
            c.pop()
            return
        n, give = int(a.args[0]), t.data["give"]
        if give == GOLD:
            player.gold -= n
        else:
            player.camels -= n
        if card == SWAP:
            if give == GOLD:
                player.camels += n
            else:
                player.gold += n
            c.emit("card_swap", player=c.who(seat), card=w.card(card), n=n, given=w.word(give),
                   taken=w.word("camels" if give == GOLD else GOLD))
        else:
            points = n * (RULES.camel_points.points if card == CAMEL_POINTS else RULES.gold_points.points)
            player.points[CARDS_SCORE] += points
            c.emit("card_points", player=c.who(seat), card=w.card(card), n=n, given=w.word(give), points=points)
        c.touch(f"player:{seat}")
        card_done(c, seat, card)

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        return {**super().question_params(s, t), "card": w.card(t.data["card"]), "most": t.data["most"],
                "what": w.word(t.data["give"])}


@step
class CardShop(CardStep):
    """The card that puts a cube in any shop: first the quarter, then the shop (souk rules apply)."""

    kind = "cardshop"

    def candidates(self, s: State, t: Task) -> list[Action]:
        quarter = t.data["quarter"]
        if quarter is None:
            return [*(A("quarter", q) for q in QUARTERS), A("back")]
        return [*(A("shop", shop) for souk in CITY.quarter_souks(quarter) for shop in souk.shops), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "quarter" and not free_shops(s, t.seat, a.args[0]):
            raise Refusal("yspahan.illegal.no_free_shop", quarter=w.quarter(a.args[0]))
        if a.verb == "shop":
            shop_rule(s, t.seat, a.args[0])

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "back":
            if t.data["quarter"] is None:
                c.pop()
            else:
                c.replace(t.but(quarter=None))
        elif a.verb == "quarter":
            c.replace(t.but(quarter=a.args[0]))
        else:
            put_cube(c, t.seat, a.args[0])
            card_done(c, t.seat, SHOP_CUBE)

    def question(self, s: State, t: Task) -> Message:
        if t.data["quarter"] is None:
            return Message("yspahan.ask.cardshop.quarter", self.question_params(s, t))
        return Message("yspahan.ask.cardshop.shop", {**self.question_params(s, t), "quarter": w.quarter(t.data["quarter"])})


def shop_rule(s: State, seat: int, shop: str) -> None:
    if not s.player(seat).cubes:
        raise Refusal("yspahan.illegal.no_cube_left")
    reason = shop_refusal(s, seat, shop)
    if reason:
        raise Refusal(reason, shop=w.shop(shop), souk=w.souk(CITY.souk_of[shop]))


def put_cube(c: Ctx, seat: int, shop: str) -> None:
    c.s.shops[shop] = seat
    c.s.player(seat).cubes -= 1
    c.emit("placed", player=c.who(seat), shop=w.shop(shop))
    c.touch(f"shop:{shop}", f"player:{seat}")


# ==== supply: the first player's roll ========================================================================

@step
class Roll(Step):
    """The first player may buy yellow dice (1 gold each), then rolls (004, "Rifornimento")."""

    kind = "roll"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("roll", n) for n in range(RULES.yellow_dice + 1)), A("cards")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "roll":
            n = int(a.args[0])
            if n * RULES.yellow_die_price > s.player(t.seat).gold:
                raise Refusal("yspahan.illegal.yellow_dice_cost", n=n, cost=n * RULES.yellow_die_price,
                              gold=s.player(t.seat).gold)
        else:
            cards_refusal(s, t.seat)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, seat = c.s, t.seat
        if a.verb == "cards":
            c.push(Task("play", seat))
            return
        yellow = int(a.args[0])
        s.player(seat).gold -= yellow * RULES.yellow_die_price
        dice: list[tuple[int, bool]] = []
        for is_yellow in [False] * RULES.white_dice + [True] * yellow:
            s.rng, face = below(s.rng, 6)
            dice.append((face + 1, is_yellow))
        s.rolled = [[value, int(is_yellow)] for value, is_yellow in dice]
        s.tower = arrange(dice)
        s.phase, s.queue = ACTIONS, list(s.order)
        c.pop()
        c.emit("rolled", reveals=True, player=c.who(seat), yellow=yellow,
               dice=" ".join(f"{v}{'*' if y else ''}" for v, y in sorted(dice)),
               groups=[Message("yspahan.group_on", {"slot": w.slot(slot), "n": g.dice, "value": g.value}).to_json()
                       for slot, g in zip(SLOTS, s.tower, strict=True) if g is not None])
        c.touch("tower", f"player:{seat}")

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        return {**super().question_params(s, t), "gold": s.player(t.seat).gold}


# ==== a player's turn ======================================================================================

@step
class Choose(Step):
    """Take one group of dice from the tower (or play cards first)."""

    kind = "choose"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("take", slot) for slot in SLOTS), A("cards")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "take":
            if s.tower[SLOTS.index(a.args[0])] is None:
                raise Refusal("yspahan.illegal.slot_empty", slot=w.slot(a.args[0]))
        else:
            cards_refusal(s, t.seat)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "cards":
            c.push(Task("play", t.seat))
        else:
            c.push(Task("use", t.seat, {"slot": a.args[0]}))


def commit(c: Ctx, seat: int, slot: str) -> Group:
    """The group is used: it leaves the tower, and the turn moves on to building (and card play)."""
    s = c.s
    group = group_on(s, slot)
    s.tower[SLOTS.index(slot)] = None
    del s.tasks[c.find("choose"):]
    s.tasks.append(Task("after", seat))
    c.touch("tower")
    return group


def slot_action(c: Ctx, seat: int, slot: str, extra: int) -> None:
    """The slot's own action with the group's dice (+1 die for a discarded card, + the building's bonus)."""
    s = c.s
    player = s.player(seat)
    group = commit(c, seat, slot)
    dice = group.dice + extra
    if slot == CAMEL:
        n = dice + (RULES.pen_camels if player.owns(PEN) else 0)
        player.camels += n
        c.emit("took_camels", player=c.who(seat), n=n)
    elif slot == GOLD:
        n = dice + (RULES.market_gold if player.owns(MARKET) else 0)
        player.gold += n
        c.emit("took_gold", player=c.who(seat), n=n)
    else:
        n = dice + (RULES.hoist_cubes if player.owns(HOIST) else 0)
        c.emit("supplies", player=c.who(seat), n=n, quarter=w.quarter(slot))
        c.push(Task("place", seat, {"quarter": slot, "n": n}))
    c.touch(f"player:{seat}")


@step
class Use(Step):
    """What the group is for: the slot's action (optionally +1 die for a card), the supervisor, or a card."""

    kind = "use"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("action"), A("boost"), A("supervisor"), A("draw"), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        slot, player = t.data["slot"], s.player(t.seat)
        if a.verb in ("action", "boost") and slot in QUARTERS:
            if not player.cubes:
                raise Refusal("yspahan.illegal.no_cube_left")
            if not free_shops(s, t.seat, slot):
                raise Refusal("yspahan.illegal.no_free_shop", quarter=w.quarter(slot))
        if a.verb == "boost" and not player.cards:
            raise Refusal("yspahan.illegal.no_card_to_discard")
        if a.verb == "draw" and not can_draw(s.deck, s.discards):
            raise Refusal("yspahan.illegal.no_cards_left")

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        seat, slot = t.seat, t.data["slot"]
        if a.verb == "back":
            c.pop()
        elif a.verb == "action":
            slot_action(c, seat, slot, 0)
        elif a.verb == "boost":
            c.push(Task("boost", seat, {"slot": slot}))
        elif a.verb == "supervisor":
            c.push(Task("move", seat, {"slot": slot, "value": group_on(c.s, slot).value, "distance": None}))
        else:
            group = commit(c, seat, slot)
            c.emit("group_for_card", player=c.who(seat), n=group.dice, slot=w.slot(slot))
            draw_card(c, seat, w.word("action"))

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        group = group_on(s, t.data["slot"])
        return {**super().question_params(s, t), "slot": w.slot(t.data["slot"]), "n": group.dice, "value": group.value}


@step
class Boost(CardStep):
    """Which card to discard for one more die (004, "Carte": "una ed una carta soltanto")."""

    kind = "boost"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("discard", card) for card in CARDS), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "discard" and a.args[0] not in s.player(t.seat).cards:
            raise Refusal("yspahan.illegal.not_in_hand", card=w.card(a.args[0]))

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "back":
            c.pop()
            return
        discard(c, t.seat, a.args[0])
        c.emit("boosted", player=c.who(t.seat), card=w.card(a.args[0]))
        slot_action(c, t.seat, t.data["slot"], 1)


@step
class Place(Step):
    """Put the group's cubes one by one in shops of the quarter; what cannot be placed is lost."""

    kind = "place"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("shop", shop) for souk in CITY.quarter_souks(t.data["quarter"]) for shop in souk.shops]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        shop_rule(s, t.seat, a.args[0])

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        put_cube(c, t.seat, a.args[0])
        if t.data["n"] > 1:
            c.replace(t.but(n=t.data["n"] - 1))
        else:
            c.pop()

    def on_empty(self, c: Ctx, t: Task) -> None:
        # "i cubi in eccesso sono persi (ossia, tornano nella riserva personale del giocatore)"
        c.emit("cubes_lost", player=c.who(t.seat), n=t.data["n"], quarter=w.quarter(t.data["quarter"]))
        c.pop()

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        return {**super().question_params(s, t), "n": t.data["n"], "quarter": w.quarter(t.data["quarter"])}


@step
class Move(Step):
    """Move the supervisor: first how far (the group's value, ±1 per gold paid, the Hammam's 3 free), then,
    when several squares are that far, which one."""

    kind = "move"

    def candidates(self, s: State, t: Task) -> list[Action]:
        distance = t.data["distance"]
        if distance is None:
            return [*(A("distance", d) for d in range(FARTHEST + 1)), A("back")]
        return [*(A("to", square) for square in squares_at(s.supervisor, distance)), A("back")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb != "distance":
            return
        d = int(a.args[0])
        if not squares_at(s.supervisor, d):
            raise Refusal("yspahan.illegal.road_too_short", n=d, square=w.square(s.supervisor))
        price = supervisor_moves(s, t.seat, t.data["value"]).get(d)
        if price is None:
            raise Refusal("yspahan.illegal.move_cost", n=d, value=t.data["value"],
                          cost=self.price(s, t, d), gold=s.player(t.seat).gold)

    def price(self, s: State, t: Task, distance: int) -> int:
        return move_price(s.player(t.seat).owns(HAMMAM), t.data["value"], distance)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "back":
            if t.data["distance"] is None:
                c.pop()
            else:
                c.replace(t.but(distance=None))
            return
        if a.verb == "distance":
            squares = squares_at(c.s.supervisor, int(a.args[0]))
            if len(squares) > 1:
                c.replace(t.but(distance=int(a.args[0])))
                return
            self.go(c, t, int(a.args[0]), squares[0])
        else:
            self.go(c, t, t.data["distance"], a.args[0])

    def go(self, c: Ctx, t: Task, distance: int, square: str) -> None:
        s, seat = c.s, t.seat
        price = self.price(s, t, distance)
        s.player(seat).gold -= price
        commit(c, seat, t.data["slot"])
        start = s.supervisor
        s.supervisor = square
        c.emit("moved", player=c.who(seat), n=distance, cost=price, origin=w.square(start), square=w.square(square))
        c.touch("road", f"player:{seat}")
        shops = occupied_faces(s, square)
        if shops:
            c.push(Task("ship", seat, {"shops": shops, "ordered": len(shops) == 1}))

    def question(self, s: State, t: Task) -> Message:
        stage = "distance" if t.data["distance"] is None else "square"
        params = {**self.question_params(s, t), "value": t.data["value"], "gold": s.player(t.seat).gold,
                  "n": t.data["distance"], "square": w.square(s.supervisor)}
        return Message(f"yspahan.ask.move.{stage}", params)


# ==== cubes sent to the caravan ============================================================================

def can_keep(s: State, owner: int) -> bool:
    """A camel and a cube in reserve let a cube's owner keep it in its shop and send another instead."""
    player = s.player(owner)
    return player.camels > 0 and player.cubes > 0


def send_from_shop(c: Ctx, shop: str) -> None:
    owner = c.s.shops.pop(shop)
    c.emit("shipped", player=c.who(owner), shop=w.shop(shop))
    c.touch(f"shop:{shop}")
    load_cube(c, owner)


@step
class Ship(Step):
    """Drives the shipping after a supervisor move: the mover orders two cubes; each owner may keep theirs."""

    kind = "ship"
    auto = True

    def run(self, c: Ctx, t: Task) -> None:
        s, shops = c.s, t.data["shops"]
        if not t.data["ordered"]:
            c.push(Task("order", t.seat, {"shops": shops}))
        elif not shops:
            c.pop()
        elif can_keep(s, s.shops[shops[0]]):
            c.push(Task("keep", s.shops[shops[0]], {"shop": shops[0]}))
        else:
            c.replace(t.but(shops=shops[1:]))
            send_from_shop(c, shops[0])


def shipped_one(c: Ctx) -> None:
    i = c.find("ship")
    ship = c.s.tasks[i]
    c.s.tasks[i] = ship.but(shops=ship.data["shops"][1:])


@step
class Order(Step):
    """Two shops with cubes face the supervisor: the mover chooses which cube goes to the caravan first."""

    kind = "order"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("first", shop) for shop in t.data["shops"]]

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        c.pop()
        first = a.args[0]
        i = c.find("ship")
        c.s.tasks[i] = c.s.tasks[i].but(shops=[first, *(x for x in t.data["shops"] if x != first)], ordered=True)

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        return {**super().question_params(s, t), "shops": [w.shop(x) for x in t.data["shops"]]}


@step
class Keep(Step):
    """The owner of a cube about to be sent may pay a camel to keep it and send one from their reserve."""

    kind = "keep"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [A("keep"), A("send")]

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        s, owner, shop = c.s, t.seat, t.data["shop"]
        c.pop()
        shipped_one(c)
        if a.verb == "send":
            send_from_shop(c, shop)
            return
        player = s.player(owner)
        player.camels -= 1
        player.cubes -= 1
        c.emit("kept", player=c.who(owner), shop=w.shop(shop))
        c.touch(f"player:{owner}")
        load_cube(c, owner)

    def question_params(self, s: State, t: Task) -> dict[str, Any]:
        return {**super().question_params(s, t), "shop": w.shop(t.data["shop"]), "camels": s.player(t.seat).camels}


# ==== building, and the end of a turn =======================================================================

def building_price(building: str, card: str | None) -> tuple[int, int]:
    cost = RULES.buildings[building]
    return (0 if card == NO_CAMELS else cost.camels), (0 if card == NO_GOLD else cost.gold)


@step
class After(Step):
    """After the action: build at most one building (at its price, or with a card waiving camels or gold),
    play cards, and end the turn."""

    kind = "after"
    only_a_way_out = "end"

    def candidates(self, s: State, t: Task) -> list[Action]:
        return [*(A("build", b) for b in BUILDINGS), *(A("build", b, card) for card in BUILD_CARDS for b in BUILDINGS),
                A("cards"), A("end")]

    def refusal(self, s: State, t: Task, a: Action) -> None:
        if a.verb == "build":
            build_refusal(s, t.seat, a.args[0], a.args[1] if len(a.args) > 1 else None, t.data.get("built", False))
        elif a.verb == "cards":
            cards_refusal(s, t.seat)

    def do(self, c: Ctx, t: Task, a: Action) -> None:
        if a.verb == "end":
            end_turn(c, t.seat)
        elif a.verb == "cards":
            c.push(Task("play", t.seat))
        else:
            build(c, t.seat, a.args[0], a.args[1] if len(a.args) > 1 else None)
            c.replace(t.but(built=True))

    def has_options(self, s: State, t: Task) -> bool:
        # A hand is secret, so whether this step is asked must not depend on it: a player holding cards is
        # asked (if only to end the turn), one without cards only when some building is affordable.
        return bool(s.player(t.seat).cards) or super().has_options(s, t)

    def options(self, s: State, t: Task) -> list[Action]:
        out = [a for a in self.candidates(s, t) if self.allows(s, t, a)]
        return out if self.has_options(s, t) else []

    def on_empty(self, c: Ctx, t: Task) -> None:
        end_turn(c, t.seat)


def build_refusal(s: State, seat: int, building: str, card: str | None, built: bool) -> None:
    player = s.player(seat)
    if built:
        raise Refusal("yspahan.illegal.one_building_per_turn")
    if player.owns(building):
        raise Refusal("yspahan.illegal.built_already", building=w.building(building))
    if card is not None:
        if card not in player.cards:
            raise Refusal("yspahan.illegal.not_in_hand", card=w.card(card))
        if building_price(building, card) == building_price(building, None):
            raise Refusal("yspahan.illegal.card_saves_nothing", card=w.card(card), building=w.building(building))
    camels, gold = building_price(building, card)
    if camels > player.camels or gold > player.gold:
        raise Refusal("yspahan.illegal.building_cost", building=w.building(building), camels=camels, gold=gold,
                      have_camels=player.camels, have_gold=player.gold)
    if not player.cubes:
        raise Refusal("yspahan.illegal.no_cube_left")


def build(c: Ctx, seat: int, building: str, card: str | None) -> None:
    """Pay, mark the building with a cube, score it by how many buildings the player now has (004, "Punti Vittoria")."""
    player = c.s.player(seat)
    camels, gold = building_price(building, card)
    player.camels -= camels
    player.gold -= gold
    player.cubes -= 1
    player.buildings.append(building)
    points = RULES.building_points[len(player.buildings) - 1]
    player.points[BUILT] += points
    if card is not None:
        discard(c, seat, card)
    params: dict[str, Any] = {"player": c.who(seat), "building": w.building(building), "camels": camels,
                              "gold": gold, "points": points, "nth": len(player.buildings)}
    if card is None:
        c.emit("built", **params)
    else:
        c.emit("built_card", card=w.card(card), **params)
    c.touch(f"player:{seat}")

