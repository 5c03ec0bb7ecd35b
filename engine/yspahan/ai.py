"""A sensible computer player for Yspahan: the `heuristic` policy of engine.ai.

It scores each legal step by a rough worth in points and takes the best. It supplies the quarters where it can
complete souks before the week ends, moves the supervisor onto its own cubes (and off its rivals' souks) when
that pays, keeps a cube with a camel when its souk is worth it, builds when a building pays back, plays cards
when they are worth more than holding them, and turns its camels and gold into points on its last turn. It
reads only what its seat may know: the public table and its own hand (never the deck, the other hands or the
dice still to be rolled).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.flow import Task
from engine.core.game import Action, Game
from engine.core.heuristic import ScoringPlayer

from .building import After, building_price
from .caravan import capacity, caravan_scores, row_of
from .card_play import Amount, CardShop, Play, Swap
from .city import CITY, RULES, free_shops, move_price, occupied_faces, squares_at
from .day import Roll
from .state import Player, State
from .supervisor import Keep, Move, Order
from .turn import Boost, Choose, Place, Use, dice_for
from .vocab import (
    BAZAAR,
    CAMEL,
    CAMEL_POINTS,
    CAMELS3,
    CARAVAN_CUBE,
    CARAVANSERAI,
    GOLD,
    GOLD3,
    GOLD_POINTS,
    HAMMAM,
    HOIST,
    MARKET,
    PEN,
    SHOP_CUBE,
    SLOTS,
    SWAP,
)

CARD = 2.0          # a card in hand: an extra die, or its effect later
RIVAL = 0.5         # a point for a rival counts half against one's own (there are two or three rivals)
CARAVAN_LATER = 1.2
STOCK = 8           # camels or gold beyond this are worth little (the dearest building costs 4 and 4)  # what a cube on the caravan adds at the week's end, on average
POWER_PER_TURN = {PEN: 0.25, MARKET: 0.35, HAMMAM: 0.25, CARAVANSERAI: 0.45, BAZAAR: 0.6, HOIST: 0.45}


class Heuristic(ScoringPlayer[State]):
    def scores(self, game: Game[State], state: State, seat: int, legal: list[Action]) -> list[float] | None:
        task = state.tasks[-1]
        score = SCORES.get(type(task))
        if score is None:
            return None
        mind = Mind(state, seat)
        return [score(mind, task, a) for a in legal]


class Mind:
    """What one seat makes of the table: `SCORES` gives the method that scores an option of each question, in
    rough points."""

    def __init__(self, state: State, seat: int):
        self.s, self.seat = state, seat
        self.me: Player = state.player(seat)
        self.days_left = RULES.days - state.day                    # days after today in this week
        self.turns_left = (RULES.weeks - state.week) * RULES.days + self.days_left  # my turns after this one
        self.last_turn = self.turns_left == 0
        self.camel = 0.0 if self.last_turn else (0.9 if self.turns_left > 3 else 0.5)
        self.gold = 0.0 if self.last_turn else (0.8 if self.turns_left > 3 else 0.4)

    # ---- worth of things ------------------------------------------------------------------------------
    def souk_worth(self, shops: dict[str, int], seat: int) -> float:
        """What `seat`'s cubes in the city are worth now: each souk by how close it is to completion and how
        many days are left to complete it (completed souks score at the week's end)."""
        total = 0.0
        bazaar = RULES.bazaar_points if self.s.player(seat).owns(BAZAAR) else 0
        cubes: dict[str, int] = {}  # the seat's cubes by souk, from the few shops taken (not every shop's owner)
        for shop, owner in shops.items():
            if owner == seat:
                cubes[CITY.souk_of[shop]] = cubes.get(CITY.souk_of[shop], 0) + 1
        for souk in CITY.souks.values():  # in map order: the same sum, term by term, as ever
            mine = cubes.get(souk.id, 0)
            if not mine:
                continue
            missing = len(souk.shops) - mine
            # a completed souk may still lose a cube to the supervisor; an unfinished one needs days left
            chance = 0.9 if missing == 0 else (max(0.0, 0.75 - 0.2 * missing) if self.days_left else 0.0)
            total += (souk.points + bazaar) * chance + 0.2 * mine
        return total

    @staticmethod
    def stock_gain(have: int, more: int, each: float) -> float:
        """Camels or gold: worth `each` up to what the dearest building needs, little beyond (no hoarding)."""
        useful = max(0, min(more, STOCK - have))
        return useful * each + (more - useful) * each * 0.25

    def placement_gain(self, quarter: str, cubes: int) -> float:
        """Place `cubes` cubes in `quarter` one by one, each where it helps most; the gain in souk worth."""
        shops = dict(self.s.shops)
        before = self.souk_worth(shops, self.seat)
        for _ in range(min(cubes, self.me.cubes)):
            free = free_shops(shops, self.seat, quarter)
            if not free:
                break
            shops[max(free, key=lambda shop: self.shop_gain(shops, shop))] = self.seat
        return self.souk_worth(shops, self.seat) - before

    def shop_gain(self, shops: dict[str, int], shop: str) -> float:
        with_cube = dict(shops)
        with_cube[shop] = self.seat
        return self.souk_worth(with_cube, self.seat) - self.souk_worth(shops, self.seat)

    def caravan_place_points(self, extra: int = 0) -> float:
        """The points of the next free caravan place (after `extra` more cubes), and its worth later."""
        place = (len(self.s.caravan) + extra) % capacity(self.s.seats)
        return RULES.caravan.place_points[row_of(place, self.s.seats)] + CARAVAN_LATER

    def shipping_worth(self, square: str) -> float:
        """Moving the supervisor to `square`: own cubes shipped gain the caravan's points (less the souk they
        leave, unless kept with a camel); rivals' cubes shipped gain them points but cost them their souk."""
        total = 0.0
        shops = dict(self.s.shops)
        for i, shop in enumerate(occupied_faces(self.s, square)):
            owner = shops.pop(shop)
            caravan = self.caravan_place_points(i)
            player = self.s.player(owner)
            keeps = player.camels > 0 and player.cubes > 0
            full = dict(shops)
            full[shop] = owner
            souk_loss = 0.0 if keeps else self.souk_worth(full, owner) - self.souk_worth(shops, owner)
            worth = caravan - souk_loss - (0.9 if keeps else 0.0)
            total += worth if owner == self.seat else -RIVAL * worth
        return total

    def building_worth(self, building: str) -> float:
        """Its power for the turns left, and its share of the points of the buildings still to build (the first
        two score nothing themselves but lead to the 5, 5, 5 and 10 of the next ones)."""
        owned = len(self.me.buildings)
        points = RULES.building_points[owned] if self.last_turn else \
            sum(RULES.building_points[owned:]) / (len(RULES.building_points) - owned)
        return points + POWER_PER_TURN[building] * self.turns_left

    def position_worth(self) -> float:
        """What the seat's position promises in points, read the same way for every seat (the expert's estimate,
        engine/yspahan/expert.py): its points, its souks as they stand, its cubes on the caravan scored once more
        at the week's end, its camels, gold and cards, and its buildings' powers for the turns left."""
        me = self.me
        powers = sum(POWER_PER_TURN[building] for building in me.buildings) * self.turns_left
        return (me.score + self.souk_worth(self.s.shops, self.seat) + caravan_scores(self.s).get(self.seat, 0)
                + self.stock_gain(0, me.camels, self.camel) + self.stock_gain(0, me.gold, self.gold)
                + sum(map(self.card_keep_worth, me.cards)) + powers)

    # ---- the questions --------------------------------------------------------------------------------
    def on_roll(self, task: Task, a: Action) -> float:
        if a.verb != "roll":
            return self.play_worth_now()
        n = int(a.args[0])
        spare = self.me.gold if self.turns_left <= 2 else (self.me.gold - 4) // 2  # spend what will be left over
        return -abs(n - max(0, min(RULES.yellow_dice, spare)))

    def use_worth(self, slot: str, verb: str) -> float:
        if verb in ("action", "boost"):
            extra = 1 if verb == "boost" else 0
            n = dice_for(self.s, self.seat, slot, extra)
            if slot == CAMEL:
                gain = self.stock_gain(self.me.camels, n, self.camel)
            elif slot == GOLD:
                gain = self.stock_gain(self.me.gold, n, self.gold)
            else:
                gain = self.placement_gain(slot, n)
            return gain - (min(map(self.card_keep_worth, self.me.cards), default=CARD) if verb == "boost" else 0.0)
        if verb == "supervisor":
            group = self.s.tower[SLOTS.index(slot)]
            assert group is not None
            return max(self.move_worth(group.value, d) for d in self.distances(group.value))
        if verb == "draw":
            return CARD
        return -99.0  # back

    def distances(self, value: int) -> list[int]:
        hammam = self.me.owns(HAMMAM)
        return [d for d in range(20) if squares_at(self.s.supervisor, d)
                and move_price(hammam, value, d) <= self.me.gold]

    def move_worth(self, value: int, distance: int, square: str | None = None) -> float:
        price = move_price(self.me.owns(HAMMAM), value, distance)
        squares = [square] if square else list(squares_at(self.s.supervisor, distance))
        return max(self.shipping_worth(sq) for sq in squares) - price * max(self.gold, 0.3)

    def on_choose(self, task: Task, a: Action) -> float:
        if a.verb == "cards":
            return self.play_worth_now()
        slot = a.args[0]
        use = Use(seat=self.seat, slot=slot)
        return max(self.use_worth(slot, o.verb) for o in use.options(self.s))

    def on_use(self, task: Task, a: Action) -> float:
        assert isinstance(task, Use)
        return self.use_worth(task.slot, a.verb)

    def on_boost(self, task: Task, a: Action) -> float:
        if a.verb == "back":
            return -99.0
        return -self.card_keep_worth(a.args[0])

    def on_place(self, task: Task, a: Action) -> float:
        assert isinstance(task, Place)
        return self.shop_gain(self.s.shops, a.args[0])

    def on_move(self, task: Task, a: Action) -> float:
        assert isinstance(task, Move)
        if a.verb == "back":
            return -99.0
        if a.verb == "distance":
            return self.move_worth(task.value, int(a.args[0]))
        assert task.distance is not None
        return self.move_worth(task.value, task.distance, a.args[0])

    def on_order(self, task: Task, a: Action) -> float:
        assert isinstance(task, Order)
        return 1.0 if self.s.shops[a.args[0]] == self.seat else 0.0  # own cube first: the lower place

    def on_keep(self, task: Task, a: Action) -> float:
        assert isinstance(task, Keep)
        if a.verb == "send":
            return 0.0
        shops = dict(self.s.shops)
        with_cube = self.souk_worth(shops, self.seat)
        shops.pop(task.shop)
        return with_cube - self.souk_worth(shops, self.seat) - self.camel

    # ---- after the action: build, cards, end ---------------------------------------------------------
    def on_after(self, task: Task, a: Action) -> float:
        assert isinstance(task, After)
        if a.verb == "end":
            return 0.0
        if a.verb == "cards":
            return self.play_worth_now()
        building = a.args[0]
        card = a.args[1] if len(a.args) > 1 else None
        camels, gold = building_price(building, card)
        cost = camels * self.camel + gold * self.gold + (CARD if card else 0.0)
        return self.building_worth(building) - cost

    def card_keep_worth(self, card: str) -> float:
        """A card kept is an extra die or its effect later; on one's last turn it is worth nothing."""
        return 0.0 if self.last_turn else CARD

    def card_play_worth(self, card: str) -> float:
        """What playing `card` now is worth, less what keeping it is worth."""
        me = self.me
        if card == CAMELS3:
            gain = RULES.card_camels * max(self.camel, 0.5 if not self.last_turn else 0.0)
        elif card == GOLD3:
            gain = RULES.card_gold * max(self.gold, 0.4 if not self.last_turn else 0.0)
        elif card == CAMEL_POINTS:
            n = min(me.camels, RULES.camel_points.most)
            gain = n * (RULES.camel_points.points - self.camel)
        elif card == GOLD_POINTS:
            n = min(me.gold, RULES.gold_points.most)
            gain = n * (RULES.gold_points.points - self.gold)
        elif card == CARAVAN_CUBE:
            gain = self.caravan_place_points() - (0 if self.days_left else 0.5)
        elif card == SHOP_CUBE:
            gain = max((self.shop_gain(self.s.shops, shop) for shop in free_shops(self.s.shops, self.seat)), default=0.0)
        elif card == SWAP:
            gain = self.swap_worth()
        else:
            gain = 0.0
        return gain - self.card_keep_worth(card)

    def swap_worth(self) -> float:
        """On the last turn gold for camels, when the camels-for-points card makes them worth more."""
        if self.last_turn and CAMEL_POINTS in self.me.cards and self.me.camels < RULES.camel_points.most:
            return min(self.me.gold, RULES.camel_points.most - self.me.camels) * 1.0
        return 0.0

    def playable(self) -> list[str]:
        play = Play(seat=self.seat)
        return [o.args[0] for o in play.options(self.s) if o.verb == "play"]

    def play_worth_now(self) -> float:
        """Opening the card menu: worth the best card to play now, and not opened for nothing."""
        best = max((self.card_play_worth(card) for card in self.playable()), default=0.0)
        return best if best > 0 else -99.0

    def on_play(self, task: Task, a: Action) -> float:
        return 0.0 if a.verb == "back" else self.card_play_worth(a.args[0])

    def on_swap(self, task: Task, a: Action) -> float:
        return 1.0 if a.verb == "give" and a.args[0] == GOLD else 0.0 if a.verb == "give" else -1.0

    def on_amount(self, task: Task, a: Action) -> float:
        assert isinstance(task, Amount)
        if a.verb == "back":
            return -99.0
        if a.verb in ("more", "less"):
            return -1.0
        n = int(a.args[0])
        if task.card == SWAP:
            wanted = RULES.camel_points.most - self.me.camels if self.last_turn else 2
            return -abs(n - wanted)
        return float(n)  # as many as allowed: the card is spent either way

    def on_cardshop(self, task: Task, a: Action) -> float:
        assert isinstance(task, CardShop)
        if a.verb == "back":
            return -99.0
        if a.verb == "quarter":
            return max(self.shop_gain(self.s.shops, shop) for shop in free_shops(self.s.shops, self.seat, a.args[0]))
        return self.shop_gain(self.s.shops, a.args[0])



# Every question the game asks, with the method that scores its options. A question left out would be played at
# random: list it in RANDOM_ON_PURPOSE to say that this is meant (a test checks every question is in one or the other).
SCORES: dict[type[Task], Callable[[Mind, Task, Action], float]] = {
    Roll: Mind.on_roll, Choose: Mind.on_choose, Use: Mind.on_use, Boost: Mind.on_boost, Place: Mind.on_place,
    Move: Mind.on_move, Order: Mind.on_order, Keep: Mind.on_keep, After: Mind.on_after, Play: Mind.on_play,
    Swap: Mind.on_swap, Amount: Mind.on_amount, CardShop: Mind.on_cardshop,
}
RANDOM_ON_PURPOSE: frozenset[type[Task]] = frozenset()

HEURISTIC = Heuristic()

__all__ = ["HEURISTIC", "RANDOM_ON_PURPOSE", "SCORES", "Heuristic"]
